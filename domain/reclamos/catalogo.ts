/*
 * The catalogue of citizen reports (docs/decisions/057-reclamos.md): the categories (Open311
 * services) with their extra questions, the outside bodies a report is sent to, the answer templates
 * per state and the Open311 API keys. One write path (docs/decisions/047): the back-office, the demo
 * and the tests come through these commands, each checking its permission and audited in the same
 * transaction.
 */
import { hashToken, nuevoToken } from '#domain/usuarios/tokens.ts';
import { and, asc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  ESTADOS_RECLAMO,
  type EstadoReclamo,
  type PreguntaCategoria,
  areasMunicipales,
  categoriasReclamo,
  clavesOpen311,
  organismosReclamo,
  plantillasReclamo,
  usuarios,
} from '#db/schema/index.ts';
import { SERVICIOS_VEHICULO } from '#db/schema/vehiculos.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { type Actor, esSistema } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, firstValues } from '#domain/shared/form.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatCalendarDate } from '#domain/shared/formato.ts';
import { z } from '#domain/shared/zod.ts';
import {
  CODIGO_VALIDO,
  type CampoCategoria,
  type CampoOrganismo,
  type CampoPlantilla,
  FILAS_PREGUNTAS,
  LIMITES_CATALOGO,
  MARCADORES_PLANTILLA,
  type MarcadorPlantilla,
  TIPOS_PREGUNTA,
} from './catalogo-campos.ts';
import { ETIQUETAS_ESTADO } from './etiquetas.ts';

export * from './catalogo-campos.ts';

type Ctx = Pick<AppContext, 'db'>;

type Invalido<C extends string> = { tipo: 'invalido'; errores: Partial<Record<C, string>>; valores: Partial<Record<C, string>> };
type NoEncontrado = { tipo: 'no_encontrado'; mensaje: string };

const esId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2 ** 31 - 1;

function esRepetido(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) if (e.code === '23505') return true;
  return false;
}

function exigir(actor: Actor, permiso: 'reclamosCatalogo' | 'reclamos') {
  if (!puede(actor, permiso))
    throw new PermisoDenegadoError(
      permiso === 'reclamos'
        ? 'Para cambiar las plantillas de respuesta tenés que haber ingresado al panel con un usuario de la mesa de entradas, editor o de administración.'
        : 'Para cambiar las categorías, los organismos o las claves de Open311 de los reclamos tenés que haber ingresado al panel con un usuario de administración.',
    );
}

/** Text of a field: trimmed, inner runs of spaces made one; undefined for a missing or non-text value. */
const texto = (v: unknown): string | undefined => (typeof v === 'string' ? v.replace(/[ \t]+/g, ' ').trim() : typeof v === 'number' ? String(v) : undefined);
/** A longer text: its lines kept, each trimmed. */
const parrafo = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((l) => l.trim())
        .join('\n')
        .trim()
    : undefined;
const marcado = (v: unknown) => v === true || v === 'on' || v === 'true' || v === '1' || v === 'si';
const mostrar = (v: unknown, largo = 2000) =>
  typeof v === 'string' ? v.slice(0, largo) : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

// ---------------------------------------------------------------------------------------------
// Categories

export type Categoria = typeof categoriasReclamo.$inferSelect;
export type ResultadoCategoria = { tipo: 'guardado'; categoria: Categoria } | Invalido<CampoCategoria> | NoEncontrado;

const CATEGORIA_NO_ENCONTRADA: NoEncontrado = {
  tipo: 'no_encontrado',
  mensaje: 'Esa categoría ya no existe: volvé a la lista de categorías.',
};

/** A question as the form sends it: rows `pregunta_<campo>_<n>` (n from 1), or a JSON list `preguntas`. */
export type FilaPregunta = { codigo: string; etiqueta: string; tipo: string; requerida: boolean; opciones: string };

/** The question rows of a form (empty rows dropped) or of a JSON body. */
export function filasDePreguntas(input: FormInput): FilaPregunta[] | string {
  const objeto = firstValues(input);
  if (Array.isArray(objeto.preguntas)) {
    return objeto.preguntas.map((p: unknown) => {
      const o = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
      const opciones = Array.isArray(o.opciones)
        ? o.opciones
            .map((x) =>
              x && typeof x === 'object' ? `${String((x as { clave?: unknown }).clave ?? '')}: ${String((x as { nombre?: unknown }).nombre ?? '')}` : String(x),
            )
            .join('\n')
        : (texto(o.opciones) ?? '');
      return { codigo: texto(o.codigo) ?? '', etiqueta: texto(o.etiqueta) ?? '', tipo: texto(o.tipo) ?? '', requerida: marcado(o.requerida), opciones };
    });
  }
  if (objeto.preguntas !== undefined && typeof objeto.preguntas !== 'string') return 'Las preguntas tienen que ser una lista.';
  const filas: FilaPregunta[] = [];
  for (let n = 1; n <= LIMITES_CATALOGO.preguntas + FILAS_PREGUNTAS; n++) {
    const fila = {
      codigo: texto(objeto[`pregunta_codigo_${n}`]) ?? '',
      etiqueta: texto(objeto[`pregunta_etiqueta_${n}`]) ?? '',
      tipo: texto(objeto[`pregunta_tipo_${n}`]) ?? '',
      requerida: marcado(objeto[`pregunta_requerida_${n}`]),
      opciones: parrafo(objeto[`pregunta_opciones_${n}`]) ?? '',
    };
    if (fila.codigo !== '' || fila.etiqueta !== '' || fila.opciones !== '') filas.push(fila);
  }
  return filas;
}

/**
 * Checks the extra questions: each with a code (letters, digits, hyphens, unique in the category),
 * a label, a known type, and for `opcion` two or more choices, one a line («clave: nombre», or just the
 * name, its key then made from it). The message names the question by its row.
 */
export function validarPreguntas(filas: FilaPregunta[]): { ok: true; preguntas: PreguntaCategoria[] } | { ok: false; mensaje: string } {
  const mal = (mensaje: string) => ({ ok: false, mensaje }) as const;
  if (filas.length > LIMITES_CATALOGO.preguntas) return mal(`Una categoría puede tener hasta ${LIMITES_CATALOGO.preguntas} preguntas.`);
  const preguntas: PreguntaCategoria[] = [];
  const codigos = new Set<string>();
  for (const [i, f] of filas.entries()) {
    const cual = `Pregunta ${i + 1}`;
    if (f.etiqueta === '') return mal(`${cual}: escribí la pregunta que ve quien reclama.`);
    if (f.etiqueta.length > LIMITES_CATALOGO.etiqueta) return mal(`${cual}: la pregunta puede tener hasta ${LIMITES_CATALOGO.etiqueta} caracteres.`);
    const codigo = f.codigo === '' ? codigoDe(f.etiqueta) : f.codigo;
    if (!CODIGO_VALIDO.test(codigo) || codigo.length > 40)
      return mal(`${cual}: el código puede tener sólo letras minúsculas sin acentos, números y guiones (hasta 40), por ejemplo «numero-de-poste».`);
    if (codigos.has(codigo)) return mal(`${cual}: el código «${codigo}» ya lo usa otra pregunta de la categoría.`);
    codigos.add(codigo);
    if (!(TIPOS_PREGUNTA as readonly string[]).includes(f.tipo)) return mal(`${cual}: elegí el tipo de respuesta (texto, número, opción o sí o no).`);
    const tipo = f.tipo as PreguntaCategoria['tipo'];
    const pregunta: PreguntaCategoria = { codigo, etiqueta: f.etiqueta, tipo, requerida: f.requerida };
    if (tipo === 'opcion') {
      const lineas = f.opciones
        .split(/\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '');
      if (lineas.length < 2) return mal(`${cual}: escribí al menos dos opciones, una por línea.`);
      if (lineas.length > LIMITES_CATALOGO.opciones) return mal(`${cual}: puede tener hasta ${LIMITES_CATALOGO.opciones} opciones.`);
      const opciones: { clave: string; nombre: string }[] = [];
      for (const linea of lineas) {
        const dos = /^([a-z0-9-]+)\s*:\s*(.+)$/.exec(linea);
        const nombre = (dos ? dos[2]! : linea).trim();
        const clave = dos ? dos[1]! : codigoDe(linea);
        if (nombre.length > LIMITES_CATALOGO.opcion) return mal(`${cual}: cada opción puede tener hasta ${LIMITES_CATALOGO.opcion} caracteres.`);
        if (!CODIGO_VALIDO.test(clave)) return mal(`${cual}: la opción «${nombre}» necesita una clave de letras y números, por ejemplo «si: Sí».`);
        if (opciones.some((o) => o.clave === clave)) return mal(`${cual}: la opción «${clave}» está repetida.`);
        opciones.push({ clave, nombre });
      }
      pregunta.opciones = opciones;
    } else if (f.opciones !== '') return mal(`${cual}: sólo las preguntas de tipo opción llevan opciones; borralas o cambiá el tipo.`);
    preguntas.push(pregunta);
  }
  return { ok: true, preguntas };
}

/** A label made into a code: «Número de poste» → 'numero-de-poste'. */
export const codigoDe = (t: string): string =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

type DatosCategoria = Omit<typeof categoriasReclamo.$inferInsert, 'id' | 'activa' | 'orden' | 'createdAt' | 'updatedAt'>;

const entero = (v: unknown): number | undefined => {
  const t = texto(v);
  return t !== undefined && /^-?\d{1,9}$/.test(t) ? Number(t) : undefined;
};

async function leerCategoria(
  db: Db,
  input: FormInput,
): Promise<{ ok: true; datos: DatosCategoria; valores: Partial<Record<CampoCategoria, string>> } | Invalido<CampoCategoria>> {
  const o = firstValues(input);
  const valores: Partial<Record<CampoCategoria, string>> = {};
  for (const c of ['codigo', 'nombre', 'descripcion', 'grupo', 'aviso', 'radioDuplicadosM', 'plazoDiasHabiles', 'areaId', 'servicioVehiculo'] as const) {
    const v = mostrar(o[c]);
    if (v !== undefined) valores[c] = v;
  }
  const errores: Partial<Record<CampoCategoria, string>> = {};
  const nombre = texto(o.nombre) ?? '';
  if (nombre === '') errores.nombre = 'Escribí el nombre de la categoría, por ejemplo «Bache».';
  else if (nombre.length > LIMITES_CATALOGO.nombre) errores.nombre = `El nombre puede tener hasta ${LIMITES_CATALOGO.nombre} caracteres.`;
  const codigoDado = texto(o.codigo) ?? '';
  const codigo = codigoDado === '' ? codigoDe(nombre) : codigoDado;
  if (codigoDado === '' && codigo === '' && !errores.nombre) errores.codigo = 'Escribí el código de la categoría, por ejemplo «bache».';
  else if (codigo !== '' && (!CODIGO_VALIDO.test(codigo) || codigo.length > LIMITES_CATALOGO.codigo))
    errores.codigo = `El código puede tener sólo letras minúsculas sin acentos, números y guiones, hasta ${LIMITES_CATALOGO.codigo} caracteres, por ejemplo «luminaria-apagada».`;
  const descripcion = parrafo(o.descripcion) ?? '';
  if (descripcion.length > LIMITES_CATALOGO.descripcion) errores.descripcion = `La descripción puede tener hasta ${LIMITES_CATALOGO.descripcion} caracteres.`;
  const grupo = texto(o.grupo) ?? '';
  if (grupo.length > LIMITES_CATALOGO.grupo) errores.grupo = `El grupo puede tener hasta ${LIMITES_CATALOGO.grupo} caracteres.`;
  const aviso = parrafo(o.aviso) ?? '';
  if (aviso.length > LIMITES_CATALOGO.aviso) errores.aviso = `El aviso puede tener hasta ${LIMITES_CATALOGO.aviso} caracteres.`;
  const radioTexto = texto(o.radioDuplicadosM) ?? '';
  const radio = radioTexto === '' ? 50 : entero(radioTexto);
  if (radio === undefined || radio < LIMITES_CATALOGO.radio.min || radio > LIMITES_CATALOGO.radio.max)
    errores.radioDuplicadosM = `Escribí el radio de duplicados en metros, un número entero entre ${LIMITES_CATALOGO.radio.min} y ${LIMITES_CATALOGO.radio.max}.`;
  const plazoTexto = texto(o.plazoDiasHabiles) ?? '';
  const plazo = plazoTexto === '' ? 10 : entero(plazoTexto);
  if (plazo === undefined || plazo < LIMITES_CATALOGO.plazo.min || plazo > LIMITES_CATALOGO.plazo.max)
    errores.plazoDiasHabiles = `Escribí el plazo en días hábiles, un número entero entre ${LIMITES_CATALOGO.plazo.min} y ${LIMITES_CATALOGO.plazo.max}.`;
  const areaTexto = texto(o.areaId) ?? '';
  let areaId: number | null = null;
  if (areaTexto !== '') {
    const id = entero(areaTexto);
    const [area] = id !== undefined && esId(id) ? await db.select({ id: areasMunicipales.id }).from(areasMunicipales).where(eq(areasMunicipales.id, id)) : [];
    if (!area) errores.areaId = 'Esa área ya no existe: elegí una de la lista.';
    else areaId = area.id;
  }
  const servicioTexto = texto(o.servicioVehiculo) ?? '';
  let servicioVehiculo: DatosCategoria['servicioVehiculo'] = null;
  if (servicioTexto !== '' && servicioTexto !== 'ninguno') {
    if ((SERVICIOS_VEHICULO as readonly string[]).includes(servicioTexto)) servicioVehiculo = servicioTexto as (typeof SERVICIOS_VEHICULO)[number];
    else errores.servicioVehiculo = 'Elegí el servicio de vehículos de la lista: ninguno, recolección o vialidad.';
  }
  const filas = filasDePreguntas(input);
  let preguntas: PreguntaCategoria[] = [];
  if (typeof filas === 'string') errores.preguntas = filas;
  else {
    const p = validarPreguntas(filas);
    if (p.ok) preguntas = p.preguntas;
    else errores.preguntas = p.mensaje;
  }
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores, valores };
  return {
    ok: true,
    datos: { codigo, nombre, descripcion, grupo, aviso, preguntas, radioDuplicadosM: radio!, plazoDiasHabiles: plazo!, areaId, servicioVehiculo },
    valores,
  };
}

const codigoOcupado = (codigo: string) => `Ya hay una categoría con el código «${codigo}»: elegí otro (es el service_code de Open311 y no se repite).`;

const resumenCategoria = (c: Categoria) => ({
  codigo: c.codigo,
  nombre: c.nombre,
  grupo: c.grupo,
  preguntas: c.preguntas.map((p) => p.codigo),
  radioDuplicadosM: c.radioDuplicadosM,
  plazoDiasHabiles: c.plazoDiasHabiles,
  areaId: c.areaId,
  servicioVehiculo: c.servicioVehiculo,
  activa: c.activa,
});

/** Adds a category, last in the order; `codigo` empty is made from the name. Audited as `reclamos.categoria_alta`. */
export async function crearCategoria(ctx: Ctx, actor: Actor, input: FormInput): Promise<ResultadoCategoria> {
  exigir(actor, 'reclamosCatalogo');
  const leido = await leerCategoria(ctx.db, input);
  if (!('ok' in leido)) return leido;
  const campo = texto(firstValues(input).codigo) ? 'codigo' : 'nombre';
  try {
    return await ctx.db.transaction(async (tx) => {
      const [ocupado] = await tx.select({ id: categoriasReclamo.id }).from(categoriasReclamo).where(eq(categoriasReclamo.codigo, leido.datos.codigo));
      if (ocupado) return { tipo: 'invalido', errores: { [campo]: codigoOcupado(leido.datos.codigo) }, valores: leido.valores };
      const [ultimo] = await tx.select({ orden: max(categoriasReclamo.orden) }).from(categoriasReclamo);
      const [categoria] = await tx
        .insert(categoriasReclamo)
        .values({ ...leido.datos, orden: (ultimo?.orden ?? 0) + 1 })
        .returning();
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.categoria_alta',
        entidad: 'categoria_reclamo',
        entidadId: categoria!.id,
        despues: resumenCategoria(categoria!),
      });
      return { tipo: 'guardado', categoria: categoria! };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { [campo]: codigoOcupado(leido.datos.codigo) }, valores: leido.valores };
  }
}

/** Changes a category (its code too: Open311 clients see the new one). Audited with before and after. */
export async function editarCategoria(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<ResultadoCategoria> {
  exigir(actor, 'reclamosCatalogo');
  const actual = esId(id) ? await getCategoria(ctx.db, id) : undefined;
  if (!actual) return CATEGORIA_NO_ENCONTRADA;
  const leido = await leerCategoria(ctx.db, input);
  if (!('ok' in leido)) return leido;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [ocupado] = await tx
        .select({ id: categoriasReclamo.id })
        .from(categoriasReclamo)
        .where(and(eq(categoriasReclamo.codigo, leido.datos.codigo), ne(categoriasReclamo.id, id)));
      if (ocupado) return { tipo: 'invalido', errores: { codigo: codigoOcupado(leido.datos.codigo) }, valores: leido.valores };
      const [categoria] = await tx
        .update(categoriasReclamo)
        .set({ ...leido.datos, updatedAt: new Date() })
        .where(eq(categoriasReclamo.id, id))
        .returning();
      if (!categoria) return CATEGORIA_NO_ENCONTRADA;
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.categoria_cambio',
        entidad: 'categoria_reclamo',
        entidadId: id,
        antes: resumenCategoria(actual),
        despues: resumenCategoria(categoria),
      });
      return { tipo: 'guardado', categoria };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { codigo: codigoOcupado(leido.datos.codigo) }, valores: leido.valores };
  }
}

/** Offers a category to citizens again, or stops offering it (its reports stay). Audited. */
export async function activarCategoria(
  ctx: Ctx,
  actor: Actor,
  id: number,
  activa: boolean,
): Promise<{ tipo: 'guardado'; categoria: Categoria } | NoEncontrado> {
  exigir(actor, 'reclamosCatalogo');
  if (!esId(id)) return CATEGORIA_NO_ENCONTRADA;
  return ctx.db.transaction(async (tx) => {
    const [categoria] = await tx.update(categoriasReclamo).set({ activa, updatedAt: new Date() }).where(eq(categoriasReclamo.id, id)).returning();
    if (!categoria) return CATEGORIA_NO_ENCONTRADA;
    await registrarAuditoria(tx, {
      actor,
      accion: activa ? 'reclamos.categoria_activada' : 'reclamos.categoria_desactivada',
      entidad: 'categoria_reclamo',
      entidadId: id,
      despues: { nombre: categoria.nombre, codigo: categoria.codigo, activa },
    });
    return { tipo: 'guardado', categoria };
  });
}

/** Moves a category one place up or down in the list citizens see. Audited with its new place. */
export async function moverCategoria(ctx: Ctx, actor: Actor, id: number, direccion: 'arriba' | 'abajo'): Promise<{ tipo: 'guardado' } | NoEncontrado> {
  exigir(actor, 'reclamosCatalogo');
  if (!esId(id)) return CATEGORIA_NO_ENCONTRADA;
  return ctx.db.transaction(async (tx) => {
    const todas = await tx
      .select({ id: categoriasReclamo.id, nombre: categoriasReclamo.nombre })
      .from(categoriasReclamo)
      .orderBy(asc(categoriasReclamo.orden), asc(categoriasReclamo.id));
    const i = todas.findIndex((c) => c.id === id);
    if (i < 0) return CATEGORIA_NO_ENCONTRADA;
    const j = direccion === 'arriba' ? i - 1 : i + 1;
    if (j >= 0 && j < todas.length) [todas[i], todas[j]] = [todas[j]!, todas[i]!];
    // Renumbered 1..n: gaps and ties left by earlier writes go away.
    for (const [n, c] of todas.entries())
      await tx
        .update(categoriasReclamo)
        .set({ orden: n + 1 })
        .where(eq(categoriasReclamo.id, c.id));
    const posicion = todas.findIndex((c) => c.id === id) + 1;
    await registrarAuditoria(tx, {
      actor,
      accion: 'reclamos.categoria_orden',
      entidad: 'categoria_reclamo',
      entidadId: id,
      despues: { nombre: todas[posicion - 1]!.nombre, posicion },
    });
    return { tipo: 'guardado' };
  });
}

const ordenCategorias = [asc(categoriasReclamo.orden), asc(categoriasReclamo.id)];

/** Every category, active or not, in their order: the back-office's list. */
export const listCategorias = (db: Db): Promise<Categoria[]> =>
  db
    .select()
    .from(categoriasReclamo)
    .orderBy(...ordenCategorias);

/** The categories citizens may choose, in their order (the form, the map's filter, Open311's services). */
export const listCategoriasActivas = (db: Db): Promise<Categoria[]> =>
  db
    .select()
    .from(categoriasReclamo)
    .where(eq(categoriasReclamo.activa, true))
    .orderBy(...ordenCategorias);

export async function getCategoria(db: Db, id: number): Promise<Categoria | undefined> {
  if (!esId(id)) return undefined;
  const [c] = await db.select().from(categoriasReclamo).where(eq(categoriasReclamo.id, id));
  return c;
}

/** A category by its public code (Open311's service_code), active or not: old reports keep theirs. */
export async function getCategoriaPorCodigo(db: Db, codigo: string): Promise<Categoria | undefined> {
  if (typeof codigo !== 'string' || codigo.length > LIMITES_CATALOGO.codigo) return undefined;
  const [c] = await db.select().from(categoriasReclamo).where(eq(categoriasReclamo.codigo, codigo));
  return c;
}

/** The municipal areas a category may be assigned to (id and name; domain/gobierno's listAreas has no id). */
export const listAreasParaCategorias = (db: Db) =>
  db
    .select({ id: areasMunicipales.id, nombre: areasMunicipales.nombre })
    .from(areasMunicipales)
    .orderBy(asc(areasMunicipales.orden), asc(areasMunicipales.nombre));

// ---------------------------------------------------------------------------------------------
// Outside bodies

export type Organismo = typeof organismosReclamo.$inferSelect;
export type ResultadoOrganismo = { tipo: 'guardado'; organismo: Organismo } | Invalido<CampoOrganismo> | NoEncontrado;

const ORGANISMO_NO_ENCONTRADO: NoEncontrado = { tipo: 'no_encontrado', mensaje: 'Ese organismo ya no existe: volvé a la lista de organismos.' };
const organismoOcupado = (nombre: string) => `Ya hay un organismo llamado «${nombre}».`;

function leerOrganismo(
  input: FormInput,
): { ok: true; datos: { nombre: string; email: string }; valores: Partial<Record<CampoOrganismo, string>> } | Invalido<CampoOrganismo> {
  const o = firstValues(input);
  const valores: Partial<Record<CampoOrganismo, string>> = {};
  for (const c of ['nombre', 'email'] as const) {
    const v = mostrar(o[c], 300);
    if (v !== undefined) valores[c] = v;
  }
  const errores: Partial<Record<CampoOrganismo, string>> = {};
  const nombre = texto(o.nombre) ?? '';
  if (nombre === '') errores.nombre = 'Escribí el nombre del organismo, por ejemplo «Vialidad Nacional».';
  else if (nombre.length > LIMITES_CATALOGO.nombre) errores.nombre = `El nombre puede tener hasta ${LIMITES_CATALOGO.nombre} caracteres.`;
  const email = (texto(o.email) ?? '').toLowerCase();
  if (email === '') errores.email = 'Escribí el correo del organismo al que se le derivan los reclamos.';
  else if (email.length > 254 || !z.email().safeParse(email).success) errores.email = 'Ingresá un email válido, por ejemplo reclamos@organismo.gob.ar.';
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores, valores };
  return { ok: true, datos: { nombre, email }, valores };
}

/** Adds an outside body with the address reports are sent to. Audited (its name, not its address). */
export async function crearOrganismo(ctx: Ctx, actor: Actor, input: FormInput): Promise<ResultadoOrganismo> {
  exigir(actor, 'reclamosCatalogo');
  const leido = leerOrganismo(input);
  if (!('ok' in leido)) return leido;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [ocupado] = await tx.select({ id: organismosReclamo.id }).from(organismosReclamo).where(eq(organismosReclamo.nombre, leido.datos.nombre));
      if (ocupado) return { tipo: 'invalido', errores: { nombre: organismoOcupado(leido.datos.nombre) }, valores: leido.valores };
      const [organismo] = await tx.insert(organismosReclamo).values(leido.datos).returning();
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.organismo_alta',
        entidad: 'organismo_reclamo',
        entidadId: organismo!.id,
        despues: { nombre: organismo!.nombre },
      });
      return { tipo: 'guardado', organismo: organismo! };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { nombre: organismoOcupado(leido.datos.nombre) }, valores: leido.valores };
  }
}

/** Changes a body's name or address. Audited. */
export async function editarOrganismo(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<ResultadoOrganismo> {
  exigir(actor, 'reclamosCatalogo');
  if (!esId(id)) return ORGANISMO_NO_ENCONTRADO;
  const leido = leerOrganismo(input);
  if (!('ok' in leido)) return leido;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [antes] = await tx.select().from(organismosReclamo).where(eq(organismosReclamo.id, id));
      if (!antes) return ORGANISMO_NO_ENCONTRADO;
      const [ocupado] = await tx
        .select({ id: organismosReclamo.id })
        .from(organismosReclamo)
        .where(and(eq(organismosReclamo.nombre, leido.datos.nombre), ne(organismosReclamo.id, id)));
      if (ocupado) return { tipo: 'invalido', errores: { nombre: organismoOcupado(leido.datos.nombre) }, valores: leido.valores };
      const [organismo] = await tx
        .update(organismosReclamo)
        .set({ ...leido.datos, updatedAt: new Date() })
        .where(eq(organismosReclamo.id, id))
        .returning();
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.organismo_cambio',
        entidad: 'organismo_reclamo',
        entidadId: id,
        antes: { nombre: antes.nombre, emailCambiado: antes.email !== leido.datos.email },
        despues: { nombre: organismo!.nombre },
      });
      return { tipo: 'guardado', organismo: organismo! };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { nombre: organismoOcupado(leido.datos.nombre) }, valores: leido.valores };
  }
}

/** Stops offering a body to derive reports to (or offers it again); the reports derived to it keep it. Audited. */
export async function activarOrganismo(
  ctx: Ctx,
  actor: Actor,
  id: number,
  activo: boolean,
): Promise<{ tipo: 'guardado'; organismo: Organismo } | NoEncontrado> {
  exigir(actor, 'reclamosCatalogo');
  if (!esId(id)) return ORGANISMO_NO_ENCONTRADO;
  return ctx.db.transaction(async (tx) => {
    const [organismo] = await tx.update(organismosReclamo).set({ activo, updatedAt: new Date() }).where(eq(organismosReclamo.id, id)).returning();
    if (!organismo) return ORGANISMO_NO_ENCONTRADO;
    await registrarAuditoria(tx, {
      actor,
      accion: activo ? 'reclamos.organismo_activado' : 'reclamos.organismo_desactivado',
      entidad: 'organismo_reclamo',
      entidadId: id,
      despues: { nombre: organismo.nombre, activo },
    });
    return { tipo: 'guardado', organismo };
  });
}

/** The bodies, active first, by name; `soloActivos` for the «derivar» form. */
export const listOrganismos = (db: Db, opciones: { soloActivos?: boolean } = {}): Promise<Organismo[]> =>
  db
    .select()
    .from(organismosReclamo)
    .where(opciones.soloActivos ? eq(organismosReclamo.activo, true) : undefined)
    .orderBy(sql`${organismosReclamo.activo} desc`, asc(organismosReclamo.nombre));

// ---------------------------------------------------------------------------------------------
// Answer templates

export type Plantilla = typeof plantillasReclamo.$inferSelect;
export type ResultadoPlantilla = { tipo: 'guardado'; plantilla: Plantilla } | Invalido<CampoPlantilla> | NoEncontrado;

const PLANTILLA_NO_ENCONTRADA: NoEncontrado = { tipo: 'no_encontrado', mensaje: 'Esa plantilla ya no existe: volvé a la lista de plantillas.' };
const plantillaOcupada = (nombre: string, estado: EstadoReclamo) =>
  `Ya hay una plantilla «${nombre}» para el estado «${ETIQUETAS_ESTADO[estado]}»: elegí otro nombre.`;

/** The placeholders of a text that are not one of MARCADORES_PLANTILLA, each once, in order. */
export function marcadoresDesconocidos(t: string): string[] {
  const vistos = new Set<string>();
  for (const m of t.matchAll(/\{([^{}\n]{0,40})\}/g)) if (!(MARCADORES_PLANTILLA as readonly string[]).includes(m[1]!)) vistos.add(m[1]!);
  return [...vistos];
}

/**
 * Fills a template: each known placeholder with its value ('' when missing), anything else left as
 * it is. Pure: the state commands call it with the report's values.
 */
export function aplicarPlantilla(t: string, valores: Partial<Record<MarcadorPlantilla, string>>): string {
  return t.replace(/\{([a-z]+)\}/g, (todo, nombre: string) =>
    (MARCADORES_PLANTILLA as readonly string[]).includes(nombre) ? (valores[nombre as MarcadorPlantilla] ?? '') : todo,
  );
}

/** What a template is filled with for one report; `venceEl` only while it is open. */
export type DatosPlantilla = { codigo: string; categoria: string; direccion: string; organismo?: string | null; venceEl?: string | null };

/**
 * A template filled for one report, the one way the desk's page, the state commands and the demo fill
 * them: today's date and the due date as people read dates (docs/architecture.md, «Reclamos»).
 */
export function completarPlantilla(texto: string, r: DatosPlantilla, ahora: Date): string {
  return aplicarPlantilla(texto, {
    codigo: r.codigo,
    categoria: r.categoria,
    direccion: r.direccion,
    organismo: r.organismo ?? '',
    fecha: formatCalendarDate(fechaEnArgentina(ahora)),
    vence: r.venceEl ? formatCalendarDate(r.venceEl) : '',
  });
}

function leerPlantilla(
  input: FormInput,
): { ok: true; datos: { estado: EstadoReclamo; nombre: string; texto: string }; valores: Partial<Record<CampoPlantilla, string>> } | Invalido<CampoPlantilla> {
  const o = firstValues(input);
  const valores: Partial<Record<CampoPlantilla, string>> = {};
  for (const c of ['estado', 'nombre', 'texto'] as const) {
    const v = mostrar(o[c], LIMITES_CATALOGO.texto + 10);
    if (v !== undefined) valores[c] = v;
  }
  const errores: Partial<Record<CampoPlantilla, string>> = {};
  const estado = texto(o.estado) ?? '';
  if (!(ESTADOS_RECLAMO as readonly string[]).includes(estado)) errores.estado = 'Elegí el estado del reclamo para el que es la plantilla.';
  const nombre = texto(o.nombre) ?? '';
  if (nombre === '') errores.nombre = 'Escribí un nombre para reconocer la plantilla, por ejemplo «Bache tapado».';
  else if (nombre.length > LIMITES_CATALOGO.nombre) errores.nombre = `El nombre puede tener hasta ${LIMITES_CATALOGO.nombre} caracteres.`;
  const cuerpo = parrafo(o.texto) ?? '';
  if (cuerpo === '') errores.texto = 'Escribí el texto de la respuesta.';
  else if (cuerpo.length > LIMITES_CATALOGO.texto) errores.texto = `El texto puede tener hasta ${LIMITES_CATALOGO.texto} caracteres.`;
  else {
    const desconocidos = marcadoresDesconocidos(cuerpo);
    if (desconocidos.length > 0)
      errores.texto = `${desconocidos.length === 1 ? 'El marcador' : 'Los marcadores'} ${desconocidos.map((d) => `{${d}}`).join(', ')} no ${desconocidos.length === 1 ? 'existe' : 'existen'}: usá sólo ${MARCADORES_PLANTILLA.map((m) => `{${m}}`).join(', ')}.`;
  }
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores, valores };
  return { ok: true, datos: { estado: estado as EstadoReclamo, nombre, texto: cuerpo }, valores };
}

/** Adds an answer template for a state. Audited as `reclamos.plantilla_alta`. */
export async function crearPlantilla(ctx: Ctx, actor: Actor, input: FormInput): Promise<ResultadoPlantilla> {
  exigir(actor, 'reclamos');
  const leido = leerPlantilla(input);
  if (!('ok' in leido)) return leido;
  const { estado, nombre } = leido.datos;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [ocupada] = await tx
        .select({ id: plantillasReclamo.id })
        .from(plantillasReclamo)
        .where(and(eq(plantillasReclamo.estado, estado), eq(plantillasReclamo.nombre, nombre)));
      if (ocupada) return { tipo: 'invalido', errores: { nombre: plantillaOcupada(nombre, estado) }, valores: leido.valores };
      const [plantilla] = await tx.insert(plantillasReclamo).values(leido.datos).returning();
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.plantilla_alta',
        entidad: 'plantilla_reclamo',
        entidadId: plantilla!.id,
        despues: { nombre, estado: ETIQUETAS_ESTADO[estado] },
      });
      return { tipo: 'guardado', plantilla: plantilla! };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { nombre: plantillaOcupada(nombre, estado) }, valores: leido.valores };
  }
}

/** Changes a template. Audited with before and after. */
export async function editarPlantilla(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<ResultadoPlantilla> {
  exigir(actor, 'reclamos');
  if (!esId(id)) return PLANTILLA_NO_ENCONTRADA;
  const leido = leerPlantilla(input);
  if (!('ok' in leido)) return leido;
  const { estado, nombre } = leido.datos;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [antes] = await tx.select().from(plantillasReclamo).where(eq(plantillasReclamo.id, id));
      if (!antes) return PLANTILLA_NO_ENCONTRADA;
      const [ocupada] = await tx
        .select({ id: plantillasReclamo.id })
        .from(plantillasReclamo)
        .where(and(eq(plantillasReclamo.estado, estado), eq(plantillasReclamo.nombre, nombre), ne(plantillasReclamo.id, id)));
      if (ocupada) return { tipo: 'invalido', errores: { nombre: plantillaOcupada(nombre, estado) }, valores: leido.valores };
      const [plantilla] = await tx
        .update(plantillasReclamo)
        .set({ ...leido.datos, updatedAt: new Date() })
        .where(eq(plantillasReclamo.id, id))
        .returning();
      await registrarAuditoria(tx, {
        actor,
        accion: 'reclamos.plantilla_cambio',
        entidad: 'plantilla_reclamo',
        entidadId: id,
        antes: { nombre: antes.nombre, estado: ETIQUETAS_ESTADO[antes.estado], texto: antes.texto },
        despues: { nombre, estado: ETIQUETAS_ESTADO[estado], texto: leido.datos.texto },
      });
      return { tipo: 'guardado', plantilla: plantilla! };
    });
  } catch (error) {
    if (!esRepetido(error)) throw error;
    return { tipo: 'invalido', errores: { nombre: plantillaOcupada(nombre, estado) }, valores: leido.valores };
  }
}

/** Deletes a template (answers already given keep their text). Audited with what it said. */
export async function borrarPlantilla(ctx: Ctx, actor: Actor, id: number): Promise<{ tipo: 'borrado' } | NoEncontrado> {
  exigir(actor, 'reclamos');
  if (!esId(id)) return PLANTILLA_NO_ENCONTRADA;
  return ctx.db.transaction(async (tx) => {
    const [plantilla] = await tx.delete(plantillasReclamo).where(eq(plantillasReclamo.id, id)).returning();
    if (!plantilla) return PLANTILLA_NO_ENCONTRADA;
    await registrarAuditoria(tx, {
      actor,
      accion: 'reclamos.plantilla_baja',
      entidad: 'plantilla_reclamo',
      entidadId: id,
      antes: { nombre: plantilla.nombre, estado: ETIQUETAS_ESTADO[plantilla.estado], texto: plantilla.texto },
    });
    return { tipo: 'borrado' };
  });
}

/** The templates, of one state or all, by state (in the states' order) then name. */
export async function listPlantillas(db: Db, estado?: EstadoReclamo): Promise<Plantilla[]> {
  const filas = await db
    .select()
    .from(plantillasReclamo)
    .where(estado ? eq(plantillasReclamo.estado, estado) : undefined)
    .orderBy(asc(plantillasReclamo.nombre));
  return filas.sort((a, b) => ESTADOS_RECLAMO.indexOf(a.estado) - ESTADOS_RECLAMO.indexOf(b.estado));
}

// ---------------------------------------------------------------------------------------------
// Open311 keys

/** A key as it is handed out: `vla311_` and 32 random bytes in base64url, stored as its SHA-256 like every bearer secret of the site. */
const PREFIJO_CLAVE = 'vla311_';

export type ClaveOpen311 = {
  id: number;
  nombre: string;
  createdAt: Date;
  ultimoUso: Date | null;
  revocadaEn: Date | null;
  creadaPor: string | null;
};
export type ResultadoClave = { tipo: 'emitida'; id: number; nombre: string; /** shown once, never stored */ clave: string } | Invalido<'nombre'>;

/**
 * Issues an Open311 key for an application (its name says whose): the key is returned once to show
 * to the administrator; only its SHA-256 is stored. Audited (the name, never the key).
 */
export async function emitirClaveOpen311(ctx: Ctx, actor: Actor, input: FormInput): Promise<ResultadoClave> {
  exigir(actor, 'reclamosCatalogo');
  const o = firstValues(input);
  const valores = { nombre: mostrar(o.nombre, 300) };
  const nombre = texto(o.nombre) ?? '';
  if (nombre === '') return { tipo: 'invalido', errores: { nombre: 'Escribí para quién es la clave, por ejemplo «App 311 de la provincia».' }, valores };
  if (nombre.length > LIMITES_CATALOGO.nombre)
    return { tipo: 'invalido', errores: { nombre: `El nombre puede tener hasta ${LIMITES_CATALOGO.nombre} caracteres.` }, valores };
  const clave = nuevoToken(PREFIJO_CLAVE);
  // The site itself has no user row: the key then has no author.
  const creadaPor = esSistema(actor) ? null : sql`(select ${usuarios.id} from ${usuarios} where ${usuarios.id} = ${actor.usuarioId})`;
  return ctx.db.transaction(async (tx) => {
    const [fila] = await tx
      .insert(clavesOpen311)
      .values({ nombre, claveHash: hashToken(clave), creadaPor })
      .returning({ id: clavesOpen311.id });
    await registrarAuditoria(tx, { actor, accion: 'reclamos.clave_emitida', entidad: 'clave_open311', entidadId: fila!.id, despues: { nombre } });
    return { tipo: 'emitida', id: fila!.id, nombre, clave };
  });
}

/** Revokes a key: the applications using it are refused from then on. Audited. */
export async function revocarClaveOpen311(ctx: Ctx, actor: Actor, id: number): Promise<{ tipo: 'revocada' } | NoEncontrado> {
  exigir(actor, 'reclamosCatalogo');
  const noEncontrada: NoEncontrado = { tipo: 'no_encontrado', mensaje: 'Esa clave ya no existe o ya estaba revocada: volvé a la lista de claves.' };
  if (!esId(id)) return noEncontrada;
  return ctx.db.transaction(async (tx) => {
    const [clave] = await tx
      .update(clavesOpen311)
      .set({ revocadaEn: new Date() })
      .where(and(eq(clavesOpen311.id, id), isNull(clavesOpen311.revocadaEn)))
      .returning({ nombre: clavesOpen311.nombre });
    if (!clave) return noEncontrada;
    await registrarAuditoria(tx, { actor, accion: 'reclamos.clave_revocada', entidad: 'clave_open311', entidadId: id, despues: { nombre: clave.nombre } });
    return { tipo: 'revocada' };
  });
}

/**
 * The key an Open311 client sent (`api_key`), if it is one we issued and did not revoke: its id, and
 * its last use updated. Looked up by its SHA-256 (a 256-bit secret: the look-up's timing tells nothing);
 * anything malformed is null.
 */
export async function verificarClaveOpen311(db: Db, clave: unknown): Promise<{ id: number } | null> {
  if (typeof clave !== 'string' || !clave.startsWith(PREFIJO_CLAVE) || clave.length > 100) return null;
  const [fila] = await db
    .update(clavesOpen311)
    .set({ ultimoUso: sql`now()` })
    .where(and(eq(clavesOpen311.claveHash, hashToken(clave)), isNull(clavesOpen311.revocadaEn)))
    .returning({ id: clavesOpen311.id });
  return fila ?? null;
}

/** The keys, newest first, with who issued them: never the key nor its hash. */
export const listClaves = (db: Db): Promise<ClaveOpen311[]> =>
  db
    .select({
      id: clavesOpen311.id,
      nombre: clavesOpen311.nombre,
      createdAt: clavesOpen311.createdAt,
      ultimoUso: clavesOpen311.ultimoUso,
      revocadaEn: clavesOpen311.revocadaEn,
      creadaPor: usuarios.nombre,
    })
    .from(clavesOpen311)
    .leftJoin(usuarios, eq(usuarios.id, clavesOpen311.creadaPor))
    .orderBy(sql`${clavesOpen311.createdAt} desc`, sql`${clavesOpen311.id} desc`);

/**
 * A report's life in the back-office (docs/decisions/057-reclamos.md): its state, who works on it,
 * the outside body it is sent to, the report it repeats, and whether the public sees it. Each
 * command, with the `reclamos` permission and in one transaction with the report locked: the
 * change, its history row (state, date, who, public answer, internal note), the audit entry and,
 * when the reporter still follows it, their mail through the outbox. The audit holds the code and
 * what changed, never the reporter's e-mail nor name.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  type EstadoReclamo,
  areasMunicipales,
  categoriasReclamo,
  fotosReclamo,
  historialReclamos,
  organismosReclamo,
  plantillasReclamo,
  reclamos,
  usuarios,
} from '#db/schema/index.ts';
import type { AccionAuditoria } from '#domain/auditoria/acciones.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { type NewMail, enqueueMail } from '#domain/correo/outbox.ts';
import { hideDocumento, showDocumento } from '#domain/documentos/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatInteger } from '#domain/shared/formato.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { enlacesDelReclamante } from './enlaces.ts';
import { type DatosPlantilla, completarPlantilla } from './catalogo.ts';
import { ETIQUETAS_ESTADO, estaAbierto } from './etiquetas.ts';

export { ETIQUETAS_ESTADO };

export const SIN_PERMISO_RECLAMOS = 'Tu usuario no puede atender reclamos: es tarea de la mesa de entradas, de los editores y de administración.';

/**
 * Where each state may go. Derivado is reached only by `derivar` (it needs the body) and duplicado
 * only by `fusionar` (it needs the original); a closed report (no corresponde, duplicado) is
 * reopened only by staff, to en curso. A resolved one is reopened by staff or by its reporter's «no».
 */
export const TRANSICIONES: Record<EstadoReclamo, readonly EstadoReclamo[]> = {
  recibido: ['en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'],
  en_curso: ['derivado', 'resuelto', 'no_corresponde'],
  derivado: ['en_curso', 'resuelto'],
  resuelto: ['en_curso'],
  no_corresponde: ['en_curso'],
  duplicado: ['en_curso'],
};

export const puedePasar = (desde: EstadoReclamo, hacia: EstadoReclamo): boolean => TRANSICIONES[desde].includes(hacia);

/** The longest public answer and internal note, and the longest reason to hide a report. */
export const MAX_RESPUESTA = 4000;
export const MAX_MOTIVO = 500;

export type ResultadoEstado =
  | { tipo: 'hecho'; id: number; codigo: string; estado: EstadoReclamo }
  | { tipo: 'invalido'; errores: Record<string, string> }
  | { tipo: 'no_encontrado' }
  /** Someone else changed it meanwhile, or the change does not fit its state. */
  | { tipo: 'conflicto'; mensaje: string };

type Bloqueado = {
  id: number;
  codigo: string;
  estado: EstadoReclamo;
  categoriaId: number;
  categoria: string;
  descripcion: string;
  direccion: string;
  latitud: number;
  longitud: number;
  email: string | null;
  token: string | null;
  seguir: boolean;
  organismoId: number | null;
  duplicadoDe: number | null;
  ocultoEn: Date | null;
  venceEl: string;
  /** The body it was sent to, if any. */
  organismo: string | null;
  createdAt: Date;
};

/** The report's row, locked until the transaction ends, with its category's and its body's names. */
async function bloquear(t: Db, id: number): Promise<Bloqueado | undefined> {
  const r = reclamos;
  const [fila] = await t
    .select({
      id: r.id,
      codigo: r.codigo,
      estado: r.estado,
      categoriaId: r.categoriaId,
      categoria: categoriasReclamo.nombre,
      descripcion: r.descripcion,
      direccion: r.direccion,
      latitud: r.latitud,
      longitud: r.longitud,
      email: r.email,
      token: r.token,
      seguir: r.seguir,
      organismoId: r.organismoId,
      duplicadoDe: r.duplicadoDe,
      ocultoEn: r.ocultoEn,
      venceEl: r.venceEl,
      organismo: organismosReclamo.nombre,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, r.categoriaId))
    .leftJoin(organismosReclamo, eq(organismosReclamo.id, r.organismoId))
    .where(eq(r.id, id))
    .for('update', { of: r });
  return fila;
}

const esId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;

/** Trimmed text, or an error in Spanish when it is too long. */
function texto(valor: unknown, max: number, campo: string, errores: Record<string, string>): string {
  const t = typeof valor === 'string' ? valor.trim() : '';
  if (t.length > max) errores[campo] = `Escribí hasta ${formatInteger(max)} caracteres (tiene ${formatInteger(t.length)}).`;
  return t;
}

function exigirPermiso(actor: Actor): void {
  if (!puede(actor, 'reclamos')) throw new PermisoDenegadoError(SIN_PERMISO_RECLAMOS);
}

/** Runs `cambio` with the report locked, unless it does not exist. */
function conElReclamo(ctx: Pick<AppContext, 'db'>, id: unknown, cambio: (t: Db, r: Bloqueado) => Promise<ResultadoEstado>): Promise<ResultadoEstado> {
  if (!esId(id)) return Promise.resolve({ tipo: 'no_encontrado' });
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const r = await bloquear(t, id);
    return r ? cambio(t, r) : { tipo: 'no_encontrado' };
  });
}

/** Committed: logged (the code, never the person) and the outbox worker woken. */
function hecho(ctx: Pick<AppContext, 'log' | 'mailer'>, resultado: ResultadoEstado, mensaje: string): ResultadoEstado {
  if (resultado.tipo === 'hecho') {
    ctx.log.info({ codigo: resultado.codigo, estado: resultado.estado }, mensaje);
    ctx.mailer.wake();
  }
  return resultado;
}

const FIRMA = 'Municipalidad de Villa La Angostura';

/** The host of the site, for the List-Id of the reporter's mails. */
const host = (ctx: Pick<AppContext, 'url'>) => new URL(ctx.url('/')).host;

/**
 * A mail to the reporter about their report, or nothing when there is no one to write to or they
 * unsubscribed: `lineas`, then the report's public page and the one-click unsubscribe (RFC 8058).
 */
export function correoAlReclamante(
  ctx: Pick<AppContext, 'cipher' | 'url'>,
  r: { codigo: string; email: string | null; token: string | null; seguir: boolean },
  asunto: string,
  lineas: string[],
): NewMail | undefined {
  if (!r.seguir || r.email === null || r.token === null) return undefined;
  const { baja } = enlacesDelReclamante(ctx, r.token);
  return {
    destinatario: ctx.cipher.open(r.email),
    asunto,
    referencia: r.codigo,
    texto: [
      ...lineas,
      '',
      `Podés ver tu reclamo en ${ctx.url(`/reclamos/${encodeURIComponent(r.codigo)}`)}`,
      `Para no recibir más correos sobre este reclamo: ${baja}`,
      '',
      FIRMA,
    ].join('\n'),
    cabeceras: {
      'List-Unsubscribe': `<${baja}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `Reclamos <reclamos.${host(ctx)}>`,
    },
  };
}

/**
 * The public answer of a step: what staff wrote or, when they wrote nothing, the chosen template of
 * that state; either way with its placeholders filled, so a «{organismo}» left in an edited template
 * never reaches the citizen. Undefined when the template is not one of that state.
 */
async function respuestaCompleta(
  t: Db,
  estado: EstadoReclamo,
  plantillaId: number | undefined,
  escrita: string,
  datos: DatosPlantilla,
  ahora: Date,
): Promise<string | undefined> {
  let texto = escrita;
  if (plantillaId !== undefined && escrita === '') {
    const [plantilla] = esId(plantillaId)
      ? await t
          .select({ texto: plantillasReclamo.texto })
          .from(plantillasReclamo)
          .where(and(eq(plantillasReclamo.id, plantillaId), eq(plantillasReclamo.estado, estado)))
      : [];
    if (!plantilla) return undefined;
    texto = plantilla.texto;
  }
  return completarPlantilla(texto, datos, ahora);
}

const respuestaPublica = (respuesta: string) => (respuesta === '' ? [] : ['', 'Respuesta de la Municipalidad:', '', respuesta]);

/** The mail of a change of state: the code, the new state and the public answer. */
function correoDeEstado(
  ctx: Pick<AppContext, 'cipher' | 'url'>,
  r: Bloqueado,
  estado: EstadoReclamo,
  respuesta: string,
  extra: string[] = [],
): NewMail | undefined {
  return correoAlReclamante(ctx, r, `Tu reclamo ${r.codigo}: ${ETIQUETAS_ESTADO[estado]}`, [
    `Hay novedades en tu reclamo ${r.codigo} (${r.categoria}).`,
    `Estado: ${ETIQUETAS_ESTADO[estado]}.`,
    ...extra,
    ...respuestaPublica(respuesta),
  ]);
}

type Paso = {
  estado: EstadoReclamo;
  respuesta: string;
  nota: string;
  organismoId?: number | null;
  accion: AccionAuditoria;
  despues?: Record<string, unknown>;
  correos: (NewMail | undefined)[];
  cambios?: Partial<typeof reclamos.$inferInsert>;
};

/** Writes one step of a locked report: its row, its history, its mails and its audit entry. */
async function aplicar(t: Db, ctx: Pick<AppContext, 'cipher' | 'clock'>, actor: Actor | null, r: Bloqueado, paso: Paso): Promise<void> {
  const ahora = ctx.clock.now();
  await t
    .update(reclamos)
    .set({ estado: paso.estado, updatedAt: ahora, ...paso.cambios })
    .where(eq(reclamos.id, r.id));
  await t.insert(historialReclamos).values({
    reclamoId: r.id,
    estado: paso.estado,
    fecha: ahora,
    usuarioId: actor?.usuarioId || null,
    respuesta: paso.respuesta,
    nota: paso.nota,
    organismoId: paso.organismoId ?? null,
  });
  await enqueueMail(
    t,
    ctx.cipher,
    paso.correos.filter((c): c is NewMail => c !== undefined),
  );
  await registrarAuditoria(t, {
    actor,
    accion: paso.accion,
    entidad: 'reclamo',
    entidadId: r.codigo,
    antes: { estado: r.estado },
    despues: { estado: paso.estado, respuestaPublica: paso.respuesta !== '', ...paso.despues },
  });
}

/** Fills a template's placeholders ({codigo}, {categoria}, {direccion}, {organismo}, {fecha}). */

const fechaCorta = (instante: Date) => fechaEnArgentina(instante).split('-').reverse().join('/');

const CAMBIO_AJENO = (estado: EstadoReclamo) =>
  `Otra persona cambió este reclamo mientras lo mirabas: ahora está «${ETIQUETAS_ESTADO[estado]}». Revisá su historial y volvé a intentarlo.`;

const NO_PASA = (desde: EstadoReclamo, hacia: EstadoReclamo) => `Un reclamo «${ETIQUETAS_ESTADO[desde]}» no puede pasar a «${ETIQUETAS_ESTADO[hacia]}».`;

export type CambioDeEstado = {
  reclamoId: number;
  /** The state the page showed: if it is no longer the report's, someone else changed it. */
  estadoEsperado: EstadoReclamo;
  estado: EstadoReclamo;
  respuesta?: string;
  nota?: string;
  /** A template of the new state: its text, filled, is the public answer when none is written. */
  plantillaId?: number;
};

/**
 * Moves a report to en curso, resuelto or no corresponde (derivado: `derivar`; duplicado:
 * `fusionar`). Resuelto stamps `resuelto_en` (the «¿se resolvió?» mail counts from it); reopening
 * clears it and the question already sent.
 */
export async function cambiarEstado(ctx: AppContext, actor: Actor, datos: CambioDeEstado): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  const errores: Record<string, string> = {};
  let respuesta = texto(datos.respuesta, MAX_RESPUESTA, 'respuesta', errores);
  const nota = texto(datos.nota, MAX_RESPUESTA, 'nota', errores);
  const { estado } = datos;
  if (estado === 'derivado') errores.estado = 'Para derivar el reclamo a otro organismo, elegí el organismo en «Derivar».';
  else if (estado === 'duplicado') errores.estado = 'Para marcarlo como duplicado, elegí el reclamo original en «Es el mismo que…».';
  else if (estado === 'recibido' || !(estado in TRANSICIONES)) errores.estado = 'Elegí el nuevo estado: en curso, resuelto o no corresponde.';
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores };
  const resultado = await conElReclamo(ctx, datos.reclamoId, async (t, r): Promise<ResultadoEstado> => {
    if (r.estado !== datos.estadoEsperado) return { tipo: 'conflicto', mensaje: CAMBIO_AJENO(r.estado) };
    if (!puedePasar(r.estado, estado)) return { tipo: 'conflicto', mensaje: NO_PASA(r.estado, estado) };
    const conPlantilla = await respuestaCompleta(
      t,
      estado,
      datos.plantillaId,
      respuesta,
      { ...r, venceEl: estaAbierto(r.estado) ? r.venceEl : null },
      ctx.clock.now(),
    );
    if (conPlantilla === undefined) return { tipo: 'invalido', errores: { plantillaId: `Elegí una respuesta guardada para «${ETIQUETAS_ESTADO[estado]}».` } };
    respuesta = conPlantilla;
    if (estado === 'no_corresponde' && respuesta === '')
      return { tipo: 'invalido', errores: { respuesta: 'Escribí por qué no corresponde: quien lo reportó y el público lo leen.' } };
    const ahora = ctx.clock.now();
    const reabre = estado === 'en_curso' && !['recibido', 'en_curso', 'derivado'].includes(r.estado);
    await aplicar(t, ctx, actor, r, {
      estado,
      respuesta,
      nota,
      accion: 'reclamo.estado',
      despues: reabre ? { reabierto: true } : {},
      correos: [correoDeEstado(ctx, r, estado, respuesta, reabre ? ['Lo volvimos a abrir.'] : [])],
      cambios:
        estado === 'resuelto'
          ? { resueltoEn: ahora, consultaEnviadaEn: null }
          : estado === 'en_curso'
            ? { resueltoEn: null, consultaEnviadaEn: null, ...(r.estado === 'duplicado' ? { duplicadoDe: null } : {}) }
            : {},
    });
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado };
  });
  return hecho(ctx, resultado, 'reclamo: cambio de estado');
}

/**
 * Who works on a report: an area of the municipality and a member of staff (either may be null to
 * clear it). Its state does not change: no history row and no mail, the audit records it.
 */
export async function asignar(
  ctx: AppContext,
  actor: Actor,
  datos: { reclamoId: number; areaId: number | null; usuarioId: number | null },
): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  const errores: Record<string, string> = {};
  let areaNombre: string | null = null;
  let usuarioNombre: string | null = null;
  if (datos.areaId !== null) {
    const [area] = esId(datos.areaId)
      ? await ctx.db.select({ nombre: areasMunicipales.nombre }).from(areasMunicipales).where(eq(areasMunicipales.id, datos.areaId))
      : [];
    if (area) areaNombre = area.nombre;
    else errores.areaId = 'Elegí un área de la lista.';
  }
  if (datos.usuarioId !== null) {
    const [usuario] = esId(datos.usuarioId)
      ? await ctx.db
          .select({ nombre: usuarios.nombre, apellido: usuarios.apellido })
          .from(usuarios)
          .where(and(eq(usuarios.id, datos.usuarioId), eq(usuarios.activo, true)))
      : [];
    if (usuario) usuarioNombre = `${usuario.nombre} ${usuario.apellido}`.trim();
    else errores.usuarioId = 'Elegí una persona del personal de la lista.';
  }
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores };
  const resultado = await conElReclamo(ctx, datos.reclamoId, async (t, r): Promise<ResultadoEstado> => {
    await t.update(reclamos).set({ areaId: datos.areaId, asignadoA: datos.usuarioId, updatedAt: ctx.clock.now() }).where(eq(reclamos.id, r.id));
    await registrarAuditoria(t, {
      actor,
      accion: 'reclamo.asignacion',
      entidad: 'reclamo',
      entidadId: r.codigo,
      despues: { area: areaNombre, usuarioId: datos.usuarioId, persona: usuarioNombre },
    });
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado: r.estado };
  });
  if (resultado.tipo === 'hecho') ctx.log.info({ codigo: resultado.codigo }, 'reclamo: asignado');
  return resultado;
}

/** A link to the point on OpenStreetMap, for the body's mail. */
export const enlaceAlMapa = (latitud: number, longitud: number) =>
  `https://www.openstreetmap.org/?mlat=${latitud.toFixed(6)}&mlon=${longitud.toFixed(6)}#map=18/${latitud.toFixed(6)}/${longitud.toFixed(6)}`;

/**
 * Sends a report to an outside body (Vialidad, the national park, a utility): derivado, with the
 * body and when; the body gets the report's public data (category, place with a map link,
 * description, photos, code), never who reported it. A template of «derivado», when no answer is
 * written, is the public answer, filled with the body's name.
 */
export async function derivar(
  ctx: AppContext,
  actor: Actor,
  datos: { reclamoId: number; organismoId: number; respuesta?: string; nota?: string; estadoEsperado?: EstadoReclamo; plantillaId?: number },
): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  const errores: Record<string, string> = {};
  let respuesta = texto(datos.respuesta, MAX_RESPUESTA, 'respuesta', errores);
  const nota = texto(datos.nota, MAX_RESPUESTA, 'nota', errores);
  const [organismo] = esId(datos.organismoId)
    ? await ctx.db
        .select({ id: organismosReclamo.id, nombre: organismosReclamo.nombre, email: organismosReclamo.email })
        .from(organismosReclamo)
        .where(and(eq(organismosReclamo.id, datos.organismoId), eq(organismosReclamo.activo, true)))
    : [];
  if (!organismo) errores.organismoId = 'Elegí el organismo al que se deriva el reclamo.';
  if (Object.keys(errores).length > 0 || !organismo) return { tipo: 'invalido', errores };
  const resultado = await conElReclamo(ctx, datos.reclamoId, async (t, r): Promise<ResultadoEstado> => {
    if (datos.estadoEsperado !== undefined && r.estado !== datos.estadoEsperado) return { tipo: 'conflicto', mensaje: CAMBIO_AJENO(r.estado) };
    if (!puedePasar(r.estado, 'derivado')) return { tipo: 'conflicto', mensaje: NO_PASA(r.estado, 'derivado') };
    const conPlantilla = await respuestaCompleta(t, 'derivado', datos.plantillaId, respuesta, { ...r, organismo: organismo.nombre }, ctx.clock.now());
    if (conPlantilla === undefined) return { tipo: 'invalido', errores: { plantillaId: `Elegí una respuesta guardada para «${ETIQUETAS_ESTADO.derivado}».` } };
    respuesta = conPlantilla;
    const fotos = await t
      .select({ documentoId: fotosReclamo.documentoId })
      .from(fotosReclamo)
      .where(eq(fotosReclamo.reclamoId, r.id))
      .orderBy(fotosReclamo.orden);
    const alOrganismo: NewMail = {
      destinatario: organismo.email,
      asunto: `Reclamo ${r.codigo} derivado por la Municipalidad de Villa La Angostura`,
      referencia: r.codigo,
      texto: [
        `La Municipalidad de Villa La Angostura les deriva el reclamo ${r.codigo}, que corresponde a ${organismo.nombre}.`,
        '',
        `Categoría: ${r.categoria}`,
        `Lugar: ${r.direccion === '' ? 'sin dirección escrita' : `«${r.direccion}»`} (${r.latitud.toFixed(6)}, ${r.longitud.toFixed(6)})`,
        `Mapa: ${enlaceAlMapa(r.latitud, r.longitud)}`,
        `Recibido el ${fechaCorta(r.createdAt)}`,
        '',
        'Descripción de quien lo reportó:',
        `«${r.descripcion}»`,
        ...(fotos.length === 0 ? [] : ['', 'Fotos:', ...fotos.map((f) => ctx.url(`/api/v1/documentos/${f.documentoId}`))]),
        '',
        `El reclamo y su historial, públicos: ${ctx.url(`/reclamos/${encodeURIComponent(r.codigo)}`)}`,
        '',
        FIRMA,
      ].join('\n'),
    };
    await aplicar(t, ctx, actor, r, {
      estado: 'derivado',
      respuesta,
      nota,
      organismoId: organismo.id,
      accion: 'reclamo.derivacion',
      despues: { organismo: organismo.nombre },
      correos: [alOrganismo, correoDeEstado(ctx, r, 'derivado', respuesta, [`Lo derivamos a ${organismo.nombre}, que es quien puede resolverlo.`])],
      cambios: { organismoId: organismo.id, derivadoEn: ctx.clock.now() },
    });
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado: 'derivado' };
  });
  return hecho(ctx, resultado, 'reclamo: derivado');
}

/**
 * Marks a report as the same problem as another one: duplicado, pointing to the original, and its
 * reporter told which report to follow. Not itself, and never to a report that is a duplicate
 * (no chains): reports that pointed to this one now point to the original.
 */
export async function fusionar(
  ctx: AppContext,
  actor: Actor,
  datos: { duplicadoId: number; originalId: number; respuesta?: string },
): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  const errores: Record<string, string> = {};
  const respuesta = texto(datos.respuesta, MAX_RESPUESTA, 'respuesta', errores);
  if (!esId(datos.originalId)) errores.originalId = 'Elegí el reclamo original.';
  else if (datos.originalId === datos.duplicadoId) errores.originalId = 'Un reclamo no puede ser duplicado de sí mismo: elegí otro.';
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores };
  if (!esId(datos.duplicadoId)) return { tipo: 'no_encontrado' };
  const resultado = await ctx.db.transaction(async (tx): Promise<ResultadoEstado> => {
    const t = tx as unknown as Db;
    // Both rows locked, the lower id first: two merges of the same pair cannot deadlock.
    const [a, b] = datos.duplicadoId < datos.originalId ? [datos.duplicadoId, datos.originalId] : [datos.originalId, datos.duplicadoId];
    const primero = await bloquear(t, a);
    const segundo = await bloquear(t, b);
    const r = datos.duplicadoId === a ? primero : segundo;
    const original = datos.duplicadoId === a ? segundo : primero;
    if (!r) return { tipo: 'no_encontrado' };
    if (!original) return { tipo: 'invalido', errores: { originalId: 'No hay un reclamo con ese número: elegí el original de la lista.' } };
    if (original.estado === 'duplicado')
      return {
        tipo: 'invalido',
        errores: { originalId: `El reclamo ${original.codigo} ya es duplicado de otro: elegí ese otro como original.` },
      };
    if (!puedePasar(r.estado, 'duplicado')) return { tipo: 'conflicto', mensaje: NO_PASA(r.estado, 'duplicado') };
    const enlace = ctx.url(`/reclamos/${encodeURIComponent(original.codigo)}`);
    await aplicar(t, ctx, actor, r, {
      estado: 'duplicado',
      respuesta,
      nota: '',
      accion: 'reclamo.fusion',
      despues: { original: original.codigo },
      correos: [
        correoDeEstado(ctx, r, 'duplicado', respuesta, [
          `Es el mismo problema que el reclamo ${original.codigo}, que ya estamos atendiendo: seguí ese en ${enlace}`,
        ]),
      ],
      cambios: { duplicadoDe: original.id },
    });
    await t
      .update(reclamos)
      .set({ duplicadoDe: original.id })
      .where(and(eq(reclamos.duplicadoDe, r.id), ne(reclamos.id, original.id)));
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado: 'duplicado' };
  });
  return hecho(ctx, resultado, 'reclamo: duplicado');
}

/** Hides or shows a report's photos with it: the documents are public exactly when the report is. */
async function fotosPublicas(t: Db, reclamoId: number, publico: boolean): Promise<void> {
  const fotos = await t.select({ id: fotosReclamo.documentoId }).from(fotosReclamo).where(eq(fotosReclamo.reclamoId, reclamoId));
  for (const f of fotos) await (publico ? showDocumento(t, f.id) : hideDocumento(t, f.id));
}

/**
 * Takes a report off the public pages (an insult, someone's face, a private address), with the
 * reason staff give (required, audited). Its photos' documents stop being public too. Its state
 * and clock go on.
 */
export async function ocultar(ctx: AppContext, actor: Actor, datos: { reclamoId: number; motivo: string }): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  const errores: Record<string, string> = {};
  const motivo = texto(datos.motivo, MAX_MOTIVO, 'motivo', errores);
  if (motivo === '' && !errores.motivo) errores.motivo = 'Escribí por qué se oculta el reclamo: queda en la auditoría.';
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores };
  return conElReclamo(ctx, datos.reclamoId, async (t, r): Promise<ResultadoEstado> => {
    if (r.ocultoEn !== null) return { tipo: 'conflicto', mensaje: `El reclamo ${r.codigo} ya está oculto.` };
    await t.update(reclamos).set({ ocultoEn: ctx.clock.now(), ocultoMotivo: motivo, updatedAt: ctx.clock.now() }).where(eq(reclamos.id, r.id));
    await fotosPublicas(t, r.id, false);
    await registrarAuditoria(t, { actor, accion: 'reclamo.ocultado', entidad: 'reclamo', entidadId: r.codigo, despues: { motivo } });
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado: r.estado };
  });
}

/** Shows a hidden report again, with its photos. */
export async function mostrar(ctx: AppContext, actor: Actor, datos: { reclamoId: number }): Promise<ResultadoEstado> {
  exigirPermiso(actor);
  return conElReclamo(ctx, datos.reclamoId, async (t, r): Promise<ResultadoEstado> => {
    if (r.ocultoEn === null) return { tipo: 'conflicto', mensaje: `El reclamo ${r.codigo} no está oculto.` };
    await t.update(reclamos).set({ ocultoEn: null, ocultoMotivo: null, updatedAt: ctx.clock.now() }).where(eq(reclamos.id, r.id));
    await fotosPublicas(t, r.id, true);
    await registrarAuditoria(t, { actor, accion: 'reclamo.mostrado', entidad: 'reclamo', entidadId: r.codigo });
    return { tipo: 'hecho', id: r.id, codigo: r.codigo, estado: r.estado };
  });
}

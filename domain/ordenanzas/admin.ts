import { restriccionUnica } from '#db/errors.ts';
import { type SQL, and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { documentos, ordenanzas } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { hideDocumento } from '#domain/documentos/commands.ts';
import { archivoDe, readArchivo, rutaDocumento } from '#domain/documentos/panel.ts';
import { type ArchivoSubido, type DocumentoSubido, SubidaRechazadaError, comprobarSubida, saveSubida, textoSinLeer } from '#domain/documentos/subidas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { rutaOrdenanza } from './enlaces.ts';
import {
  type ResultadoRestauracion,
  filaGuardable,
  filaRestaurada,
  guardarRestaurable,
  republicarRuta,
  restaurarRetirado,
  retirarContenido,
} from '#domain/sitio/retirados.ts';
import { type CampoOrdenanza, type DatosOrdenanza, type FiltrosAdmin, ordenanzaSchema } from './admin-schemas.ts';
import { ESTADO_TODOS, etiquetaEstado } from './estados.ts';
import { POR_PAGINA } from './schemas.ts';

/**
 * Ordinances in the back-office: editors and administrators create them, change any
 * field (the state among them), link the ordinance each modifies, attach or replace its PDF (whose
 * text feeds the public search at once) and withdraw them. Every write is audited in its own
 * transaction; a withdrawn ordinance's public address and download answer 410
 * (docs/decisions/018-ordenanzas-en-el-panel.md).
 */

type Campo = CampoOrdenanza | 'archivo';
type Errores = Partial<Record<Campo, string>>;

export type ResultadoOrdenanza =
  | { tipo: 'guardado'; id: number; numero: number; anio: number; cambio: boolean }
  | { tipo: 'invalido'; errores: Errores; valores: Partial<Record<CampoOrdenanza, string>> }
  | { tipo: 'no_encontrado'; mensaje: string }
  | { tipo: 'prohibido'; mensaje: string };

const PROHIBIDO = { tipo: 'prohibido', mensaje: 'Sólo un editor o un administrador puede cambiar las ordenanzas.' } as const;
const noEncontrado = (id: number) =>
  ({ tipo: 'no_encontrado', mensaje: `No existe la ordenanza n.º ${id}: puede que ya la hayan retirado. Volvé a la lista de ordenanzas.` }) as const;

export const repetida = (numero: number, anio: number) =>
  `Ya hay una ordenanza ${numero}/${anio} en el registro: revisá el número y el año, o editá esa ordenanza.`;

const modificada = alias(ordenanzas, 'modificada');

const columnas = {
  id: ordenanzas.id,
  numero: ordenanzas.numero,
  anio: ordenanzas.anio,
  estado: ordenanzas.estado,
  fechaEmision: ordenanzas.fechaEmision,
  descripcion: ordenanzas.descripcion,
  expediente: ordenanzas.expediente,
  modificatoriaDe: ordenanzas.modificatoriaDe,
  documentoId: ordenanzas.documentoId,
};

type FilaOrdenanza = { [K in keyof typeof columnas]: (typeof ordenanzas.$inferSelect)[K] };

/** What the audit log keeps of an ordinance: its fields, not the PDF's text. */
const auditable = (o: FilaOrdenanza) => ({
  numero: o.numero,
  anio: o.anio,
  estado: o.estado,
  fechaEmision: o.fechaEmision,
  descripcion: o.descripcion,
  expediente: o.expediente,
  modificatoriaDe: o.modificatoriaDe,
  documentoId: o.documentoId,
});

/**
 * A PDF's problems before anything is stored: empty, too big or not a PDF (saying what it is), in
 * the upload pipeline's words (docs/decisions/017-subidas.md), which checks them again when it stores it.
 */
async function problemaDelPdf(pdf: ArchivoSubido, maxBytes: number | undefined): Promise<string | undefined> {
  if (pdf.data.length === 0) return 'El archivo elegido está vacío: elegí el PDF de la ordenanza.';
  try {
    await comprobarSubida(pdf.data, { tipos: ['pdf'], maxBytes });
    return undefined;
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return error.message;
    throw error;
  }
}

/** An ordinance that could not be saved after its PDF was prepared: thrown to roll the new document back. */
class OrdenanzaNoGuardada extends Error {
  readonly resultado: ResultadoOrdenanza;
  constructor(resultado: ResultadoOrdenanza) {
    super('ordenanza no guardada');
    this.resultado = resultado;
  }
}

/** The id of the ordinance número/año, if the register has it. */
async function idDe(db: Db, numero: number, anio: number): Promise<number | undefined> {
  const [fila] = await db
    .select({ id: ordenanzas.id })
    .from(ordenanzas)
    .where(and(eq(ordenanzas.numero, numero), eq(ordenanzas.anio, anio)));
  return fila?.id;
}

/** Checks against the register: the number and year free, the modified ordinance existing and not itself. */
async function erroresDelRegistro(db: Db, datos: DatosOrdenanza, id: number | null): Promise<{ errores: Errores; modificatoriaDe: number | null }> {
  const errores: Errores = {};
  const otra = await idDe(db, datos.numero, datos.anio);
  if (otra !== undefined && otra !== id) errores.numero = repetida(datos.numero, datos.anio);
  let modificatoriaDe: number | null = null;
  if (datos.modifica) {
    const { numero, anio } = datos.modifica;
    const mod = numero === datos.numero && anio === datos.anio ? id : await idDe(db, numero, anio);
    if (mod !== undefined && mod === id) errores.modifica = 'Una ordenanza no puede modificarse a sí misma: elegí otra.';
    else if (mod === undefined || mod === null)
      errores.modifica = `No hay una ordenanza ${numero}/${anio} en el registro: revisá el número y el año de la que modifica.`;
    else modificatoriaDe = mod;
  }
  return { errores, modificatoriaDe };
}

/**
 * Creates (`id` null) or changes an ordinance, with its PDF when one is given. Everything is
 * checked before anything is stored: a bad field, a repeated number, a missing modified
 * ordinance or a file that is not a PDF stores nothing. The PDF then goes through the upload
 * pipeline (`saveSubida`, UPLOAD_MAX_BYTES): its document row and the ordinance's share one
 * transaction, its text copied into the row, so the public search finds its words as soon as it
 * commits; if anything fails, nothing stays, in the database or in storage. A replaced PDF is no
 * longer public and its old download address answers 410.
 */
export async function saveOrdenanza(
  ctx: Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  actor: Actor,
  id: number | null,
  input: FormInput,
): Promise<ResultadoOrdenanza> {
  if (!puede(actor, 'ordenanzas')) return PROHIBIDO;
  const { db } = ctx;
  const elegido = archivoDe(input);
  const pdf = elegido === undefined ? null : elegido === 'vacio' ? { data: new Uint8Array(), nombreArchivo: '' } : await readArchivo(elegido);
  const maxBytes = ctx.config?.subidaMaxBytes;
  const leido = readForm(ordenanzaSchema, input);
  const errorPdf = pdf ? await problemaDelPdf(pdf, maxBytes) : undefined;
  if (!leido.ok) return { tipo: 'invalido', errores: { ...leido.errores, ...(errorPdf ? { archivo: errorPdf } : {}) }, valores: leido.valores };
  const datos = leido.datos;
  if (id !== null) {
    const [existe] = await db.select({ id: ordenanzas.id }).from(ordenanzas).where(eq(ordenanzas.id, id));
    if (!existe) return noEncontrado(id);
  }
  const { errores, modificatoriaDe } = await erroresDelRegistro(db, datos, id);
  if (errorPdf) errores.archivo = errorPdf;
  if (Object.keys(errores).length > 0) return { tipo: 'invalido', errores, valores: leido.valores };

  const escribir = async (tx: Db, documento?: DocumentoSubido): Promise<ResultadoOrdenanza> => {
    const valores = {
      numero: datos.numero,
      anio: datos.anio,
      estado: datos.estado,
      fechaEmision: datos.fechaEmision,
      descripcion: datos.descripcion,
      expediente: datos.expediente,
      modificatoriaDe,
      ...(documento ? { documentoId: documento.id, textoDocumento: documento.texto } : {}),
    };
    if (id === null) {
      const [nueva] = await tx.insert(ordenanzas).values(valores).returning(columnas);
      await republicarRuta(tx, rutaOrdenanza(nueva!));
      await registrarAuditoria(tx, { actor, accion: 'ordenanza.alta', entidad: 'ordenanza', entidadId: nueva!.id, despues: auditable(nueva!) });
      return { tipo: 'guardado', id: nueva!.id, numero: nueva!.numero, anio: nueva!.anio, cambio: true };
    }
    const [antes] = await tx.select(columnas).from(ordenanzas).where(eq(ordenanzas.id, id)).for('update');
    if (!antes) return noEncontrado(id);
    const campos = ['numero', 'anio', 'estado', 'fechaEmision', 'descripcion', 'expediente', 'modificatoriaDe'] as const;
    if (!documento && campos.every((c) => valores[c] === antes[c])) return { tipo: 'guardado', id, numero: antes.numero, anio: antes.anio, cambio: false };
    const [despues] = await tx
      .update(ordenanzas)
      .set({ ...valores, updatedAt: sql`now()` })
      .where(eq(ordenanzas.id, id))
      .returning(columnas);
    if (documento && antes.documentoId !== null) {
      // The replaced PDF stays stored (the audit log names it) but is no longer served.
      await hideDocumento(tx, antes.documentoId);
      await retirarContenido(tx, {
        ruta: rutaDocumento(antes.documentoId),
        titulo: `PDF anterior de la Ordenanza N° ${antes.numero}/${antes.anio}, reemplazado por uno nuevo`,
        actor,
      });
    }
    if (despues!.numero !== antes.numero || despues!.anio !== antes.anio) await republicarRuta(tx, rutaOrdenanza(despues!));
    await registrarAuditoria(tx, {
      actor,
      accion: 'ordenanza.cambio',
      entidad: 'ordenanza',
      entidadId: id,
      antes: auditable(antes),
      despues: auditable(despues!),
    });
    return { tipo: 'guardado', id, numero: despues!.numero, anio: despues!.anio, cambio: true };
  };

  try {
    if (!pdf) return await db.transaction((tx) => escribir(tx));
    return await saveSubida(ctx, pdf, { tipos: ['pdf'], maxBytes }, async (tx, documento) => {
      const r = await escribir(tx, documento);
      // Withdrawn meanwhile: throwing rolls the new document back and removes its file.
      if (r.tipo !== 'guardado') throw new OrdenanzaNoGuardada(r);
      return r;
    });
  } catch (error) {
    if (error instanceof OrdenanzaNoGuardada) return error.resultado;
    if (error instanceof SubidaRechazadaError) return { tipo: 'invalido', errores: { archivo: error.message }, valores: leido.valores };
    if (restriccionUnica(error) === undefined) throw error;
    // Another editor took the number between our check and our write: answered like the check would.
    return { tipo: 'invalido', errores: { numero: repetida(datos.numero, datos.anio) }, valores: leido.valores };
  }
}

/**
 * Withdraws an ordinance (a soft delete for the public): the row goes, with the audit entry
 * keeping every field; its PDF stays stored but no longer served; its public address and its
 * download answer 410 with what it was. Ordinances that modified it keep existing, unlinked. For
 * 90 days it can be restored (`restaurarOrdenanza`, docs/decisions/054-retirados-restaurables.md).
 */
export async function retirarOrdenanza(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, id: number): Promise<ResultadoOrdenanza> {
  if (!puede(actor, 'ordenanzas')) return PROHIBIDO;
  return ctx.db.transaction(async (tx): Promise<ResultadoOrdenanza> => {
    const [antes] = await tx.select(columnas).from(ordenanzas).where(eq(ordenanzas.id, id)).for('update');
    if (!antes) return noEncontrado(id);
    const [fila] = await tx.select().from(ordenanzas).where(eq(ordenanzas.id, id));
    const modificadaPor = await tx.select({ id: ordenanzas.id }).from(ordenanzas).where(eq(ordenanzas.modificatoriaDe, id));
    await tx.delete(ordenanzas).where(eq(ordenanzas.id, id));
    const titulo = `Ordenanza N° ${antes.numero}/${antes.anio}: ${antes.descripcion}`.slice(0, 500);
    const rutas = [rutaOrdenanza(antes)];
    await retirarContenido(tx, { ruta: rutaOrdenanza(antes), titulo, actor });
    if (antes.documentoId !== null) {
      await hideDocumento(tx, antes.documentoId);
      await retirarContenido(tx, { ruta: rutaDocumento(antes.documentoId), titulo: `PDF de la ${titulo}`.slice(0, 500), actor });
      rutas.push(rutaDocumento(antes.documentoId));
    }
    await guardarRestaurable(tx, {
      clave: 'ordenanzas',
      entidadId: id,
      titulo,
      datos: { fila: filaGuardable(ordenanzas, fila!), modificadaPor: modificadaPor.map((m) => m.id) },
      documentoId: antes.documentoId,
      rutas,
      actor,
      ahora: ctx.clock.now(),
    });
    await registrarAuditoria(tx, { actor, accion: 'ordenanza.retiro', entidad: 'ordenanza', entidadId: id, antes: auditable(antes) });
    return { tipo: 'guardado', id, numero: antes.numero, anio: antes.anio, cambio: true };
  });
}

/**
 * Restores a withdrawn ordinance within 90 days (docs/decisions/054-retirados-restaurables.md):
 * with its id, fields, PDF and text; the ordinances that modified it point to it again if nobody
 * linked them elsewhere meanwhile. Refused, with nothing changed, when its number and year were
 * taken again; audited `ordenanza.restauracion`.
 */
export async function restaurarOrdenanza(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, retiradoId: number): Promise<ResultadoRestauracion> {
  if (!puede(actor, 'ordenanzas')) return PROHIBIDO;
  return restaurarRetirado(ctx, 'ordenanzas', retiradoId, async (tx, guardado) => {
    const { fila: datos, modificadaPor } = guardado.datos as { fila: unknown; modificadaPor?: number[] };
    const fila = filaRestaurada(ordenanzas, datos);
    const otra = await idDe(tx, fila.numero, fila.anio);
    if (otra !== undefined)
      return `No se puede restaurar: la Ordenanza N° ${fila.numero}/${fila.anio} ya está cargada de nuevo (n.º ${otra} del registro). Revisala o cambiale el número antes de restaurar.`;
    if (fila.modificatoriaDe !== null && fila.modificatoriaDe !== undefined) {
      const [modificada] = await tx.select({ id: ordenanzas.id }).from(ordenanzas).where(eq(ordenanzas.id, fila.modificatoriaDe));
      if (!modificada) fila.modificatoriaDe = null;
    }
    const [nueva] = await tx
      .insert(ordenanzas)
      .values({ ...fila, id: guardado.entidadId, updatedAt: sql`now()` })
      .returning(columnas);
    if (modificadaPor && modificadaPor.length > 0)
      await tx
        .update(ordenanzas)
        .set({ modificatoriaDe: guardado.entidadId })
        .where(and(inArray(ordenanzas.id, modificadaPor), sql`${ordenanzas.modificatoriaDe} is null`));
    await registrarAuditoria(tx, { actor, accion: 'ordenanza.restauracion', entidad: 'ordenanza', entidadId: nueva!.id, despues: auditable(nueva!) });
    return undefined;
  });
}

export type OrdenanzaAdmin = {
  id: number;
  numero: number;
  anio: number;
  estado: number;
  estadoEtiqueta: string;
  fechaEmision: string | null;
  descripcion: string;
  expediente: string | null;
  modifica: { numero: number; anio: number } | null;
  documentoId: number | null;
  documentoNombre: string | null;
  /** Its PDF was stored without its text (over the extraction budget): the search does not find its words. */
  documentoSinTexto: boolean;
  updatedAt: Date;
};

const columnasAdmin = {
  ...columnas,
  updatedAt: ordenanzas.updatedAt,
  modNumero: modificada.numero,
  modAnio: modificada.anio,
  documentoNombre: documentos.nombreArchivo,
  documentoTipo: documentos.tipoContenido,
  documentoPaginas: documentos.paginas,
};

type FilaAdmin = FilaOrdenanza & {
  updatedAt: Date;
  modNumero: number | null;
  modAnio: number | null;
  documentoNombre: string | null;
  documentoTipo: string | null;
  documentoPaginas: number | null;
};

const aAdmin = ({ modNumero, modAnio, modificatoriaDe: _m, documentoTipo, documentoPaginas, ...f }: FilaAdmin): OrdenanzaAdmin => ({
  ...f,
  documentoSinTexto: documentoTipo !== null && textoSinLeer({ tipoContenido: documentoTipo, paginas: documentoPaginas }),
  estadoEtiqueta: etiquetaEstado(f.estado),
  modifica: modNumero !== null && modAnio !== null ? { numero: modNumero, anio: modAnio } : null,
});

function seleccion(db: Db) {
  return db
    .select(columnasAdmin)
    .from(ordenanzas)
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .leftJoin(documentos, eq(ordenanzas.documentoId, documentos.id));
}

/** The words as the public search reads them (public.f_consulta, docs/decisions/002-busqueda.md); only stop words: no filter. */
const condicionPalabras = (pattern: string): SQL =>
  or(sql`public.f_consulta(${pattern}) is null`, sql`${ordenanzas.busqueda} @@ public.f_consulta(${pattern})`)!;

const ORDEN_COLUMNA = {
  numero: [ordenanzas.numero, ordenanzas.anio],
  anio: [ordenanzas.anio, ordenanzas.numero],
  fecha: [ordenanzas.fechaEmision, ordenanzas.anio, ordenanzas.numero],
  estado: [ordenanzas.estado, ordenanzas.anio, ordenanzas.numero],
} as const;

/** The back-office list: the public search's filters, any order of number, year, date or state, 25 a page. */
export async function listOrdenanzasAdmin(db: Db, filtros: FiltrosAdmin, porPagina = POR_PAGINA): Promise<{ items: OrdenanzaAdmin[]; total: number }> {
  const where = and(
    filtros.estado !== ESTADO_TODOS ? eq(ordenanzas.estado, filtros.estado) : undefined,
    filtros.numero !== undefined ? eq(ordenanzas.numero, filtros.numero) : undefined,
    filtros.anio !== undefined ? eq(ordenanzas.anio, filtros.anio) : undefined,
    filtros.pattern !== undefined ? condicionPalabras(filtros.pattern) : undefined,
  );
  const dir = filtros.sentido === 'asc' ? asc : desc;
  const orden = ORDEN_COLUMNA[filtros.orden].map((c) => (c === ordenanzas.fechaEmision ? sql`${c} ${sql.raw(filtros.sentido)} nulls last` : dir(c)));
  const [filas, [cuenta]] = await Promise.all([
    seleccion(db)
      .where(where)
      .orderBy(...orden, desc(ordenanzas.id))
      .limit(porPagina)
      .offset((filtros.pagina - 1) * porPagina),
    db.select({ n: count() }).from(ordenanzas).where(where),
  ]);
  return { items: filas.map(aAdmin), total: cuenta?.n ?? 0 };
}

/** One ordinance for its page in the back-office, with the ordinances that modify it. */
export async function getOrdenanzaAdmin(db: Db, id: number): Promise<(OrdenanzaAdmin & { modificadaPor: { numero: number; anio: number }[] }) | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [fila] = await seleccion(db).where(eq(ordenanzas.id, id));
  if (!fila) return undefined;
  const modificadaPor = await db
    .select({ numero: ordenanzas.numero, anio: ordenanzas.anio })
    .from(ordenanzas)
    .where(and(eq(ordenanzas.modificatoriaDe, id), ne(ordenanzas.id, id)))
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero));
  return { ...aAdmin(fila), modificadaPor };
}

/** Every ordinance for the CSV export, in the template's columns, oldest first. */
export async function* iterarOrdenanzasAdmin(db: Db, lote = 1000): AsyncGenerator<OrdenanzaAdmin> {
  let desde = 0;
  for (;;) {
    const filas = await seleccion(db)
      .where(sql`${ordenanzas.id} > ${desde}`)
      .orderBy(asc(ordenanzas.id))
      .limit(lote);
    for (const f of filas) yield aAdmin(f);
    if (filas.length < lote) return;
    desde = filas[filas.length - 1]!.id;
  }
}

/** Which of these número/año pairs the register already has (the import's duplicate check). */
export async function paresExistentes(db: Db, pares: { numero: number; anio: number }[]): Promise<Map<string, number>> {
  const existentes = new Map<string, number>();
  const anios = [...new Set(pares.map((p) => p.anio))];
  for (let i = 0; i < anios.length; i += 200) {
    const filas = await db
      .select({ id: ordenanzas.id, numero: ordenanzas.numero, anio: ordenanzas.anio })
      .from(ordenanzas)
      .where(inArray(ordenanzas.anio, anios.slice(i, i + 200)));
    for (const f of filas) existentes.set(`${f.numero}/${f.anio}`, f.id);
  }
  return existentes;
}

import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos, estadosContables, sueldos } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { archivoDe, confirmacionBorradoSchema, escribirConPdf, filtrosListaSchema, readArchivo, rutaDocumento } from '#domain/documentos/panel.ts';
import { SubidaRechazadaError, saveSubida } from '#domain/documentos/subidas.ts';
import { hideDocumento, removeDocumento } from '#domain/documentos/commands.ts';
import { type Actor, fechaDeCarga } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { monthName } from '#domain/shared/meses.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { escaparLike } from '#domain/shared/texto.ts';
import { type ResultadoRestauracion, filaGuardable, filaRestaurada, guardarRestaurable, restaurarRetirado, retirarContenido } from '#domain/sitio/retirados.ts';
import { z } from '#domain/shared/zod.ts';
import { POR_PAGINA_FINANZAS, type TipoFinanzas } from './campos.ts';
import { TIPOS_ESTADO_CONTABLE } from './campos.ts';

/**
 * Accounting statements and salary reports in the back-office
 * (docs/decisions/020-finanzas-en-el-panel.md), for editors and administrators: each list with its
 * search, order and pages; upload one (its period and its PDF, through the upload pipeline of
 * docs/decisions/017-subidas.md), change its data or replace its PDF, delete it after a
 * confirmation. Every write is audited in its own transaction. A deleted or replaced PDF's link is
 * remembered as withdrawn (`retirarContenido`): it answers 410 saying what it was. The two kinds
 * differ only in their fields and table: a `Definicion` each, and one set of commands.
 */

export const ORDENES_FINANZAS = ['periodo-desc', 'periodo-asc', 'subida-desc'] as const;
type OrdenFinanzas = (typeof ORDENES_FINANZAS)[number];

export const filtrosFinanzasSchema = filtrosListaSchema(ORDENES_FINANZAS, 'un año o parte del período o del nombre del archivo');
type FiltrosFinanzas = z.output<typeof filtrosFinanzasSchema>;

const MENSAJE_MES = 'Elegí el mes.';
const MENSAJE_ANIO = 'Escribí el año con cuatro cifras, por ejemplo 2026.';
const MENSAJE_TIPO = 'Elegí si es la ejecución de recursos o la de gastos.';
const MENSAJE_PERIODO = 'Elegí el período del informe: un mes o un aguinaldo.';

const anioSchema = z
  .string({ error: MENSAJE_ANIO })
  .trim()
  .regex(/^\d{4}$/, { error: MENSAJE_ANIO })
  .transform(Number)
  .pipe(z.number().int().min(1900, { error: 'Escribí un año desde 1900.' }).max(2100, { error: 'Escribí un año hasta 2100.' }));

/**
 * The periods of a salary report and their place in the year (the column `orden`: twice the month,
 * plus one for the extra payment after it), as the public page orders them.
 */
const AGUINALDOS: readonly (readonly [string, number])[] = [
  ['Aguinaldo 1er semestre', 13],
  ['Aguinaldo 2do semestre', 25],
];
export const PERIODOS_SUELDO: readonly (readonly [string, number])[] = [
  ...Array.from({ length: 12 }, (_, i): readonly [string, number] => [monthName(i + 1), (i + 1) * 2]),
  ...AGUINALDOS,
].sort((a, b) => a[1] - b[1]);
const ORDEN_PERIODO = new Map(PERIODOS_SUELDO);

export const estadoContableSchema = z.object({
  tipo: z.enum(['RECURSOS', 'GASTOS'], { error: MENSAJE_TIPO }),
  mes: z
    .string({ error: MENSAJE_MES })
    .trim()
    .regex(/^(?:[1-9]|1[0-2])$/, { error: MENSAJE_MES })
    .transform(Number),
  anio: anioSchema,
});
export const sueldoSchema = z.object({
  periodo: z
    .string({ error: MENSAJE_PERIODO })
    .trim()
    .refine((v) => ORDEN_PERIODO.has(v), { error: MENSAJE_PERIODO }),
  anio: anioSchema,
});
type DatosEstado = z.output<typeof estadoContableSchema>;
type DatosSueldo = z.output<typeof sueldoSchema>;
export type CampoFinanzas = 'tipo' | 'mes' | 'periodo' | 'anio' | 'archivo';
type Errores = Partial<Record<CampoFinanzas, string>>;

/** A row as the back-office reads it, with its document. */
type Fila<D> = {
  id: number;
  datos: D;
  usuarioCreacion: string | null;
  fechaCreacion: Date;
  documentoId: number;
  nombreArchivo: string;
  tamano: number;
  clave: string;
  claveWeb: string | null;
  claveMiniatura: string | null;
};

/** One kind: its table's reads and writes, its fields and its words. */
type Definicion<D> = {
  schema: typeof estadoContableSchema | typeof sueldoSchema;
  /** Also the audit actions' prefix (`<entidad>.alta`…, in domain/auditoria/acciones.ts). */
  entidad: 'estado_contable' | 'sueldo';
  /** «el estado contable», for messages. */
  nombre: string;
  titulo: (d: D) => string;
  valores: (d: D) => Partial<Record<CampoFinanzas, string>>;
  listar: (db: Db, donde: SQL | undefined, orden: OrdenFinanzas, desde: number) => Promise<{ filas: Fila<D>[]; total: number }>;
  buscar: (texto: string) => SQL | undefined;
  leer: (db: Db, id: number, bloquear?: boolean) => Promise<Fila<D> | undefined>;
  insertar: (tx: Db, d: D, documentoId: number, actor: Actor) => Promise<number>;
  actualizar: (tx: Db, id: number, d: D, documentoId?: number) => Promise<void>;
  /** Deletes the row and answers it as the restorable copy keeps it (docs/decisions/054-retirados-restaurables.md). */
  borrar: (tx: Db, id: number) => Promise<Record<string, unknown>>;
  /** Inserts a kept row again with its id, answering its data for the audit log. */
  reponer: (tx: Db, id: number, guardada: unknown) => Promise<{ datos: D; documentoId: number }>;
};

const columnasDocumento = {
  documentoId: documentos.id,
  nombreArchivo: documentos.nombreArchivo,
  tamano: documentos.tamano,
  clave: documentos.clave,
  claveWeb: documentos.claveWeb,
  claveMiniatura: documentos.claveMiniatura,
};
/** A restored row's data is read without its document's columns, which only the lists use. */
const SIN_DOCUMENTO = { documentoId: 0, nombreArchivo: '', tamano: 0, clave: '', claveWeb: null, claveMiniatura: null };
const esAnio = (texto: string) => (/^\d{4}$/.test(texto) ? Number(texto) : undefined);
const patron = (texto: string) => `%${escaparLike(texto)}%`;

const columnasEstado = { ...columnasDocumento, e: estadosContables };
type FilaEstado = { e: typeof estadosContables.$inferSelect } & Omit<Fila<DatosEstado>, 'id' | 'datos' | 'usuarioCreacion' | 'fechaCreacion'>;
const aFilaEstado = ({ e, ...doc }: FilaEstado): Fila<DatosEstado> => ({
  ...doc,
  id: e.id,
  datos: { tipo: e.tipoEstadoContable === 'GASTOS' ? 'GASTOS' : 'RECURSOS', mes: e.mes, anio: e.anio },
  usuarioCreacion: e.usuarioCreacion,
  fechaCreacion: e.fechaCreacion,
});
const ORDEN_ESTADOS: Record<OrdenFinanzas, SQL[]> = {
  'periodo-desc': [desc(estadosContables.anio), desc(estadosContables.mes), asc(estadosContables.tipoEstadoContable), desc(estadosContables.id)],
  'periodo-asc': [asc(estadosContables.anio), asc(estadosContables.mes), asc(estadosContables.tipoEstadoContable), asc(estadosContables.id)],
  'subida-desc': [desc(estadosContables.fechaCreacion), desc(estadosContables.id)],
};

const ESTADOS: Definicion<DatosEstado> = {
  schema: estadoContableSchema,
  entidad: 'estado_contable',
  nombre: 'el estado contable',
  titulo: (d) => `${TIPOS_ESTADO_CONTABLE[d.tipo]} ${monthName(d.mes)} ${d.anio}`,
  valores: (d) => ({ tipo: d.tipo, mes: String(d.mes), anio: String(d.anio) }),
  buscar: (texto) => {
    const anio = esAnio(texto);
    return or(
      ilike(documentos.nombreArchivo, patron(texto)),
      ilike(estadosContables.usuarioCreacion, patron(texto)),
      ilike(estadosContables.tipoEstadoContable, patron(texto)),
      ...(anio === undefined ? [] : [eq(estadosContables.anio, anio)]),
    );
  },
  async listar(db, donde, orden, desde) {
    const [filas, [total]] = await Promise.all([
      db
        .select(columnasEstado)
        .from(estadosContables)
        .innerJoin(documentos, eq(documentos.id, estadosContables.documentoId))
        .where(donde)
        .orderBy(...ORDEN_ESTADOS[orden])
        .limit(POR_PAGINA_FINANZAS)
        .offset(desde),
      db.select({ n: count() }).from(estadosContables).innerJoin(documentos, eq(documentos.id, estadosContables.documentoId)).where(donde),
    ]);
    return { filas: filas.map(aFilaEstado), total: total?.n ?? 0 };
  },
  async leer(db, id, bloquear = false) {
    const consulta = db
      .select(columnasEstado)
      .from(estadosContables)
      .innerJoin(documentos, eq(documentos.id, estadosContables.documentoId))
      .where(eq(estadosContables.id, id));
    const [fila] = bloquear ? await consulta.for('update', { of: estadosContables }) : await consulta;
    return fila && aFilaEstado(fila);
  },
  async insertar(tx, d, documentoId, actor) {
    const [fila] = await tx
      .insert(estadosContables)
      .values({ tipoEstadoContable: d.tipo, mes: d.mes, anio: d.anio, documentoId, usuarioCreacion: actor.nombre, ...fechaDeCarga(actor) })
      .returning({ id: estadosContables.id });
    return fila!.id;
  },
  async actualizar(tx, id, d, documentoId) {
    await tx
      .update(estadosContables)
      .set({ tipoEstadoContable: d.tipo, mes: d.mes, anio: d.anio, ...(documentoId === undefined ? {} : { documentoId }) })
      .where(eq(estadosContables.id, id));
  },
  async borrar(tx, id) {
    const [fila] = await tx.delete(estadosContables).where(eq(estadosContables.id, id)).returning();
    return filaGuardable(estadosContables, fila!);
  },
  async reponer(tx, id, guardada) {
    const [e] = await tx
      .insert(estadosContables)
      .values({ ...filaRestaurada(estadosContables, guardada), id })
      .returning();
    return { datos: aFilaEstado({ e: e!, ...SIN_DOCUMENTO }).datos, documentoId: e!.documentoId };
  },
};

const columnasSueldo = { ...columnasDocumento, s: sueldos };
type FilaSueldo = { s: typeof sueldos.$inferSelect } & Omit<Fila<DatosSueldo>, 'id' | 'datos' | 'usuarioCreacion' | 'fechaCreacion'>;
const aFilaSueldo = ({ s, ...doc }: FilaSueldo): Fila<DatosSueldo> => ({
  ...doc,
  id: s.id,
  datos: { periodo: s.periodo, anio: s.anio },
  usuarioCreacion: null,
  fechaCreacion: s.fechaCreacion,
});
const ORDEN_SUELDOS: Record<OrdenFinanzas, SQL[]> = {
  'periodo-desc': [desc(sueldos.anio), desc(sueldos.orden), desc(sueldos.id)],
  'periodo-asc': [asc(sueldos.anio), asc(sueldos.orden), asc(sueldos.id)],
  'subida-desc': [desc(sueldos.fechaCreacion), desc(sueldos.id)],
};

const SUELDOS: Definicion<DatosSueldo> = {
  schema: sueldoSchema,
  entidad: 'sueldo',
  nombre: 'el informe de sueldos',
  titulo: (d) => `Sueldos ${d.periodo} ${d.anio}`,
  valores: (d) => ({ periodo: d.periodo, anio: String(d.anio) }),
  buscar: (texto) => {
    const anio = esAnio(texto);
    return or(ilike(documentos.nombreArchivo, patron(texto)), ilike(sueldos.periodo, patron(texto)), ...(anio === undefined ? [] : [eq(sueldos.anio, anio)]));
  },
  async listar(db, donde, orden, desde) {
    const [filas, [total]] = await Promise.all([
      db
        .select(columnasSueldo)
        .from(sueldos)
        .innerJoin(documentos, eq(documentos.id, sueldos.documentoId))
        .where(donde)
        .orderBy(...ORDEN_SUELDOS[orden])
        .limit(POR_PAGINA_FINANZAS)
        .offset(desde),
      db.select({ n: count() }).from(sueldos).innerJoin(documentos, eq(documentos.id, sueldos.documentoId)).where(donde),
    ]);
    return { filas: filas.map(aFilaSueldo), total: total?.n ?? 0 };
  },
  async leer(db, id, bloquear = false) {
    const consulta = db.select(columnasSueldo).from(sueldos).innerJoin(documentos, eq(documentos.id, sueldos.documentoId)).where(eq(sueldos.id, id));
    const [fila] = bloquear ? await consulta.for('update', { of: sueldos }) : await consulta;
    return fila && aFilaSueldo(fila);
  },
  // A salary report records when it was uploaded, not by whom.
  async insertar(tx, d, documentoId, actor) {
    const [fila] = await tx
      .insert(sueldos)
      .values({ periodo: d.periodo, orden: ORDEN_PERIODO.get(d.periodo) ?? 0, anio: d.anio, documentoId, ...fechaDeCarga(actor) })
      .returning({ id: sueldos.id });
    return fila!.id;
  },
  async actualizar(tx, id, d, documentoId) {
    await tx
      .update(sueldos)
      .set({ periodo: d.periodo, orden: ORDEN_PERIODO.get(d.periodo) ?? 0, anio: d.anio, ...(documentoId === undefined ? {} : { documentoId }) })
      .where(eq(sueldos.id, id));
  },
  async borrar(tx, id) {
    const [fila] = await tx.delete(sueldos).where(eq(sueldos.id, id)).returning();
    return filaGuardable(sueldos, fila!);
  },
  async reponer(tx, id, guardada) {
    const [s] = await tx
      .insert(sueldos)
      .values({ ...filaRestaurada(sueldos, guardada), id })
      .returning();
    return { datos: aFilaSueldo({ s: s!, ...SIN_DOCUMENTO }).datos, documentoId: s!.documentoId };
  },
};

type Datos = DatosEstado | DatosSueldo;
const DEFINICIONES = { 'estados-contables': ESTADOS, sueldos: SUELDOS } as const;
/** The two definitions behind one type: each reads only the data its own schema produced. */
const definicion = (tipo: TipoFinanzas) => DEFINICIONES[tipo] as unknown as Definicion<Datos>;

/** What the pages show of an item. */
export type ItemFinanzas = {
  id: number;
  titulo: string;
  usuarioCreacion: string | null;
  fechaCreacion: Date;
  valores: Partial<Record<CampoFinanzas, string>>;
  documento: { id: number; nombreArchivo: string; tamano: number };
};

const aItem = (def: Definicion<Datos>, f: Fila<Datos>): ItemFinanzas => ({
  id: f.id,
  titulo: def.titulo(f.datos),
  usuarioCreacion: f.usuarioCreacion,
  fechaCreacion: f.fechaCreacion,
  valores: def.valores(f.datos),
  documento: { id: f.documentoId, nombreArchivo: f.nombreArchivo, tamano: f.tamano },
});

/** The back-office's list: a year finds that year's items, other words the period or the file's name (and who uploaded a statement). */
export async function listFinanzasAdmin(db: Db, tipo: TipoFinanzas, filtros: FiltrosFinanzas): Promise<{ items: ItemFinanzas[]; total: number }> {
  const def = definicion(tipo);
  const texto = filtros.texto;
  const { filas, total } = await def.listar(db, texto === undefined ? undefined : def.buscar(texto), filtros.orden, (filtros.pagina - 1) * POR_PAGINA_FINANZAS);
  return { items: filas.map((f) => aItem(def, f)), total };
}

export async function getFinanzasAdmin(db: Db, tipo: TipoFinanzas, id: number): Promise<ItemFinanzas | undefined> {
  const def = definicion(tipo);
  const fila = await def.leer(db, id);
  return fila && aItem(def, fila);
}

export type ResultadoFinanzas =
  { tipo: 'guardado'; id: number; cambio: boolean } | { tipo: 'invalido'; errores: Errores; valores: Errores } | { tipo: 'no_encontrado' };

const PROHIBIDO = 'Sólo un editor o un administrador puede publicar, cambiar o borrar estados contables e informes de sueldos.';
type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;
const auditable = (d: Datos, documentoId: number) => ({ ...d, documentoId });
const mismosDatos = (a: Datos, b: Datos) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Publishes an item (editors and administrators): its data, and its PDF through the upload
 * pipeline; audited `<entidad>.alta`. Who uploaded it (statements only) and when are the actor's: a
 * historic load keeps its own (docs/decisions/047-carga-historica.md). Without `config` (the demo,
 * the factories) the upload limit is the default one.
 */
export async function createFinanzasAdmin(
  ctx: Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  actor: Actor,
  tipo: TipoFinanzas,
  input: FormInput,
): Promise<ResultadoFinanzas> {
  if (!puede(actor, 'finanzas')) throw new PermisoDenegadoError(PROHIBIDO);
  const def = definicion(tipo);
  const leido = readForm(def.schema, input);
  const errores: Errores = leido.ok ? {} : { ...leido.errores };
  const archivo = archivoDe(input);
  if (archivo === undefined) errores.archivo = 'Elegí el PDF.';
  else if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí el PDF.';
  if (!leido.ok || archivo === undefined || archivo === 'vacio') return { tipo: 'invalido', errores, valores: leido.valores };
  const datos = leido.datos as Datos;
  try {
    const id = await saveSubida(ctx, await readArchivo(archivo), { tipos: ['pdf'], maxBytes: ctx.config?.subidaMaxBytes }, async (tx, documento) => {
      const id = await def.insertar(tx, datos, documento.id, actor);
      await registrarAuditoria(tx, { actor, accion: `${def.entidad}.alta`, entidad: def.entidad, entidadId: id, despues: auditable(datos, documento.id) });
      return id;
    });
    return { tipo: 'guardado', id, cambio: true };
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return { tipo: 'invalido', errores: { archivo: error.message }, valores: leido.valores };
    throw error;
  }
}

/**
 * Changes an item's data and, when a file is chosen, replaces its PDF (audited `<entidad>.cambio`,
 * before and after). The replaced PDF's link is remembered as withdrawn and its file removed after
 * the commit. Nothing changed and no file: nothing written.
 */
export async function updateFinanzasAdmin(ctx: Ctx, actor: Actor, tipo: TipoFinanzas, id: number, input: FormInput): Promise<ResultadoFinanzas> {
  if (!puede(actor, 'finanzas')) throw new PermisoDenegadoError(PROHIBIDO);
  const def = definicion(tipo);
  const leido = readForm(def.schema, input);
  const archivo = archivoDe(input);
  if (!leido.ok || archivo === 'vacio') {
    const errores: Errores = { ...(leido.ok ? {} : leido.errores), ...(archivo === 'vacio' ? { archivo: 'El archivo está vacío: elegí el PDF nuevo.' } : {}) };
    return { tipo: 'invalido', errores, valores: leido.valores };
  }
  const datos = leido.datos as Datos;
  if (!(await def.leer(ctx.db, id))) return { tipo: 'no_encontrado' };

  const escribir = async (tx: Db, documentoNuevo?: number): Promise<{ resultado: ResultadoFinanzas; viejo?: Fila<Datos> } | null> => {
    const antes = await def.leer(tx, id, true);
    if (!antes) return null;
    if (mismosDatos(antes.datos, datos) && documentoNuevo === undefined) return { resultado: { tipo: 'guardado', id, cambio: false } };
    await def.actualizar(tx, id, datos, documentoNuevo);
    if (documentoNuevo !== undefined) {
      await removeDocumento(tx, antes.documentoId);
      await retirarContenido(tx, { ruta: rutaDocumento(antes.documentoId), titulo: `${def.titulo(antes.datos)} (reemplazado por un PDF nuevo)`, actor });
    }
    await registrarAuditoria(tx, {
      actor,
      accion: `${def.entidad}.cambio`,
      entidad: def.entidad,
      entidadId: id,
      antes: auditable(antes.datos, antes.documentoId),
      despues: auditable(datos, documentoNuevo ?? antes.documentoId),
    });
    return { resultado: { tipo: 'guardado', id, cambio: true }, ...(documentoNuevo === undefined ? {} : { viejo: antes }) };
  };

  try {
    return (await escribirConPdf(ctx, archivo, escribir)) ?? { tipo: 'no_encontrado' };
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return { tipo: 'invalido', errores: { archivo: error.message }, valores: leido.valores };
    throw error;
  }
}

/**
 * Deletes an item once confirmed (audited `<entidad>.baja`): the row goes, its document is hidden
 * (kept stored), the document's link is remembered as withdrawn with the item's title, and for 90
 * days it can be restored (`restaurarFinanzasAdmin`, docs/decisions/054-retirados-restaurables.md).
 */
export async function deleteFinanzasAdmin(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  tipo: TipoFinanzas,
  id: number,
  input: FormInput,
): Promise<{ tipo: 'borrado'; titulo: string } | { tipo: 'no_encontrado' } | { tipo: 'sin_confirmar'; mensaje: string }> {
  if (!puede(actor, 'finanzas')) throw new PermisoDenegadoError(PROHIBIDO);
  const def = definicion(tipo);
  const confirmado = readForm(
    confirmacionBorradoSchema(`Para borrar ${def.nombre}, confirmalo en la página que lo pregunta: usá el botón «Sí, borrar».`),
    input,
  );
  if (!confirmado.ok) return { tipo: 'sin_confirmar', mensaje: confirmado.errores.confirmado! };
  const borrado = await ctx.db.transaction(async (tx) => {
    const antes = await def.leer(tx, id, true);
    if (!antes) return undefined;
    const fila = await def.borrar(tx, id);
    await hideDocumento(tx, antes.documentoId);
    const titulo = def.titulo(antes.datos);
    await retirarContenido(tx, { ruta: rutaDocumento(antes.documentoId), titulo, actor });
    await guardarRestaurable(tx, {
      clave: tipo,
      entidadId: id,
      titulo,
      datos: { fila },
      documentoId: antes.documentoId,
      rutas: [rutaDocumento(antes.documentoId)],
      actor,
      ahora: ctx.clock.now(),
    });
    await registrarAuditoria(tx, {
      actor,
      accion: `${def.entidad}.baja`,
      entidad: def.entidad,
      entidadId: id,
      antes: auditable(antes.datos, antes.documentoId),
    });
    return antes;
  });
  if (!borrado) return { tipo: 'no_encontrado' };
  return { tipo: 'borrado', titulo: def.titulo(borrado.datos) };
}

/**
 * Restores a deleted statement or salary report within 90 days, with its id, data and PDF
 * (docs/decisions/054-retirados-restaurables.md); audited `<entidad>.restauracion`.
 */
export async function restaurarFinanzasAdmin(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  tipo: TipoFinanzas,
  retiradoId: number,
): Promise<ResultadoRestauracion> {
  if (!puede(actor, 'finanzas')) return { tipo: 'prohibido', mensaje: PROHIBIDO };
  const def = definicion(tipo);
  return restaurarRetirado(ctx, tipo, retiradoId, async (tx, guardado) => {
    const { datos, documentoId } = await def.reponer(tx, guardado.entidadId, (guardado.datos as { fila: unknown }).fila);
    await registrarAuditoria(tx, {
      actor,
      accion: `${def.entidad}.restauracion`,
      entidad: def.entidad,
      entidadId: guardado.entidadId,
      despues: auditable(datos, documentoId),
    });
    return undefined;
  });
}

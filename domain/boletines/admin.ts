import { restriccionUnica } from '#db/errors.ts';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales, boletinesOrdenanzas, documentos } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { archivoDe, confirmacionBorradoSchema, escribirConPdf, filtrosListaSchema, readArchivo, rutaDocumento } from '#domain/documentos/panel.ts';
import { SubidaRechazadaError, saveSubida, textoSinLeer } from '#domain/documentos/subidas.ts';
import { hideDocumento, removeDocumento } from '#domain/documentos/commands.ts';
import { type Actor, fechaDeCarga } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { monthName } from '#domain/shared/meses.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { escaparLike } from '#domain/shared/texto.ts';
import { type ResultadoRestauracion, filaGuardable, filaRestaurada, guardarRestaurable, restaurarRetirado, retirarContenido } from '#domain/sitio/retirados.ts';
import { z } from '#domain/shared/zod.ts';
import { POR_PAGINA_BOLETINES } from './campos.ts';

/**
 * The official bulletins in the back-office: editors and administrators list them
 * (search, sort, pages), upload one (number, month, year and its PDF), change its data or replace
 * its PDF, and delete it. Every write is audited in its own transaction; the PDF goes through the
 * upload pipeline (docs/decisions/017-subidas.md), so a refused file or a failed write leaves
 * nothing stored. A deleted bulletin's document link is remembered as withdrawn
 * (`retirarContenido`): whoever follows it from a feed or a shared link reads what it was.
 */

export const ORDENES_BOLETINES = ['fecha-desc', 'fecha-asc', 'numero-desc', 'numero-asc'] as const;
export type OrdenBoletines = (typeof ORDENES_BOLETINES)[number];

const MENSAJE_NUMERO = 'Escribí el número del boletín, por ejemplo 325.';
const MENSAJE_MES = 'Elegí el mes del boletín.';
const MENSAJE_ANIO = 'Escribí el año del boletín con cuatro cifras, por ejemplo 2026.';

/** A bulletin's data as the create and edit forms send it (the PDF aside: it is a file). */
export const boletinSchema = z.object({
  numero: z
    .string({ error: MENSAJE_NUMERO })
    .trim()
    .regex(/^\d{1,6}$/, { error: MENSAJE_NUMERO })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'El número del boletín empieza en 1.' })),
  mes: z
    .string({ error: MENSAJE_MES })
    .trim()
    .regex(/^(?:[1-9]|1[0-2])$/, { error: MENSAJE_MES })
    .transform(Number),
  anio: z
    .string({ error: MENSAJE_ANIO })
    .trim()
    .regex(/^\d{4}$/, { error: MENSAJE_ANIO })
    .transform(Number)
    .pipe(z.number().int().min(1900, { error: 'Escribí un año desde 1900.' }).max(2100, { error: 'Escribí un año hasta 2100.' })),
});
export type CampoBoletin = keyof z.output<typeof boletinSchema> | 'archivo';

/** The list's search, order and page, as its GET form writes them in the address. */
export const filtrosBoletinesSchema = filtrosListaSchema(ORDENES_BOLETINES, 'un número, un año o parte del nombre del archivo');
export type FiltrosBoletines = z.output<typeof filtrosBoletinesSchema>;

const confirmacionSchema = confirmacionBorradoSchema('Para borrar el boletín, confirmalo en la página que lo pregunta: usá el botón «Borrar el boletín».');

export type BoletinAdmin = {
  id: number;
  numero: number;
  mes: number;
  anio: number;
  titulo: string;
  usuarioCreacion: string;
  fechaCreacion: Date;
  /** `sinTexto`: its text was not read within the extraction budget (domain/documentos/pdf.ts), so search misses it. */
  documento: { id: number; nombreArchivo: string; tamano: number; clave: string; sinTexto: boolean };
};

/** What the public reads of a bulletin: the feed's and the page's words. */
export const tituloBoletin = (b: { numero: number; mes: number; anio: number }) => `Boletín Oficial N° ${b.numero} - ${monthName(b.mes)} ${b.anio}`;

const columnas = {
  id: boletinesOficiales.id,
  numero: boletinesOficiales.numeroBoletinOficial,
  mes: boletinesOficiales.mes,
  anio: boletinesOficiales.anio,
  usuarioCreacion: boletinesOficiales.usuarioCreacion,
  fechaCreacion: boletinesOficiales.fechaCreacion,
  documentoId: documentos.id,
  nombreArchivo: documentos.nombreArchivo,
  tamano: documentos.tamano,
  clave: documentos.clave,
  claveWeb: documentos.claveWeb,
  claveMiniatura: documentos.claveMiniatura,
  tipoContenido: documentos.tipoContenido,
  paginas: documentos.paginas,
};
type Fila = {
  id: number;
  numero: number;
  mes: number;
  anio: number;
  usuarioCreacion: string;
  fechaCreacion: Date;
  documentoId: number;
  nombreArchivo: string;
  tamano: number;
  clave: string;
  claveWeb: string | null;
  claveMiniatura: string | null;
  tipoContenido: string;
  paginas: number | null;
};

const aBoletin = (f: Fila): BoletinAdmin => ({
  id: f.id,
  numero: f.numero,
  mes: f.mes,
  anio: f.anio,
  titulo: tituloBoletin(f),
  usuarioCreacion: f.usuarioCreacion,
  fechaCreacion: f.fechaCreacion,
  documento: { id: f.documentoId, nombreArchivo: f.nombreArchivo, tamano: f.tamano, clave: f.clave, sinTexto: textoSinLeer(f) },
});

const ORDEN: Record<OrdenBoletines, SQL[]> = {
  'fecha-desc': [desc(boletinesOficiales.anio), desc(boletinesOficiales.mes), desc(boletinesOficiales.numeroBoletinOficial), desc(boletinesOficiales.id)],
  'fecha-asc': [asc(boletinesOficiales.anio), asc(boletinesOficiales.mes), asc(boletinesOficiales.numeroBoletinOficial), asc(boletinesOficiales.id)],
  'numero-desc': [desc(boletinesOficiales.numeroBoletinOficial), desc(boletinesOficiales.anio), desc(boletinesOficiales.id)],
  'numero-asc': [asc(boletinesOficiales.numeroBoletinOficial), asc(boletinesOficiales.anio), asc(boletinesOficiales.id)],
};

/**
 * The back-office's list: a number or a year finds the bulletins with it, other words the file
 * name or who uploaded it; ordered by the bulletin's month (newest first by default) or number.
 */
export async function listBoletinesAdmin(db: Db, filtros: FiltrosBoletines): Promise<{ items: BoletinAdmin[]; total: number }> {
  const texto = filtros.texto;
  let donde: SQL | undefined;
  if (texto !== undefined) {
    const patron = `%${escaparLike(texto)}%`;
    donde = or(
      ilike(documentos.nombreArchivo, patron),
      ilike(boletinesOficiales.usuarioCreacion, patron),
      ...(/^\d{1,6}$/.test(texto) ? [eq(boletinesOficiales.numeroBoletinOficial, Number(texto)), eq(boletinesOficiales.anio, Number(texto))] : []),
    );
  }
  const [filas, [total]] = await Promise.all([
    db
      .select(columnas)
      .from(boletinesOficiales)
      .innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId))
      .where(donde)
      .orderBy(...ORDEN[filtros.orden])
      .limit(POR_PAGINA_BOLETINES)
      .offset((filtros.pagina - 1) * POR_PAGINA_BOLETINES),
    db.select({ n: count() }).from(boletinesOficiales).innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId)).where(donde),
  ]);
  return { items: filas.map(aBoletin), total: total?.n ?? 0 };
}

async function leerFila(db: Db, id: number, bloquear = false): Promise<Fila | undefined> {
  const consulta = db
    .select(columnas)
    .from(boletinesOficiales)
    .innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId))
    .where(eq(boletinesOficiales.id, id));
  const [fila] = bloquear ? await consulta.for('update', { of: boletinesOficiales }) : await consulta;
  return fila;
}

export async function getBoletinAdmin(db: Db, id: number): Promise<BoletinAdmin | undefined> {
  const fila = await leerFila(db, id);
  return fila && aBoletin(fila);
}

type Errores = Partial<Record<CampoBoletin, string>>;
export type ResultadoBoletin =
  { tipo: 'guardado'; id: number; cambio: boolean } | { tipo: 'invalido'; errores: Errores; valores: Errores } | { tipo: 'no_encontrado' };

const PROHIBIDO = 'Sólo un editor o un administrador puede publicar, cambiar o borrar boletines oficiales.';
const repetido = (numero: number, anio: number) =>
  `Ya hay un Boletín Oficial N° ${numero} de ${anio}: revisá el número y el año, o abrí ese boletín para reemplazar su PDF.`;
const auditable = (b: { numero: number; mes: number; anio: number }, documentoId: number) => ({ numero: b.numero, mes: b.mes, anio: b.anio, documentoId });

async function otroConNumero(db: Db, numero: number, anio: number, salvoId?: number): Promise<boolean> {
  const [fila] = await db
    .select({ id: boletinesOficiales.id })
    .from(boletinesOficiales)
    .where(and(eq(boletinesOficiales.numeroBoletinOficial, numero), eq(boletinesOficiales.anio, anio)));
  return fila !== undefined && fila.id !== salvoId;
}

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config'>;

/**
 * Publishes a bulletin (editors and administrators): its data, and its PDF through the upload
 * pipeline; audited `boletin.alta`. A number already used that year is refused on the number's
 * field, also when two uploads race (the unique index of migration 0014 decides). Who uploaded it
 * and when are the actor's: a historic load keeps its own (docs/decisions/047-carga-historica.md).
 * Without `config` (the demo, the factories) the upload limit is the default one.
 */
export async function createBoletinAdmin(
  ctx: Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  actor: Actor,
  input: FormInput,
): Promise<ResultadoBoletin> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(boletinSchema, input);
  const errores: Errores = leido.ok ? {} : { ...leido.errores };
  const archivo = archivoDe(input);
  if (archivo === undefined) errores.archivo = 'Elegí el PDF del boletín.';
  else if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí el PDF del boletín.';
  if (!leido.ok || archivo === undefined || archivo === 'vacio') return { tipo: 'invalido', errores, valores: leido.valores };
  const datos = leido.datos;
  if (await otroConNumero(ctx.db, datos.numero, datos.anio))
    return { tipo: 'invalido', errores: { numero: repetido(datos.numero, datos.anio) }, valores: leido.valores };
  try {
    const id = await saveSubida(ctx, await readArchivo(archivo), { tipos: ['pdf'], maxBytes: ctx.config?.subidaMaxBytes }, async (tx, documento) => {
      const [fila] = await tx
        .insert(boletinesOficiales)
        .values({
          documentoId: documento.id,
          numeroBoletinOficial: datos.numero,
          mes: datos.mes,
          anio: datos.anio,
          usuarioCreacion: actor.nombre,
          ...fechaDeCarga(actor),
        })
        .returning({ id: boletinesOficiales.id });
      await registrarAuditoria(tx, { actor, accion: 'boletin.alta', entidad: 'boletin_oficial', entidadId: fila!.id, despues: auditable(datos, documento.id) });
      return fila!.id;
    });
    return { tipo: 'guardado', id, cambio: true };
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return { tipo: 'invalido', errores: { archivo: error.message }, valores: leido.valores };
    if (restriccionUnica(error) !== undefined) return { tipo: 'invalido', errores: { numero: repetido(datos.numero, datos.anio) }, valores: leido.valores };
    throw error;
  }
}

/**
 * Changes a bulletin's number, month or year and, when a file is chosen, replaces its PDF
 * (audited `boletin.cambio`, before and after). The replaced PDF's link is remembered as withdrawn
 * and its file removed after the commit. Nothing changed and no file: nothing written.
 */
export async function updateBoletinAdmin(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<ResultadoBoletin> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(boletinSchema, input);
  const archivo = archivoDe(input);
  if (!leido.ok || archivo === 'vacio') {
    return {
      tipo: 'invalido',
      errores: { ...(leido.ok ? {} : leido.errores), ...(archivo === 'vacio' ? { archivo: 'El archivo está vacío: elegí el PDF nuevo del boletín.' } : {}) },
      valores: leido.valores,
    };
  }
  const datos = leido.datos;
  const actual = await leerFila(ctx.db, id);
  if (!actual) return { tipo: 'no_encontrado' };
  if (await otroConNumero(ctx.db, datos.numero, datos.anio, id))
    return { tipo: 'invalido', errores: { numero: repetido(datos.numero, datos.anio) }, valores: leido.valores };

  // Inside the write: the row locked, re-read, changed and audited; `documentoNuevo` when a PDF replaces the old one.
  const escribir = async (tx: Db, documentoNuevo?: number): Promise<{ resultado: ResultadoBoletin; viejo?: Fila } | null> => {
    const antes = await leerFila(tx, id, true);
    if (!antes) return null;
    const mismo = antes.numero === datos.numero && antes.mes === datos.mes && antes.anio === datos.anio;
    if (mismo && documentoNuevo === undefined) return { resultado: { tipo: 'guardado', id, cambio: false } };
    await tx
      .update(boletinesOficiales)
      .set({ numeroBoletinOficial: datos.numero, mes: datos.mes, anio: datos.anio, ...(documentoNuevo === undefined ? {} : { documentoId: documentoNuevo }) })
      .where(eq(boletinesOficiales.id, id));
    if (documentoNuevo !== undefined) {
      await removeDocumento(tx, antes.documentoId);
      await retirarContenido(tx, { ruta: rutaDocumento(antes.documentoId), titulo: `${tituloBoletin(antes)} (reemplazado por un PDF nuevo)`, actor });
    }
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.cambio',
      entidad: 'boletin_oficial',
      entidadId: id,
      antes: auditable(antes, antes.documentoId),
      despues: auditable(datos, documentoNuevo ?? antes.documentoId),
    });
    return { resultado: { tipo: 'guardado', id, cambio: true }, ...(documentoNuevo === undefined ? {} : { viejo: antes }) };
  };

  try {
    return (await escribirConPdf(ctx, archivo, escribir)) ?? { tipo: 'no_encontrado' };
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return { tipo: 'invalido', errores: { archivo: error.message }, valores: leido.valores };
    if (restriccionUnica(error) !== undefined) return { tipo: 'invalido', errores: { numero: repetido(datos.numero, datos.anio) }, valores: leido.valores };
    throw error;
  }
}

/**
 * Deletes a bulletin once confirmed (audited `boletin.baja`): the row goes, its document is hidden
 * (kept stored), the document's link is remembered as withdrawn with the bulletin's title, and
 * for 90 days the bulletin, with the decrees and ordinances it published, can be restored
 * (`restaurarBoletinAdmin`, docs/decisions/054-retirados-restaurables.md).
 */
export async function deleteBoletinAdmin(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  id: number,
  input: FormInput,
): Promise<{ tipo: 'borrado'; titulo: string } | { tipo: 'no_encontrado' } | { tipo: 'sin_confirmar'; mensaje: string }> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const confirmado = readForm(confirmacionSchema, input);
  if (!confirmado.ok) return { tipo: 'sin_confirmar', mensaje: confirmado.errores.confirmado! };
  const borrado = await ctx.db.transaction(async (tx) => {
    const antes = await leerFila(tx, id, true);
    if (!antes) return undefined;
    const [fila] = await tx.select().from(boletinesOficiales).where(eq(boletinesOficiales.id, id));
    const decretos = await tx.select().from(boletinesDecretos).where(eq(boletinesDecretos.boletinId, id));
    const ordenanzasDelBoletin = await tx.select().from(boletinesOrdenanzas).where(eq(boletinesOrdenanzas.boletinId, id));
    await tx.delete(boletinesOficiales).where(eq(boletinesOficiales.id, id));
    await hideDocumento(tx, antes.documentoId);
    await retirarContenido(tx, { ruta: rutaDocumento(antes.documentoId), titulo: tituloBoletin(antes), actor });
    await guardarRestaurable(tx, {
      clave: 'boletines',
      entidadId: id,
      titulo: tituloBoletin(antes),
      datos: {
        fila: filaGuardable(boletinesOficiales, fila!),
        decretos: decretos.map((d) => filaGuardable(boletinesDecretos, d)),
        ordenanzas: ordenanzasDelBoletin.map((o) => filaGuardable(boletinesOrdenanzas, o)),
      },
      documentoId: antes.documentoId,
      rutas: [rutaDocumento(antes.documentoId)],
      actor,
      ahora: ctx.clock.now(),
    });
    await registrarAuditoria(tx, { actor, accion: 'boletin.baja', entidad: 'boletin_oficial', entidadId: id, antes: auditable(antes, antes.documentoId) });
    return antes;
  });
  if (!borrado) return { tipo: 'no_encontrado' };
  return { tipo: 'borrado', titulo: tituloBoletin(borrado) };
}

/**
 * Restores a deleted bulletin within 90 days (docs/decisions/054-retirados-restaurables.md): its
 * id, data, texts, the decrees and ordinances it published and its PDF, public again. Refused,
 * with nothing changed, when its number was used again that year; audited `boletin.restauracion`.
 */
export async function restaurarBoletinAdmin(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, retiradoId: number): Promise<ResultadoRestauracion> {
  if (!puede(actor, 'boletines')) return { tipo: 'prohibido', mensaje: PROHIBIDO };
  return restaurarRetirado(ctx, 'boletines', retiradoId, async (tx, guardado) => {
    const datos = guardado.datos as { fila: unknown; decretos?: unknown[]; ordenanzas?: unknown[] };
    const fila = filaRestaurada(boletinesOficiales, datos.fila);
    const [otro] = await tx
      .select({ id: boletinesOficiales.id, mes: boletinesOficiales.mes })
      .from(boletinesOficiales)
      .where(and(eq(boletinesOficiales.numeroBoletinOficial, fila.numeroBoletinOficial), eq(boletinesOficiales.anio, fila.anio)));
    if (otro)
      return `No se puede restaurar: el ${tituloBoletin({ numero: fila.numeroBoletinOficial, mes: otro.mes, anio: fila.anio })} se publicó de nuevo (n.º ${otro.id} de la lista). Revisalo o cambiale el número antes de restaurar.`;
    await tx.insert(boletinesOficiales).values({ ...fila, id: guardado.entidadId });
    const decretos = (datos.decretos ?? []).map((d) => filaRestaurada(boletinesDecretos, d));
    const ordenanzasDelBoletin = (datos.ordenanzas ?? []).map((o) => filaRestaurada(boletinesOrdenanzas, o));
    if (decretos.length > 0) await tx.insert(boletinesDecretos).values(decretos);
    if (ordenanzasDelBoletin.length > 0) await tx.insert(boletinesOrdenanzas).values(ordenanzasDelBoletin);
    const numero = { numero: fila.numeroBoletinOficial, mes: fila.mes, anio: fila.anio };
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.restauracion',
      entidad: 'boletin_oficial',
      entidadId: guardado.entidadId,
      despues: auditable(numero, fila.documentoId),
    });
    return undefined;
  });
}

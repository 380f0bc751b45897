import { asc, desc, eq, max } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos, documentosObservatorio, galeriaImagenes, observatorioVial } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { SubidaRechazadaError, TIPOS_IMAGEN, type TipoSubida, removeArchivos, saveSubida } from '#domain/documentos/subidas.ts';
import { hideDocumento, removeDocumento } from '#domain/documentos/commands.ts';
import { type Actor, fechaDeCarga } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { archivoDe, confirmacionBorradoSchema, readArchivo, rutaDocumento } from '#domain/documentos/panel.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { monthName } from '#domain/shared/meses.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { type ResultadoRestauracion, filaGuardable, filaRestaurada, guardarRestaurable, restaurarRetirado, retirarContenido } from '#domain/sitio/retirados.ts';
import { z } from '#domain/shared/zod.ts';
import type { TipoDocumentoObservatorio } from './queries.ts';

/**
 * The road observatory in the back-office (docs/decisions/021-observatorio-en-el-panel.md),
 * for editors and administrators: the presentation (staff HTML, sanitised with the site's one
 * allow-list when stored and again when shown) and its logo, the gallery (images with a title, a
 * description and a required alternative text, in the staff's order) and the two lists of
 * documents (the Terminal's monthly passenger movement, the yearly OSSIVI reports). Files go
 * through the upload pipeline (docs/decisions/017-subidas.md): images re-encoded without their
 * metadata, PDFs read, nothing kept when anything fails. Every write is audited in its
 * transaction; a removed or replaced file's address is remembered as withdrawn (410).
 */

const PROHIBIDO = 'Sólo un editor o un administrador puede cambiar el Observatorio Vial.';
/** The gallery's name when the observatory has no row yet (the demo data's name). */
const GALERIA_POR_DEFECTO = 'observatorio-vial';

/** The upload limit from the settings when there are any; the pipeline's default otherwise (the demo, the factories). */
type Ctx = Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> };
type Errores<K extends string> = Partial<Record<K, string>>;
type Resultado<K extends string> =
  { tipo: 'guardado'; id: number } | { tipo: 'invalido'; errores: Errores<K>; valores: Errores<K> } | { tipo: 'no_encontrado' };

/**
 * Runs `escribir` with the chosen file through the upload pipeline (or without one, in a plain
 * transaction), then removes the files of the document it replaced. A refused file is the field's
 * error.
 */
async function conArchivo<T>(
  ctx: Ctx,
  archivo: File | undefined,
  tipos: readonly TipoSubida[],
  escribir: (tx: Db, documentoId?: number) => Promise<{ valor: T; claves?: (string | null)[] }>,
): Promise<{ ok: true; valor: T } | { ok: false; mensaje: string }> {
  try {
    const hecho = archivo
      ? await saveSubida(ctx, await readArchivo(archivo), { tipos, maxBytes: ctx.config?.subidaMaxBytes }, (tx, documento) => escribir(tx, documento.id))
      : await ctx.db.transaction((tx) => escribir(tx));
    if (hecho.claves) await removeArchivos(ctx, hecho.claves);
    return { ok: true, valor: hecho.valor };
  } catch (error) {
    if (error instanceof SubidaRechazadaError) return { ok: false, mensaje: error.message };
    throw error;
  }
}

/** Deletes a document replaced by another, remembering its address as withdrawn; returns its files' keys. */
async function retirarDocumento(tx: Db, actor: Actor, documentoId: number, titulo: string): Promise<(string | null)[]> {
  const claves = await removeDocumento(tx, documentoId);
  await retirarContenido(tx, { ruta: rutaDocumento(documentoId), titulo, actor });
  return claves;
}

/** Hides the document of a removed item, kept stored to restore it (docs/decisions/054-retirados-restaurables.md), its address withdrawn. */
async function ocultarDocumento(tx: Db, actor: Actor, documentoId: number, titulo: string): Promise<void> {
  await hideDocumento(tx, documentoId);
  await retirarContenido(tx, { ruta: rutaDocumento(documentoId), titulo, actor });
}

const texto = (etiqueta: string, largo: number, obligatorio: string | null) =>
  z
    .string({ error: obligatorio ?? `Escribí ${etiqueta}.` })
    .transform((v) =>
      v
        .replace(/[\p{Cc}]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .pipe(
      obligatorio
        ? z
            .string()
            .min(1, { error: obligatorio })
            .max(largo, { error: `Escribí ${etiqueta} en hasta ${largo} caracteres.` })
        : z.string().max(largo, { error: `Escribí ${etiqueta} en hasta ${largo} caracteres.` }),
    );

// ---------------------------------------------------------------- presentation and logo

export const presentacionSchema = z.object({
  texto: z
    .string({ error: 'Escribí la presentación del Observatorio.' })
    .max(20_000, { error: 'Escribí la presentación en hasta 20 000 caracteres.' })
    .transform((v) => sanitizeStaffHtml(v))
    .pipe(z.string().min(1, { error: 'Escribí la presentación del Observatorio: queda vacía sin texto.' })),
});
type CampoPresentacion = 'texto' | 'archivo';

type ObservatorioAdmin = {
  texto: string;
  logo: { id: number; nombreArchivo: string } | null;
  imagenes: { id: number; documentoId: number; titulo: string; descripcion: string; alt: string; nombreArchivo: string; miniatura: boolean }[];
  documentos: { id: number; tipo: TipoDocumentoObservatorio; mes: number | null; anio: number; titulo: string; documentoId: number; nombreArchivo: string }[];
};

/** A document's title as the public page and the withdrawn notice say it. */
const tituloDocumentoObservatorio = (d: { tipo: string; mes: number | null; anio: number }) =>
  d.tipo === 'MOVIMIENTO_TERMINAL' ? `Movimiento de pasajeros de la Terminal - ${monthName(d.mes)} ${d.anio}` : `Informe estadístico OSSIVI ${d.anio}`;

async function filaActual(db: Db, bloquear = false) {
  const consulta = db.select().from(observatorioVial).orderBy(desc(observatorioVial.id)).limit(1);
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  return fila;
}

/** Everything the back-office page shows: the presentation, the gallery in order, both lists of documents. */
export async function getObservatorioAdmin(db: Db): Promise<ObservatorioAdmin> {
  const fila = await filaActual(db);
  const galeria = fila?.galeriaNombre ?? GALERIA_POR_DEFECTO;
  const [logo, imagenes, docs] = await Promise.all([
    fila?.logoId ? db.select({ id: documentos.id, nombreArchivo: documentos.nombreArchivo }).from(documentos).where(eq(documentos.id, fila.logoId)) : [],
    db
      .select({
        id: galeriaImagenes.id,
        documentoId: galeriaImagenes.documentoId,
        titulo: galeriaImagenes.titulo,
        descripcion: galeriaImagenes.descripcion,
        alt: galeriaImagenes.alt,
        nombreArchivo: documentos.nombreArchivo,
        claveMiniatura: documentos.claveMiniatura,
      })
      .from(galeriaImagenes)
      .innerJoin(documentos, eq(documentos.id, galeriaImagenes.documentoId))
      .where(eq(galeriaImagenes.galeria, galeria))
      .orderBy(asc(galeriaImagenes.orden), asc(galeriaImagenes.id)),
    db
      .select({
        id: documentosObservatorio.id,
        tipo: documentosObservatorio.tipo,
        mes: documentosObservatorio.mes,
        anio: documentosObservatorio.anio,
        documentoId: documentosObservatorio.documentoId,
        nombreArchivo: documentos.nombreArchivo,
      })
      .from(documentosObservatorio)
      .innerJoin(documentos, eq(documentos.id, documentosObservatorio.documentoId))
      .orderBy(desc(documentosObservatorio.anio), desc(documentosObservatorio.mes), desc(documentosObservatorio.id)),
  ]);
  return {
    texto: fila ? sanitizeStaffHtml(fila.texto) : '',
    logo: logo[0] ?? null,
    imagenes: imagenes.map(({ claveMiniatura, ...i }) => ({ ...i, miniatura: claveMiniatura !== null })),
    documentos: docs.map((d) => ({ ...d, tipo: d.tipo as TipoDocumentoObservatorio, titulo: tituloDocumentoObservatorio(d) })),
  };
}

/**
 * Saves the presentation (sanitised) and, when an image is chosen, replaces the logo (audited
 * `observatorio.cambio`). The old logo's address is withdrawn and its files removed after the commit.
 */
export async function savePresentacion(ctx: Ctx, actor: Actor, input: FormInput): Promise<Resultado<CampoPresentacion>> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(presentacionSchema, input, { largo: 20_000 });
  const archivo = archivoDe(input);
  const errores: Errores<CampoPresentacion> = leido.ok ? {} : { ...leido.errores };
  if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí la imagen del logo.';
  if (!leido.ok || archivo === 'vacio') return { tipo: 'invalido', errores, valores: leido.valores };
  const r = await conArchivo(ctx, archivo, TIPOS_IMAGEN, async (tx, logoNuevo) => {
    const antes = await filaActual(tx, true);
    const logoId = logoNuevo ?? antes?.logoId ?? null;
    let id: number;
    if (antes) {
      await tx.update(observatorioVial).set({ texto: leido.datos.texto, logoId }).where(eq(observatorioVial.id, antes.id));
      id = antes.id;
    } else {
      const [fila] = await tx
        .insert(observatorioVial)
        .values({ texto: leido.datos.texto, logoId, galeriaNombre: GALERIA_POR_DEFECTO })
        .returning({ id: observatorioVial.id });
      id = fila!.id;
    }
    let claves: (string | null)[] = [];
    if (logoNuevo && antes?.logoId) {
      // Older rows of the table may name the same logo: they follow, so the old document can go.
      await tx.update(observatorioVial).set({ logoId: logoNuevo }).where(eq(observatorioVial.logoId, antes.logoId));
      claves = await retirarDocumento(tx, actor, antes.logoId, 'Logo del Observatorio Vial (reemplazado)');
    }
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.cambio',
      entidad: 'observatorio_vial',
      entidadId: id,
      antes: antes ? { texto: antes.texto, logoId: antes.logoId } : null,
      despues: { texto: leido.datos.texto, logoId },
    });
    return { valor: id, claves };
  });
  if (!r.ok) return { tipo: 'invalido', errores: { archivo: r.mensaje }, valores: leido.valores };
  return { tipo: 'guardado', id: r.valor };
}

// ---------------------------------------------------------------- gallery

const MENSAJE_ALT = 'Escribí el texto alternativo: qué muestra la imagen, para quien no puede verla.';
export const imagenSchema = z.object({
  titulo: texto('el título', 150, 'Escribí el título de la imagen.'),
  descripcion: texto('la descripción', 500, null).optional().default(''),
  alt: texto('el texto alternativo', 250, MENSAJE_ALT),
});
type CampoImagen = keyof z.output<typeof imagenSchema> | 'archivo';

type FilaImagen = typeof galeriaImagenes.$inferSelect;
const auditableImagen = (i: Pick<FilaImagen, 'titulo' | 'descripcion' | 'alt' | 'documentoId'>) => ({
  titulo: i.titulo,
  descripcion: i.descripcion,
  alt: i.alt,
  documentoId: i.documentoId,
});

export async function getImagenAdmin(db: Db, id: number) {
  const [fila] = await db
    .select({ imagen: galeriaImagenes, nombreArchivo: documentos.nombreArchivo })
    .from(galeriaImagenes)
    .innerJoin(documentos, eq(documentos.id, galeriaImagenes.documentoId))
    .where(eq(galeriaImagenes.id, id));
  return fila && { ...fila.imagen, nombreArchivo: fila.nombreArchivo };
}

/** Adds an image at the end of the gallery (audited `observatorio.imagen.alta`). */
export async function addImagenAdmin(ctx: Ctx, actor: Actor, input: FormInput): Promise<Resultado<CampoImagen>> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(imagenSchema, input);
  const archivo = archivoDe(input);
  const errores: Errores<CampoImagen> = leido.ok ? {} : { ...leido.errores };
  if (archivo === undefined) errores.archivo = 'Elegí la imagen: PNG, JPEG o WebP.';
  else if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí la imagen.';
  if (!leido.ok || archivo === undefined || archivo === 'vacio') return { tipo: 'invalido', errores, valores: leido.valores };
  const datos = leido.datos;
  const r = await conArchivo(ctx, archivo, TIPOS_IMAGEN, async (tx, documentoId) => {
    const galeria = (await filaActual(tx))?.galeriaNombre ?? GALERIA_POR_DEFECTO;
    const [ultimo] = await tx
      .select({ orden: max(galeriaImagenes.orden) })
      .from(galeriaImagenes)
      .where(eq(galeriaImagenes.galeria, galeria));
    const [fila] = await tx
      .insert(galeriaImagenes)
      .values({ galeria, documentoId: documentoId!, ...datos, orden: (ultimo?.orden ?? -1) + 1 })
      .returning({ id: galeriaImagenes.id });
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.imagen.alta',
      entidad: 'galeria_imagen',
      entidadId: fila!.id,
      despues: auditableImagen({ ...datos, documentoId: documentoId! }),
    });
    return { valor: fila!.id };
  });
  if (!r.ok) return { tipo: 'invalido', errores: { archivo: r.mensaje }, valores: leido.valores };
  return { tipo: 'guardado', id: r.valor };
}

class NoEncontradoError extends Error {}

/**
 * A change of an item of `id` that may bring a new file: `escribir` locks and changes the row
 * (throwing `NoEncontradoError` when it is gone) and answers the replaced document's files. A
 * refused file is the `archivo` field's error, with what was typed kept.
 */
async function cambiarItem<K extends string>(
  ctx: Ctx,
  id: number,
  archivo: File | undefined,
  tipos: readonly TipoSubida[],
  valores: Errores<K>,
  escribir: (tx: Db, documentoNuevo?: number) => Promise<(string | null)[]>,
): Promise<Resultado<K>> {
  try {
    const r = await conArchivo(ctx, archivo, tipos, async (tx, documentoNuevo) => ({ valor: id, claves: await escribir(tx, documentoNuevo) }));
    if (!r.ok) return { tipo: 'invalido', errores: { archivo: r.mensaje } as Errores<K>, valores };
    return { tipo: 'guardado', id };
  } catch (error) {
    if (error instanceof NoEncontradoError) return { tipo: 'no_encontrado' };
    throw error;
  }
}

/** Changes an image's texts and, when a file is chosen, the image itself (audited `observatorio.imagen.cambio`). */
export async function updateImagenAdmin(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<Resultado<CampoImagen>> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(imagenSchema, input);
  const archivo = archivoDe(input);
  if (!leido.ok || archivo === 'vacio') {
    const errores: Errores<CampoImagen> = leido.ok ? {} : { ...leido.errores };
    if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí la imagen nueva.';
    return { tipo: 'invalido', errores, valores: leido.valores };
  }
  const datos = leido.datos;
  return cambiarItem<CampoImagen>(ctx, id, archivo, TIPOS_IMAGEN, leido.valores, async (tx, documentoNuevo) => {
    const [antes] = await tx.select().from(galeriaImagenes).where(eq(galeriaImagenes.id, id)).for('update');
    if (!antes) throw new NoEncontradoError();
    const documentoId = documentoNuevo ?? antes.documentoId;
    await tx
      .update(galeriaImagenes)
      .set({ ...datos, documentoId })
      .where(eq(galeriaImagenes.id, id));
    const claves = documentoNuevo
      ? await retirarDocumento(tx, actor, antes.documentoId, `Imagen de la galería del Observatorio Vial: ${antes.titulo} (reemplazada)`)
      : [];
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.imagen.cambio',
      entidad: 'galeria_imagen',
      entidadId: id,
      antes: auditableImagen(antes),
      despues: auditableImagen({ ...datos, documentoId }),
    });
    return claves;
  });
}

/**
 * Moves an image one place up or down in its gallery (audited `observatorio.imagen.orden`),
 * rewriting the gallery's order as 0, 1, 2…; at either end nothing changes.
 */
export async function moveImagenAdmin(ctx: Pick<AppContext, 'db'>, actor: Actor, id: number, direccion: 'subir' | 'bajar'): Promise<boolean> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  return ctx.db.transaction(async (tx) => {
    const [img] = await tx.select().from(galeriaImagenes).where(eq(galeriaImagenes.id, id));
    if (!img) return false;
    const filas = await tx
      .select({ id: galeriaImagenes.id })
      .from(galeriaImagenes)
      .where(eq(galeriaImagenes.galeria, img.galeria))
      .orderBy(asc(galeriaImagenes.orden), asc(galeriaImagenes.id))
      .for('update');
    const ids = filas.map((f) => f.id);
    const desde = ids.indexOf(id);
    const hasta = direccion === 'subir' ? desde - 1 : desde + 1;
    if (hasta < 0 || hasta >= ids.length) return true;
    [ids[desde], ids[hasta]] = [ids[hasta]!, ids[desde]!];
    for (const [orden, fila] of ids.entries()) await tx.update(galeriaImagenes).set({ orden }).where(eq(galeriaImagenes.id, fila));
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.imagen.orden',
      entidad: 'galeria_imagen',
      entidadId: id,
      antes: { posicion: desde + 1 },
      despues: { posicion: hasta + 1 },
    });
    return true;
  });
}

const confirmacionSchema = confirmacionBorradoSchema('Para borrar, confirmalo en la página que lo pregunta: usá el botón «Sí, borrar».');

/**
 * Deletes an image once confirmed (audited `observatorio.imagen.baja`): the row and its document
 * go, its address answers 410, its files are removed after the commit.
 */
export async function deleteImagenAdmin(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, id: number, input: FormInput): Promise<Borrado> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const confirmado = readForm(confirmacionSchema, input);
  if (!confirmado.ok) return { tipo: 'sin_confirmar', mensaje: confirmado.errores.confirmado! };
  const hecho = await ctx.db.transaction(async (tx) => {
    const [antes] = await tx.delete(galeriaImagenes).where(eq(galeriaImagenes.id, id)).returning();
    if (!antes) return undefined;
    const titulo = `Imagen de la galería del Observatorio Vial: ${antes.titulo}`;
    await ocultarDocumento(tx, actor, antes.documentoId, titulo);
    await guardarRestaurable(tx, {
      clave: 'observatorio-imagenes',
      entidadId: id,
      titulo,
      datos: { fila: filaGuardable(galeriaImagenes, antes) },
      documentoId: antes.documentoId,
      rutas: [rutaDocumento(antes.documentoId)],
      actor,
      ahora: ctx.clock.now(),
    });
    await registrarAuditoria(tx, { actor, accion: 'observatorio.imagen.baja', entidad: 'galeria_imagen', entidadId: id, antes: auditableImagen(antes) });
    return { titulo: antes.titulo };
  });
  if (!hecho) return { tipo: 'no_encontrado' };
  return { tipo: 'borrado', titulo: hecho.titulo };
}

/**
 * Restores a gallery image deleted within 90 days, in its place in the order, with its file and its
 * copies (docs/decisions/054-retirados-restaurables.md); audited `observatorio.imagen.restauracion`.
 */
export async function restaurarImagenAdmin(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, retiradoId: number): Promise<ResultadoRestauracion> {
  return restaurarFila(ctx, actor, retiradoId, {
    clave: 'observatorio-imagenes',
    tabla: galeriaImagenes,
    accion: 'observatorio.imagen.restauracion',
    entidad: 'galeria_imagen',
    auditable: (fila) => auditableImagen(fila as typeof galeriaImagenes.$inferSelect),
  });
}
type Borrado = { tipo: 'borrado'; titulo: string } | { tipo: 'no_encontrado' } | { tipo: 'sin_confirmar'; mensaje: string };

// ---------------------------------------------------------------- documents

const TIPOS_DOCUMENTO_OBSERVATORIO = ['MOVIMIENTO_TERMINAL', 'INFORME_ESTADISTICO'] as const;
const MENSAJE_MES = 'Elegí el mes del movimiento de la Terminal.';
const MENSAJE_ANIO = 'Escribí el año con cuatro cifras, por ejemplo 2026.';
const MENSAJE_TIPO = 'Elegí la lista del documento: movimiento de la Terminal o informe estadístico.';

const documentoSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_OBSERVATORIO, { error: MENSAJE_TIPO }),
  mes: z.string().trim().optional(),
  anio: z
    .string({ error: MENSAJE_ANIO })
    .trim()
    .regex(/^\d{4}$/, { error: MENSAJE_ANIO })
    .transform(Number)
    .pipe(z.number().int().min(1900, { error: 'Escribí un año desde 1900.' }).max(2100, { error: 'Escribí un año hasta 2100.' })),
});

/** The document's fields: the month is required for the Terminal's movement and ignored for a yearly report. */
export function readDocumento(input: FormInput) {
  const leido = readForm(documentoSchema, input);
  const errores: Errores<CampoDocumento> = leido.ok ? {} : { ...leido.errores };
  const tipo = leido.ok ? leido.datos.tipo : firstValues(input).tipo;
  const mesTexto = String(firstValues(input).mes ?? '').trim();
  const mesValido = /^(?:[1-9]|1[0-2])$/.test(mesTexto);
  if (tipo === 'MOVIMIENTO_TERMINAL' && !mesValido) errores.mes = MENSAJE_MES;
  if (!leido.ok || errores.mes) return { ok: false as const, errores, valores: leido.valores };
  const datos = { tipo: leido.datos.tipo, anio: leido.datos.anio, mes: leido.datos.tipo === 'MOVIMIENTO_TERMINAL' ? Number(mesTexto) : null };
  return { ok: true as const, datos, errores, valores: leido.valores };
}
type CampoDocumento = 'tipo' | 'mes' | 'anio' | 'archivo';

export async function getDocumentoAdmin(db: Db, id: number) {
  const [fila] = await db
    .select({ doc: documentosObservatorio, nombreArchivo: documentos.nombreArchivo })
    .from(documentosObservatorio)
    .innerJoin(documentos, eq(documentos.id, documentosObservatorio.documentoId))
    .where(eq(documentosObservatorio.id, id));
  return (
    fila && { ...fila.doc, tipo: fila.doc.tipo as TipoDocumentoObservatorio, nombreArchivo: fila.nombreArchivo, titulo: tituloDocumentoObservatorio(fila.doc) }
  );
}

const auditableDocumento = (d: { tipo: string; mes: number | null; anio: number; documentoId: number }) => ({
  tipo: d.tipo,
  mes: d.mes,
  anio: d.anio,
  documentoId: d.documentoId,
});

/** Publishes a PDF in one of the two lists (audited `observatorio.documento.alta`), uploaded now or, for a historic load, at the actor's date. */
export async function addDocumentoAdmin(ctx: Ctx, actor: Actor, input: FormInput): Promise<Resultado<CampoDocumento>> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readDocumento(input);
  const archivo = archivoDe(input);
  const errores = { ...leido.errores };
  if (archivo === undefined) errores.archivo = 'Elegí el PDF.';
  else if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí el PDF.';
  if (!leido.ok || archivo === undefined || archivo === 'vacio') return { tipo: 'invalido', errores, valores: leido.valores };
  const datos = leido.datos;
  const r = await conArchivo(ctx, archivo, ['pdf'], async (tx, documentoId) => {
    const [fila] = await tx
      .insert(documentosObservatorio)
      // A historic load keeps the document's own upload date (docs/decisions/047-carga-historica.md).
      .values({ ...datos, documentoId: documentoId!, ...fechaDeCarga(actor) })
      .returning({ id: documentosObservatorio.id });
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.documento.alta',
      entidad: 'documento_observatorio',
      entidadId: fila!.id,
      despues: auditableDocumento({ ...datos, documentoId: documentoId! }),
    });
    return { valor: fila!.id };
  });
  if (!r.ok) return { tipo: 'invalido', errores: { archivo: r.mensaje }, valores: leido.valores };
  return { tipo: 'guardado', id: r.valor };
}

/** Changes a document's month and year and, when a PDF is chosen, replaces it (audited `observatorio.documento.cambio`). */
export async function updateDocumentoAdmin(ctx: Ctx, actor: Actor, id: number, input: FormInput): Promise<Resultado<CampoDocumento>> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readDocumento(input);
  const archivo = archivoDe(input);
  if (!leido.ok || archivo === 'vacio') {
    const errores = { ...leido.errores };
    if (archivo === 'vacio') errores.archivo = 'El archivo está vacío: elegí el PDF nuevo.';
    return { tipo: 'invalido', errores, valores: leido.valores };
  }
  const datos = leido.datos;
  return cambiarItem<CampoDocumento>(ctx, id, archivo, ['pdf'], leido.valores, async (tx, documentoNuevo) => {
    const [antes] = await tx.select().from(documentosObservatorio).where(eq(documentosObservatorio.id, id)).for('update');
    if (!antes) throw new NoEncontradoError();
    const documentoId = documentoNuevo ?? antes.documentoId;
    await tx.update(documentosObservatorio).set({ mes: datos.mes, anio: datos.anio, tipo: datos.tipo, documentoId }).where(eq(documentosObservatorio.id, id));
    const claves = documentoNuevo
      ? await retirarDocumento(tx, actor, antes.documentoId, `${tituloDocumentoObservatorio(antes)} (reemplazado por un PDF nuevo)`)
      : [];
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.documento.cambio',
      entidad: 'documento_observatorio',
      entidadId: id,
      antes: auditableDocumento(antes),
      despues: auditableDocumento({ ...datos, documentoId }),
    });
    return claves;
  });
}

/** Deletes a document once confirmed (audited `observatorio.documento.baja`); its address answers 410. */
export async function deleteDocumentoAdmin(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, id: number, input: FormInput): Promise<Borrado> {
  if (!puede(actor, 'gobierno')) throw new PermisoDenegadoError(PROHIBIDO);
  const confirmado = readForm(confirmacionSchema, input);
  if (!confirmado.ok) return { tipo: 'sin_confirmar', mensaje: confirmado.errores.confirmado! };
  const hecho = await ctx.db.transaction(async (tx) => {
    const [antes] = await tx.delete(documentosObservatorio).where(eq(documentosObservatorio.id, id)).returning();
    if (!antes) return undefined;
    const titulo = tituloDocumentoObservatorio(antes);
    await ocultarDocumento(tx, actor, antes.documentoId, titulo);
    await guardarRestaurable(tx, {
      clave: 'observatorio-documentos',
      entidadId: id,
      titulo,
      datos: { fila: filaGuardable(documentosObservatorio, antes) },
      documentoId: antes.documentoId,
      rutas: [rutaDocumento(antes.documentoId)],
      actor,
      ahora: ctx.clock.now(),
    });
    await registrarAuditoria(tx, {
      actor,
      accion: 'observatorio.documento.baja',
      entidad: 'documento_observatorio',
      entidadId: id,
      antes: auditableDocumento(antes),
    });
    return { titulo };
  });
  if (!hecho) return { tipo: 'no_encontrado' };
  return { tipo: 'borrado', titulo: hecho.titulo };
}

/**
 * Restores a Terminal movement or OSSIVI report deleted within 90 days, with its PDF
 * (docs/decisions/054-retirados-restaurables.md); audited `observatorio.documento.restauracion`.
 */
export async function restaurarDocumentoAdmin(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, retiradoId: number): Promise<ResultadoRestauracion> {
  return restaurarFila(ctx, actor, retiradoId, {
    clave: 'observatorio-documentos',
    tabla: documentosObservatorio,
    accion: 'observatorio.documento.restauracion',
    entidad: 'documento_observatorio',
    auditable: (fila) => auditableDocumento(fila as typeof documentosObservatorio.$inferSelect),
  });
}

/** Puts a deleted gallery image or document back with its id and file, audited in the same transaction. */
async function restaurarFila(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  retiradoId: number,
  como: {
    clave: 'observatorio-imagenes' | 'observatorio-documentos';
    tabla: typeof galeriaImagenes | typeof documentosObservatorio;
    accion: 'observatorio.imagen.restauracion' | 'observatorio.documento.restauracion';
    entidad: string;
    auditable: (fila: Record<string, unknown>) => Record<string, unknown>;
  },
): Promise<ResultadoRestauracion> {
  if (!puede(actor, 'gobierno')) return { tipo: 'prohibido', mensaje: PROHIBIDO };
  return restaurarRetirado(ctx, como.clave, retiradoId, async (tx, guardado) => {
    const [fila] = await tx
      .insert(como.tabla)
      .values({ ...filaRestaurada(como.tabla, (guardado.datos as { fila: unknown }).fila), id: guardado.entidadId })
      .returning();
    await registrarAuditoria(tx, { actor, accion: como.accion, entidad: como.entidad, entidadId: guardado.entidadId, despues: como.auditable(fila!) });
    return undefined;
  });
}

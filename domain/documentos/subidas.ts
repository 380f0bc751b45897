import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '#db/client.ts';
import { DiscoError } from '#db/disco.ts';
import { documentos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatNumber, formatOneDecimal } from '#domain/shared/formato.ts';
import { extraerTextoPdf } from './pdf.ts';

/**
 * The back-office's one way to receive a file (docs/decisions/017-subidas.md). Every form
 * that uploads (bulletins, ordinances, statements, the gallery…) calls `saveSubida` inside the
 * write that uses the file:
 *
 *     await saveSubida(ctx, archivo, { tipos: ['pdf'] }, async (tx, documento) => {
 *       await tx.insert(tabla).values({ documentoId: documento.id, … });
 *     });
 *
 * - The kind is recognised by the content (`file-type`), never by the name or the declared type:
 *   PDF, PNG, JPEG and WebP, and of those only the ones the field allows. Anything else is refused
 *   naming what it is («es un programa ejecutable de Windows, no un PDF»).
 * - Images are re-encoded with sharp: turned by their EXIF orientation, then every metadata block
 *   (EXIF with its GPS position, XMP, ICC) left out. Besides the original's clean copy, a web size
 *   (at most 1600 px wide, WebP) and a thumbnail (320 px, WebP) are stored (`clave_web`,
 *   `clave_miniatura`).
 * - A PDF's text is extracted for search, on a thread of its own within a time and memory budget
 *   (domain/documentos/pdf.ts, docs/decisions/037-extraccion-de-texto.md); a PDF that cannot be
 *   read is refused; one over the budget is stored without text (`sinTexto`), and its page says so.
 * - The original file name is kept (cleaned) for downloads, with the extension of what it is.
 * - All or nothing: the files are written first, then the document's row and the caller's work
 *   run in one transaction; if anything fails, the transaction rolls back and the stored files
 *   are deleted again. Nothing stays in the database or in storage.
 */

/** The kinds a field may take. */
export type TipoSubida = 'pdf' | 'png' | 'jpeg' | 'webp';
export const TIPOS_IMAGEN: readonly TipoSubida[] = ['png', 'jpeg', 'webp'];

/** What a field receives: the bytes and the name the person's file had. */
export type ArchivoSubido = { data: Uint8Array; nombreArchivo: string };

/** UPLOAD_MAX_BYTES' default: 25 MB. */
export const SUBIDA_MAX_BYTES = 25 * 1024 * 1024;

/** Web size and thumbnail widths, in pixels. */
export const ANCHO_WEB = 1600;
export const ANCHO_MINIATURA = 320;

/** A file that cannot be accepted, with the message for the person who sent it. */
export class SubidaRechazadaError extends Error {}

/** What the person reads when the disk refuses the file (full, read-only): the form answers 507. */
export const MENSAJE_SIN_ESPACIO =
  'No se pudo guardar el archivo: el servidor se quedó sin espacio en disco o no puede escribir en él. Lo que escribiste sigue en el formulario; avisá a quien administra el sitio y probá de nuevo más tarde.';

/** The disk refused a file's bytes (db/disco.ts): shown on the form like any refused file, with 507. */
export class SubidaSinEspacioError extends SubidaRechazadaError {
  readonly statusCode = 507;
  constructor(options?: { cause?: unknown }) {
    super(MENSAJE_SIN_ESPACIO, options);
  }
}

export type DocumentoSubido = {
  id: number;
  nombreArchivo: string;
  tipoContenido: string;
  tamano: number;
  texto: string;
  /** A PDF whose text could not be read within its budget: stored, but search does not find its words. */
  sinTexto: boolean;
  clave: string;
  claveWeb: string | null;
  claveMiniatura: string | null;
};

const MIME: Record<TipoSubida, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSION: Record<TipoSubida, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', webp: 'webp' };
const NOMBRE_TIPO: Record<TipoSubida, string> = { pdf: 'un PDF', png: 'una imagen PNG', jpeg: 'una imagen JPEG', webp: 'una imagen WebP' };

/** What people call the kinds `file-type` may find that we refuse, by its extension. */
const OTROS: Record<string, string> = {
  exe: 'un programa ejecutable de Windows',
  dll: 'una biblioteca de programas de Windows',
  elf: 'un programa ejecutable de Linux',
  macho: 'un programa ejecutable de macOS',
  msi: 'un instalador de Windows',
  apk: 'una aplicación de Android',
  zip: 'un archivo comprimido ZIP',
  rar: 'un archivo comprimido RAR',
  '7z': 'un archivo comprimido 7z',
  gz: 'un archivo comprimido gzip',
  docx: 'un documento de Word',
  doc: 'un documento de Word',
  xlsx: 'una planilla de Excel',
  xls: 'una planilla de Excel',
  pptx: 'una presentación de PowerPoint',
  odt: 'un documento de LibreOffice',
  ods: 'una planilla de LibreOffice',
  gif: 'una imagen GIF',
  bmp: 'una imagen BMP',
  tif: 'una imagen TIFF',
  heic: 'una imagen HEIC (de iPhone)',
  avif: 'una imagen AVIF',
  svg: 'una imagen SVG',
  mp4: 'un video MP4',
  mp3: 'un audio MP3',
  xml: 'un archivo XML',
};

/** A list in Spanish: «un PDF», «un PDF o una imagen PNG», «a, b o c». */
const enumerar = (partes: string[]) => (partes.length <= 1 ? (partes[0] ?? '') : `${partes.slice(0, -1).join(', ')} o ${partes.at(-1)}`);

/** What a file that `file-type` does not know looks like: a web page, text, or nothing we can name. */
function describirDesconocido(data: Uint8Array): string {
  const inicio = new TextDecoder('utf-8', { fatal: false })
    .decode(data.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<(?:!doctype html|html|head|body|script|meta|!--)/.test(inicio)) return 'una página web (HTML)';
  if (inicio.startsWith('<svg') || (inicio.startsWith('<?xml') && inicio.includes('<svg'))) return 'una imagen SVG';
  if (inicio.startsWith('<?xml')) return 'un archivo XML';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(0, 4096));
    return 'un archivo de texto';
  } catch {
    return 'un archivo de un tipo que no reconocemos';
  }
}

/**
 * The kind of `data`, recognised by its content, if the field takes it; otherwise a
 * `SubidaRechazadaError` that says what the file is and what the field takes.
 */
export async function reconocerTipo(data: Uint8Array, tipos: readonly TipoSubida[]): Promise<TipoSubida> {
  const aceptados = enumerar(tipos.map((t) => NOMBRE_TIPO[t]));
  if (data.length === 0) throw new SubidaRechazadaError(`El archivo está vacío: elegí ${aceptados}.`);
  const encontrado = await fileTypeFromBuffer(data);
  const tipo = (Object.keys(MIME) as TipoSubida[]).find((t) => MIME[t] === encontrado?.mime);
  if (tipo && tipos.includes(tipo)) return tipo;
  const que = tipo ? NOMBRE_TIPO[tipo] : encontrado ? (OTROS[encontrado.ext] ?? `un archivo ${encontrado.ext.toUpperCase()}`) : describirDesconocido(data);
  throw new SubidaRechazadaError(`El archivo es ${que}, no ${aceptados}: elegí ${aceptados}.`);
}

/** A safe file name for Content-Disposition: no folders, no control characters, bounded, with the extension of what it is. */
export function nombreParaDescarga(nombre: string, extension: string): string {
  const base =
    nombre
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, '')
      .trim()
      .slice(0, 150) ?? '';
  const sinExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return `${sinExtension || 'documento'}.${extension}`;
}

type Preparado = {
  tipo: TipoSubida;
  original: Uint8Array;
  web?: Uint8Array;
  miniatura?: Uint8Array;
  texto: string;
  /** Null for a PDF only when its text was not read (over the budget): the page tells staff (`textoSinLeer`). */
  paginas: number | null;
};

/**
 * The quick checks of a file, without reading or storing it: its size and its kind. A form checks
 * them with its other fields, to say everything that is wrong at once before anything is stored;
 * `saveSubida` checks them again. Throws `SubidaRechazadaError`; answers the kind.
 */
export async function comprobarSubida(data: Uint8Array, opciones: Pick<OpcionesSubida, 'tipos' | 'maxBytes'>): Promise<TipoSubida> {
  const maxBytes = opciones.maxBytes ?? SUBIDA_MAX_BYTES;
  if (data.length > maxBytes) throw new SubidaRechazadaError(mensajeArchivoGrande(maxBytes));
  return reconocerTipo(data, opciones.tipos);
}

async function preparar(archivo: ArchivoSubido, opciones: OpcionesSubida): Promise<Preparado> {
  const tipo = await comprobarSubida(archivo.data, opciones);
  if (tipo === 'pdf') {
    const leido = await extraerTextoPdf(archivo.data);
    if (leido.tipo === 'ilegible')
      throw new SubidaRechazadaError('El PDF está dañado o protegido con contraseña y no se puede leer: guardalo de nuevo como PDF y subilo otra vez.');
    return leido.tipo === 'leido'
      ? { tipo, original: archivo.data, texto: leido.texto, paginas: leido.paginas }
      : { tipo, original: archivo.data, texto: '', paginas: null };
  }
  const metadatos = await sharp(archivo.data)
    .metadata()
    .catch(() => undefined);
  if (metadatos?.width !== undefined && metadatos.height !== undefined && metadatos.width * metadatos.height > IMAGEN_MAX_PIXELES) {
    throw new SubidaRechazadaError(mensajeImagenGrande(metadatos.width, metadatos.height));
  }
  try {
    // sharp writes no metadata unless asked (withMetadata): `rotate()` first applies the EXIF
    // orientation, so the picture still stands the right way once its EXIF is gone. The pixel
    // limit also guards what the header does not tell (sharp refuses before decoding).
    const imagen = () => sharp(archivo.data, { limitInputPixels: IMAGEN_MAX_PIXELES }).rotate();
    const original =
      tipo === 'png' ? await imagen().png().toBuffer() : tipo === 'jpeg' ? await imagen().jpeg({ quality: 90 }).toBuffer() : await imagen().webp().toBuffer();
    const web = await imagen().resize({ width: ANCHO_WEB, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const miniatura = await imagen().resize({ width: ANCHO_MINIATURA, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    return { tipo, original: new Uint8Array(original), web: new Uint8Array(web), miniatura: new Uint8Array(miniatura), texto: '', paginas: null };
  } catch {
    throw new SubidaRechazadaError(
      `La imagen está dañada o incompleta y no se puede leer: exportala de nuevo como ${NOMBRE_TIPO[tipo].replace(/^una imagen /, '')} y subila otra vez.`,
    );
  }
}

/**
 * The most pixels an image may have: 40 megapixels (a 7,700 × 5,200 photo), well above any camera
 * the offices use, and decoding one takes at most about 160 MB. sharp refuses bigger ones before
 * decoding them (a 10,000 × 10,000 PNG of a few kilobytes would take 400 MB).
 */
export const IMAGEN_MAX_PIXELES = 40_000_000;

/** Whether a stored document is a PDF whose text was not read (over the extraction budget): its pages say so to staff. */
export const textoSinLeer = (d: { tipoContenido: string; paginas: number | null }) => d.tipoContenido === MIME.pdf && d.paginas === null;

/** What staff read about such a PDF, after uploading it and on its page. */
export const MENSAJE_SIN_TEXTO =
  'Guardamos el PDF, pero no pudimos leer su texto a tiempo (es muy pesado o está armado de una forma que exige demasiada memoria): el documento se publica igual, pero el buscador no encuentra sus palabras. Si querés que se pueda buscar, exportalo de nuevo como PDF (por ejemplo con «Imprimir como PDF») y reemplazalo.';

function mensajeImagenGrande(ancho: number, alto: number): string {
  const mp = (n: number) => formatOneDecimal(n / 1_000_000);
  return `La imagen mide ${formatNumber(ancho)} × ${formatNumber(alto)} píxeles (${mp(ancho * alto)} megapíxeles) y el máximo es de ${mp(IMAGEN_MAX_PIXELES)} megapíxeles: achicala (por ejemplo a 4.000 píxeles de ancho) y subila de nuevo.`;
}

/** The words for a file over the limit: the same from the pipeline and from the server's 413 while it streams. */
export function mensajeArchivoGrande(maxBytes: number): string {
  return `El archivo supera los ${tamanoLegible(maxBytes)} permitidos: achicalo (un PDF escaneado en blanco y negro o con menos resolución pesa mucho menos) o dividilo, y subilo de nuevo.`;
}

/** 25 MB, 512 KB: a size as people read it. */
export function tamanoLegible(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${formatOneDecimal(bytes / 1024 / 1024)} MB` : `${formatNumber(Math.ceil(bytes / 1024))} KB`;
}

export type OpcionesSubida = {
  /** The kinds this field takes. */
  tipos: readonly TipoSubida[];
  /** UPLOAD_MAX_BYTES (AppConfig.subidaMaxBytes); 25 MB when absent. */
  maxBytes?: number | undefined;
  /** False: never served by the public downloads. True by default. */
  publico?: boolean;
};

/** A file checked and read (`prepararSubida`), ready to be stored: its kind, bytes, text and download name. */
export type SubidaPreparada = Preparado & { nombreArchivo: string; sha256: string };

/** Checks and reads a file (kind, size, PDF text, clean image copies) without storing anything. Throws `SubidaRechazadaError`. */
export async function prepararSubida(archivo: ArchivoSubido, opciones: OpcionesSubida): Promise<SubidaPreparada> {
  const p = await preparar(archivo, opciones);
  return { ...p, nombreArchivo: nombreParaDescarga(archivo.nombreArchivo, EXTENSION[p.tipo]), sha256: createHash('sha256').update(p.original).digest('hex') };
}

/** Where a prepared file's copies were written in storage. */
export type ClavesSubida = { clave: string; claveWeb: string | null; claveMiniatura: string | null };

/** Writes a prepared file's copies to storage under new keys; if one write fails, the others are deleted again. */
export async function escribirSubida(ctx: Pick<AppContext, 'storage'>, p: SubidaPreparada): Promise<ClavesSubida> {
  const base = `${new Date().getUTCFullYear()}/${randomUUID()}`;
  const claves: ClavesSubida = {
    clave: `${base}.${EXTENSION[p.tipo]}`,
    claveWeb: p.web ? `${base}.web.webp` : null,
    claveMiniatura: p.miniatura ? `${base}.miniatura.webp` : null,
  };
  const escritas: string[] = [];
  try {
    for (const [k, bytes] of [
      [claves.clave, p.original],
      [claves.claveWeb, p.web],
      [claves.claveMiniatura, p.miniatura],
    ] as const) {
      if (k === null || bytes === undefined) continue;
      escritas.push(k);
      await ctx.storage.put(k, bytes);
    }
  } catch (error) {
    await removeArchivos(ctx, escritas);
    throw error instanceof DiscoError ? new SubidaSinEspacioError({ cause: error }) : error;
  }
  return claves;
}

/** The `documentos` row of a prepared file written under `claves`. */
export const filaDocumento = (p: SubidaPreparada, claves: ClavesSubida, publico: boolean) => ({
  nombreArchivo: p.nombreArchivo,
  tipoContenido: MIME[p.tipo],
  tamano: p.original.length,
  sha256: p.sha256,
  ...claves,
  texto: p.texto,
  paginas: p.paginas,
  publico,
});

/**
 * Checks and stores an uploaded file and records it as a document, then runs `trabajo` with the
 * transaction and the document: the row that uses it (a bulletin), the audit entry. Everything
 * commits together or nothing does: on any error (a refused file, a duplicate number found by
 * `trabajo`, a database failure) the files already written are deleted and the error is thrown
 * again. `SubidaRechazadaError` carries the message for the person.
 */
export async function saveSubida<T>(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  archivo: ArchivoSubido,
  opciones: OpcionesSubida,
  trabajo: (tx: Db, documento: DocumentoSubido) => Promise<T>,
): Promise<T> {
  // The slow part (reading a PDF, resizing an image) before the transaction: no lock is held meanwhile.
  const p = await prepararSubida(archivo, opciones);
  const claves = await escribirSubida(ctx, p);
  try {
    const fila = filaDocumento(p, claves, opciones.publico ?? true);
    return await ctx.db.transaction(async (tx) => {
      const [insertada] = await tx.insert(documentos).values(fila).returning({ id: documentos.id });
      return trabajo(tx, {
        id: insertada!.id,
        nombreArchivo: fila.nombreArchivo,
        tipoContenido: fila.tipoContenido,
        tamano: fila.tamano,
        texto: fila.texto,
        sinTexto: textoSinLeer(fila),
        ...claves,
      });
    });
  } catch (error) {
    await removeArchivos(ctx, [claves.clave, claves.claveWeb, claves.claveMiniatura]);
    throw error;
  }
}

/**
 * The files of documents deleted in a transaction that committed: removed from storage after the
 * commit (before it, a rollback would leave rows without files). A file that cannot be removed
 * now is only wasted space: logged by the caller, never an error for the person.
 */
export async function removeArchivos(ctx: Pick<AppContext, 'storage'>, claves: readonly (string | null)[]): Promise<void> {
  await Promise.all(claves.filter((k): k is string => k !== null).map((k) => ctx.storage.delete(k).catch(() => {})));
}

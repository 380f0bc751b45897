/**
 * A report's photos (docs/decisions/057-reclamos.md, "Fotos"): up to three, JPEG, PNG or WebP
 * recognised by their content, re-encoded by the upload pipeline with no metadata at all (EXIF, GPS,
 * XMP, IPTC, PNG text chunks). The GPS a phone writes is only read to suggest the point on the form.
 */
import exifReader from 'exif-reader';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { documentos } from '#db/schema/index.ts';
import type { Db } from '#db/client.ts';
import {
  type ClavesSubida,
  type SubidaPreparada,
  SubidaRechazadaError,
  TIPOS_IMAGEN,
  escribirSubida,
  filaDocumento,
  prepararSubida,
  reconocerTipo,
  removeArchivos,
  tamanoLegible,
} from '#domain/documentos/subidas.ts';
import type { AppContext } from '#domain/shared/context.ts';

export const MAX_FOTOS = 3;
/** A phone's photo is a few megabytes; 10 MB leaves room for any of them. */
export const FOTO_MAX_BYTES = 10 * 1024 * 1024;

export const MENSAJE_HEIC =
  'Las fotos HEIC del iPhone no se pueden leer: en Ajustes › Cámara › Formatos elegí "Más compatible", o mandá una captura de pantalla de la foto (se guarda como JPEG o PNG).';
export const MENSAJE_DEMASIADAS = `Podés mandar hasta ${MAX_FOTOS} fotos: elegí las que mejor muestren el problema.`;

export type FotoSubida = { data: Uint8Array; nombreArchivo: string };
export type PuntoSugerido = { latitud: number; longitud: number };

/** Degrees, minutes and seconds (as exif-reader gives them) to decimal degrees, south and west negative. */
function grados(valor: unknown, referencia: unknown, maximo: number): number | undefined {
  if (!Array.isArray(valor) || valor.length === 0 || valor.length > 3) return undefined;
  const [g = 0, m = 0, s = 0] = valor as unknown[];
  if (![g, m, s].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return undefined;
  const absoluto = (g as number) + (m as number) / 60 + (s as number) / 3600;
  if (absoluto > maximo) return undefined;
  const signo = referencia === 'S' || referencia === 'W' ? -1 : 1;
  return Math.round(signo * absoluto * 1e7) / 1e7;
}

/**
 * The place a phone wrote in the photo's EXIF (GPS latitude and longitude), to suggest on the form;
 * null when the photo has none, or it cannot be read (never an error: it is only a suggestion).
 */
export async function leerGpsDeFoto(data: Uint8Array): Promise<PuntoSugerido | null> {
  try {
    const { exif } = await sharp(data).metadata();
    if (!exif) return null;
    const gps = exifReader(exif).GPSInfo as Record<string, unknown> | undefined;
    if (!gps) return null;
    const latitud = grados(gps.GPSLatitude, gps.GPSLatitudeRef, 90);
    const longitud = grados(gps.GPSLongitude, gps.GPSLongitudeRef, 180);
    if (latitud === undefined || longitud === undefined || (latitud === 0 && longitud === 0)) return null;
    return { latitud, longitud };
  } catch {
    return null;
  }
}

const esHeic = async (data: Uint8Array) => {
  const tipo = await fileTypeFromBuffer(data).catch(() => undefined);
  return tipo?.mime === 'image/heic' || tipo?.mime === 'image/heif' || tipo?.ext === 'heic';
};

export type FotosPreparadas = { preparadas: SubidaPreparada[]; sugerencia: PuntoSugerido | null };

const nombrar = (fotos: readonly FotoSubida[], i: number, error: SubidaRechazadaError) =>
  new SubidaRechazadaError(fotos.length > 1 ? `La foto ${i + 1}: ${error.message}` : error.message);

/** The quick checks of one photo, without decoding it: its size, HEIC, and an image by its content. */
async function comprobarFoto(foto: FotoSubida, maxBytes: number): Promise<void> {
  if (foto.data.length > maxBytes)
    throw new SubidaRechazadaError(`La foto supera los ${tamanoLegible(maxBytes)} permitidos: mandala con menos resolución o elegí otra.`);
  if (await esHeic(foto.data)) throw new SubidaRechazadaError(MENSAJE_HEIC);
  await reconocerTipo(foto.data, TIPOS_IMAGEN);
}

/**
 * The quick checks of the photos (how many, size, kind by content), to say what is wrong together
 * with the other fields before any photo is decoded. Throws `SubidaRechazadaError` with the message
 * for the person, naming the photo when there is more than one.
 */
export async function comprobarFotos(fotos: readonly FotoSubida[], maxBytes: number = FOTO_MAX_BYTES): Promise<void> {
  if (fotos.length > MAX_FOTOS) throw new SubidaRechazadaError(MENSAJE_DEMASIADAS);
  for (const [i, foto] of fotos.entries()) {
    try {
      await comprobarFoto(foto, maxBytes);
    } catch (error) {
      throw error instanceof SubidaRechazadaError ? nombrar(fotos, i, error) : error;
    }
  }
}

/**
 * Checks and re-encodes the photos without storing anything (the upload pipeline writes no
 * metadata: EXIF, GPS, XMP, IPTC and PNG text are gone, the orientation applied first). Throws
 * `SubidaRechazadaError` as `comprobarFotos`. The suggestion is the GPS of the first photo that has one.
 */
export async function prepararFotos(fotos: readonly FotoSubida[], maxBytes: number = FOTO_MAX_BYTES): Promise<FotosPreparadas> {
  await comprobarFotos(fotos, maxBytes);
  const preparadas: SubidaPreparada[] = [];
  let sugerencia: PuntoSugerido | null = null;
  for (const [i, foto] of fotos.entries()) {
    try {
      sugerencia ??= await leerGpsDeFoto(foto.data);
      preparadas.push(await prepararSubida(foto, { tipos: TIPOS_IMAGEN, maxBytes, publico: true }));
    } catch (error) {
      throw error instanceof SubidaRechazadaError ? nombrar(fotos, i, error) : error;
    }
  }
  return { preparadas, sugerencia };
}

/** Writes the prepared photos to storage; if one write fails, the ones written are deleted again. */
export async function escribirFotos(ctx: Pick<AppContext, 'storage'>, preparadas: readonly SubidaPreparada[]): Promise<ClavesSubida[]> {
  const escritas: ClavesSubida[] = [];
  try {
    for (const p of preparadas) escritas.push(await escribirSubida(ctx, p));
  } catch (error) {
    await borrarFotos(ctx, escritas);
    throw error;
  }
  return escritas;
}

/** The files of photos whose transaction did not commit. */
export const borrarFotos = (ctx: Pick<AppContext, 'storage'>, claves: readonly ClavesSubida[]) =>
  removeArchivos(
    ctx,
    claves.flatMap((c) => [c.clave, c.claveWeb, c.claveMiniatura]),
  );

/** The photos' `documentos` rows, inside the report's transaction: their ids in order. */
export async function insertarDocumentosDeFotos(tx: Db, preparadas: readonly SubidaPreparada[], claves: readonly ClavesSubida[]): Promise<number[]> {
  if (preparadas.length === 0) return [];
  const filas = await tx
    .insert(documentos)
    .values(preparadas.map((p, i) => filaDocumento(p, claves[i]!, true)))
    .returning({ id: documentos.id });
  return filas.map((f) => f.id);
}

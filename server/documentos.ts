import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { Db } from '#db/client.ts';
import { StorageNotFoundError, StorageUnavailableError } from '#db/storage.ts';
import { type DocumentoMeta, getDocumento } from '#domain/documentos/queries.ts';
import type { Storage } from '#domain/shared/context.ts';
import { errorPage, sendError } from './errors.ts';
import { formatLongDate } from '#domain/shared/formato.ts';
import { findRetirado } from '#domain/sitio/retirados.ts';

/**
 * A download (a document, a full CSV export) may stream for a long time to a slow phone: its
 * routes get this bound instead of the general one, which would cut the stream. Its
 * database reads are still bounded by the database's own timeouts.
 */
export const DOWNLOAD_TIMEOUT_MS = 60 * 60 * 1000;

/** A download while object storage does not answer (503, Retry-After). */
export const MENSAJE_SIN_ALMACENAMIENTO =
  'El archivo no se puede descargar en este momento porque el almacenamiento no responde: probá de nuevo en unos minutos.';

/** Documents never change under their id: a day in caches, revalidated by ETag after that. */
const CACHE_DOCUMENTO = 'public, max-age=86400';

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is still current: answer 304. */
export function noModificado(request: FastifyRequest, etag: string, modificado: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince) {
    const desde = Date.parse(ifModifiedSince);
    return !Number.isNaN(desde) && Math.floor(modificado.getTime() / 1000) <= Math.floor(desde / 1000);
  }
  return false;
}

/**
 * Streams a stored document with its type, a download name, ETag and Last-Modified (304 on
 * revalidation) and single byte ranges (206, or 416 when unsatisfiable). Unknown ids answer 404.
 */
export async function sendDocumento(request: FastifyRequest, reply: FastifyReply, ctx: { db: Db; storage: Storage }, id: number): Promise<FastifyReply> {
  const documento = await getDocumento(ctx.db, id);
  if (!documento) {
    // Withdrawn by staff: 410 saying what it was and when; a person following an old
    // link from a feed or a message reads it as a page, a program as JSON.
    const retirado = await findRetirado(ctx.db, `/api/v1/documentos/${id}`);
    if (retirado) {
      const mensaje = `Este documento fue retirado el ${formatLongDate(retirado.retiradoEn.toISOString())}: ${retirado.titulo}.`;
      if ((request.headers.accept ?? '').includes('text/html')) {
        return reply
          .status(410)
          .headers({ 'cache-control': 'no-store' })
          .type('text/html; charset=utf-8')
          .send(errorPage(410, mensaje, undefined));
      }
      return reply.status(410).header('cache-control', 'no-store').send({ error: mensaje });
    }
    return reply.status(404).send({ error: 'No existe un documento con ese número.' });
  }
  const tamano = (request.query as { tamano?: unknown } | undefined)?.tamano;
  if (tamano === 'web' || tamano === 'miniatura') return sendVariante(reply, ctx, documento, tamano);

  const etag = `"${documento.sha256}"`;
  const modificado = documento.createdAt;
  reply.headers({
    'content-type': documento.tipoContenido,
    'content-disposition': contentDisposition(documento.nombreArchivo, { type: 'inline' }),
    etag,
    'last-modified': modificado.toUTCString(),
    'cache-control': CACHE_DOCUMENTO,
    'accept-ranges': 'bytes',
    // A PDF or image shown by the browser needs none of the page policy's allowances.
    'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
  });
  if (noModificado(request, etag, modificado)) return reply.status(304).send();

  const size = documento.tamano;
  let range: { start: number; end: number } | undefined;
  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  const rangoVigente = !ifRange || ifRange === etag || ifRange === modificado.toUTCString();
  if (rangeHeader && rangoVigente) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    // Malformed headers (-2) and multiple ranges get the whole file, as RFC 9110 allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
  }

  let stream: NodeJS.ReadableStream;
  try {
    stream = await ctx.storage.get(documento.clave, range);
  } catch (error) {
    // The file's headers were set for the file: an error answer is JSON and carries none of them.
    for (const header of ['etag', 'last-modified', 'cache-control', 'content-disposition', 'accept-ranges']) reply.removeHeader(header);
    if (error instanceof StorageNotFoundError) {
      request.log.error({ err: error, documento: documento.id }, 'documento sin archivo en el almacenamiento');
      return sendError(request, reply, 404, 'El archivo del documento no está disponible.');
    }
    if (error instanceof StorageUnavailableError) {
      // Object storage unreachable (docs/decisions/016-almacenamiento-s3.md): try again later.
      request.log.error({ err: error, documento: documento.id }, 'el almacenamiento de archivos no responde');
      return sendError(request, reply, 503, MENSAJE_SIN_ALMACENAMIENTO, { 'retry-after': '30' });
    }
    throw error;
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  return reply.send(stream);
}

/**
 * An image's web size or thumbnail (`?tamano=web|miniatura`, docs/decisions/017-subidas.md): WebP,
 * small enough to send whole (no ranges), under the original's name with `.webp`. A document
 * without that copy (a PDF) answers 404.
 */
async function sendVariante(reply: FastifyReply, ctx: { storage: Storage }, documento: DocumentoMeta, tamano: 'web' | 'miniatura'): Promise<FastifyReply> {
  const clave = tamano === 'web' ? documento.claveWeb : documento.claveMiniatura;
  if (!clave) return reply.status(404).send({ error: 'Este documento no es una imagen: no tiene tamaño web ni miniatura.' });
  const partes: Buffer[] = [];
  try {
    for await (const parte of await ctx.storage.get(clave)) partes.push(Buffer.from(parte as Uint8Array));
  } catch (error) {
    if (error instanceof StorageUnavailableError)
      return reply.status(503).headers({ 'cache-control': 'no-store', 'retry-after': '30' }).send({ error: MENSAJE_SIN_ALMACENAMIENTO });
    reply.log.error({ err: error, documento: documento.id }, 'imagen sin su copia en el almacenamiento');
    return reply.status(404).send({ error: 'El archivo del documento no está disponible.' });
  }
  const nombre = `${documento.nombreArchivo.replace(/\.[A-Za-z0-9]{1,5}$/, '')}${tamano === 'web' ? '' : '-miniatura'}.webp`;
  return reply
    .headers({
      'content-type': 'image/webp',
      'content-disposition': contentDisposition(nombre, { type: 'inline' }),
      etag: `"${documento.sha256}-${tamano}"`,
      'last-modified': documento.createdAt.toUTCString(),
      'cache-control': CACHE_DOCUMENTO,
      'content-security-policy': "default-src 'none'; img-src 'self'; frame-ancestors 'self'",
    })
    .send(Buffer.concat(partes));
}

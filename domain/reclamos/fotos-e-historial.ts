/**
 * A report's photos and history, the one read the public page and the staff's desk share
 * (docs/decisions/057-reclamos.md), each with what it may see: the public, only the photos
 * published with their web copy, and of the history only the state, its date, the public answer and
 * the outside body (never the internal note, never who); staff, every photo and every row with who
 * wrote it and the note. Open311's lists read many reports at once: they take the same rules as
 * columns (primeraFotoPublica, ultimaRespuestaPublica).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type EstadoReclamo, documentos, fotosReclamo, historialReclamos, organismosReclamo, reclamos, usuarios } from '#db/schema/index.ts';
import { ETIQUETAS_ESTADO } from './etiquetas.ts';

/** A photo the public may see: published, with the web copy the pages and Open311 link to. */
const fotoPublica = and(eq(documentos.publico, true), isNotNull(documentos.claveWeb));

/**
 * The same rules as a column of a read of many reports (Open311's lists): the first photo the
 * public may see, and the last public answer of the history.
 */
export const primeraFotoPublica = sql<
  number | null
>`(select ${fotosReclamo.documentoId} from ${fotosReclamo} inner join ${documentos} on ${documentos.id} = ${fotosReclamo.documentoId} where ${fotosReclamo.reclamoId} = ${reclamos.id} and ${fotoPublica} order by ${fotosReclamo.orden} limit 1)`;
export const ultimaRespuestaPublica = sql<
  string | null
>`(select ${historialReclamos.respuesta} from ${historialReclamos} where ${historialReclamos.reclamoId} = ${reclamos.id} and ${historialReclamos.respuesta} <> '' order by ${historialReclamos.fecha} desc, ${historialReclamos.id} desc limit 1)`;

type FotoPublica = { orden: number; documentoId: number };
type FotoParaPersonal = FotoPublica & { tipoContenido: string; tamano: number };
type PasoPublico = { estado: EstadoReclamo; estadoEtiqueta: string; fecha: Date; respuesta: string; organismo: string | null };
type PasoParaPersonal = PasoPublico & { id: number; usuarioId: number | null; usuarioNombre: string | null; nota: string };

type Vistas = {
  publica: { fotos: FotoPublica[]; historial: PasoPublico[] };
  personal: { fotos: FotoParaPersonal[]; historial: PasoParaPersonal[] };
};

/** The photos in their order and the history oldest first, as `vista` may see them. */
export async function fotosEHistorial<V extends keyof Vistas>(db: Db, reclamoId: number, vista: V): Promise<Vistas[V]> {
  const personal = vista === 'personal';
  const [fotos, historial] = await Promise.all([
    db
      .select({ orden: fotosReclamo.orden, documentoId: fotosReclamo.documentoId, tipoContenido: documentos.tipoContenido, tamano: documentos.tamano })
      .from(fotosReclamo)
      .innerJoin(documentos, eq(documentos.id, fotosReclamo.documentoId))
      .where(personal ? eq(fotosReclamo.reclamoId, reclamoId) : and(eq(fotosReclamo.reclamoId, reclamoId), fotoPublica))
      .orderBy(asc(fotosReclamo.orden)),
    db
      .select({
        id: historialReclamos.id,
        estado: historialReclamos.estado,
        fecha: historialReclamos.fecha,
        usuarioId: historialReclamos.usuarioId,
        usuarioNombre: sql<string | null>`nullif(trim(${usuarios.nombre} || ' ' || ${usuarios.apellido}), '')`,
        respuesta: historialReclamos.respuesta,
        nota: historialReclamos.nota,
        organismo: organismosReclamo.nombre,
      })
      .from(historialReclamos)
      .leftJoin(usuarios, eq(usuarios.id, historialReclamos.usuarioId))
      .leftJoin(organismosReclamo, eq(organismosReclamo.id, historialReclamos.organismoId))
      .where(eq(historialReclamos.reclamoId, reclamoId))
      .orderBy(asc(historialReclamos.fecha), asc(historialReclamos.id)),
  ]);
  if (personal) {
    return {
      fotos: fotos.map((f) => ({ ...f, tamano: Number(f.tamano) })),
      historial: historial.map((h) => ({ ...h, estadoEtiqueta: ETIQUETAS_ESTADO[h.estado] })),
    } satisfies Vistas['personal'] as Vistas[V];
  }
  // What the public may not see is left out here, not by the page.
  return {
    fotos: fotos.map(({ orden, documentoId }) => ({ orden, documentoId })),
    historial: historial.map(({ estado, fecha, respuesta, organismo }) => ({ estado, estadoEtiqueta: ETIQUETAS_ESTADO[estado], fecha, respuesta, organismo })),
  } satisfies Vistas['publica'] as Vistas[V];
}

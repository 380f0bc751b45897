/**
 * Reads of a report as it enters (docs/decisions/057-reclamos.md): the open reports near a point
 * that may be the same one, and a report by its code.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type EstadoReclamo, type PreguntaCategoria, categoriasReclamo, reclamos } from '#db/schema/index.ts';
import { ESTADOS_ABIERTOS } from './etiquetas.ts';

/** Metres in a degree of latitude (and of longitude at the equator). */
const METROS_POR_GRADO = 111_320;
const RADIO_TIERRA_M = 6_371_000;
/** The most reports offered as possibly the same one. */
export const MAX_DUPLICADOS = 5;

export type PosibleDuplicado = {
  id: number;
  codigo: string;
  descripcion: string;
  direccion: string;
  estado: EstadoReclamo;
  distanciaM: number;
  createdAt: Date;
};

/** The open states as SQL literals (constants of the schema, never input): the partial index's own predicate. */
const ESTADOS_ABIERTOS_SQL = sql.raw(ESTADOS_ABIERTOS.map((e) => `'${e}'`).join(', '));

/**
 * The open, visible reports of `categoriaId` within `radioM` metres of the point (by default the
 * category's `radioDuplicadosM`), nearest first, at most five. A box around the point reads the
 * partial index `reclamos_cercanos_idx`; the exact distance (haversine, in SQL) then keeps the
 * ones within the circle. Without PostGIS, the same on PGlite and PostgreSQL.
 */
export async function buscarDuplicados(
  db: Db,
  opciones: { categoriaId: number; latitud: number; longitud: number; radioM?: number },
): Promise<PosibleDuplicado[]> {
  const { categoriaId, latitud, longitud } = opciones;
  let radioM = opciones.radioM;
  if (radioM === undefined) {
    const [categoria] = await db
      .select({ radio: categoriasReclamo.radioDuplicadosM })
      .from(categoriasReclamo)
      .where(eq(categoriasReclamo.id, categoriaId))
      .limit(1);
    if (!categoria) return [];
    radioM = categoria.radio;
  }
  if (!Number.isFinite(radioM) || radioM <= 0 || !Number.isFinite(latitud) || !Number.isFinite(longitud)) return [];
  const dLat = radioM / METROS_POR_GRADO;
  const dLon = radioM / (METROS_POR_GRADO * Math.max(Math.cos((latitud * Math.PI) / 180), 0.01));
  const distancia = sql<number>`(2 * ${RADIO_TIERRA_M}::double precision * asin(least(1, sqrt(
      power(sin(radians(${reclamos.latitud} - ${latitud}::double precision) / 2), 2)
      + cos(radians(${latitud}::double precision)) * cos(radians(${reclamos.latitud}))
        * power(sin(radians(${reclamos.longitud} - ${longitud}::double precision) / 2), 2)))))`;
  const filas = await db
    .select({
      id: reclamos.id,
      codigo: reclamos.codigo,
      descripcion: reclamos.descripcion,
      direccion: reclamos.direccion,
      estado: reclamos.estado,
      distanciaM: distancia,
      createdAt: reclamos.createdAt,
    })
    .from(reclamos)
    .where(
      and(
        eq(reclamos.categoriaId, categoriaId),
        sql`${reclamos.latitud} between ${latitud - dLat}::double precision and ${latitud + dLat}::double precision`,
        sql`${reclamos.longitud} between ${longitud - dLon}::double precision and ${longitud + dLon}::double precision`,
        sql`${reclamos.estado} in (${ESTADOS_ABIERTOS_SQL})`,
        sql`${reclamos.ocultoEn} is null`,
        sql`${distancia} <= ${radioM}::double precision`,
      ),
    )
    .orderBy(distancia, reclamos.id)
    .limit(MAX_DUPLICADOS);
  return filas.map((f) => ({ ...f, distanciaM: Math.round(Number(f.distanciaM)) }));
}

/** A report by its code as stored (parse it first with parseCodigoReclamo): the few fields every page needs. */
export async function getReclamoPorCodigo(
  db: Db,
  codigo: string,
): Promise<{ id: number; codigo: string; categoriaId: number; estado: EstadoReclamo; ocultoEn: Date | null; createdAt: Date } | undefined> {
  const [fila] = await db
    .select({
      id: reclamos.id,
      codigo: reclamos.codigo,
      categoriaId: reclamos.categoriaId,
      estado: reclamos.estado,
      ocultoEn: reclamos.ocultoEn,
      createdAt: reclamos.createdAt,
    })
    .from(reclamos)
    .where(eq(reclamos.codigo, codigo))
    .limit(1);
  return fila;
}

export type CategoriaParaReclamo = {
  id: number;
  codigo: string;
  nombre: string;
  preguntas: PreguntaCategoria[];
  plazoDiasHabiles: number;
  areaId: number | null;
};

/** The ACTIVE category with `codigo`, with what a new report takes from it; undefined when none. */
export async function getCategoriaActivaParaReclamo(db: Db, codigo: string): Promise<CategoriaParaReclamo | undefined> {
  const [fila] = await db
    .select({
      id: categoriasReclamo.id,
      codigo: categoriasReclamo.codigo,
      nombre: categoriasReclamo.nombre,
      preguntas: categoriasReclamo.preguntas,
      plazoDiasHabiles: categoriasReclamo.plazoDiasHabiles,
      areaId: categoriasReclamo.areaId,
    })
    .from(categoriasReclamo)
    .where(and(eq(categoriasReclamo.codigo, codigo), eq(categoriasReclamo.activa, true)))
    .limit(1);
  return fila;
}

/**
 * The reads of Open311 GeoReport v2 (docs/decisions/057-reclamos.md): active categories as
 * services, and reports as service requests. A hidden report is never listed nor found, and the
 * reporter (e-mail, name, secret) is never selected.
 */
import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { areasMunicipales, categoriasReclamo, organismosReclamo, reclamos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type Limit, consumeLimit } from '#domain/shared/limits.ts';
import { primeraFotoPublica, ultimaRespuestaPublica } from './fotos-e-historial.ts';
import type { CategoriaOpen311, FiltrosSolicitudes, ReclamoOpen311 } from './open311.ts';

const columnasCategoria = {
  codigo: categoriasReclamo.codigo,
  nombre: categoriasReclamo.nombre,
  descripcion: categoriasReclamo.descripcion,
  grupo: categoriasReclamo.grupo,
  preguntas: categoriasReclamo.preguntas,
};

/** The active categories, in staff's order. */
export async function listServiciosOpen311(db: Db): Promise<CategoriaOpen311[]> {
  return db
    .select(columnasCategoria)
    .from(categoriasReclamo)
    .where(eq(categoriasReclamo.activa, true))
    .orderBy(asc(categoriasReclamo.orden), asc(categoriasReclamo.nombre));
}

/** An active category by its code (the service_code), or undefined. */
export async function getServicioOpen311(db: Db, codigo: string): Promise<CategoriaOpen311 | undefined> {
  const [fila] = await db
    .select(columnasCategoria)
    .from(categoriasReclamo)
    .where(and(eq(categoriasReclamo.codigo, codigo), eq(categoriasReclamo.activa, true)))
    .limit(1);
  return fila;
}

const areaCategoria = sql`(select a.nombre from ${areasMunicipales} a where a.id = ${categoriasReclamo.areaId})`;

/** Public fields of visible reports matching `donde`, newest first. */
async function leerReclamos(db: Db, donde: SQL | undefined, pagina?: { limite: number; desde: number }): Promise<ReclamoOpen311[]> {
  let consulta = db
    .select({
      codigo: reclamos.codigo,
      estado: reclamos.estado,
      descripcion: reclamos.descripcion,
      latitud: reclamos.latitud,
      longitud: reclamos.longitud,
      direccion: reclamos.direccion,
      venceEl: reclamos.venceEl,
      createdAt: reclamos.createdAt,
      updatedAt: reclamos.updatedAt,
      categoriaCodigo: categoriasReclamo.codigo,
      categoriaNombre: categoriasReclamo.nombre,
      categoriaAviso: categoriasReclamo.aviso,
      organismo: organismosReclamo.nombre,
      area: sql<string | null>`coalesce(${areasMunicipales.nombre}, ${areaCategoria})`,
      ultimaRespuesta: ultimaRespuestaPublica,
      foto: primeraFotoPublica,
    })
    .from(reclamos)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
    .leftJoin(organismosReclamo, eq(organismosReclamo.id, reclamos.organismoId))
    .leftJoin(areasMunicipales, eq(areasMunicipales.id, reclamos.areaId))
    .where(and(isNull(reclamos.ocultoEn), donde))
    .orderBy(desc(reclamos.createdAt), desc(reclamos.id))
    .$dynamic();
  if (pagina) consulta = consulta.limit(pagina.limite).offset(pagina.desde);
  const filas = await consulta;
  return filas.map((f) => ({
    codigo: f.codigo,
    estado: f.estado,
    descripcion: f.descripcion,
    latitud: f.latitud,
    longitud: f.longitud,
    direccion: f.direccion,
    venceEl: f.venceEl,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    categoria: { codigo: f.categoriaCodigo, nombre: f.categoriaNombre, aviso: f.categoriaAviso },
    organismo: f.organismo,
    area: f.area,
    ultimaRespuesta: f.ultimaRespuesta ?? '',
    // The web-sized copy of the photo, which keeps no metadata (docs/decisions/057-reclamos.md).
    foto: f.foto === null ? null : `/api/v1/documentos/${Number(f.foto)}?tamano=web`,
  }));
}

/**
 * The service requests the parameters ask for: by codes (in the order asked, unknown and hidden
 * ones left out), or one page of the filtered ones with whether there is a next page.
 */
export async function listSolicitudesOpen311(db: Db, filtros: FiltrosSolicitudes): Promise<{ reclamos: ReclamoOpen311[]; hayMas: boolean }> {
  if (filtros.tipo === 'ids') {
    const filas = await leerReclamos(db, inArray(reclamos.codigo, filtros.codigos));
    const porCodigo = new Map(filas.map((r) => [r.codigo, r]));
    return { reclamos: filtros.codigos.flatMap((c) => porCodigo.get(c) ?? []), hayMas: false };
  }
  const donde = and(
    gte(reclamos.createdAt, filtros.desde),
    lte(reclamos.createdAt, filtros.hasta),
    filtros.servicios.length ? inArray(categoriasReclamo.codigo, filtros.servicios) : undefined,
    filtros.estados ? inArray(reclamos.estado, filtros.estados) : undefined,
  );
  const filas = await leerReclamos(db, donde, { limite: filtros.porPagina + 1, desde: (filtros.pagina - 1) * filtros.porPagina });
  return { reclamos: filas.slice(0, filtros.porPagina), hayMas: filas.length > filtros.porPagina };
}

/** One visible report by its code, or undefined. */
export async function getSolicitudOpen311(db: Db, codigo: string): Promise<ReclamoOpen311 | undefined> {
  const [r] = await leerReclamos(db, eq(reclamos.codigo, codigo));
  return r;
}

/** How many reports one Open311 key may send an hour: a client's batch, not a flood. */
export const LIMITE_CLAVE_OPEN311: Limit = { max: 60, windowSeconds: 3600 };

/** Counts one report of a key: false when the key has sent its hour's share. */
export async function consumirLimiteClave(ctx: Pick<AppContext, 'db' | 'cipher'>, claveId: number): Promise<boolean> {
  return (await consumeLimit(ctx.db, ctx.cipher.hash('limite-open311-clave', String(claveId)), LIMITE_CLAVE_OPEN311)).allowed;
}

/** The notice a category shows before its form (the standard's service_notice). */
export async function avisoDeServicio(db: Db, codigo: string): Promise<string> {
  const [fila] = await db.select({ aviso: categoriasReclamo.aviso }).from(categoriasReclamo).where(eq(categoriasReclamo.codigo, codigo)).limit(1);
  return fila?.aviso ?? '';
}

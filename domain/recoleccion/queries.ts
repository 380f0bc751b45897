/*
 * Reading "Mi calle"'s zones, services and one-off changes (docs/decisions/056-mi-calle.md), and the
 * calendar of a zone with the holidays of domain/plazos applied.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { cambiosRecoleccion, serviciosRecoleccion, usuarios, zonasRecoleccion } from '#db/schema/index.ts';
import { listFeriados } from '#domain/plazos/queries.ts';
import { type Fecha, sumarDias } from '#domain/shared/fechas.ts';
import type { ServicioVehiculo } from '#domain/vehiculos/campos.ts';
import { type Calendario, type CambioCalendario, type FeriadosConNombre, type ServicioCalendario, calendarioDelServicio } from './calendario.ts';
import type { MultiPoligono } from '#db/schema/recoleccion.ts';

export type Zona = {
  id: number;
  slug: string;
  nombre: string;
  descripcion: string;
  geometria: MultiPoligono;
  minLatitud: number;
  maxLatitud: number;
  minLongitud: number;
  maxLongitud: number;
  orden: number;
};

export type Servicio = ServicioCalendario & { slug: string; servicioVehiculo: ServicioVehiculo; supervisorEmail: string | null; orden: number };

export type ZonaConServicios = Zona & { servicios: Servicio[] };

/** A zone's columns as `Zona`: what the queries read and the commands return. */
export const columnasZona = {
  id: zonasRecoleccion.id,
  slug: zonasRecoleccion.slug,
  nombre: zonasRecoleccion.nombre,
  descripcion: zonasRecoleccion.descripcion,
  geometria: zonasRecoleccion.geometria,
  minLatitud: zonasRecoleccion.minLatitud,
  maxLatitud: zonasRecoleccion.maxLatitud,
  minLongitud: zonasRecoleccion.minLongitud,
  maxLongitud: zonasRecoleccion.maxLongitud,
  orden: zonasRecoleccion.orden,
};

/** A service's columns as `Servicio`: what the queries read and the commands return. */
export const columnasServicio = {
  id: serviciosRecoleccion.id,
  zonaId: serviciosRecoleccion.zonaId,
  slug: serviciosRecoleccion.slug,
  nombre: serviciosRecoleccion.nombre,
  regla: serviciosRecoleccion.regla,
  desde: serviciosRecoleccion.desde,
  horaDesde: serviciosRecoleccion.horaDesde,
  horaHasta: serviciosRecoleccion.horaHasta,
  feriado: serviciosRecoleccion.feriado,
  guardia: serviciosRecoleccion.guardia,
  servicioVehiculo: serviciosRecoleccion.servicioVehiculo,
  supervisorEmail: serviciosRecoleccion.supervisorEmail,
  orden: serviciosRecoleccion.orden,
};

const columnasCambio = {
  id: cambiosRecoleccion.id,
  zonaId: cambiosRecoleccion.zonaId,
  servicioId: cambiosRecoleccion.servicioId,
  fecha: cambiosRecoleccion.fecha,
  tipo: cambiosRecoleccion.tipo,
  motivo: cambiosRecoleccion.motivo,
  horaDesde: cambiosRecoleccion.horaDesde,
  horaHasta: cambiosRecoleccion.horaHasta,
};

/** The column is text with a check constraint ('recoleccion' | 'vialidad'). */
const comoServicio = (fila: Omit<Servicio, 'servicioVehiculo'> & { servicioVehiculo: string }): Servicio => fila as Servicio;

/** Every zone, by `orden` then name. */
export async function listZonas(db: Db): Promise<Zona[]> {
  return db.select(columnasZona).from(zonasRecoleccion).orderBy(asc(zonasRecoleccion.orden), asc(zonasRecoleccion.nombre), asc(zonasRecoleccion.id));
}

async function serviciosDe(db: Db, zonaId: number): Promise<Servicio[]> {
  const filas = await db
    .select(columnasServicio)
    .from(serviciosRecoleccion)
    .where(eq(serviciosRecoleccion.zonaId, zonaId))
    .orderBy(asc(serviciosRecoleccion.orden), asc(serviciosRecoleccion.nombre), asc(serviciosRecoleccion.id));
  return filas.map(comoServicio);
}

/** A zone by its slug, with its services (by `orden` then name). */
export async function getZona(db: Db, slug: string): Promise<ZonaConServicios | undefined> {
  const [zona] = await db.select(columnasZona).from(zonasRecoleccion).where(eq(zonasRecoleccion.slug, slug));
  return zona && { ...zona, servicios: await serviciosDe(db, zona.id) };
}

/** A zone by its id, with its services. */
export async function getZonaPorId(db: Db, id: number): Promise<ZonaConServicios | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return undefined;
  const [zona] = await db.select(columnasZona).from(zonasRecoleccion).where(eq(zonasRecoleccion.id, id));
  return zona && { ...zona, servicios: await serviciosDe(db, zona.id) };
}

/** Every service of every zone, by zone then `orden` and name. */
export async function listServicios(db: Db): Promise<Servicio[]> {
  const filas = await db
    .select(columnasServicio)
    .from(serviciosRecoleccion)
    .orderBy(asc(serviciosRecoleccion.zonaId), asc(serviciosRecoleccion.orden), asc(serviciosRecoleccion.nombre), asc(serviciosRecoleccion.id));
  return filas.map(comoServicio);
}

/** The one-off changes between `desde` and `hasta` (both included), of one zone or of all, by date. */
export async function listCambios(db: Db, filtro: { zonaId?: number; desde: Fecha; hasta: Fecha }): Promise<CambioCalendario[]> {
  const condiciones = [gte(cambiosRecoleccion.fecha, filtro.desde), lte(cambiosRecoleccion.fecha, filtro.hasta)];
  if (filtro.zonaId !== undefined) condiciones.push(eq(cambiosRecoleccion.zonaId, filtro.zonaId));
  return db
    .select(columnasCambio)
    .from(cambiosRecoleccion)
    .where(and(...condiciones))
    .orderBy(asc(cambiosRecoleccion.fecha), asc(cambiosRecoleccion.id));
}

export type CambioDelPanel = CambioCalendario & { cargadoPor: string | null };

/**
 * A zone's one-off changes between `desde` and `hasta` for the back-office, each with who added it
 * (name, or e-mail when the account has no name; null: the site itself or an account since
 * deleted). Staff only: the public calendars read `listCambios`, which has no people in it.
 */
export async function listCambiosDelPanel(db: Db, filtro: { zonaId: number; desde: Fecha; hasta: Fecha }): Promise<CambioDelPanel[]> {
  const filas = await db
    .select({ ...columnasCambio, nombre: usuarios.nombre, apellido: usuarios.apellido, email: usuarios.email })
    .from(cambiosRecoleccion)
    .leftJoin(usuarios, eq(usuarios.id, cambiosRecoleccion.creadoPor))
    .where(and(eq(cambiosRecoleccion.zonaId, filtro.zonaId), gte(cambiosRecoleccion.fecha, filtro.desde), lte(cambiosRecoleccion.fecha, filtro.hasta)))
    .orderBy(asc(cambiosRecoleccion.fecha), asc(cambiosRecoleccion.id));
  return filas.map(({ nombre, apellido, email, ...cambio }) => ({
    ...cambio,
    cargadoPor: email === null ? null : `${nombre ?? ''} ${apellido ?? ''}`.trim() || email,
  }));
}

/** The holidays between `desde` and `hasta` (both included) with their names, from the holidays table. */
export async function feriadosConNombre(db: Db, desde: Fecha, hasta: Fecha): Promise<FeriadosConNombre> {
  const primero = Math.max(2000, Number(desde.slice(0, 4)));
  const ultimo = Math.min(2100, Number(hasta.slice(0, 4)));
  const feriados = new Map<Fecha, string>();
  for (let anio = primero; anio <= ultimo; anio++)
    for (const f of (await listFeriados(db, anio)).feriados) if (f.fecha >= desde && f.fecha <= hasta) feriados.set(f.fecha, f.nombre);
  return feriados;
}

/**
 * The calendar of each service of `zona` between `desde` and `hasta` (both included), by service id:
 * the rule's days, the holidays (read a week before and a month after, for passes a holiday run
 * moves) and the zone's one-off changes.
 */
export async function calendarioDeZona(
  db: Db,
  zona: Pick<Zona, 'id'> & { servicios: readonly ServicioCalendario[] },
  desde: Fecha,
  hasta: Fecha,
): Promise<Map<number, Calendario>> {
  const [feriados, cambios] = await Promise.all([
    feriadosConNombre(db, sumarDias(desde, -7), sumarDias(hasta, 31)),
    listCambios(db, { zonaId: zona.id, desde, hasta }),
  ]);
  return new Map(zona.servicios.map((s) => [s.id, calendarioDelServicio(s, desde, hasta, feriados, cambios)]));
}

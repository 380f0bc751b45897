/*
 * The coverage of collection (docs/architecture.md, «Cobertura y retención de posiciones»): for
 * each zone, service and day the calendar says it passes, whether a public position of an active
 * vehicle of the service fell inside the zone during its window. Computed from the same positions
 * that answer «¿Cuándo pasó?», kept in `cobertura_recoleccion` after the positions are gone, and
 * sent each morning to the service's supervisor for the zones not covered the day before.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { and, eq, sql } from 'drizzle-orm';
import { z } from '#domain/shared/zod.ts';
import { type Db, queryRows } from '#db/client.ts';
import { coberturaRecoleccion } from '#db/schema/index.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type Fecha, esFechaValida, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday, formatTime } from '#domain/shared/formato.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { ServicioVehiculo } from '#domain/vehiculos/campos.ts';
import { listPosicionesEnCaja } from '#domain/vehiculos/pasadas.ts';
import type { Pasada } from './calendario.ts';
import { type Servicio, type Zona, calendarioDeZona, getZonaPorId, listZonas } from './queries.ts';

/** A window of a day's pass, in instants. */
type Ventana = { desde: Date; hasta: Date };

/** The site's service hours (`vehiculos.horario`), the window of a service that passes all day. */
type Horario = { desde: string; hasta: string };

const enArgentina = (fecha: Fecha, hhmm: string) => new Date(`${fecha}T${hhmm}:00-03:00`);

/**
 * The window of a pass on its day: its own hours, or the site's service hours for an all-day
 * service (positions outside them are never public anyway). A `hasta` not after `desde` ends the
 * next day; equal service hours are the whole day (docs/decisions/015-seguimiento-de-vehiculos.md).
 */
function ventanaDe(pasada: Pick<Pasada, 'fecha' | 'horaDesde' | 'horaHasta'>, horario: Horario): Ventana {
  const [desde, hasta] = pasada.horaDesde && pasada.horaHasta ? [pasada.horaDesde, pasada.horaHasta] : [horario.desde, horario.hasta];
  const inicio = enArgentina(pasada.fecha, desde);
  const fin = enArgentina(hasta > desde ? pasada.fecha : sumarDias(pasada.fecha, 1), hasta);
  return { desde: inicio, hasta: fin };
}

/** The passes of `servicio` on `fecha`, as the zone's calendar says (holidays and one-off changes applied). */
async function pasadasDelDia(db: Db, zona: Zona & { servicios: Servicio[] }, fecha: Fecha): Promise<Map<number, Pasada[]>> {
  const calendarios = await calendarioDeZona(db, zona, fecha, fecha);
  const porServicio = new Map<number, Pasada[]>();
  for (const servicio of zona.servicios) {
    const pasadas = (calendarios.get(servicio.id)?.pasadas ?? []).filter((p) => p.fecha === fecha);
    if (pasadas.length > 0) porServicio.set(servicio.id, pasadas);
  }
  return porServicio;
}

type Medicion = { posiciones: number; vehiculoId: number | null; primera: Date | null; ultima: Date | null };

/** The public positions of the service's vehicles inside the zone's polygon during the windows. */
async function medir(db: Db, zona: Zona, servicio: ServicioVehiculo, ventanas: Ventana[]): Promise<Medicion> {
  const caja = { minLat: zona.minLatitud, maxLat: zona.maxLatitud, minLon: zona.minLongitud, maxLon: zona.maxLongitud };
  const poligono = { type: 'MultiPolygon' as const, coordinates: zona.geometria };
  const porVehiculo = new Map<number, number>();
  let primera: Date | null = null;
  let ultima: Date | null = null;
  let posiciones = 0;
  for (const ventana of ventanas) {
    for (const p of await listPosicionesEnCaja(db, { servicio, caja, ...ventana })) {
      if (!booleanPointInPolygon([p.longitud, p.latitud], poligono)) continue;
      posiciones++;
      porVehiculo.set(p.vehiculoId, (porVehiculo.get(p.vehiculoId) ?? 0) + 1);
      if (!primera || p.hora < primera) primera = p.hora;
      if (!ultima || p.hora > ultima) ultima = p.hora;
    }
  }
  // The vehicle named is the one that reported most inside the zone.
  const [vehiculoId] = [...porVehiculo.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [null];
  return { posiciones, vehiculoId, primera, ultima };
}

/**
 * How long after a window ends its positions may still arrive: a tracker out of signal keeps what it
 * records and sends it when it is back. A row computed this long after its last window ended is
 * final (docs/architecture.md, «Cobertura y retención de posiciones»).
 */
export const ESPERA_DE_POSICIONES_MS = 60 * 60_000;

/**
 * Computes and stores the coverage of every zone and service scheduled on `fecha`; answers how
 * many rows it wrote. Idempotent, and safe on every instance at once: each row is an upsert of
 * what the positions say now, and the day of a service no longer scheduled (a one-off change
 * suspended it) loses its row. Whether the summary already went is kept. A row already computed
 * ESPERA_DE_POSICIONES_MS or more after its windows ended is final: it is kept as it is, without
 * reading the positions again (the job computes yesterday all day long).
 */
export async function calcularCobertura(ctx: Pick<AppContext, 'db' | 'clock'>, fecha: Fecha): Promise<number> {
  const { db } = ctx;
  const { horario } = (await getSiteSettingsForPages(db)).vehiculos;
  const calculadas = new Map(
    (
      await db
        .select({ servicioId: coberturaRecoleccion.servicioId, calculadaEn: coberturaRecoleccion.calculadaEn })
        .from(coberturaRecoleccion)
        .where(eq(coberturaRecoleccion.fecha, fecha))
    ).map((c) => [c.servicioId, c.calculadaEn.getTime()]),
  );
  let escritas = 0;
  for (const { id } of await listZonas(db)) {
    const zona = await getZonaPorId(db, id);
    if (!zona) continue;
    const pasadas = await pasadasDelDia(db, zona, fecha);
    for (const servicio of zona.servicios) {
      const delDia = pasadas.get(servicio.id);
      if (!delDia) {
        await db.delete(coberturaRecoleccion).where(and(eq(coberturaRecoleccion.servicioId, servicio.id), eq(coberturaRecoleccion.fecha, fecha)));
        continue;
      }
      const ventanas = delDia.map((p) => ventanaDe(p, horario));
      const termina = Math.max(...ventanas.map((v) => v.hasta.getTime()));
      if ((calculadas.get(servicio.id) ?? -Infinity) >= termina + ESPERA_DE_POSICIONES_MS) continue;
      const m = await medir(db, zona, servicio.servicioVehiculo, ventanas);
      const valores = {
        cubierta: m.posiciones > 0,
        posiciones: m.posiciones,
        vehiculoId: m.vehiculoId,
        primera: m.primera,
        ultima: m.ultima,
        calculadaEn: ctx.clock.now(),
      };
      await db
        .insert(coberturaRecoleccion)
        .values({ servicioId: servicio.id, fecha, ...valores })
        .onConflictDoUpdate({ target: [coberturaRecoleccion.servicioId, coberturaRecoleccion.fecha], set: valores });
      escritas++;
    }
  }
  return escritas;
}

/** The daily summary's hour in the town, like the alerts' digest (docs/decisions/024-alertas.md). */
const HORA_RESUMEN = '08:00';

/**
 * The coverage job (server/app.ts): yesterday's and today's coverage, then, from 08:00, the summary
 * of yesterday to each supervisor. Every instance runs it; the summary goes once.
 */
export async function actualizarCobertura(ctx: Pick<AppContext, 'db' | 'clock' | 'cipher' | 'mailer' | 'url'>): Promise<{ filas: number; resumenes: number }> {
  const hoy = fechaEnArgentina(ctx.clock.now());
  const filas = (await calcularCobertura(ctx, sumarDias(hoy, -1))) + (await calcularCobertura(ctx, hoy));
  const resumenes = ctx.clock.now() >= enArgentina(hoy, HORA_RESUMEN) ? await enviarResumenesCobertura(ctx, sumarDias(hoy, -1)) : 0;
  return { filas, resumenes };
}

/**
 * Mails each supervisor the zones and services of theirs not covered on `fecha`, one mail per
 * address, through the outbox; answers how many mails. Once: the rows mailed are marked in the same
 * transaction that writes the mail, and rows another instance is mailing are skipped. A day
 * covered, or a service without a supervisor, sends nothing.
 */
export async function enviarResumenesCobertura(ctx: Pick<AppContext, 'db' | 'cipher' | 'mailer' | 'url'>, fecha: Fecha): Promise<number> {
  const enviados = await ctx.db.transaction(async (transaccion) => {
    const tx = transaccion as unknown as Db;
    const filas = await queryRows<{ servicio_id: number; supervisor: string; zona: string; servicio: string; zona_slug: string }>(
      tx,
      sql`select c.servicio_id, s.supervisor_email as supervisor, z.nombre as zona, s.nombre as servicio, z.slug as zona_slug
            from cobertura_recoleccion c
            join servicios_recoleccion s on s.id = c.servicio_id
            join zonas_recoleccion z on z.id = s.zona_id
           where c.fecha = ${fecha} and not c.cubierta and c.avisada_en is null
             and s.supervisor_email is not null and btrim(s.supervisor_email) <> ''
           order by z.orden, z.nombre, s.orden, s.nombre
             for update of c skip locked`,
    );
    const porSupervisor = new Map<string, typeof filas>();
    for (const f of filas) porSupervisor.set(f.supervisor.trim(), [...(porSupervisor.get(f.supervisor.trim()) ?? []), f]);
    const dia = formatLongDateWithWeekday(fecha);
    await enqueueMail(
      tx,
      ctx.cipher,
      [...porSupervisor.entries()].map(([destinatario, sinCubrir]) => ({
        destinatario,
        asunto: `Recolección sin cubrir el ${dia}: ${sinCubrir.length} ${sinCubrir.length === 1 ? 'servicio' : 'servicios'}`,
        texto: [
          `Según las posiciones de los vehículos, estos servicios no pasaron por su zona dentro del horario previsto el ${dia}:`,
          '',
          ...sinCubrir.map((f) => `- ${f.zona}: ${f.servicio}`),
          '',
          `El detalle, zona por zona: ${ctx.url(`/admin/recoleccion/cobertura?fecha=${fecha}`)}`,
          '',
          'Recibís este resumen porque figurás como supervisor de estos servicios en «Mi calle». Llega una vez por día, sólo si algo quedó sin cubrir.',
        ].join('\n'),
        referencia: `cobertura-${fecha}`,
      })),
    );
    for (const f of filas)
      await tx
        .update(coberturaRecoleccion)
        .set({ avisadaEn: sql`now()` })
        .where(and(eq(coberturaRecoleccion.servicioId, Number(f.servicio_id)), eq(coberturaRecoleccion.fecha, fecha)));
    return porSupervisor.size;
  });
  if (enviados > 0) ctx.mailer.wake();
  return enviados;
}

export const ESTADOS_COBERTURA = {
  cubierta: 'Cubierta',
  no_cubierta: 'No cubierta',
  pendiente: 'Pendiente',
  sin_calcular: 'Sin calcular',
} as const;
type EstadoCobertura = keyof typeof ESTADOS_COBERTURA;

type FilaCobertura = {
  zona: { slug: string; nombre: string };
  servicio: { id: number; nombre: string };
  /** The scheduled window as text: «07:00 a 12:00», or «Todo el día». */
  horario: string;
  estado: EstadoCobertura;
  posiciones: number;
  primera: Date | null;
  ultima: Date | null;
  vehiculo: string | null;
};

/**
 * The back-office's coverage of `fecha`: every zone (or the one of `zonaSlug`) and every service
 * the calendar schedules that day, covered, not covered, pending (its window has not ended and
 * nothing passed yet) or not computed yet (the job has not reached it, or the day is older than the
 * coverage kept).
 */
export async function listCobertura(db: Db, opciones: { fecha: Fecha; zonaSlug?: string; ahora: Date }): Promise<FilaCobertura[]> {
  const { fecha, ahora } = opciones;
  const { horario } = (await getSiteSettingsForPages(db)).vehiculos;
  const guardadas = await queryRows<{
    servicio_id: number;
    cubierta: boolean;
    posiciones: number;
    primera: Date | string | null;
    ultima: Date | string | null;
    alias: string | null;
  }>(
    db,
    sql`select c.servicio_id, c.cubierta, c.posiciones, c.primera, c.ultima, v.alias
          from cobertura_recoleccion c left join vehiculos v on v.id = c.vehiculo_id
         where c.fecha = ${fecha}`,
  );
  const porServicio = new Map(guardadas.map((g) => [Number(g.servicio_id), g]));
  const instante = (v: Date | string | null) => (v === null ? null : new Date(v));
  const filas: FilaCobertura[] = [];
  for (const { id, slug } of await listZonas(db)) {
    if (opciones.zonaSlug && slug !== opciones.zonaSlug) continue;
    const zona = await getZonaPorId(db, id);
    if (!zona) continue;
    const pasadas = await pasadasDelDia(db, zona, fecha);
    for (const servicio of zona.servicios) {
      const delDia = pasadas.get(servicio.id);
      if (!delDia) continue;
      const ventanas = delDia.map((p) => ventanaDe(p, horario));
      const termina = Math.max(...ventanas.map((v) => v.hasta.getTime()));
      const g = porServicio.get(servicio.id);
      const estado: EstadoCobertura = g?.cubierta ? 'cubierta' : termina > ahora.getTime() ? 'pendiente' : g ? 'no_cubierta' : 'sin_calcular';
      filas.push({
        zona: { slug: zona.slug, nombre: zona.nombre },
        servicio: { id: servicio.id, nombre: servicio.nombre },
        horario: delDia.map((p) => (p.horaDesde && p.horaHasta ? `${p.horaDesde} a ${p.horaHasta}` : 'Todo el día')).join(' y '),
        estado,
        posiciones: Number(g?.posiciones ?? 0),
        primera: instante(g?.primera ?? null),
        ultima: instante(g?.ultima ?? null),
        vehiculo: g?.alias ?? null,
      });
    }
  }
  return filas;
}

/** «07:12 a 09:40», the first and last position inside the zone; '—' when none. */
export const franjaDePasada = (f: Pick<FilaCobertura, 'primera' | 'ultima'>): string =>
  f.primera && f.ultima ? `${formatTime(f.primera)} a ${formatTime(f.ultima)}` : '—';

const MENSAJE_FECHA = 'Escribí la fecha como AAAA-MM-DD (por ejemplo 2026-03-09) o elegila en el calendario.';
const MENSAJE_ZONA = 'Elegí una de las zonas de la lista.';

/** The page's filters: the date (yesterday by default) and a zone's slug (all when empty). */
const filtrosCoberturaSchema = z.object({
  fecha: z
    .string()
    .trim()
    .max(10, { error: MENSAJE_FECHA })
    .refine((v) => v === '' || esFechaValida(v), { error: MENSAJE_FECHA })
    .optional(),
  zona: z
    .string()
    .trim()
    .max(60, { error: MENSAJE_ZONA })
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: MENSAJE_ZONA })
    .optional(),
});

type FiltrosCobertura = { fecha: Fecha; zona: string };

/**
 * The filters of the URL: the values to use (yesterday and every zone where one is missing or
 * wrong), what was typed (to show it again) and a Spanish message per wrong field. A zone that
 * does not exist is the page's to check (`zonas`).
 */
export function readFiltrosCobertura(
  parametros: URLSearchParams,
  opciones: { ahora: Date; zonas: readonly string[] },
): { filtros: FiltrosCobertura; escritos: { fecha: string; zona: string }; errores: Partial<Record<'fecha' | 'zona', string>> } {
  const ayer = sumarDias(fechaEnArgentina(opciones.ahora), -1);
  const escritos = { fecha: (parametros.get('fecha') ?? '').slice(0, 40), zona: (parametros.get('zona') ?? '').slice(0, 80) };
  const leido = filtrosCoberturaSchema.safeParse({ fecha: parametros.get('fecha') ?? undefined, zona: parametros.get('zona') ?? undefined });
  const errores: Partial<Record<'fecha' | 'zona', string>> = {};
  if (!leido.success) for (const issue of leido.error.issues) errores[issue.path[0] as 'fecha' | 'zona'] ??= issue.message;
  const fecha = !errores.fecha && leido.data?.fecha ? leido.data.fecha : ayer;
  let zona = !errores.zona ? (leido.data?.zona ?? '') : '';
  if (zona && !opciones.zonas.includes(zona)) {
    errores.zona = MENSAJE_ZONA;
    zona = '';
  }
  return { filtros: { fecha, zona }, escritos, errores };
}

/**
 * What /mi-calle answers (docs/decisions/056-mi-calle.md): the zone of an address, a point or a zone
 * chosen from the list; per service its next days and, with a point, «¿Cuándo pasó?». The address
 * is read here and forgotten: it is not stored, and the request log drops the query string
 * (domain/shared/ocultar.ts, rutaParaLog).
 */
import { leerCoordenada } from '#domain/recoleccion/enlaces-avisos.ts';
import { type Zona, calendarioDeZona, getZona, listZonas } from '#domain/recoleccion/queries.ts';
import { ubicarDireccion, zonaDelPunto } from '#domain/recoleccion/ubicacion.ts';
import type { Calendario } from '#domain/recoleccion/calendario.ts';
import { consumeLimit } from '#domain/shared/limits.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type Fecha, diaDeLaSemana, fechaEnArgentina, instanteEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday, formatTime } from '#domain/shared/formato.ts';
import { type Punto, ultimaPasada } from '#domain/vehiculos/pasadas.ts';

/** «¿Cuándo pasó?» looks this close to the point (the 100 m). */
const RADIO_PASADA_M = 100;
/** How many days ahead the page lists. */
const DIAS = 14;
/** Look-ups per network address and minute, like the decree status look-up. */
const CONSULTAS_POR_MINUTO = 30;

export type CampoConsulta = 'q' | 'lat' | 'lon';

export type ValoresConsulta = { q: string; lat: string; lon: string; zona: string };

export type DiaServicio = { fecha: Fecha; texto: string; horario: string | null; nota: string | null; suspendido: boolean };

export type ServicioRespuesta = {
  slug: string;
  nombre: string;
  horario: string;
  dias: DiaServicio[];
  /** «Hoy a las 9:42»…; null when there is no point (a zone chosen from the list). */
  cuandoPaso: string | null;
};

export type Respuesta = {
  zona: { slug: string; nombre: string };
  /** Where the point came from, said back to the visitor. */
  origen: { tipo: 'direccion'; calle: string; numero: number } | { tipo: 'punto' } | { tipo: 'lista' };
  punto: Punto | null;
  servicios: ServicioRespuesta[];
};

export type ZonaLista = { slug: string; nombre: string; geometria: Zona['geometria'] };

export type Consulta =
  | { tipo: 'inicio'; valores: ValoresConsulta; zonas: ZonaLista[] }
  | { tipo: 'respuesta'; valores: ValoresConsulta; zonas: ZonaLista[]; respuesta: Respuesta }
  | {
      tipo: 'invalida';
      valores: ValoresConsulta;
      zonas: ZonaLista[];
      errores: Partial<Record<CampoConsulta, string>>;
      parecidas: string[];
      numero: number | null;
    }
  | { tipo: 'fuera'; valores: ValoresConsulta; zonas: ZonaLista[]; punto: Punto }
  | { tipo: 'limite'; valores: ValoresConsulta; zonas: ZonaLista[]; mensaje: string }
  | { tipo: 'zona-desconocida'; valores: ValoresConsulta; zonas: ZonaLista[] };

const texto = (v: string | null, largo: number) => (v ?? '').slice(0, largo);

const ventana = (desde: string | null, hasta: string | null) => (desde && hasta ? `de ${desde} a ${hasta}` : null);

/** '09:42' → '9:42', as the time is said. */
const horaDicha = (instante: Date) => formatTime(instante).replace(/^0(\d)/, '$1');

/** «Hoy a las 9:42», «El martes a las 10:15 (hoy todavía no pasó)», «Esta semana no pasó». */
function cuandoPasoTexto(hora: Date | null, hoy: Fecha): string {
  if (!hora) return 'Esta semana no pasó.';
  const dia = fechaEnArgentina(hora);
  if (dia === hoy) return `Hoy a las ${horaDicha(hora)}.`;
  // «martes, 10 de marzo de 2026» → «martes».
  const semana = formatLongDateWithWeekday(dia).split(',')[0]!.toLowerCase();
  return `El ${semana} a las ${horaDicha(hora)} (hoy todavía no pasó).`;
}

async function responder(ctx: Pick<AppContext, 'db' | 'clock'>, zona: Zona, origen: Respuesta['origen'], punto: Punto | null): Promise<Respuesta> {
  const { db, clock } = ctx;
  const ahora = clock.now();
  const hoy = fechaEnArgentina(ahora);
  const servicios = (await getZona(db, zona.slug))?.servicios ?? [];
  const calendarios: Map<number, Calendario> = await calendarioDeZona(db, { id: zona.id, servicios }, hoy, sumarDias(hoy, DIAS - 1));
  // «¿Cuándo pasó?» once per kind of vehicle: húmedos and secos are both the collection trucks.
  const lunes = sumarDias(hoy, -((diaDeLaSemana(hoy) + 6) % 7));
  const desde = instanteEnArgentina(`${lunes}T00:00`) ?? ahora;
  const pasadas = new Map<string, Promise<Date | null>>();
  const ultima = (servicioVehiculo: 'recoleccion' | 'vialidad') => {
    if (!punto) return Promise.resolve(null);
    if (!pasadas.has(servicioVehiculo))
      pasadas.set(
        servicioVehiculo,
        ultimaPasada(db, punto, { servicio: servicioVehiculo, radioM: RADIO_PASADA_M, desde, hasta: new Date(ahora.getTime() + 1) }).then(
          (p) => p?.hora ?? null,
        ),
      );
    return pasadas.get(servicioVehiculo)!;
  };
  const respuesta: ServicioRespuesta[] = [];
  for (const s of servicios) {
    const cal = calendarios.get(s.id) ?? { pasadas: [], suspensiones: [] };
    const dias: DiaServicio[] = [
      ...cal.pasadas.map((p) => ({
        fecha: p.fecha,
        texto: formatLongDateWithWeekday(p.fecha),
        horario: ventana(p.horaDesde, p.horaHasta),
        nota: p.nota ?? null,
        suspendido: false,
      })),
      ...cal.suspensiones.map((x) => ({ fecha: x.fecha, texto: formatLongDateWithWeekday(x.fecha), horario: null, nota: x.motivo, suspendido: true })),
    ].sort((a, b) => a.fecha.localeCompare(b.fecha) || Number(a.suspendido) - Number(b.suspendido));
    respuesta.push({
      slug: s.slug,
      nombre: s.nombre,
      horario: ventana(s.horaDesde, s.horaHasta) ?? 'en cualquier momento del día',
      dias,
      cuandoPaso: punto ? cuandoPasoTexto(await ultima(s.servicioVehiculo), hoy) : null,
    });
  }
  return { zona: { slug: zona.slug, nombre: zona.nombre }, origen, punto, servicios: respuesta };
}

/**
 * Reads `?q=` (an address), `?lat=&lon=` (a point) or `?zona=` (a zone of the list) and answers.
 * A look-up by address or point counts against the visitor's network address (`direccion`).
 */
export async function consultarMiCalle(ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>, params: URLSearchParams, direccion: string): Promise<Consulta> {
  const { db } = ctx;
  const valores: ValoresConsulta = {
    q: texto(params.get('q'), 200),
    lat: texto(params.get('lat'), 40),
    lon: texto(params.get('lon'), 40),
    zona: texto(params.get('zona'), 80),
  };
  const todas = await listZonas(db);
  const zonas = todas.map((z) => ({ slug: z.slug, nombre: z.nombre, geometria: z.geometria }));
  const porSlug = (slug: string) => todas.find((z) => z.slug === slug);
  const hayDireccion = params.has('q') && valores.q.trim() !== '';
  const hayPunto = (params.has('lat') || params.has('lon')) && (valores.lat.trim() !== '' || valores.lon.trim() !== '');

  if (!hayDireccion && !hayPunto) {
    if (!params.has('zona') || valores.zona === '') return { tipo: 'inicio', valores, zonas };
    const zona = porSlug(valores.zona);
    if (!zona) return { tipo: 'zona-desconocida', valores, zonas };
    return { tipo: 'respuesta', valores, zonas, respuesta: await responder(ctx, zona, { tipo: 'lista' }, null) };
  }

  const { allowed } = await consumeLimit(db, ctx.cipher.hash('limite-mi-calle-direccion', direccion), { max: CONSULTAS_POR_MINUTO, windowSeconds: 60 });
  if (!allowed) return { tipo: 'limite', valores, zonas, mensaje: 'Hiciste muchas consultas en el último minuto. Esperá un minuto y volvé a probar.' };

  let punto: Punto;
  let origen: Respuesta['origen'];
  if (hayDireccion) {
    const r = await ubicarDireccion(db, valores.q);
    if (r.tipo !== 'encontrada') {
      const numero = /(\d{1,5})\s*$/.exec(valores.q.trim())?.[1];
      return {
        tipo: 'invalida',
        valores,
        zonas,
        errores: { q: r.mensaje },
        parecidas: r.tipo === 'desconocida' ? r.parecidas : [],
        numero: numero ? Number(numero) : null,
      };
    }
    punto = r.punto;
    origen = { tipo: 'direccion', calle: r.calle, numero: r.numero };
  } else {
    const latitud = leerCoordenada(valores.lat, 90);
    const longitud = leerCoordenada(valores.lon, 180);
    const errores: Partial<Record<CampoConsulta, string>> = {};
    if (latitud === undefined) errores.lat = 'Escribí la latitud en grados, un número entre -90 y 90 (por ejemplo -40.7621).';
    if (longitud === undefined) errores.lon = 'Escribí la longitud en grados, un número entre -180 y 180 (por ejemplo -71.6462).';
    if (latitud === undefined || longitud === undefined) return { tipo: 'invalida', valores, zonas, errores, parecidas: [], numero: null };
    punto = { latitud, longitud };
    origen = { tipo: 'punto' };
  }
  const encontrada = await zonaDelPunto(db, punto);
  const zona = encontrada && porSlug(encontrada.slug);
  if (!zona) return { tipo: 'fuera', valores, zonas, punto };
  return { tipo: 'respuesta', valores, zonas, respuesta: await responder(ctx, zona, origen, punto) };
}

import { eq, isNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { ajustesSitio, documentosObservatorio, estadosContables, ordenanzas, reclamos, sueldos } from '#db/schema/index.ts';
import { type FuentesDeCambio, ultimoCambio } from '#domain/auditoria/queries.ts';
import { FUENTES_BOLETINES } from '#domain/boletines/queries.ts';

/**
 * The open-data catalogue (docs/decisions/025-datos-abiertos.md): one declarative list
 * from which both the /datos page and /data.json (the datos.gob.ar / Andino profile) are made.
 * Every distribution is a real download of the site; none carries personal data.
 */

/** The licence of everything in the catalogue, by the name datos.gob.ar uses, and its text. */
export const LICENCIA = 'Creative Commons Attribution 4.0';
export const LICENCIA_URL = 'https://creativecommons.org/licenses/by/4.0/deed.es';
export const PUBLICADOR = 'Municipalidad de Villa La Angostura';
/** When the catalogue was first published: the `issued` of datasets and distributions. */
export const PUBLICADO = '2026-11-27';
/** ISO 3166-2 code of Neuquén, the province of Villa La Angostura. */
export const COBERTURA = 'AR-Q';

/** The site's own themes (the catalogue's themeTaxonomy). */
export const TEMAS = [
  { id: 'normativa', label: 'Normativa', description: 'Ordenanzas, boletines oficiales y decretos publicados.' },
  { id: 'gobierno', label: 'Gobierno', description: 'Estructura orgánica, autoridades y Concejo Deliberante.' },
  { id: 'finanzas', label: 'Finanzas públicas', description: 'Estados contables e informes de sueldos.' },
  { id: 'transito', label: 'Tránsito y transporte', description: 'Observatorio Vial y vehículos municipales en servicio.' },
  { id: 'servicios', label: 'Servicios urbanos', description: 'Recolección de residuos: zonas, servicios y sus calendarios.' },
] as const;

type Tema = (typeof TEMAS)[number]['id'];
/** The national taxonomy's codes (http://datos.gob.ar/superThemeTaxonomy.json) the catalogue uses. */
type SuperTema = 'GOVE' | 'ECON' | 'TRAN' | 'JUST' | 'ENVI';

export type Formato = { format: 'CSV' | 'JSON' | 'Atom' | 'GeoJSON' | 'iCalendar'; mediaType: string };
const CSV: Formato = { format: 'CSV', mediaType: 'text/csv' };
const JSON_: Formato = { format: 'JSON', mediaType: 'application/json' };
const ATOM: Formato = { format: 'Atom', mediaType: 'application/atom+xml' };
const GEOJSON: Formato = { format: 'GeoJSON', mediaType: 'application/geo+json' };
/** A zone's collection calendar (server/datos.ts adds one per zone to its dataset). */
export const ICALENDAR: Formato = { format: 'iCalendar', mediaType: 'text/calendar' };

export type Distribucion = Formato & {
  /** Unique in the catalogue. */
  id: string;
  title: string;
  description: string;
  /** Site paths: the context's url() makes them absolute. */
  downloadURL: string;
  accessURL: string;
  fileName: string;
};

export type ConjuntoDeDatos = {
  id: string;
  title: string;
  description: string;
  superTheme: SuperTema[];
  theme: Tema[];
  /** ASCII words without spaces, as the profile's validator asks. */
  keyword: string[];
  /** ISO 8601 repeating interval (R/P1M) or 'eventual'. */
  accrualPeriodicity: string;
  /** The public page that shows it. */
  landingPage: string;
  distribution: Distribucion[];
  /** Where its last change is read from. */
  fuentes: FuentesDeCambio;
};

const EXTENSIONES: Partial<Record<Formato['format'], string>> = { Atom: 'xml', iCalendar: 'ics' };

/** A distribution of the JSON API, its CSV (`?formato=csv`) or a file of /datos. */
function dist(id: string, formato: Formato, title: string, description: string, downloadURL: string, accessURL: string): Distribucion {
  const extension = EXTENSIONES[formato.format] ?? formato.format.toLowerCase();
  return { id: `${id}-${formato.format.toLowerCase()}`, ...formato, title, description, downloadURL, accessURL, fileName: `${id}.${extension}` };
}
const api = (ruta: string) => `/api/v1${ruta}`;
const csvDeApi = (ruta: string) => `/api/v1${ruta}${ruta.includes('?') ? '&' : '?'}formato=csv`;
const DOCS_API = '/api/docs';
const open311 = (ruta: string) => `/open311/v2${ruta}`;

export const CONJUNTOS: ConjuntoDeDatos[] = [
  {
    id: 'ordenanzas',
    title: 'Ordenanzas municipales',
    description:
      'El registro de ordenanzas del Concejo Deliberante: número, año, estado, fecha de emisión, descripción, expediente, la ordenanza que modifica y el enlace a su texto.',
    superTheme: ['GOVE', 'JUST'],
    theme: ['normativa'],
    keyword: ['ordenanzas', 'normativa', 'concejo-deliberante'],
    accrualPeriodicity: 'R/P1W',
    landingPage: '/consulta-ordenanzas',
    distribution: [
      dist('ordenanzas', CSV, 'Ordenanzas (CSV)', 'Todas las ordenanzas, una por fila.', csvDeApi('/ordenanzas'), '/consulta-ordenanzas'),
      dist('ordenanzas', JSON_, 'Ordenanzas (JSON)', 'La API de ordenanzas, con los filtros de la consulta y paginada.', api('/ordenanzas'), DOCS_API),
      dist(
        'ordenanzas',
        ATOM,
        'Ordenanzas nuevas (Atom)',
        'Las 50 ordenanzas incorporadas más recientemente.',
        '/feeds/ordenanzas.xml',
        '/consulta-ordenanzas',
      ),
    ],
    fuentes: { columnas: [{ columna: ordenanzas.updatedAt }], entidades: ['ordenanza'] },
  },
  {
    id: 'boletines-oficiales',
    title: 'Boletines Oficiales',
    description: 'Cada Boletín Oficial municipal publicado: número, mes, año, fecha de publicación y el enlace a su documento.',
    superTheme: ['GOVE'],
    theme: ['normativa'],
    keyword: ['boletin-oficial', 'normativa'],
    accrualPeriodicity: 'R/P1M',
    landingPage: '/boletines-oficiales',
    distribution: [
      dist('boletines-oficiales', CSV, 'Boletines Oficiales (CSV)', 'Un boletín por fila.', csvDeApi('/boletines-oficiales'), '/boletines-oficiales'),
      dist('boletines-oficiales', JSON_, 'Boletines Oficiales (JSON)', 'La API de boletines oficiales.', api('/boletines-oficiales'), DOCS_API),
      dist('boletines-oficiales', ATOM, 'Boletines Oficiales (Atom)', 'Los 50 boletines más recientes.', '/feeds/boletines.xml', '/boletines-oficiales'),
    ],
    fuentes: FUENTES_BOLETINES,
  },
  {
    id: 'decretos',
    title: 'Decretos publicados',
    description:
      'Los decretos que publican los Boletines Oficiales (número, año, descripción, área y el boletín con su documento); el Boletín Oficial vigente es el último publicado, y sus decretos son los de ese boletín. No incluye las solicitudes de copia de decretos, que son datos personales.',
    superTheme: ['GOVE'],
    theme: ['normativa'],
    keyword: ['decretos', 'boletin-oficial', 'normativa'],
    accrualPeriodicity: 'R/P1M',
    landingPage: '/boletines-oficiales',
    distribution: [
      dist(
        'decretos-publicados',
        CSV,
        'Decretos publicados en los boletines oficiales (CSV)',
        'Un decreto por fila, con el boletín que lo publicó y el enlace a su documento.',
        '/datos/decretos-publicados.csv',
        '/boletines-oficiales',
      ),
      dist('decretos', CSV, 'Decretos del boletín vigente (CSV)', 'Un decreto por fila.', csvDeApi('/boletin-vigente/decretos'), '/boletines-oficiales'),
      dist('decretos', JSON_, 'Decretos del boletín vigente (JSON)', 'La API de decretos del boletín vigente.', api('/boletin-vigente/decretos'), DOCS_API),
    ],
    // A bulletin's decrees are audited as changes of their bulletin (domain/boletines/decretos-admin.ts); the current
    // bulletin's are the latest bulletin's (docs/decisions/050-un-solo-boletin.md).
    fuentes: FUENTES_BOLETINES,
  },
  {
    id: 'areas',
    title: 'Áreas municipales',
    description: 'La estructura orgánica de la Municipalidad: cada área con su dirección, teléfono y correo institucional.',
    superTheme: ['GOVE'],
    theme: ['gobierno'],
    keyword: ['areas', 'estructura-organica', 'contacto'],
    accrualPeriodicity: 'eventual',
    landingPage: '/areas',
    distribution: [
      dist('areas', CSV, 'Áreas (CSV)', 'Un área por fila.', csvDeApi('/areas'), '/areas'),
      dist('areas', JSON_, 'Áreas (JSON)', 'La API de áreas municipales.', api('/areas'), DOCS_API),
    ],
    fuentes: { entidades: ['area_municipal'] },
  },
  {
    id: 'autoridades',
    title: 'Autoridades del Ejecutivo',
    description: 'Intendente, viceintendente, secretarías y subsecretarías, con el nombre de quien ocupa cada cargo y su contacto institucional.',
    superTheme: ['GOVE'],
    theme: ['gobierno'],
    keyword: ['autoridades', 'ejecutivo', 'secretarias'],
    accrualPeriodicity: 'eventual',
    landingPage: '/ejecutivo',
    distribution: [
      dist(
        'autoridades',
        CSV,
        'Autoridades (CSV)',
        'Un cargo por fila: intendente, viceintendente, secretarías y subsecretarías.',
        '/datos/autoridades.csv',
        '/ejecutivo',
      ),
      dist('autoridades', JSON_, 'Secretarías (JSON)', 'La API de secretarías con sus subsecretarías.', api('/secretarias'), DOCS_API),
    ],
    fuentes: { entidades: ['ejecutivo', 'secretaria', 'subsecretaria'] },
  },
  {
    id: 'concejo-deliberante',
    title: 'Concejo Deliberante',
    description: 'La presidencia del Concejo Deliberante y sus bloques, con concejales y asesores.',
    superTheme: ['GOVE'],
    theme: ['gobierno'],
    keyword: ['concejo-deliberante', 'concejales', 'autoridades'],
    accrualPeriodicity: 'eventual',
    landingPage: '/concejo-deliverante',
    distribution: [
      dist(
        'concejo-deliberante',
        CSV,
        'Concejo Deliberante (CSV)',
        'Un cargo por fila: presidencia, bloques, concejales y asesores.',
        '/datos/concejo-deliberante.csv',
        '/concejo-deliverante',
      ),
      dist('concejo-deliberante', JSON_, 'Concejo Deliberante (JSON)', 'La API del Concejo Deliberante.', api('/concejo-deliberante'), DOCS_API),
    ],
    fuentes: { entidades: ['hcd_presidencia', 'hcd_bloque', 'hcd_integrante'] },
  },
  {
    id: 'estados-contables',
    title: 'Estados contables',
    description: 'La ejecución mensual de recursos y de gastos de la Municipalidad: tipo, período y el enlace a cada documento.',
    superTheme: ['ECON', 'GOVE'],
    theme: ['finanzas'],
    keyword: ['presupuesto', 'estados-contables', 'ejecucion'],
    accrualPeriodicity: 'R/P1M',
    landingPage: '/estados-contables',
    distribution: [
      dist('estados-contables', CSV, 'Estados contables (CSV)', 'Un documento por fila.', csvDeApi('/estados-contables'), '/estados-contables'),
      dist('estados-contables', JSON_, 'Estados contables (JSON)', 'La API de estados contables.', api('/estados-contables'), DOCS_API),
    ],
    fuentes: { columnas: [{ columna: estadosContables.fechaCreacion }], entidades: ['estado_contable'] },
  },
  {
    id: 'sueldos',
    title: 'Informes de sueldos',
    description: 'Los informes de sueldos publicados por período: el período, el año y el enlace a cada informe. No incluye recibos de nadie.',
    superTheme: ['ECON', 'GOVE'],
    theme: ['finanzas'],
    keyword: ['sueldos', 'escalas-salariales'],
    accrualPeriodicity: 'R/P1M',
    landingPage: '/sueldos',
    distribution: [
      dist('sueldos', CSV, 'Informes de sueldos (CSV)', 'Un informe por fila.', csvDeApi('/sueldos'), '/sueldos'),
      dist('sueldos', JSON_, 'Informes de sueldos (JSON)', 'La API de informes de sueldos.', api('/sueldos'), DOCS_API),
    ],
    fuentes: { columnas: [{ columna: sueldos.fechaCreacion }], entidades: ['sueldo'] },
  },
  {
    id: 'movimiento-terminal',
    title: 'Movimiento de la terminal de ómnibus',
    description: 'Los informes mensuales de movimiento de la terminal del Observatorio Vial: mes, año y el enlace a cada informe.',
    superTheme: ['TRAN'],
    theme: ['transito'],
    keyword: ['terminal', 'omnibus', 'observatorio-vial'],
    accrualPeriodicity: 'R/P1M',
    landingPage: '/observatorio-vial',
    distribution: [
      dist(
        'movimiento-terminal',
        CSV,
        'Movimiento de la terminal (CSV)',
        'Un informe por fila.',
        csvDeApi('/observatorio-vial/movimiento-terminal'),
        '/observatorio-vial',
      ),
      dist(
        'movimiento-terminal',
        JSON_,
        'Movimiento de la terminal (JSON)',
        'La API del movimiento de la terminal.',
        api('/observatorio-vial/movimiento-terminal'),
        DOCS_API,
      ),
    ],
    fuentes: {
      columnas: [{ columna: documentosObservatorio.fechaCreacion, donde: eq(documentosObservatorio.tipo, 'MOVIMIENTO_TERMINAL') }],
      entidades: ['documento_observatorio'],
    },
  },
  {
    id: 'informes-estadisticos',
    title: 'Informes estadísticos de seguridad vial',
    description: 'Los informes estadísticos anuales del Observatorio Vial (OSSIVI): año y el enlace a cada informe.',
    superTheme: ['TRAN'],
    theme: ['transito'],
    keyword: ['seguridad-vial', 'estadisticas', 'observatorio-vial'],
    accrualPeriodicity: 'R/P1Y',
    landingPage: '/observatorio-vial',
    distribution: [
      dist(
        'informes-estadisticos',
        CSV,
        'Informes estadísticos (CSV)',
        'Un informe por fila.',
        csvDeApi('/observatorio-vial/informes-estadisticos'),
        '/observatorio-vial',
      ),
      dist(
        'informes-estadisticos',
        JSON_,
        'Informes estadísticos (JSON)',
        'La API de informes estadísticos.',
        api('/observatorio-vial/informes-estadisticos'),
        DOCS_API,
      ),
    ],
    fuentes: {
      columnas: [{ columna: documentosObservatorio.fechaCreacion, donde: eq(documentosObservatorio.tipo, 'INFORME_ESTADISTICO') }],
      entidades: ['documento_observatorio'],
    },
  },
  {
    id: 'vehiculos',
    title: 'Vehículos municipales en servicio',
    description:
      'La posición pública de los vehículos de recolección y vialidad en servicio, en tiempo real: sólo dentro del horario de servicio y fuera del depósito, sin identificar a nadie.',
    superTheme: ['TRAN'],
    theme: ['transito'],
    keyword: ['vehiculos', 'recoleccion', 'vialidad', 'tiempo-real'],
    accrualPeriodicity: 'R/PT1M',
    landingPage: '/seguimiento-vehiculos',
    distribution: [dist('vehiculos', JSON_, 'Vehículos en el mapa (JSON)', 'La API de vehículos con su última posición pública.', api('/vehiculos'), DOCS_API)],
    // Live: its data changes every few seconds, so its date is the catalogue's. The fleet's table
    // changes no cached page (docs/decisions/007-cache-de-paginas.md), and the newest position's
    // time would tell when a vehicle moves outside public hours (docs/decisions/015-seguimiento-de-vehiculos.md).
    fuentes: {},
  },
  {
    id: 'recoleccion',
    title: 'Zonas y calendarios de recolección',
    description:
      'Las zonas de recolección de residuos de Villa La Angostura (polígonos GeoJSON) con sus servicios: los días de cada uno como regla iCalendar (RRULE), su horario y qué hace en los feriados; y el calendario de cada zona en iCalendar, con los feriados y los cambios puntuales aplicados, para suscribirse.',
    superTheme: ['ENVI', 'GOVE'],
    theme: ['servicios'],
    keyword: ['recoleccion', 'residuos', 'calendario', 'zonas'],
    accrualPeriodicity: 'eventual',
    landingPage: '/mi-calle',
    distribution: [
      dist(
        'recoleccion-zonas',
        GEOJSON,
        'Zonas de recolección (GeoJSON)',
        'Una zona por elemento, con sus servicios, sus reglas y horarios y las direcciones de sus calendarios.',
        '/recoleccion/zonas.geojson',
        '/mi-calle',
      ),
    ],
    // The audit of zones, services and one-off changes also records deletions (domain/recoleccion/commands.ts).
    fuentes: { entidades: ['zona_recoleccion', 'servicio_recoleccion', 'cambio_recoleccion'] },
  },
  {
    id: 'reclamos',
    title: 'Reclamos de vecinos (Open311)',
    description:
      'Los reclamos por problemas en la vía pública (baches, luminarias, residuos) con su lugar, su categoría, su estado y la respuesta pública del municipio, sin datos de quien reclama; y sus categorías. Por la API Open311 GeoReport v2, en JSON o XML, que también recibe reclamos con una clave.',
    superTheme: ['GOVE', 'ENVI'],
    theme: ['servicios'],
    keyword: ['reclamos', 'open311', 'georeport', 'servicios-urbanos'],
    accrualPeriodicity: 'R/PT1H',
    landingPage: '/reclamos',
    distribution: [
      dist(
        'reclamos',
        JSON_,
        'Reclamos (Open311, JSON)',
        'Los reclamos de los últimos 90 días (GET requests de Open311 GeoReport v2); filtros por categoría, estado y fechas, paginados.',
        open311('/requests.json'),
        DOCS_API,
      ),
      dist(
        'reclamos-categorias',
        JSON_,
        'Categorías de reclamo (Open311, JSON)',
        'Las categorías de reclamo activas (GET services de Open311).',
        open311('/services.json'),
        DOCS_API,
      ),
    ],
    // A hidden report's changes tell nothing (docs/decisions/057-reclamos.md).
    fuentes: { columnas: [{ columna: reclamos.updatedAt, donde: isNull(reclamos.ocultoEn) }] },
  },
];

export type Modificaciones = Map<string, Date>;

/**
 * Each dataset's last change (its `fuentes`); one without any record of change counts from when the
 * catalogue was published.
 */
export async function modificacionesDelCatalogo(db: Db): Promise<Modificaciones> {
  const fechas = await Promise.all(CONJUNTOS.map((c) => ultimoCambio(db, c.fuentes)));
  const publicado = new Date(`${PUBLICADO}T00:00:00-03:00`);
  return new Map(CONJUNTOS.map((c, i) => [c.id, fechas[i] ?? publicado]));
}

/** The newest of some datasets' changes (all of them by default). */
export function ultimaModificacion(modificaciones: Modificaciones, ids?: readonly string[]): Date | undefined {
  const fechas = [...modificaciones].filter(([id]) => !ids || ids.includes(id)).map(([, fecha]) => fecha.getTime());
  return fechas.length ? new Date(Math.max(...fechas)) : undefined;
}

/** The settings' last change: the decree-request desk's deadlines and address (art. 32 l). */
export const FUENTES_AJUSTES: FuentesDeCambio = { columnas: [{ columna: ajustesSitio.updatedAt }], entidades: ['ajustes_sitio', 'ajuste_sitio'] };

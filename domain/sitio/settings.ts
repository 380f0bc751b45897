import { DENUNCIAS_MEDIO_AMBIENTE_ORIGINAL } from './enlaces-originales.ts';
import { z } from '#domain/shared/zod.ts';
import { ajustesSitio } from '#db/schema/index.ts';
import type { Db } from '#db/client.ts';

const url = z.url({ protocol: /^https?$/ });

/** The bounds of the retention of decree-copy requests' personal data, in days. */
export const RETENCION_MINIMA_DIAS = 30;
export const RETENCION_MAXIMA_DIAS = 3650;
/** The bounds of the retention of the vehicles' full positions, in days. */
export const RETENCION_POSICIONES_MINIMA = 8;
export const RETENCION_POSICIONES_MAXIMA = 366;

/**
 * Everything the layout shows that staff may change without a deploy.
 * @public exported for tests/idioma/esquemas.test.ts, which walks every schema's messages.
 */
export const siteSettingsSchema = z.object({
  municipio: z.object({ direccion: z.string().min(1), telefono: z.string().min(1) }),
  oficinaTurismo: z.object({ direccion: z.string().min(1), telefono: z.string().min(1) }),
  emailContacto: z.email(),
  /** The municipal desk that receives decree-copy requests. */
  emailMesaDecretos: z.email(),
  redes: z.object({ instagram: url, x: url, youtube: url, tripadvisor: url }),
  enlaces: z.object({
    turismo: url,
    noticias: url,
    gestionPresupuesto: url,
    denunciasMedioAmbiente: url,
    defensorConsumidor: url,
    chatCertificadosMedicos: url,
    chatRecursosHumanos: url,
    recibosSueldo: url,
  }),
  /**
   * Days a closed decree-copy request keeps its personal data before the retention job anonymises
   * it (law 25.326 art. 4.7: no longer than its purpose needs). At least 30: the citizen
   * may still ask about the answer, or claim against it, in the weeks after it closes
   * (docs/decisions/013-mesa-de-entradas.md).
   */
  retencionSolicitudesDias: z
    .number({ error: `Escribí la cantidad de días como un número entero, entre ${RETENCION_MINIMA_DIAS} y ${RETENCION_MAXIMA_DIAS}.` })
    .int({ error: `Escribí la cantidad de días como un número entero, entre ${RETENCION_MINIMA_DIAS} y ${RETENCION_MAXIMA_DIAS}.` })
    .min(RETENCION_MINIMA_DIAS, { error: `Los datos se conservan al menos ${RETENCION_MINIMA_DIAS} días después de cerrar la solicitud.` })
    .max(RETENCION_MAXIMA_DIAS, { error: `Los datos se conservan como mucho ${RETENCION_MAXIMA_DIAS} días (10 años) después de cerrar la solicitud.` }),
  /**
   * Days the full positions of the vehicles are kept (docs/decisions/015-seguimiento-de-vehiculos.md,
   * «Retención»; docs/architecture.md, «Cobertura y retención de posiciones»). At least 8: «¿Cuándo
   * pasó?» looks back over this week, and the coverage recomputes yesterday; the coverage of each
   * day is kept apart and outlives them.
   */
  retencionPosicionesDias: z
    .int({
      error: `Escribí la cantidad de días de posiciones que se conservan como un número entero, entre ${RETENCION_POSICIONES_MINIMA} y ${RETENCION_POSICIONES_MAXIMA}.`,
    })
    .min(RETENCION_POSICIONES_MINIMA, {
      error: `Las posiciones se conservan al menos ${RETENCION_POSICIONES_MINIMA} días: «¿Cuándo pasó?» mira toda la semana.`,
    })
    .max(RETENCION_POSICIONES_MAXIMA, { error: `Las posiciones se conservan como mucho ${RETENCION_POSICIONES_MAXIMA} días.` }),
  /**
   * Deadlines of decree-copy requests (docs/decisions/011-plazos-y-feriados.md): the
   * business days to answer (law 27.275 art. 11 sets 15) and how many business days before the
   * due date a request is shown as near its deadline.
   */
  plazos: z
    .object({
      diasHabiles: z.int({ error: 'Ingresá la cantidad de días hábiles para responder, entre 1 y 60.' }).min(1).max(60),
      diasPorVencer: z.int({ error: 'Ingresá cuántos días hábiles antes del vencimiento se avisa, entre 0 y 30.' }).min(0).max(30),
    })
    .refine((p) => p.diasPorVencer < p.diasHabiles, {
      error: 'El aviso de plazo por vencer tiene que llegar antes del vencimiento: usá menos días que el plazo para responder.',
      path: ['diasPorVencer'],
    }),
  /**
   * The live vehicle map (docs/decisions/015-seguimiento-de-vehiculos.md).
   * - `minutosRecientes`: a vehicle that has not reported for this long leaves the public map;
   *   `minutosGris`: before that, from this many minutes, it is drawn greyed out as stale.
   * - `centro` and `radioKm`: the town centre the map's bounds are fitted around.
   * - `deposito` (centre and radius in metres) and `horario` (service hours, Argentina's time, 24 h
   *   'HH:MM'; `desde` equal to `hasta` is the whole day; `hasta` before `desde` crosses midnight):
   *   positions inside the depot or outside these hours are stored but never public.
   * - `horasRecorrido`: how far back the trail of a road machine goes (the streets attended).
   */
  vehiculos: z
    .object({
      minutosRecientes: z.int({ error: 'Ingresá los minutos sin reportar tras los que un vehículo deja el mapa, entre 1 y 1440.' }).min(1).max(1440),
      minutosGris: z.int({ error: 'Ingresá los minutos sin reportar tras los que un vehículo se ve gris, entre 1 y 1440.' }).min(1).max(1440),
      centro: z.object({ latitud: z.number().min(-90).max(90), longitud: z.number().min(-180).max(180) }),
      radioKm: z.number({ error: 'Ingresá el radio del mapa en kilómetros, entre 0,5 y 50.' }).min(0.5).max(50),
      deposito: z.object({
        latitud: z.number().min(-90).max(90),
        longitud: z.number().min(-180).max(180),
        radioM: z.int({ error: 'Ingresá el radio del depósito en metros, entre 0 y 5000.' }).min(0).max(5000),
      }),
      horario: z.object({
        desde: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Escribí la hora de inicio del servicio como HH:MM (por ejemplo 06:00).' }),
        hasta: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Escribí la hora de fin del servicio como HH:MM (por ejemplo 22:00).' }),
      }),
      horasRecorrido: z.int({ error: 'Ingresá cuántas horas de recorrido se muestran, entre 1 y 24.' }).min(1).max(24),
    })
    .refine((v) => v.minutosGris < v.minutosRecientes, {
      error: 'Un vehículo tiene que verse gris antes de dejar el mapa: usá menos minutos para el gris.',
      path: ['minutosGris'],
    }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
type SiteSettingKey = keyof SiteSettings;

export const defaultSiteSettings: SiteSettings = {
  municipio: { direccion: 'Bv. Nahuel Huapi 1911, Villa La Angostura, Neuquén', telefono: '+54 294 449-4100' },
  oficinaTurismo: { direccion: 'Av. Arrayanes 9, Villa La Angostura, Neuquén', telefono: '+54 294 449-4124' },
  emailContacto: 'contacto@villalaangostura.gob.ar',
  emailMesaDecretos: 'mesadeentradas@villalaangostura.gob.ar',
  redes: {
    instagram: 'https://www.instagram.com/municipalidadvla/',
    x: 'https://x.com/municipalidadvla',
    youtube: 'https://www.youtube.com/@municipalidadvla',
    tripadvisor: 'https://www.tripadvisor.com.ar/Tourism-g312848-Villa_La_Angostura_Province_of_Neuquen_Patagonia.html',
  },
  enlaces: {
    turismo: 'https://www.villalaangostura.gob.ar/turismo/',
    noticias: 'https://noticias.villalaangostura.gob.ar/',
    gestionPresupuesto: 'https://gestion.villalaangostura.gob.ar/presupuesto',
    denunciasMedioAmbiente: DENUNCIAS_MEDIO_AMBIENTE_ORIGINAL,
    defensorConsumidor: 'https://www.argentina.gob.ar/servicio/iniciar-un-reclamo-ante-defensa-del-consumidor',
    chatCertificadosMedicos: 'https://wa.me/5492944494101',
    chatRecursosHumanos: 'https://wa.me/5492944494102',
    recibosSueldo: 'https://recibos.villalaangostura.gob.ar/login',
  },
  retencionSolicitudesDias: 365,
  retencionPosicionesDias: 30,
  plazos: { diasHabiles: 15, diasPorVencer: 3 },
  vehiculos: {
    minutosRecientes: 15,
    minutosGris: 5,
    // Villa La Angostura's centre (Av. Arrayanes and Bv. Nahuel Huapi, about).
    centro: { latitud: -40.762, longitud: -71.646 },
    radioKm: 3,
    // The municipal depot (corralón), about; staff set the real one.
    deposito: { latitud: -40.7668, longitud: -71.6325, radioM: 150 },
    horario: { desde: '06:00', hasta: '22:00' },
    horasRecorrido: 12,
  },
};

/**
 * The settings as stored, each key falling back to its default when it is missing or no longer
 * valid, so a bad value typed in the back-office can never take the layout down.
 */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.select({ clave: ajustesSitio.clave, valor: ajustesSitio.valor }).from(ajustesSitio);
  const stored = new Map(rows.map((row) => [row.clave, row.valor]));
  const settings = { ...defaultSiteSettings };
  for (const key of Object.keys(siteSettingsSchema.shape) as SiteSettingKey[]) {
    const parsed = siteSettingsSchema.shape[key].safeParse(stored.get(key));
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

/** How long a process may show settings read earlier: staff edits appear within this time. */
export const SETTINGS_TTL_MS = 10_000;
const recent = new WeakMap<Db, { at: number; settings: Promise<SiteSettings> }>();

/**
 * The settings for every page's frame, read at most once per SETTINGS_TTL_MS per process: the
 * layout asks on every request, and the query was about a sixth of a home page's server time.
 * A failed read is not kept.
 */
export function getSiteSettingsForPages(db: Db, now = Date.now()): Promise<SiteSettings> {
  const hit = recent.get(db);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const settings = getSiteSettings(db);
  recent.set(db, { at: now, settings });
  settings.catch(() => recent.delete(db));
  return settings;
}

/**
 * Forgets the settings read earlier: called when another instance changed the content
 * (docs/decisions/007-cache-de-paginas.md), so a page rendered after it shows the new settings.
 */
export function forgetSiteSettings(db: Db): void {
  recent.delete(db);
}

/**
 * Writes settings as they are, validated, with no audit and no check of who asks: the storage
 * under the commands that change them (`saveAjustes`, `changeRetencion`), which decide and audit.
 * The settings no staff form sets yet (`plazos`, `vehiculos`) are written with it directly, by the
 * demo and the tests' factory (docs/decisions/047-carga-historica.md, «Excepciones»).
 */
export async function writeSiteSettings(db: Db, values: Partial<SiteSettings>): Promise<void> {
  recent.delete(db);
  const parsed = siteSettingsSchema.partial().parse(values);
  for (const [clave, valor] of Object.entries(parsed)) {
    await db
      .insert(ajustesSitio)
      .values({ clave, valor })
      .onConflictDoUpdate({ target: ajustesSitio.clave, set: { valor, updatedAt: new Date() } });
  }
}

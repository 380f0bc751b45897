/*
 * The back-office forms of "Mi calle" (docs/decisions/056-mi-calle.md): a zone with its area (GeoJSON),
 * a service with its days (an RRULE, typed or built from checkboxes), a one-off change. Pure: the
 * commands, the pages and the tests read them alike.
 */
import { REGLAS_FERIADO, type MultiPoligono, TIPOS_CAMBIO_RECOLECCION } from '#db/schema/recoleccion.ts';
import { SERVICIOS_VEHICULO } from '#db/schema/vehiculos.ts';
import { esFechaValida } from '#domain/shared/fechas.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { normalizado } from '#domain/shared/texto.ts';
import { z } from '#domain/shared/zod.ts';
import { reglaValida } from './calendario.ts';

/** A zone's area: a GeoJSON text or file up to 1 MB, with at most 5,000 vertices in all. */
export const LIMITES_GEOMETRIA = { bytes: 1024 * 1024, vertices: 5000 } as const;

/**
 * The box a zone's points must fall in: Villa La Angostura and its surroundings with room to spare
 * (the town is around latitude -40.76, longitude -71.65). A point outside is a file of another place
 * or with latitude and longitude swapped.
 */
export const CAJA_PERMITIDA = { minLatitud: -41.2, maxLatitud: -40.4, minLongitud: -72.2, maxLongitud: -71.2 } as const;

export type Caja = { minLatitud: number; maxLatitud: number; minLongitud: number; maxLongitud: number };
export type AreaZona = { geometria: MultiPoligono; caja: Caja };

const LARGO_NOMBRE = 80;
const LARGO_DESCRIPCION = 1000;
const LARGO_SLUG = 60;
const LARGO_MOTIVO = 300;

/** A name made into a URL segment: «Puerto Manzano» → 'puerto-manzano'. */
export const slugDe = (texto: string): string => normalizado(texto).replace(/ /g, '-').slice(0, LARGO_SLUG).replace(/-+$/, '');

const esNumero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads a zone's area from GeoJSON text: a Polygon, a MultiPolygon, a Feature of one or a
 * FeatureCollection of them, merged into one MultiPolygon, with its box. Every ring closed and of at
 * least 4 positions, every position [longitude, latitude] (an altitude is dropped) inside the
 * town's box. The error says what is wrong and where, in Spanish.
 */
export function leerGeometria(texto: string): { ok: true; area: AreaZona } | { ok: false; mensaje: string } {
  const mal = (mensaje: string) => ({ ok: false, mensaje }) as const;
  if (texto.length > LIMITES_GEOMETRIA.bytes) return mal('El área es demasiado grande: el GeoJSON puede tener hasta 1 MB. Simplificá el dibujo.');
  let json: unknown;
  try {
    json = JSON.parse(texto);
  } catch {
    return mal('El área no es un GeoJSON válido: revisá que el texto o el archivo sea JSON, por ejemplo {"type": "Polygon", "coordinates": [...]}.');
  }
  const poligonos: unknown[] = [];
  const recoger = (objeto: unknown, donde: string): string | undefined => {
    if (!objeto || typeof objeto !== 'object' || Array.isArray(objeto)) return `${donde} no es un objeto GeoJSON.`;
    const o = objeto as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
    switch (o.type) {
      case 'Polygon':
        poligonos.push(o.coordinates);
        return undefined;
      case 'MultiPolygon':
        if (!Array.isArray(o.coordinates)) return `${donde} es un MultiPolygon sin coordenadas.`;
        poligonos.push(...o.coordinates);
        return undefined;
      case 'Feature':
        return recoger(o.geometry, `La geometría de ${donde.toLowerCase()}`);
      case 'FeatureCollection':
        if (!Array.isArray(o.features) || o.features.length === 0) return `${donde} es una FeatureCollection sin elementos.`;
        for (const [i, f] of o.features.entries()) {
          const error = recoger(f, `El elemento ${i + 1} de la colección`);
          if (error) return error;
        }
        return undefined;
      default:
        return `${donde} es ${typeof o.type === 'string' ? `un ${o.type.slice(0, 40)}` : 'un objeto sin tipo'}: una zona tiene que ser un polígono (Polygon o MultiPolygon, solo o dentro de un Feature o una FeatureCollection).`;
    }
  };
  const error = recoger(json, 'El área');
  if (error) return mal(error);
  if (poligonos.length === 0) return mal('El área no tiene ningún polígono.');
  const geometria: MultiPoligono = [];
  const caja = { minLatitud: Infinity, maxLatitud: -Infinity, minLongitud: Infinity, maxLongitud: -Infinity };
  let vertices = 0;
  for (const [p, poligono] of poligonos.entries()) {
    const cual = poligonos.length > 1 ? ` del polígono ${p + 1}` : '';
    if (!Array.isArray(poligono) || poligono.length === 0) return mal(`El polígono${cual ? ` ${p + 1}` : ''} no tiene anillos de coordenadas.`);
    const anillos: [number, number][][] = [];
    for (const [a, anillo] of poligono.entries()) {
      const donde = `el anillo ${a + 1}${cual}`;
      if (!Array.isArray(anillo)) return mal(`En ${donde} las coordenadas no son una lista de puntos.`);
      vertices += anillo.length;
      if (vertices > LIMITES_GEOMETRIA.vertices)
        return mal(`El área tiene más de ${formatNumber(LIMITES_GEOMETRIA.vertices)} vértices: simplificá el dibujo antes de subirlo.`);
      if (anillo.length < 4) return mal(`En ${donde} hay ${anillo.length} puntos: un anillo necesita al menos 4 (el último repite el primero).`);
      const puntos: [number, number][] = [];
      for (const [i, punto] of anillo.entries()) {
        if (!Array.isArray(punto) || punto.length < 2 || punto.length > 3 || !punto.every(esNumero))
          return mal(`El punto ${i + 1} de ${donde} no es un par [longitud, latitud] de números.`);
        const [longitud, latitud] = punto as [number, number];
        if (
          latitud < CAJA_PERMITIDA.minLatitud ||
          latitud > CAJA_PERMITIDA.maxLatitud ||
          longitud < CAJA_PERMITIDA.minLongitud ||
          longitud > CAJA_PERMITIDA.maxLongitud
        ) {
          const invertido =
            longitud >= CAJA_PERMITIDA.minLatitud &&
            longitud <= CAJA_PERMITIDA.maxLatitud &&
            latitud >= CAJA_PERMITIDA.minLongitud &&
            latitud <= CAJA_PERMITIDA.maxLongitud;
          return mal(
            `El punto ${i + 1} de ${donde} (longitud ${longitud}, latitud ${latitud}) queda fuera de Villa La Angostura` +
              (invertido
                ? ': parece que latitud y longitud están invertidas (GeoJSON va primero la longitud).'
                : ': revisá que el archivo sea de esta localidad y use coordenadas WGS 84 (grados).'),
          );
        }
        puntos.push([longitud, latitud]);
        caja.minLatitud = Math.min(caja.minLatitud, latitud);
        caja.maxLatitud = Math.max(caja.maxLatitud, latitud);
        caja.minLongitud = Math.min(caja.minLongitud, longitud);
        caja.maxLongitud = Math.max(caja.maxLongitud, longitud);
      }
      const primero = puntos[0]!;
      const ultimo = puntos[puntos.length - 1]!;
      if (primero[0] !== ultimo[0] || primero[1] !== ultimo[1])
        return mal(`En ${donde} el último punto no repite el primero: el anillo tiene que estar cerrado.`);
      anillos.push(puntos);
    }
    geometria.push(anillos);
  }
  return { ok: true, area: { geometria, caja } };
}

const textoOpcional = (largo: number, mensaje: string) =>
  z
    .string({ error: mensaje })
    .trim()
    .max(largo, { error: mensaje })
    .optional()
    .transform((v) => v ?? '');

const slugOpcional = z
  .string({ error: 'Escribí la dirección corta con letras minúsculas, números y guiones, por ejemplo puerto-manzano.' })
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .max(LARGO_SLUG, { error: `Escribí la dirección corta con hasta ${LARGO_SLUG} caracteres.` })
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Escribí la dirección corta con letras minúsculas, números y guiones, por ejemplo puerto-manzano.' })
      .optional(),
  );

const nombre = (ejemplo: string) =>
  z
    .string({ error: `Escribí el nombre, por ejemplo ${ejemplo}.` })
    .trim()
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: `Escribí el nombre, por ejemplo ${ejemplo}.` })
        .max(LARGO_NOMBRE, { error: `Escribí el nombre con hasta ${LARGO_NOMBRE} caracteres.` })
        .refine((v) => slugDe(v) !== '', { error: 'Escribí el nombre con letras o números.' }),
    );

/**
 * A zone as the form sends it. `geometria` is the GeoJSON text (typed, drawn on the map, or read
 * from the uploaded file by the command); the result carries the area as a MultiPolygon and its box.
 */
export const zonaSchema = z.object({
  nombre: nombre('Centro'),
  slug: slugOpcional,
  descripcion: textoOpcional(LARGO_DESCRIPCION, `Escribí la descripción con hasta ${LARGO_DESCRIPCION} caracteres.`),
  geometria: z
    .string({ error: 'Subí un archivo GeoJSON con el área de la zona, dibujala en el mapa o pegá su GeoJSON.' })
    .trim()
    .min(1, { error: 'Subí un archivo GeoJSON con el área de la zona, dibujala en el mapa o pegá su GeoJSON.' })
    .transform((texto, ctx) => {
      const leido = leerGeometria(texto);
      if (!leido.ok) {
        ctx.addIssue({ code: 'custom', message: leido.mensaje });
        return z.NEVER;
      }
      return leido.area;
    }),
});

/** The days of the week as RRULE writes them, Monday first. */
export const DIAS_REGLA = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type DiaRegla = (typeof DIAS_REGLA)[number];

/**
 * The rule builder's frequencies: every week, every two weeks, the first of those days of each month;
 * 'personalizada' takes the RRULE as typed.
 */
export const FRECUENCIAS = ['semanal', 'quincenal', 'mensual', 'personalizada'] as const;
export type Frecuencia = (typeof FRECUENCIAS)[number];

/** The RRULE of the builder's fields: semanal → FREQ=WEEKLY;BYDAY=…, quincenal adds INTERVAL=2, mensual BYDAY=1MO…. */
export function reglaDelConstructor(frecuencia: Exclude<Frecuencia, 'personalizada'>, dias: readonly DiaRegla[]): string {
  const ordenados = DIAS_REGLA.filter((d) => dias.includes(d));
  if (frecuencia === 'mensual') return `FREQ=MONTHLY;BYDAY=${ordenados.map((d) => `1${d}`).join(',')}`;
  return `FREQ=WEEKLY;${frecuencia === 'quincenal' ? 'INTERVAL=2;' : ''}BYDAY=${ordenados.join(',')}`;
}

/** The builder's fields for a rule it could have written (to fill the form again); otherwise 'personalizada'. */
export function constructorDeLaRegla(regla: string): { frecuencia: Frecuencia; dias: DiaRegla[] } {
  const partes = new Map(
    regla
      .replace(/^RRULE:/i, '')
      .toUpperCase()
      .split(';')
      .map((p) => p.split('=') as [string, string | undefined]),
  );
  const byday = (partes.get('BYDAY') ?? '').split(',');
  const claves = [...partes.keys()].sort().join(',');
  const personalizada = { frecuencia: 'personalizada', dias: [] } as const;
  if (partes.get('FREQ') === 'WEEKLY' && byday.every((d) => (DIAS_REGLA as readonly string[]).includes(d))) {
    if (claves === 'BYDAY,FREQ') return { frecuencia: 'semanal', dias: byday as DiaRegla[] };
    if (claves === 'BYDAY,FREQ,INTERVAL' && partes.get('INTERVAL') === '2') return { frecuencia: 'quincenal', dias: byday as DiaRegla[] };
  }
  if (partes.get('FREQ') === 'MONTHLY' && claves === 'BYDAY,FREQ' && byday.every((d) => /^1(MO|TU|WE|TH|FR|SA|SU)$/.test(d)))
    return { frecuencia: 'mensual', dias: byday.map((d) => d.slice(1)) as DiaRegla[] };
  return { ...personalizada, dias: [] };
}

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const MENSAJE_HORA = 'Escribí la hora con el formato HH:MM, por ejemplo 07:30.';
const horaOpcional = z
  .string({ error: MENSAJE_HORA })
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(z.string().regex(HORA, { error: MENSAJE_HORA }).nullable());

/** Both hours or neither, the first before the second: checked on the object, reported on `horaHasta`. */
function ventanaValida(v: { horaDesde: string | null; horaHasta: string | null }, ctx: z.RefinementCtx) {
  if (v.horaDesde !== null && v.horaHasta === null)
    ctx.addIssue({ code: 'custom', path: ['horaHasta'], message: 'Escribí también la hora hasta la que pasa, o dejá las dos vacías si pasa todo el día.' });
  else if (v.horaDesde === null && v.horaHasta !== null)
    ctx.addIssue({ code: 'custom', path: ['horaDesde'], message: 'Escribí también la hora desde la que pasa, o dejá las dos vacías si pasa todo el día.' });
  else if (v.horaDesde !== null && v.horaHasta !== null && v.horaDesde >= v.horaHasta)
    ctx.addIssue({ code: 'custom', path: ['horaHasta'], message: 'La hora hasta tiene que ser posterior a la hora desde.' });
}

const MENSAJE_DESDE = 'Ingresá la fecha desde la que rige, con el formato AAAA-MM-DD, por ejemplo 2026-03-02.';
const fechaDesde = z
  .string({ error: MENSAJE_DESDE })
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .refine(esFechaValida, { error: MENSAJE_DESDE })
      .refine((f) => f >= '2000-01-01' && f <= '2100-12-31', { error: 'Ingresá una fecha entre el año 2000 y el 2100.' })
      .optional(),
  );

const MENSAJE_DIAS = 'Marcá al menos un día de la semana.';

/**
 * A service as the form sends it. Its days come from `regla` (an RRULE without DTSTART, e.g.
 * FREQ=WEEKLY;BYDAY=MO,WE,FR) when `frecuencia` is 'personalizada' or absent, or from the builder
 * (`frecuencia` semanal / quincenal / mensual and the days checked in `dias`, given comma-separated:
 * the command joins the checkboxes). `desde` empty: the first of January of the current year (the
 * command fills it). `servicioAGuardar` turns the result into the row.
 */
export const servicioSchema = z
  .object({
    nombre: nombre('Húmedos'),
    slug: slugOpcional,
    frecuencia: z
      .string({ error: 'Elegí cada cuánto pasa.' })
      .trim()
      .optional()
      .transform((v) => (v ? v : 'personalizada'))
      .pipe(z.enum(FRECUENCIAS, { error: 'Elegí cada cuánto pasa: todas las semanas, cada dos semanas, una vez por mes o una regla escrita.' })),
    dias: z
      .string({ error: MENSAJE_DIAS })
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((d) => d.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(DIAS_REGLA, { error: 'Elegí los días de la lista.' }))),
    regla: z
      .string({ error: 'Escribí la regla de repetición.' })
      .trim()
      .max(300, { error: 'Escribí la regla con hasta 300 caracteres.' })
      .optional()
      .transform((v) => (v ?? '').replace(/^RRULE:/i, '').toUpperCase()),
    desde: fechaDesde,
    horaDesde: horaOpcional,
    horaHasta: horaOpcional,
    feriado: z
      .string({ error: 'Elegí qué pasa en un feriado.' })
      .trim()
      .optional()
      .transform((v) => (v ? v : 'sin_servicio'))
      .pipe(z.enum(REGLAS_FERIADO, { error: 'Elegí qué pasa en un feriado: no pasa, pasa el día hábil siguiente o hace un recorrido de guardia.' })),
    guardia: z
      .string({ error: 'Escribí el nombre del recorrido de guardia.' })
      .trim()
      .max(LARGO_NOMBRE, { error: `Escribí el nombre del recorrido con hasta ${LARGO_NOMBRE} caracteres.` })
      .optional()
      .transform((v) => (v ? v.replace(/\s+/g, ' ') : null)),
    servicioVehiculo: z
      .string({ error: 'Elegí qué vehículos hacen el servicio.' })
      .trim()
      .optional()
      .transform((v) => (v ? v : 'recoleccion'))
      .pipe(z.enum(SERVICIOS_VEHICULO, { error: 'Elegí qué vehículos hacen el servicio: recolección o vialidad.' })),
    supervisorEmail: z
      .string({ error: 'Ingresá un email válido, por ejemplo nombre@villalaangostura.gob.ar.' })
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(
        z
          .email({ error: 'Ingresá un email válido, por ejemplo nombre@villalaangostura.gob.ar.' })
          .max(254, { error: 'El email puede tener hasta 254 caracteres.' })
          .nullable(),
      ),
  })
  .superRefine((v, ctx) => {
    if (v.frecuencia === 'personalizada') {
      if (v.regla === '')
        ctx.addIssue({
          code: 'custom',
          path: ['regla'],
          message: 'Marcá los días en los casilleros o escribí la regla de repetición, por ejemplo FREQ=WEEKLY;BYDAY=MO,WE,FR.',
        });
      else if (!reglaValida(v.regla))
        ctx.addIssue({
          code: 'custom',
          path: ['regla'],
          message: 'La regla no es una regla de repetición válida (RFC 5545, sin DTSTART), por ejemplo FREQ=WEEKLY;BYDAY=MO,WE,FR o FREQ=MONTHLY;BYDAY=1MO.',
        });
    } else if (v.dias.length === 0) ctx.addIssue({ code: 'custom', path: ['dias'], message: MENSAJE_DIAS });
    ventanaValida(v, ctx);
    if (v.feriado === 'guardia' && !v.guardia)
      ctx.addIssue({ code: 'custom', path: ['guardia'], message: 'Escribí el nombre del recorrido de guardia, por ejemplo Recorrido de guardia de feriados.' });
  });

/** What a read service form stores: its RRULE from the builder or as typed, the round's name only with 'guardia'. */
export function servicioAGuardar({ frecuencia, dias, regla, ...resto }: z.output<typeof servicioSchema>) {
  return {
    ...resto,
    regla: frecuencia === 'personalizada' ? regla : reglaDelConstructor(frecuencia, dias),
    guardia: resto.feriado === 'guardia' ? resto.guardia : null,
  };
}

const MENSAJE_FECHA_CAMBIO = 'Ingresá la fecha del cambio con el formato AAAA-MM-DD, por ejemplo 2026-07-10.';
const id = (mensaje: string) =>
  z
    .union([z.string(), z.number()], { error: mensaje })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, { error: mensaje })
        .transform(Number),
    );

/**
 * A one-off change as the form sends it: the zone, the service (empty: every service of the zone;
 * an extra pass names its service), the date, the kind, the reason and, optionally, its window.
 */
export const cambioSchema = z
  .object({
    zonaId: id('Elegí la zona del cambio.'),
    servicioId: z
      .union([z.string(), z.number()], { error: 'Elegí el servicio de la lista, o «Todos los servicios».' })
      .optional()
      .transform((v) => (v === undefined ? '' : String(v).trim()))
      .pipe(
        z
          .string()
          .regex(/^([1-9]\d{0,8})?$/, { error: 'Elegí el servicio de la lista, o «Todos los servicios».' })
          .transform((v) => (v === '' ? null : Number(v))),
      ),
    fecha: z
      .string({ error: MENSAJE_FECHA_CAMBIO })
      .trim()
      .refine(esFechaValida, { error: MENSAJE_FECHA_CAMBIO })
      .refine((f) => f >= '2000-01-01' && f <= '2100-12-31', { error: 'Ingresá una fecha entre el año 2000 y el 2100.' }),
    tipo: z.enum(TIPOS_CAMBIO_RECOLECCION, { error: 'Elegí el tipo de cambio: no pasa ese día, o una pasada extra.' }),
    motivo: z
      .string({ error: 'Escribí el motivo, por ejemplo «No hay recolección por nevada».' })
      .trim()
      .transform((v) => v.replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(1, { error: 'Escribí el motivo, por ejemplo «No hay recolección por nevada».' })
          .max(LARGO_MOTIVO, { error: `Escribí el motivo con hasta ${LARGO_MOTIVO} caracteres.` }),
      ),
    horaDesde: horaOpcional,
    horaHasta: horaOpcional,
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'pasada_extra' && v.servicioId === null)
      ctx.addIssue({ code: 'custom', path: ['servicioId'], message: 'Una pasada extra es de un servicio: elegilo de la lista.' });
    ventanaValida(v, ctx);
  });

/** Deleting needs the confirmation the page's confirmation step sends. */
export const bajaSchema = z.object({
  confirmado: z.literal('si', { error: 'Para borrar, confirmalo en la página que lo pregunta: usá el botón «Borrar».' }),
});

/**
 * What a citizen's report must say (docs/decisions/057-reclamos.md): a category, a point inside the
 * municipality, what is wrong and an e-mail to answer to. One reading for the page's action, the
 * API and Open311 alike; every message is Spanish and names the field.
 */
import type { PreguntaCategoria } from '#db/schema/index.ts';
import { leerCoordenada } from '#domain/recoleccion/enlaces-avisos.ts';
import { CAJA_PERMITIDA } from '#domain/recoleccion/schemas.ts';
import { firstValues, readForm } from '#domain/shared/form.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { z } from '#domain/shared/zod.ts';

export const LIMITES_RECLAMO = {
  categoria: 60,
  direccion: 200,
  descripcionMin: 10,
  descripcionMax: 2000,
  email: 254,
  nombre: 120,
  respuestaTexto: 500,
} as const;

/**
 * The box a report's point must fall in: Villa La Angostura and its surroundings with room to spare,
 * the one Mi calle's zones are held to. A point outside is another place or latitude and longitude swapped.
 */
const AREA_MUNICIPIO = CAJA_PERMITIDA;

export const MENSAJES_RECLAMO = {
  categoria: 'Elegí qué tipo de problema es, de la lista.',
  latitud: 'Marcá el lugar en el mapa o escribí la latitud en grados, por ejemplo -40.7621.',
  longitud: 'Marcá el lugar en el mapa o escribí la longitud en grados, por ejemplo -71.6462.',
  fueraDelArea: 'El punto queda fuera de Villa La Angostura: marcá en el mapa el lugar del problema.',
  descripcion: `Contanos qué pasa en al menos ${LIMITES_RECLAMO.descripcionMin} caracteres, por ejemplo «Hay un pozo grande frente al 250».`,
  descripcionLarga: `La descripción puede tener hasta ${formatNumber(LIMITES_RECLAMO.descripcionMax)} caracteres: resumila.`,
  email: 'Escribí tu email: te avisamos por ahí cómo sigue el reclamo.',
  emailInvalido: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.',
  nombre: `Escribí el nombre con hasta ${LIMITES_RECLAMO.nombre} caracteres.`,
  direccion: `Escribí la dirección con hasta ${LIMITES_RECLAMO.direccion} caracteres, por ejemplo «Av. Arrayanes 250».`,
} as const;

/** A text field: a string (or a number of a JSON body) trimmed; missing is ''. */
const texto = (mensaje: string) =>
  z
    .union([z.string(), z.number()], { error: mensaje })
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()));

/**
 * One coordinate: digits with a decimal point (or comma) as Mi calle reads them (no exponent,
 * hexadecimal or NaN), and within the municipality's box.
 */
const coordenada = (limite: number, desde: number, hasta: number, mensaje: string) =>
  texto(mensaje).transform((v, c) => {
    const n = v === '' ? undefined : leerCoordenada(v, limite);
    if (n === undefined || n < desde || n > hasta) {
      c.addIssue({ code: 'custom', message: n === undefined ? mensaje : MENSAJES_RECLAMO.fueraDelArea });
      return z.NEVER;
    }
    return n;
  });

export const reclamoSchema = z.object({
  categoria: texto(MENSAJES_RECLAMO.categoria).pipe(
    z.string().min(1, { error: MENSAJES_RECLAMO.categoria }).max(LIMITES_RECLAMO.categoria, { error: MENSAJES_RECLAMO.categoria }),
  ),
  latitud: coordenada(90, AREA_MUNICIPIO.minLatitud, AREA_MUNICIPIO.maxLatitud, MENSAJES_RECLAMO.latitud),
  longitud: coordenada(180, AREA_MUNICIPIO.minLongitud, AREA_MUNICIPIO.maxLongitud, MENSAJES_RECLAMO.longitud),
  direccion: texto(MENSAJES_RECLAMO.direccion)
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().max(LIMITES_RECLAMO.direccion, { error: MENSAJES_RECLAMO.direccion })),
  descripcion: texto(MENSAJES_RECLAMO.descripcion).pipe(
    z
      .string()
      .min(LIMITES_RECLAMO.descripcionMin, { error: MENSAJES_RECLAMO.descripcion })
      .max(LIMITES_RECLAMO.descripcionMax, { error: MENSAJES_RECLAMO.descripcionLarga }),
  ),
  email: texto(MENSAJES_RECLAMO.email).pipe(
    z
      .string()
      .min(1, { error: MENSAJES_RECLAMO.email })
      .max(LIMITES_RECLAMO.email, { error: `El email puede tener hasta ${LIMITES_RECLAMO.email} caracteres.` })
      .pipe(z.email({ error: MENSAJES_RECLAMO.emailInvalido })),
  ),
  nombre: texto(MENSAJES_RECLAMO.nombre)
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(z.string().max(LIMITES_RECLAMO.nombre, { error: MENSAJES_RECLAMO.nombre })),
});

export type DatosReclamo = z.output<typeof reclamoSchema> & { respuestas: Record<string, string> };
export type CampoReclamo = 'categoria' | 'latitud' | 'longitud' | 'direccion' | 'descripcion' | 'email' | 'nombre' | 'fotos' | `pregunta_${string}`;
export type ErroresReclamo = Partial<Record<CampoReclamo, string>>;

/** The field an extra question is read from. */
export const campoPregunta = (codigo: string): `pregunta_${string}` => `pregunta_${codigo}`;

const SI = new Set(['si', 'sí', 'true', '1', 'on']);
const NO = new Set(['no', 'false', '0']);

/**
 * One extra question's answer as stored (text), or its error. Empty and not required: no answer
 * (absent from `respuestas`).
 */
function leerRespuesta(p: PreguntaCategoria, valor: unknown): { ok: true; valor: string | undefined } | { ok: false; error: string } {
  const crudo = typeof valor === 'string' ? valor.trim() : typeof valor === 'number' || typeof valor === 'boolean' ? String(valor) : valor == null ? '' : null;
  const etiqueta = `«${p.etiqueta}»`;
  if (crudo === null) return { ok: false, error: `Revisá la respuesta a ${etiqueta}.` };
  if (crudo === '') return p.requerida ? { ok: false, error: `Respondé ${etiqueta}: es obligatorio.` } : { ok: true, valor: undefined };
  switch (p.tipo) {
    case 'texto':
      return crudo.length <= LIMITES_RECLAMO.respuestaTexto
        ? { ok: true, valor: crudo.replace(/\s+/g, ' ') }
        : { ok: false, error: `La respuesta a ${etiqueta} puede tener hasta ${LIMITES_RECLAMO.respuestaTexto} caracteres.` };
    case 'numero': {
      const t = crudo.replace(',', '.');
      return /^-?\d{1,9}(\.\d{1,6})?$/.test(t)
        ? { ok: true, valor: String(Number(t)) }
        : { ok: false, error: `Respondé ${etiqueta} con un número, por ejemplo 3.` };
    }
    case 'si_no': {
      const v = crudo.toLowerCase();
      if (SI.has(v)) return { ok: true, valor: 'si' };
      if (NO.has(v)) return { ok: true, valor: 'no' };
      return { ok: false, error: `Respondé ${etiqueta} con sí o no.` };
    }
    case 'opcion': {
      const opcion = (p.opciones ?? []).find((o) => o.clave === crudo);
      return opcion ? { ok: true, valor: opcion.clave } : { ok: false, error: `Elegí una de las opciones de ${etiqueta}.` };
    }
  }
}

export type ResultadoValidacionReclamo = { ok: true; datos: DatosReclamo } | { ok: false; errores: ErroresReclamo };

/**
 * Reads a report from form fields or JSON. `preguntas`: the extra questions of the category
 * `categoria` names (undefined: that category is not active or does not exist, an error on
 * `categoria`). Every field is checked at once, so the person sees every error together.
 */
export function parseReclamo(input: unknown, preguntas: readonly PreguntaCategoria[] | undefined): ResultadoValidacionReclamo {
  const objeto = input && typeof input === 'object' && !Array.isArray(input) ? firstValues(input as Record<string, unknown>) : {};
  const leido = readForm(reclamoSchema, objeto);
  const errores: ErroresReclamo = leido.ok ? {} : { ...leido.errores };
  if (!leido.ok && leido.general) errores.descripcion ??= leido.general;
  if (preguntas === undefined) errores.categoria ??= MENSAJES_RECLAMO.categoria;
  const respuestas: Record<string, string> = {};
  for (const p of preguntas ?? []) {
    const campo = campoPregunta(p.codigo);
    const r = leerRespuesta(p, Object.hasOwn(objeto, campo) ? objeto[campo] : undefined);
    if (!r.ok) errores[campo] = r.error;
    else if (r.valor !== undefined) respuestas[p.codigo] = r.valor;
  }
  if (!leido.ok || Object.keys(errores).length > 0) return { ok: false, errores };
  return { ok: true, datos: { ...leido.datos, respuestas } };
}

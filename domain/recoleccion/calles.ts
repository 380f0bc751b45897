/*
 * The town's street index (docs/decisions/056-mi-calle.md): each stretch of a street with its number
 * range and its line, loaded by staff from a CSV or a GeoJSON file. An import replaces the whole
 * index or nothing: one bad row and the report names it, with its line or feature number.
 */
import { parse } from 'csv-parse/sync';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { PARIDADES_CALLE, callesRecoleccion } from '#db/schema/recoleccion.ts';
import type { Linea, ParidadCalle } from '#db/schema/recoleccion.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/** The CSV's columns, in the template's order; the header row must name them all. */
export const COLUMNAS_CALLES = ['calle', 'desde', 'hasta', 'lat_desde', 'lon_desde', 'lat_hasta', 'lon_hasta'] as const;
/**
 * The CSV's optional column (the GeoJSON's optional property): which side of the street the stretch
 * numbers, «pares», «impares» or «todos» (empty, or a file without the column: «todos»).
 */
export const COLUMNA_PARIDAD = 'paridad';

/** The back-office section's upload limit (app/features/admin/secciones.ts, «recoleccion»). */
export const LIMITE_CALLES_BYTES = 1024 * 1024;
export const MENSAJE_CALLES_GRANDE = 'El archivo pesa más de 1 MB: el índice de calles del pueblo entra holgado en menos; revisá que sea el archivo correcto.';
const LIMITE_TRAMOS = 20_000;
const LARGO_NOMBRE = 80;
const MAXIMO_ALTURA = 99_999;
const MAXIMO_PUNTOS = 500;
const LOTE = 500;

/**
 * Abbreviations a street's name is written with, each to one word: «Av.», «Avda.» and «Avenida»
 * are the same street. Applied word by word after accents, case and punctuation are gone.
 */
const ABREVIATURAS: Record<string, string> = {
  av: 'avenida',
  avda: 'avenida',
  avd: 'avenida',
  bv: 'bulevar',
  bvd: 'bulevar',
  blvd: 'bulevar',
  boulevard: 'bulevar',
  pje: 'pasaje',
  psje: 'pasaje',
  pj: 'pasaje',
  diag: 'diagonal',
  cno: 'camino',
  gral: 'general',
  gdor: 'gobernador',
  pte: 'presidente',
  pres: 'presidente',
  tte: 'teniente',
  cnel: 'coronel',
  cmte: 'comandante',
  dr: 'doctor',
  ing: 'ingeniero',
  sta: 'santa',
  sto: 'santo',
  pto: 'puerto',
};

/** Words that say what kind of street it is: «arrayanes 250» finds «Av. Arrayanes». */
export const TIPOS_DE_CALLE = ['avenida', 'bulevar', 'pasaje', 'calle', 'diagonal'] as const;

/** A street's name for look-ups: lower case, no accents or punctuation, abbreviations unified. */
export function normalizarCalle(nombre: string): string {
  return nombre
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((palabra) => ABREVIATURAS[palabra] ?? palabra)
    .join(' ');
}

/** The normalized name without the kind of street in front: 'avenida arrayanes' → 'arrayanes'. */
export function sinTipo(normalizado: string): string {
  const [primera, ...resto] = normalizado.split(' ');
  return resto.length > 0 && (TIPOS_DE_CALLE as readonly string[]).includes(primera!) ? resto.join(' ') : normalizado;
}

export type ErrorCalle = { lugar: string; mensaje: string };
export type ResultadoImportacionCalles =
  { tipo: 'importado'; cantidad: number } | { tipo: 'rechazado'; errores: ErrorCalle[]; general?: string } | { tipo: 'prohibido'; mensaje: string };

type Rechazo = Extract<ResultadoImportacionCalles, { tipo: 'rechazado' }>;
type Tramo = { nombre: string; nombreNormalizado: string; desde: number; hasta: number; paridad: ParidadCalle; geometria: Linea };

const rechazo = (general: string): Rechazo => ({ tipo: 'rechazado', errores: [], general });

/** A whole number of a street's range: a number, or text that is one. */
function altura(valor: unknown): number | undefined {
  const texto = typeof valor === 'number' ? String(valor) : typeof valor === 'string' ? valor.trim() : '';
  if (!/^\d{1,5}$/.test(texto)) return undefined;
  const n = Number(texto);
  return n <= MAXIMO_ALTURA ? n : undefined;
}

/** A coordinate in degrees within `limite`: a number, or text that is one (with a point as the decimal mark). */
function grados(valor: unknown, limite: number): number | undefined {
  const texto = typeof valor === 'number' ? String(valor) : typeof valor === 'string' ? valor.trim() : '';
  if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(texto)) return undefined;
  const n = Number(texto);
  return Math.abs(n) <= limite ? n : undefined;
}

const MENSAJE_PARIDAD = '«paridad» debe ser «pares», «impares» o «todos», o quedar vacía (el tramo lleva todas las alturas de su rango)';

/** A stretch's side of the street: «pares», «impares», «todos», or nothing (all of them); undefined when it is none of these. */
export function leerParidad(valor: unknown): ParidadCalle | undefined {
  if (valor === undefined || valor === null) return 'todos';
  if (typeof valor !== 'string') return undefined;
  const texto = valor.trim().toLowerCase();
  if (texto === '') return 'todos';
  return (PARIDADES_CALLE as readonly string[]).includes(texto) ? (texto as ParidadCalle) : undefined;
}

/** Whether `numero` is on the side of the street `paridad` names. */
export const admiteAltura = (paridad: ParidadCalle, numero: number): boolean => paridad === 'todos' || (paridad === 'pares') === (numero % 2 === 0);

/** Checks one stretch's name, range and side; the errors in Spanish, or the stretch. */
function tramo(nombre: unknown, desde: unknown, hasta: unknown, valorParidad: unknown, geometria: Linea | undefined, errores: string[]): Tramo | undefined {
  const textoNombre = typeof nombre === 'string' ? nombre.trim().replace(/\s+/g, ' ') : '';
  if (textoNombre === '') errores.push('Falta el nombre de la calle.');
  else if (textoNombre.length > LARGO_NOMBRE) errores.push(`El nombre de la calle tiene más de ${LARGO_NOMBRE} caracteres.`);
  else if (normalizarCalle(textoNombre) === '') errores.push('El nombre de la calle no tiene letras ni números.');
  const d = altura(desde);
  const h = altura(hasta);
  if (d === undefined) errores.push(`«desde» debe ser una altura entera entre 0 y ${formatNumber(MAXIMO_ALTURA)}.`);
  if (h === undefined) errores.push(`«hasta» debe ser una altura entera entre 0 y ${formatNumber(MAXIMO_ALTURA)}.`);
  if (d !== undefined && h !== undefined && d > h) errores.push(`«desde» (${d}) es mayor que «hasta» (${h}): la primera altura va en «desde».`);
  const paridad = leerParidad(valorParidad);
  if (paridad === undefined) {
    const escrito = typeof valorParidad === 'string' ? valorParidad.trim().slice(0, 20) : JSON.stringify(valorParidad)?.slice(0, 20);
    errores.push(`${MENSAJE_PARIDAD}; dice «${escrito}».`);
  } else if (d !== undefined && d === h && !admiteAltura(paridad, d))
    errores.push(`El tramo tiene una sola altura, el ${d}, que no es ${paridad === 'pares' ? 'par' : 'impar'}: revisá la altura o la paridad.`);
  if (errores.length > 0 || !geometria || !paridad) return undefined;
  return { nombre: textoNombre, nombreNormalizado: normalizarCalle(textoNombre), desde: d!, hasta: h!, paridad, geometria };
}

function leerCsv(texto: string): { tramos: Tramo[] } | Rechazo {
  let registros: { record: string[]; info: { lines: number } }[];
  try {
    registros = parse(texto, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
      info: true,
    }) as unknown as typeof registros;
  } catch (error) {
    const linea = (error as { lines?: number }).lines;
    return rechazo(`No pudimos leer el CSV${linea ? ` cerca de la línea ${linea}` : ''}: revisá que las comillas estén cerradas.`);
  }
  const [encabezado, ...cuerpo] = registros;
  const nombres = (encabezado?.record ?? []).map((c) => c.trim().toLowerCase());
  const faltan = COLUMNAS_CALLES.filter((c) => !nombres.includes(c));
  if (!encabezado || faltan.length > 0)
    return rechazo(`La primera línea debe nombrar las columnas ${COLUMNAS_CALLES.join(', ')}; faltan: ${faltan.join(', ')}.`);
  if (cuerpo.length === 0) return rechazo('El archivo no tiene calles: después del encabezado va un tramo de calle por línea.');
  if (cuerpo.length > LIMITE_TRAMOS)
    return rechazo(`El archivo tiene ${formatNumber(cuerpo.length)} tramos: el índice admite hasta ${formatNumber(LIMITE_TRAMOS)}.`);
  const columna = Object.fromEntries(COLUMNAS_CALLES.map((c) => [c, nombres.indexOf(c)])) as Record<(typeof COLUMNAS_CALLES)[number], number>;
  // Optional: a file made before the column existed loads as before, every stretch with all its numbers.
  const columnaParidad = nombres.indexOf(COLUMNA_PARIDAD);
  const errores: ErrorCalle[] = [];
  const tramos: Tramo[] = [];
  for (const { record, info } of cuerpo) {
    const celda = (c: (typeof COLUMNAS_CALLES)[number]) => record[columna[c]] ?? '';
    const propios: string[] = [];
    if (record.length !== encabezado.record.length)
      propios.push(`La línea tiene ${record.length} celdas y el encabezado ${encabezado.record.length}: revisá las comas.`);
    const puntos = [
      [grados(celda('lon_desde'), 180), grados(celda('lat_desde'), 90)],
      [grados(celda('lon_hasta'), 180), grados(celda('lat_hasta'), 90)],
    ];
    if (puntos.some(([lon, lat]) => lon === undefined || lat === undefined))
      propios.push('Las coordenadas deben ser números en grados con punto decimal: latitud entre -90 y 90, longitud entre -180 y 180 (por ejemplo -40.7621).');
    const t = tramo(celda('calle'), celda('desde'), celda('hasta'), columnaParidad < 0 ? '' : (record[columnaParidad] ?? ''), puntos as Linea, propios);
    if (t) tramos.push(t);
    // `info.lines` is the line the record ends on: as an editor numbers it.
    for (const mensaje of propios) errores.push({ lugar: `Línea ${info.lines}`, mensaje });
  }
  return errores.length > 0 ? { tipo: 'rechazado', errores } : { tramos };
}

const esPar = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;

function leerGeojson(texto: string): { tramos: Tramo[] } | Rechazo {
  let datos: unknown;
  try {
    datos = JSON.parse(texto);
  } catch {
    return rechazo('El archivo no es un GeoJSON válido: revisá que sea el archivo exportado tal cual, sin cambios a mano.');
  }
  const coleccion = datos as { type?: unknown; features?: unknown };
  if (typeof datos !== 'object' || datos === null || coleccion.type !== 'FeatureCollection' || !Array.isArray(coleccion.features))
    return rechazo('El GeoJSON debe ser una FeatureCollection con un elemento (LineString) por tramo de calle.');
  const features = coleccion.features as unknown[];
  if (features.length === 0) return rechazo('El GeoJSON no tiene elementos: va uno (LineString) por tramo de calle.');
  if (features.length > LIMITE_TRAMOS)
    return rechazo(`El archivo tiene ${formatNumber(features.length)} tramos: el índice admite hasta ${formatNumber(LIMITE_TRAMOS)}.`);
  const errores: ErrorCalle[] = [];
  const tramos: Tramo[] = [];
  features.forEach((feature, i) => {
    const f = (typeof feature === 'object' && feature !== null ? feature : {}) as {
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: unknown;
    };
    const propiedades = (typeof f.properties === 'object' && f.properties !== null ? f.properties : {}) as Record<string, unknown>;
    const propios: string[] = [];
    const coordenadas = f.geometry?.coordinates;
    let linea: Linea | undefined;
    if (f.geometry?.type !== 'LineString') propios.push('La geometría debe ser una LineString (la línea del tramo).');
    else if (!Array.isArray(coordenadas) || coordenadas.length < 2 || coordenadas.length > MAXIMO_PUNTOS || !coordenadas.every(esPar))
      propios.push(`La línea debe tener entre 2 y ${MAXIMO_PUNTOS} puntos [longitud, latitud] en grados.`);
    else linea = coordenadas.map(([lon, lat]) => [lon, lat]);
    const t = tramo(propiedades.nombre, propiedades.desde, propiedades.hasta, propiedades[COLUMNA_PARIDAD], linea, propios);
    if (t) tramos.push(t);
    for (const mensaje of propios) errores.push({ lugar: `Elemento ${i + 1}`, mensaje });
  });
  return errores.length > 0 ? { tipo: 'rechazado', errores } : { tramos };
}

/**
 * Replaces the whole street index with the stretches of `archivo`: a CSV with the columns of
 * COLUMNAS_CALLES (and, optionally, `paridad`) or a GeoJSON FeatureCollection of LineStrings with
 * `nombre`, `desde` and `hasta` (and, optionally, `paridad`).
 * All or nothing, in one transaction; the audit log records how many stretches, not which.
 */
export async function importarCalles(db: Db, actor: Actor, archivo: File): Promise<ResultadoImportacionCalles> {
  if (!puede(actor, 'recoleccion')) return { tipo: 'prohibido', mensaje: 'Sólo un editor o un administrador puede cargar el índice de calles.' };
  if (archivo.size === 0) return rechazo('El archivo está vacío: elegí el CSV o el GeoJSON con las calles.');
  if (archivo.size > LIMITE_CALLES_BYTES) return rechazo(MENSAJE_CALLES_GRANDE);
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(await archivo.arrayBuffer());
  } catch {
    return rechazo('El archivo no está en UTF-8: guardalo como «CSV UTF-8» (o GeoJSON, que siempre lo es) y subilo de nuevo.');
  }
  if (texto.includes('\u0000')) return rechazo('El archivo no es de texto: subí un CSV o un GeoJSON.');
  const esGeojson =
    /\.(geo)?json$/i.test(archivo.name) ||
    texto
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{');
  const leido = esGeojson ? leerGeojson(texto.replace(/^\uFEFF/, '')) : leerCsv(texto);
  if (!('tramos' in leido)) return leido;
  const { tramos } = leido;
  return db.transaction(async (tx) => {
    await tx.delete(callesRecoleccion);
    for (let i = 0; i < tramos.length; i += LOTE) await tx.insert(callesRecoleccion).values(tramos.slice(i, i + LOTE));
    await registrarAuditoria(tx, { actor, accion: 'recoleccion.calles_importadas', entidad: 'calles_recoleccion', despues: { cantidad: tramos.length } });
    return { tipo: 'importado' as const, cantidad: tramos.length };
  });
}

export type ResumenCalles = { tramos: number; calles: number; muestra: { nombre: string; desde: number; hasta: number; paridad: ParidadCalle }[] };

/** What the back-office shows of the index: how many stretches and streets, and the first few in order. */
export async function resumenCalles(db: Db, cuantos = 10): Promise<ResumenCalles> {
  const [totales] = await db
    .select({ tramos: count(), calles: sql<number>`count(distinct ${callesRecoleccion.nombreNormalizado})`.mapWith(Number) })
    .from(callesRecoleccion);
  const muestra = await db
    .select({ nombre: callesRecoleccion.nombre, desde: callesRecoleccion.desde, hasta: callesRecoleccion.hasta, paridad: callesRecoleccion.paridad })
    .from(callesRecoleccion)
    .orderBy(asc(callesRecoleccion.nombreNormalizado), asc(callesRecoleccion.desde), asc(callesRecoleccion.id))
    .limit(cuantos);
  return { tramos: totales?.tramos ?? 0, calles: totales?.calles ?? 0, muestra };
}

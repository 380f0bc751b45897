/*
 * From an address to a point, and from a point to its collection zone (docs/decisions/056-mi-calle.md).
 * The address is read, looked up in the street index and forgotten: nothing here stores or logs it.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { callesRecoleccion, zonasRecoleccion } from '#db/schema/recoleccion.ts';
import type { Linea, ParidadCalle } from '#db/schema/recoleccion.ts';
import type { Punto } from '#domain/vehiculos/pasadas.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { TIPOS_DE_CALLE, admiteAltura, normalizarCalle, sinTipo } from './calles.ts';

/** The longest address the look-up reads: a street and its number fit well within it. */
export const LARGO_DIRECCION = 120;

export type ResultadoUbicacion =
  | { tipo: 'encontrada'; punto: Punto; calle: string; numero: number }
  | { tipo: 'invalida'; mensaje: string }
  | { tipo: 'desconocida'; mensaje: string; parecidas: string[] }
  | { tipo: 'fuera_de_rango'; mensaje: string; calle: string; rangos: [number, number][] };

/** «Av. Arrayanes 250», «arrayanes 250», «Los Notros al 1200», «Las Fucsias N° 35»: the street and the number. */
export function leerDireccion(texto: string): { calle: string; numero: number } | { mensaje: string } {
  const limpio = texto.replace(/\s+/g, ' ').trim();
  if (limpio === '') return { mensaje: 'Escribí la calle y la altura, por ejemplo «Av. Arrayanes 250».' };
  if (limpio.length > LARGO_DIRECCION)
    return { mensaje: `Escribí sólo la calle y la altura (hasta ${LARGO_DIRECCION} caracteres), por ejemplo «Av. Arrayanes 250».` };
  const partes = /^(.*?[^\s,])[\s,]+(?:al\s+|n(?:ro|um|°|º)?\.?\s*)?(\d{1,5})$/iu.exec(limpio);
  if (!partes || normalizarCalle(partes[1]!) === '')
    return { mensaje: 'Escribí la calle y después la altura, con números, por ejemplo «Av. Arrayanes 250» o «Los Notros al 1200».' };
  return { calle: partes[1]!, numero: Number(partes[2]) };
}

/** Levenshtein's distance, for the names to suggest. */
function distancia(a: string, b: string): number {
  let fila = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const nueva = [i];
    for (let j = 1; j <= b.length; j++) nueva[j] = Math.min(fila[j]! + 1, nueva[j - 1]! + 1, fila[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    fila = nueva;
  }
  return fila[b.length]!;
}

/** Up to five names of the index close to `buscado` (normalized): the most alike first. */
async function parecidas(db: Db, buscado: string): Promise<string[]> {
  const nombres = await db.selectDistinct({ nombre: callesRecoleccion.nombre, normalizado: callesRecoleccion.nombreNormalizado }).from(callesRecoleccion);
  const base = sinTipo(buscado);
  const puntaje = (normalizado: string) => {
    const otra = sinTipo(normalizado);
    const parcial = otra.includes(base) || base.includes(otra) || otra.split(' ').some((p) => p.length > 3 && base.includes(p));
    return distancia(base, otra) / Math.max(base.length, otra.length, 1) - (parcial ? 0.5 : 0);
  };
  const vistas = new Set<string>();
  return nombres
    .map((n) => ({ ...n, puntaje: puntaje(n.normalizado) }))
    .filter((n) => n.puntaje <= 0.5)
    .sort((a, b) => a.puntaje - b.puntaje || a.nombre.localeCompare(b.nombre, 'es'))
    .filter((n) => (vistas.has(n.normalizado) ? false : (vistas.add(n.normalizado), true)))
    .slice(0, 5)
    .map((n) => n.nombre);
}

/** The point at `fraccion` (0 to 1) of the line's length, measured on the ground. */
export function interpolar(linea: Linea, fraccion: number): Punto {
  const escala = Math.cos(((linea[0]?.[1] ?? 0) * Math.PI) / 180);
  const largos = linea.slice(1).map(([lon, lat], i) => Math.hypot((lon - linea[i]![0]) * escala, lat - linea[i]![1]));
  let falta = Math.min(1, Math.max(0, fraccion)) * largos.reduce((a, b) => a + b, 0);
  for (const [i, largo] of largos.entries()) {
    if (falta <= largo && largo > 0) {
      const t = falta / largo;
      const [lon0, lat0] = linea[i]!;
      const [lon1, lat1] = linea[i + 1]!;
      return { latitud: lat0 + (lat1 - lat0) * t, longitud: lon0 + (lon1 - lon0) * t };
    }
    falta -= largo;
  }
  const [lon, lat] = linea[linea.length - 1]!;
  return { latitud: lat, longitud: lon };
}

type TramoIndice = { desde: number; hasta: number; paridad: ParidadCalle };

const lista = (tramos: TramoIndice[]) =>
  tramos
    .map((t) => `del ${formatNumber(t.desde)} al ${formatNumber(t.hasta)}${t.paridad === 'todos' ? '' : ` (${t.paridad})`}`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' y $1');

/**
 * The stretch of a street that holds `numero`: in its range and on its side of the street. A
 * stretch of one side (even or odd numbers, docs/decisions/056-mi-calle.md) wins over one of all
 * numbers that overlaps it, since it says where that side's houses are.
 */
export function tramoDeLaAltura<T extends TramoIndice>(tramos: readonly T[], numero: number): T | undefined {
  const posibles = tramos.filter((t) => t.desde <= numero && numero <= t.hasta && admiteAltura(t.paridad, numero));
  return posibles.find((t) => t.paridad !== 'todos') ?? posibles[0];
}

/**
 * Where an address is: the stretch of its street whose range holds the number (on the number's side
 * of the street, when the index splits it into even and odd), and the point that far along the
 * stretch's line. A street written without its kind («arrayanes») finds it with one
 * («Av. Arrayanes»). Otherwise a reason in Spanish: similar names, or the numbers the index knows.
 */
export async function ubicarDireccion(db: Db, texto: string): Promise<ResultadoUbicacion> {
  const leida = leerDireccion(texto);
  if ('mensaje' in leida) return { tipo: 'invalida', mensaje: leida.mensaje };
  const normalizado = normalizarCalle(leida.calle);
  const base = sinTipo(normalizado);
  const variantes = normalizado === base ? [base, ...TIPOS_DE_CALLE.map((t) => `${t} ${base}`)] : [normalizado];
  const tramos = await db
    .select({
      nombre: callesRecoleccion.nombre,
      normalizado: callesRecoleccion.nombreNormalizado,
      desde: callesRecoleccion.desde,
      hasta: callesRecoleccion.hasta,
      paridad: callesRecoleccion.paridad,
      geometria: callesRecoleccion.geometria,
    })
    .from(callesRecoleccion)
    .where(inArray(callesRecoleccion.nombreNormalizado, variantes))
    .orderBy(asc(callesRecoleccion.desde), asc(callesRecoleccion.id));
  if (tramos.length === 0) {
    const sugeridas = await parecidas(db, normalizado);
    return {
      tipo: 'desconocida',
      parecidas: sugeridas,
      mensaje:
        sugeridas.length > 0
          ? 'No encontramos esa calle en el índice. ¿Es alguna de estas? Si no, marcá tu casa en el mapa o elegí tu zona de la lista.'
          : 'No encontramos esa calle en el índice. Marcá tu casa en el mapa o elegí tu zona de la lista.',
    };
  }
  // The exact name first: «Pje. Arrayanes» written as such is not «Av. Arrayanes».
  const propios = tramos.some((t) => t.normalizado === normalizado) ? tramos.filter((t) => t.normalizado === normalizado) : tramos;
  const tramo = tramoDeLaAltura(propios, leida.numero);
  const calle = propios[0]!.nombre;
  if (!tramo) {
    const rangos = propios.map((t): [number, number] => [t.desde, t.hasta]);
    return {
      tipo: 'fuera_de_rango',
      calle,
      rangos,
      mensaje: `No tenemos el ${formatNumber(leida.numero)} de ${calle}: en el índice va ${lista(propios)}. Revisá la altura o marcá tu casa en el mapa.`,
    };
  }
  const fraccion = tramo.hasta === tramo.desde ? 0.5 : (leida.numero - tramo.desde) / (tramo.hasta - tramo.desde);
  return { tipo: 'encontrada', punto: interpolar(tramo.geometria, fraccion), calle: tramo.nombre, numero: leida.numero };
}

export type ZonaDelPunto = { id: number; slug: string; nombre: string };

/** The collection zone that holds `punto`, reading only the zones whose box holds it; undefined when none. */
export async function zonaDelPunto(db: Db, punto: Punto): Promise<ZonaDelPunto | undefined> {
  const candidatas = await db
    .select({ id: zonasRecoleccion.id, slug: zonasRecoleccion.slug, nombre: zonasRecoleccion.nombre, geometria: zonasRecoleccion.geometria })
    .from(zonasRecoleccion)
    .where(
      and(
        lte(zonasRecoleccion.minLatitud, punto.latitud),
        gte(zonasRecoleccion.maxLatitud, punto.latitud),
        lte(zonasRecoleccion.minLongitud, punto.longitud),
        gte(zonasRecoleccion.maxLongitud, punto.longitud),
      ),
    )
    .orderBy(asc(zonasRecoleccion.orden), asc(zonasRecoleccion.nombre));
  const zona = candidatas.find((z) =>
    booleanPointInPolygon([punto.longitud, punto.latitud], { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: z.geometria } }),
  );
  return zona ? { id: zona.id, slug: zona.slug, nombre: zona.nombre } : undefined;
}

// Every failure message of every zod schema in the app, in Spanish. The schemas are
// found, not listed: every source module that imports z is scanned, every zod schema it exports is
// fed a battery of bad values (and, for objects, each field in turn), nested schemas included, and
// every message that comes back must read as Spanish. A new schema is checked the day it is added.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from '#domain/shared/zod.ts';
import { ConfigError, loadConfig } from '#server/env.ts';
import { problemasDeIdioma } from '#tests/setup/idioma.ts';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const CARPETAS = ['app', 'domain', 'server', 'db', 'scripts', 'bench'];

function fuentes(carpeta: string): string[] {
  return readdirSync(path.join(RAIZ, carpeta), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => path.relative(RAIZ, path.join(e.parentPath, e.name)));
}

/**
 * Modules that import z as a value: from the shared module, or (which ESLint forbids) from zod
 * itself. A type-only import (`import type { z }`, for a generic over any schema) defines none.
 */
function modulosConZod(): string[] {
  return CARPETAS.flatMap(fuentes).filter((archivo) => {
    if (archivo === path.join('domain', 'shared', 'zod.ts')) return false;
    const texto = readFileSync(path.join(RAIZ, archivo), 'utf8').replace(/^import type [^;]*;/gm, '');
    return [...texto.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].some(([, spec]) => /(^|\/)shared\/zod(\.ts)?$|^zod(\/|$)/.test(spec!));
  });
}

/**
 * Schemas outside domain/ that cannot be imported on their own, and how they are walked instead.
 * STYLE puts schemas in domain/<modulo>/schemas.ts; anything else must be added here on purpose.
 */
// Outside domain/: the configuration (walked through loadConfig) and the API's contracts (the site's
// and Open311's OpenAPI schemas), whose schemas are walked like domain's.
const CONTRATO = path.join('server', 'api', 'contract.ts');
const CONTRATO_OPEN311 = path.join('server', 'api', 'open311-openapi.ts');
const FUERA_DE_DOMAIN = [CONTRATO, CONTRATO_OPEN311, path.join('server', 'env.ts')];

const largo = 'x'.repeat(10_000);
/** Wrong types, empty and huge strings, huge and negative numbers as strings and as numbers, letters where digits go. */
const MALOS: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  999_999,
  -999_999,
  1e21,
  -1e21,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  10n,
  '',
  ' ',
  'a',
  'abc',
  'dosmil',
  '12a',
  'a12',
  '0',
  '-1',
  '-999999',
  '999999',
  '2000000001',
  '99999999999999999999999',
  '9'.repeat(400),
  '1e9',
  '1.5',
  '0x1F',
  largo,
  '1'.repeat(10_000),
  ' '.repeat(10_000),
  'ana@',
  'http://',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  [],
  ['a'],
  [1, 2],
  {},
  { a: 1 },
  new Date('x'),
];

type Mensaje = { donde: string; entrada: string; mensaje: string };

const describir = (v: unknown): string => {
  if (typeof v === 'string') return v.length > 30 ? `"${v.slice(0, 12)}…" (${v.length} caracteres)` : JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number' || v === undefined) return String(v);
  if (v instanceof Date) return `Date(${v.getTime()})`;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

/** The schemas inside a schema: object fields, wrapped types, both ends of a pipe, union options… */
function hijos(schema: z.ZodType): [string, z.ZodType][] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const salida: [string, z.ZodType][] = [];
  if (schema instanceof z.ZodObject) for (const [campo, s] of Object.entries(schema.shape)) salida.push([`.${campo}`, s as z.ZodType]);
  for (const clave of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right']) {
    if (def[clave] instanceof z.ZodType) salida.push([`<${clave}>`, def[clave]]);
  }
  for (const clave of ['options', 'items']) {
    if (Array.isArray(def[clave])) def[clave].forEach((s: unknown, i: number) => s instanceof z.ZodType && salida.push([`<${clave}[${i}]>`, s]));
  }
  return salida;
}

type Recorrido = { esquemas: number; entradas: number; mensajes: Mensaje[]; saltadas: number };

/**
 * Parses every bad value (for objects also each field set to each bad value, and an unknown key)
 * and collects the messages, then does the same for every nested schema. An exported schema must
 * never throw; a nested one may (a transform fed a value its pipe would never let through), and
 * that input is skipped.
 */
function recorrer(schema: z.ZodType, nombre: string, r: Recorrido, raiz: boolean, vistos = new Set<z.ZodType>()): void {
  if (vistos.has(schema)) return;
  vistos.add(schema);
  r.esquemas += 1;
  const probar = (entrada: unknown, donde: string) => {
    r.entradas += 1;
    let resultado: ReturnType<typeof schema.safeParse>;
    try {
      resultado = schema.safeParse(entrada);
    } catch (error) {
      if (raiz) throw new Error(`${donde} lanzó una excepción con ${describir(entrada)}`, { cause: error });
      r.saltadas += 1;
      return;
    }
    for (const issue of resultado.error?.issues ?? []) {
      r.mensajes.push({ donde: [donde, ...issue.path.map(String)].join('.'), entrada: describir(entrada), mensaje: issue.message });
    }
  };
  if (schema._zod.def.type === 'transform') return;
  for (const malo of MALOS) probar(malo, nombre);
  if (schema instanceof z.ZodObject) {
    const campos = Object.keys(schema.shape);
    for (const campo of campos) for (const malo of MALOS) probar({ [campo]: malo }, nombre);
    for (const malo of MALOS) probar(Object.fromEntries(campos.map((c) => [c, malo])), nombre);
    probar({ campoQueNoExiste: 1 }, nombre);
  }
  for (const [donde, hijo] of hijos(schema)) recorrer(hijo, `${nombre}${donde}`, r, false, vistos);
}

/** The configuration schema is not exported: its variables are read from the source, and loadConfig gives its messages. */
function recorrerConfiguracion(r: Recorrido): void {
  const fuente = readFileSync(path.join(RAIZ, 'server', 'env.ts'), 'utf8');
  const cuerpo = fuente.slice(fuente.indexOf('const envSchema'), fuente.indexOf('});', fuente.indexOf('const envSchema')));
  const variables = [...cuerpo.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map(([, v]) => v!);
  expect(variables.length).toBeGreaterThan(10);
  for (const variable of variables) {
    r.esquemas += 1;
    for (const malo of MALOS.filter((m): m is string => typeof m === 'string')) {
      r.entradas += 1;
      try {
        loadConfig({ [variable]: malo });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        for (const linea of error.message.split('\n').slice(1)) {
          const [, donde, mensaje] = /^\s+([^:]*): (.*)$/.exec(linea) ?? [];
          // A value the operator typed may be echoed (a file's path): the rules are for our own words.
          const propio = malo.length >= 3 ? (mensaje ?? linea).split(malo).join('«lo escrito»') : (mensaje ?? linea);
          r.mensajes.push({ donde: `server/env.ts ${donde}`, entrada: describir(malo), mensaje: propio });
        }
      }
    }
  }
}

describe('mensajes de todos los esquemas, en castellano', () => {
  const modulos = modulosConZod();

  /** The zod schemas in an exported value: itself, or inside plain objects and arrays (a few levels). */
  function esquemasEn(valor: unknown, camino: string, nivel = 0): [string, z.ZodType][] {
    if (valor instanceof z.ZodType) return [[camino, valor]];
    if (nivel >= 5 || valor === null || typeof valor !== 'object') return [];
    return Object.entries(valor).flatMap(([clave, v]) => esquemasEn(v, `${camino}.${clave}`, nivel + 1));
  }

  it('los esquemas viven en domain/ (o tienen su recorrido acá)', () => {
    const fuera = modulos.filter((m) => !m.startsWith(`domain${path.sep}`));
    expect(fuera.sort()).toEqual(FUERA_DE_DOMAIN);
  });

  it('ningún mensaje de error está en inglés', async () => {
    const r: Recorrido = { esquemas: 0, entradas: 0, mensajes: [], saltadas: 0 };
    let exportados = 0;
    for (const modulo of modulos.filter((m) => m.startsWith(`domain${path.sep}`) || m === CONTRATO || m === CONTRATO_OPEN311)) {
      const exports = (await import(pathToFileURL(path.join(RAIZ, modulo)).href)) as Record<string, unknown>;
      for (const [nombre, valor] of Object.entries(exports)) {
        // Schemas exported on their own, and those inside an exported table (the API's contract).
        for (const [camino, esquema] of esquemasEn(valor, nombre)) {
          exportados += 1;
          recorrer(esquema, `${modulo.split(path.sep).join('/')} ${camino}`, r, true);
        }
      }
    }
    recorrerConfiguracion(r);

    // One line per distinct bad message, with the first place and input that produced it: a
    // failure stays readable (and Vitest's diff fast) even when thousands of inputs hit it.
    const problemas = new Map<string, string>();
    for (const { donde, entrada, mensaje } of r.mensajes) {
      if (problemas.has(mensaje)) continue;
      const idioma = problemasDeIdioma(mensaje);
      // Numbers read es-AR (100.000); a phone-like example (+54…) is not a quantity.
      if (/(^|[^+\d.])\d{5,}/.test(mensaje)) idioma.push('número sin separador de miles');
      if (idioma.length > 0) problemas.set(mensaje, `"${mensaje}" (${idioma.join('; ')}), por ejemplo en ${donde} con ${entrada}`);
    }
    expect([...problemas.values()].slice(0, 30)).toEqual([]);

    // The walk reached the schemas it should: the decree form's four spec messages among them.
    const distintos = new Set(r.mensajes.map((m) => m.mensaje));
    for (const obligatorio of [
      'El campo nombre es obligatorio',
      'El campo dni es obligatorio',
      'El campo email es obligatorio',
      'El campo decreto es obligatorio',
    ]) {
      expect(distintos).toContain(obligatorio);
    }
    expect(distintos).toContain('Escribí un número de página entre 1 y 100.000, o dejalo vacío para ver la primera.');
    expect(exportados).toBeGreaterThanOrEqual(3);
    expect(r.mensajes.length).toBeGreaterThan(1_000);
    console.info(
      `Recorridos ${exportados} esquemas exportados de ${modulos.length} módulos y ${r.esquemas} esquemas en total (anidados y variables de configuración); ` +
        `${r.entradas} entradas, ${r.mensajes.length} mensajes (${distintos.size} distintos), ${r.saltadas} entradas saltadas en esquemas internos.`,
    );
  });
});

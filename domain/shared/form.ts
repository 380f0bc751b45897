/**
 * One way to read a form: a zod object schema and what was submitted (FormData from an
 * action, URLSearchParams from a GET form or a query string, or a JSON body) give either the data
 * or, per field, the first message and what was typed, to show back next to it. No React, no
 * Fastify: pages, the API and the back-office call it alike (docs/architecture.md, "Formularios").
 */
import type { z } from './zod.ts';

export type FormInput = FormData | URLSearchParams | Record<string, unknown>;

/** Kept values are for showing back, not for storing: long enough for any field the site has. */
const MAX_VALUE_LENGTH = 2000;

type Campos<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

export type FormResult<S extends z.ZodObject> =
  | { ok: true; datos: z.output<S>; valores: Partial<Record<Campos<S>, string>> }
  | {
      ok: false;
      /** The first message of each field, in the schema's order. */
      errores: Partial<Record<Campos<S>, string>>;
      /** A message that belongs to no field (a refine on the whole object without `path`). */
      general?: string;
      valores: Partial<Record<Campos<S>, string>>;
    };

/**
 * A plain object with the first value of each key: a repeated field (`?anio=2020&anio=2021`)
 * counts once, as its first value. Files stay files; the schema decides. A JSON object is taken
 * as it is. The object has no prototype, so a field named `__proto__` is just a field.
 */
export function firstValues(entrada: FormInput): Record<string, unknown> {
  const objeto: Record<string, unknown> = Object.create(null);
  if (entrada instanceof FormData || entrada instanceof URLSearchParams) {
    for (const [clave, valor] of entrada) if (!Object.hasOwn(objeto, clave)) objeto[clave] = valor;
    return objeto;
  }
  if (entrada && typeof entrada === 'object' && !Array.isArray(entrada)) Object.assign(objeto, entrada);
  return objeto;
}

/**
 * What the person typed in `campos`, as text cut at `largo`: strings, and numbers or booleans of
 * a JSON body as they read. Files, lists, objects and null are not shown back.
 */
export function typedValues<K extends string>(objeto: Record<string, unknown>, campos: readonly K[], largo = MAX_VALUE_LENGTH): Partial<Record<K, string>> {
  const valores: Partial<Record<K, string>> = {};
  for (const campo of campos) {
    if (!Object.hasOwn(objeto, campo)) continue;
    const valor = objeto[campo];
    const texto =
      typeof valor === 'string' ? valor : typeof valor === 'number' || typeof valor === 'boolean' || typeof valor === 'bigint' ? String(valor) : undefined;
    if (texto !== undefined) valores[campo] = texto.slice(0, largo);
  }
  return valores;
}

/** The fields of an object schema, in its order. */
export const fieldsOf = <S extends z.ZodObject>(schema: S) => Object.keys(schema.shape) as Campos<S>[];

/**
 * Validates the first value of each field with `schema`. The schema sees the whole value (its
 * own maxima answer a value too long); the kept values are cut at `largo`. An error belongs to
 * the field named first in its path (a field parsed into a list or an object answers for all of
 * it); an error without a path is `general`.
 */
export function readForm<S extends z.ZodObject>(schema: S, entrada: FormInput, opciones: { largo?: number } = {}): FormResult<S> {
  const objeto = firstValues(entrada);
  const campos = fieldsOf(schema);
  const valores = typedValues(objeto, campos, opciones.largo);
  const parsed = schema.safeParse(objeto);
  if (parsed.success) return { ok: true, datos: parsed.data, valores };
  const errores: Partial<Record<Campos<S>, string>> = {};
  let general: string | undefined;
  for (const issue of parsed.error.issues) {
    const campo = issue.path[0];
    if (typeof campo === 'string' && (campos as string[]).includes(campo)) errores[campo as Campos<S>] ??= issue.message;
    else general ??= issue.message;
  }
  return general === undefined ? { ok: false, errores, valores } : { ok: false, errores, general, valores };
}

import { describe, expect, it } from 'vitest';
import { problemasDeIdioma } from '#tests/setup/idioma.ts';
import { issueMessage, z } from './zod.ts';

type Issue = Parameters<typeof issueMessage>[0];

/** One synthetic issue of every code zod 4 emits, in each variant the map tells apart. */
function todosLosIssues(): Issue[] {
  const issues: Issue[] = [];
  const base = { path: [] as PropertyKey[] };

  const tipos = [
    'string',
    'number',
    'int',
    'boolean',
    'bigint',
    'symbol',
    'undefined',
    'null',
    'never',
    'void',
    'date',
    'array',
    'object',
    'tuple',
    'record',
    'map',
    'set',
    'file',
    'nonoptional',
    'nan',
    'function',
    'promise',
    'Date',
    'otro',
  ];
  const recibidos = [undefined, null, 'texto', 5, Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, 10n, new Date('x')];
  for (const expected of tipos) for (const input of recibidos) issues.push({ ...base, code: 'invalid_type', expected, input });

  const origenes = ['string', 'number', 'int', 'bigint', 'date', 'array', 'set', 'map', 'file', 'otro'];
  const limites = [0, 1, 2, 200, 100_000, 1_048_576, Date.UTC(2025, 2, 15, 3), Date.UTC(2025, 2, 15, 17, 30), Number.MAX_SAFE_INTEGER];
  for (const origin of origenes) {
    for (const limite of [...limites, ...(origin === 'bigint' ? [10n ** 20n] : [])]) {
      for (const inclusive of [true, false, undefined]) {
        for (const exact of [false, true]) {
          issues.push({ ...base, code: 'too_big', origin, maximum: limite, inclusive, exact, input: undefined });
          issues.push({ ...base, code: 'too_small', origin, minimum: limite, inclusive, exact, input: undefined });
        }
      }
    }
  }

  const formatos = [
    'email',
    'url',
    'emoji',
    'uuid',
    'uuidv4',
    'uuidv6',
    'guid',
    'nanoid',
    'cuid',
    'cuid2',
    'ulid',
    'xid',
    'ksuid',
    'datetime',
    'date',
    'time',
    'duration',
    'ipv4',
    'ipv6',
    'mac',
    'cidrv4',
    'cidrv6',
    'base64',
    'base64url',
    'json_string',
    'e164',
    'credit_card',
    'currency_code',
    'iban',
    'lowercase',
    'uppercase',
    'regex',
    'jwt',
    'template_literal',
    'un_formato_futuro',
  ];
  for (const format of formatos) issues.push({ ...base, code: 'invalid_format', format, pattern: '/^\\d+$/', input: 'x' });
  issues.push({ ...base, code: 'invalid_format', format: 'starts_with', prefix: 'https://', input: 'x' });
  issues.push({ ...base, code: 'invalid_format', format: 'ends_with', suffix: '.gob.ar', input: 'x' });
  issues.push({ ...base, code: 'invalid_format', format: 'includes', includes: '@', input: 'x' });

  for (const divisor of [1, 0.01, 0.5, 0.25, 5, 1000]) issues.push({ ...base, code: 'not_multiple_of', divisor, input: 3 });

  for (const keys of [['extra'], ['a', 'b'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], ['x'.repeat(10_000)]]) {
    issues.push({ ...base, code: 'unrecognized_keys', keys, input: {} });
  }

  issues.push({ ...base, code: 'invalid_union', errors: [], input: 5 });
  issues.push({ ...base, code: 'invalid_union', errors: [], input: 5, discriminator: 'tipo', options: ['a', 'b', 'c'] });
  issues.push({ ...base, code: 'invalid_union', errors: [], input: 5, inclusive: false, matches: [0, 1] });

  for (const origin of ['record', 'map'] as const) issues.push({ ...base, code: 'invalid_key', origin, issues: [], input: 'x' });
  for (const origin of ['map', 'set'] as const) issues.push({ ...base, code: 'invalid_element', origin, key: 'k', issues: [], input: 'x' });

  issues.push({ ...base, code: 'invalid_value', values: ['si'], input: 'no' });
  issues.push({ ...base, code: 'invalid_value', values: ['development', 'production', 'test'], input: 'x' });
  issues.push({ ...base, code: 'invalid_value', values: Array.from({ length: 20 }, (_, i) => i), input: 99 });
  issues.push({ ...base, code: 'invalid_value', values: [true, null, 3n], input: 'x' });
  issues.push({ ...base, code: 'invalid_value', values: ['true', '1', 'false', '0'], expected: 'stringbool', input: 'quizás' });

  issues.push({ ...base, code: 'custom', input: 'x' });
  issues.push({ ...base, code: 'custom', params: { motivo: 'x' }, input: 'x' });
  // A code zod might add in a later version still gets Spanish.
  issues.push({ ...base, code: 'un_codigo_nuevo', input: 'x' } as unknown as Issue);
  return issues;
}

describe('mapa de errores de zod en castellano', () => {
  const issues = todosLosIssues();

  it('cubre todos los códigos de zod 4', () => {
    const codigos = new Set(issues.map((i) => i.code));
    for (const codigo of [
      'invalid_type',
      'too_big',
      'too_small',
      'invalid_format',
      'not_multiple_of',
      'unrecognized_keys',
      'invalid_union',
      'invalid_key',
      'invalid_element',
      'invalid_value',
      'custom',
    ]) {
      expect(codigos).toContain(codigo);
    }
  });

  it('responde cada issue con un texto castellano, corto y sin inglés', () => {
    const problemas: string[] = [];
    for (const issue of issues) {
      const mensaje = issueMessage(issue);
      const idioma = problemasDeIdioma(mensaje);
      if (idioma.length > 0)
        problemas.push(`${JSON.stringify(issue, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}: ${mensaje} (${idioma.join('; ')})`);
      if (mensaje.length > 200) problemas.push(`demasiado largo (${mensaje.length}): ${mensaje.slice(0, 80)}…`);
    }
    expect(problemas).toEqual([]);
    expect(issues.length).toBeGreaterThan(800);
  });

  it('dice qué hacer, en voseo, con los números en formato es-AR', () => {
    const m = (issue: Partial<Issue> & { code: string }) => issueMessage({ path: [], input: undefined, ...issue } as Issue);
    expect(m({ code: 'too_big', origin: 'number', maximum: 100_000, inclusive: true })).toBe('Ingresá un número menor o igual a 100.000.');
    expect(m({ code: 'too_big', origin: 'number', maximum: 100_000, inclusive: false })).toBe('Ingresá un número menor que 100.000.');
    expect(m({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false })).toBe('Ingresá un número mayor que cero.');
    expect(m({ code: 'too_big', origin: 'bigint', maximum: 10n ** 12n, inclusive: true })).toBe('Ingresá un número menor o igual a 1.000.000.000.000.');
    expect(m({ code: 'too_big', origin: 'string', maximum: 200, inclusive: true })).toBe('Escribí hasta 200 caracteres.');
    expect(m({ code: 'too_big', origin: 'string', maximum: 1, inclusive: true })).toBe('Escribí hasta 1 carácter.');
    expect(m({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true })).toBe('Completá este campo.');
    expect(m({ code: 'too_small', origin: 'string', minimum: 8, inclusive: true })).toBe('Escribí al menos 8 caracteres.');
    expect(m({ code: 'too_small', origin: 'string', minimum: 8, exact: true })).toBe('Escribí exactamente 8 caracteres.');
    expect(m({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true })).toBe('Elegí al menos una opción.');
    expect(m({ code: 'too_big', origin: 'file', maximum: 1_258_291, inclusive: true })).toBe('Adjuntá un archivo de hasta 1,2 MB.');
    expect(m({ code: 'too_big', origin: 'date', maximum: Date.UTC(2025, 2, 15, 3), inclusive: true })).toBe('Ingresá una fecha hasta el 15/03/2025.');
    expect(m({ code: 'too_small', origin: 'date', minimum: Date.UTC(2025, 2, 15, 17, 30), inclusive: false })).toBe(
      'Ingresá una fecha posterior al 15/03/2025 14:30.',
    );
    expect(m({ code: 'invalid_type', expected: 'string', input: undefined })).toBe('Completá este campo.');
    expect(m({ code: 'invalid_type', expected: 'number', input: 'abc' })).toBe('Ingresá un número.');
    expect(m({ code: 'invalid_type', expected: 'number', input: Number.POSITIVE_INFINITY })).toBe('Ingresá un número de menos cifras.');
    expect(m({ code: 'too_small', origin: 'string', minimum: 0, inclusive: false })).toBe('Completá este campo.');
    expect(m({ code: 'invalid_value', values: ['a', 'b', 'c'] })).toBe('Elegí una de estas opciones: "a", "b" o "c".');
    expect(m({ code: 'not_multiple_of', divisor: 0.01 })).toBe('Ingresá un número con hasta 2 decimales.');
    expect(m({ code: 'unrecognized_keys', keys: ['a', 'b'] })).toBe('Quitá los campos "a" y "b": no corresponde enviarlos.');
    expect(m({ code: 'unrecognized_keys', keys: ['x'.repeat(10_000)] }).length).toBeLessThan(100);
  });

  it('está activo al validar, y el mensaje propio de un esquema gana', () => {
    const r = z.object({ pagina: z.number().int().max(100_000) }).safeParse({ pagina: 999_999 });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Ingresá un número menor o igual a 100.000.']);
    expect(z.string().safeParse(undefined).error?.issues[0]?.message).toBe('Completá este campo.');
    expect(z.email().safeParse('ana').error?.issues[0]?.message).toBe('Ingresá un email válido, por ejemplo nombre@correo.com.ar.');
    expect(z.string({ error: 'El campo nombre es obligatorio' }).safeParse(5).error?.issues[0]?.message).toBe('El campo nombre es obligatorio');
    expect(z.string().max(3, 'Hasta tres letras.').safeParse('abcd').error?.issues[0]?.message).toBe('Hasta tres letras.');
  });
});

/**
 * The app's only door to zod (Spanish everywhere a citizen reads). Importing `z` from
 * here, not from 'zod', guarantees the Spanish error map below is configured before any schema is
 * parsed, on the server and in the browser bundle alike; ESLint (no-restricted-imports) keeps
 * every other module off 'zod' itself.
 *
 * Schemas should still give their own messages, naming the field and what to type (STYLE: "say
 * what to do"); this map is the floor for whatever a schema leaves unsaid, so a citizen never
 * reads zod's English ("Too big: expected number to be <=100000"). zod's own `es` locale was not
 * used: it is a word-for-word translation ("Demasiado grande: se esperaba que número fuera
 * <=100000") in the neutral register, while the site speaks es-AR with voseo ("Ingresá…").
 */
import { z } from 'zod';
import { formatDateTime, formatNumber, formatOneDecimal, formatShortDate } from './formato.ts';

export { z };

type Issue = z.core.$ZodRawIssue;

const o = new Intl.ListFormat('es-AR', { type: 'disjunction' });
const y = new Intl.ListFormat('es-AR', { type: 'conjunction' });

/** A date bound in the Buenos Aires zone, with the time only when it is not midnight there. */
function formatearFecha(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const conHora = formatDateTime(d);
  return conHora.endsWith('00:00') ? formatShortDate(d) : conHora.replace(',', '');
}

/** Sizes as the download labels show them: '512 bytes', '1,2 MB' (STYLE). */
function formatearTamanio(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${formatOneDecimal(bytes / 1024)} KB`;
  return `${formatOneDecimal(bytes / (1024 * 1024))} MB`;
}

/**
 * A value quoted back in a message. Keys and values may come from whoever sent the request:
 * cut them short so a 10,000-character key cannot fill a page.
 */
function citar(valor: unknown): string {
  const texto = typeof valor === 'string' ? valor : typeof valor === 'bigint' ? `${valor}` : String(valor);
  return `"${texto.length > 40 ? `${texto.slice(0, 40)}…` : texto}"`;
}

function listaOpciones(valores: readonly unknown[]): string {
  const citados = valores.slice(0, 12).map(citar);
  return valores.length > 12 ? `${citados.join(', ')}, entre otras` : o.format(citados);
}

const plural = (n: number | bigint, singular: string, varios: string) => (n === 1 || n === 1n ? singular : varios);

/** What to type, by the type zod expected, when a value of another type arrived. */
const QUE_INGRESAR: Record<string, string> = {
  string: 'Ingresá un texto.',
  number: 'Ingresá un número.',
  int: 'Ingresá un número entero, sin decimales.',
  bigint: 'Ingresá un número entero.',
  boolean: 'Elegí sí o no.',
  date: 'Ingresá una fecha válida.',
  array: 'Enviá una lista de valores.',
  tuple: 'Enviá una lista con los valores pedidos.',
  set: 'Enviá una lista de valores sin repetir.',
  object: 'Enviá los datos como un objeto con sus campos.',
  record: 'Enviá los datos como pares de clave y valor.',
  map: 'Enviá los datos como pares de clave y valor.',
  file: 'Adjuntá un archivo.',
  null: 'Dejá este campo vacío.',
  undefined: 'Quitá este campo: no corresponde enviarlo.',
  void: 'Quitá este campo: no corresponde enviarlo.',
  never: 'Quitá este campo: no corresponde enviarlo.',
};

function tipoInvalido(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  const { expected, input } = issue;
  // Absent (or sent as null in JSON): the field is required. zod's English says "Required".
  if (expected === 'nonoptional' || ((input === undefined || input === null) && expected !== 'undefined' && expected !== 'null' && expected !== 'void')) {
    return 'Completá este campo.';
  }
  if ((expected === 'number' || expected === 'int') && typeof input === 'number') {
    // Infinity is what Number() makes of a few hundred digits: too long, whatever its sign.
    return Number.isNaN(input) ? 'Ingresá un número.' : Number.isFinite(input) ? QUE_INGRESAR[expected]! : 'Ingresá un número de menos cifras.';
  }
  return QUE_INGRESAR[expected] ?? 'Revisá este dato: no es del tipo que corresponde.';
}

/** For each origin, what the limit counts and the verb that asks for it. */
function tamanio(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const grande = issue.code === 'too_big';
  const limite = grande ? issue.maximum : issue.minimum;
  const { exact, inclusive = true } = issue;
  const n = Number(limite);
  switch (issue.origin) {
    case 'string': {
      const unidad = plural(limite, 'carácter', 'caracteres');
      if (exact) return `Escribí exactamente ${formatNumber(limite)} ${unidad}.`;
      if (grande) return inclusive ? `Escribí hasta ${formatNumber(limite)} ${unidad}.` : `Escribí menos de ${formatNumber(limite)} ${unidad}.`;
      if ((inclusive && n <= 1) || (!inclusive && n === 0)) return 'Completá este campo.';
      return inclusive ? `Escribí al menos ${formatNumber(limite)} ${unidad}.` : `Escribí más de ${formatNumber(limite)} ${unidad}.`;
    }
    case 'array':
    case 'set': {
      const unidad = plural(limite, 'opción', 'opciones');
      if (exact) return `Elegí exactamente ${formatNumber(limite)} ${unidad}.`;
      if (grande) return inclusive ? `Elegí hasta ${formatNumber(limite)} ${unidad}.` : `Elegí menos de ${formatNumber(limite)} ${unidad}.`;
      if ((inclusive && n === 1) || (!inclusive && n === 0)) return 'Elegí al menos una opción.';
      return inclusive ? `Elegí al menos ${formatNumber(limite)} ${unidad}.` : `Elegí más de ${formatNumber(limite)} ${unidad}.`;
    }
    case 'map': {
      const unidad = plural(limite, 'entrada', 'entradas');
      if (exact) return `Enviá exactamente ${formatNumber(limite)} ${unidad}.`;
      if (grande) return inclusive ? `Enviá hasta ${formatNumber(limite)} ${unidad}.` : `Enviá menos de ${formatNumber(limite)} ${unidad}.`;
      return inclusive ? `Enviá al menos ${formatNumber(limite)} ${unidad}.` : `Enviá más de ${formatNumber(limite)} ${unidad}.`;
    }
    case 'file': {
      const medida = formatearTamanio(n);
      if (exact) return `Adjuntá un archivo de exactamente ${medida}.`;
      if (grande) return inclusive ? `Adjuntá un archivo de hasta ${medida}.` : `Adjuntá un archivo de menos de ${medida}.`;
      return inclusive ? `Adjuntá un archivo de al menos ${medida}.` : `Adjuntá un archivo de más de ${medida}.`;
    }
    case 'date': {
      const dia = formatearFecha(n);
      if (grande) return inclusive ? `Ingresá una fecha hasta el ${dia}.` : `Ingresá una fecha anterior al ${dia}.`;
      return inclusive ? `Ingresá una fecha desde el ${dia}.` : `Ingresá una fecha posterior al ${dia}.`;
    }
    case 'number':
    case 'int':
    case 'bigint': {
      const cifra = formatNumber(limite);
      if (exact) return `Ingresá el número ${cifra}.`;
      if (grande) return inclusive ? `Ingresá un número menor o igual a ${cifra}.` : `Ingresá un número menor que ${cifra}.`;
      if (!inclusive && n === 0) return 'Ingresá un número mayor que cero.';
      return inclusive ? `Ingresá un número mayor o igual a ${cifra}.` : `Ingresá un número mayor que ${cifra}.`;
    }
    default: {
      // An origin zod may add later: still Spanish, still the limit.
      const cifra = formatNumber(limite);
      return grande ? `Revisá este dato: el máximo es ${cifra}.` : `Revisá este dato: el mínimo es ${cifra}.`;
    }
  }
}

/** What to type for each string format zod checks; the ones a citizen may meet come with an example. */
const FORMATOS: Record<string, string> = {
  email: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.',
  url: 'Ingresá una dirección web completa, por ejemplo https://www.villalaangostura.gob.ar.',
  emoji: 'Ingresá sólo emojis.',
  uuid: 'Ingresá un identificador UUID válido.',
  uuidv4: 'Ingresá un identificador UUID (versión 4) válido.',
  uuidv6: 'Ingresá un identificador UUID (versión 6) válido.',
  guid: 'Ingresá un identificador GUID válido.',
  nanoid: 'Ingresá un identificador nanoid válido.',
  cuid: 'Ingresá un identificador cuid válido.',
  cuid2: 'Ingresá un identificador cuid2 válido.',
  ulid: 'Ingresá un identificador ULID válido.',
  xid: 'Ingresá un identificador XID válido.',
  ksuid: 'Ingresá un identificador KSUID válido.',
  datetime: 'Ingresá una fecha y hora con el formato AAAA-MM-DDTHH:MM:SS, por ejemplo 2025-03-15T14:30:00Z.',
  date: 'Ingresá una fecha con el formato AAAA-MM-DD, por ejemplo 2025-03-15.',
  time: 'Ingresá una hora con el formato HH:MM, por ejemplo 14:30.',
  duration: 'Ingresá una duración con el formato ISO 8601, por ejemplo P1D para un día.',
  ipv4: 'Ingresá una dirección IPv4 válida, por ejemplo 192.168.0.1.',
  ipv6: 'Ingresá una dirección IPv6 válida, por ejemplo 2001:db8::1.',
  mac: 'Ingresá una dirección MAC válida, por ejemplo 00:1A:2B:3C:4D:5E.',
  cidrv4: 'Ingresá un rango IPv4 válido, por ejemplo 192.168.0.0/24.',
  cidrv6: 'Ingresá un rango IPv6 válido, por ejemplo 2001:db8::/32.',
  base64: 'Ingresá un texto codificado en base64.',
  base64url: 'Ingresá un texto codificado en base64url.',
  json_string: 'Ingresá un texto JSON válido.',
  e164: 'Ingresá el teléfono con código de país y sin espacios, por ejemplo +542944494100.',
  credit_card: 'Revisá el número de tarjeta: no es válido.',
  currency_code: 'Ingresá un código de moneda de tres letras, por ejemplo ARS.',
  iban: 'Ingresá un número IBAN válido.',
  jwt: 'Ingresá un token JWT válido.',
  lowercase: 'Escribilo todo en minúsculas.',
  uppercase: 'Escribilo todo en mayúsculas.',
};

function formatoInvalido(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  const extra = issue as { prefix?: string; suffix?: string; includes?: string };
  switch (issue.format) {
    case 'starts_with':
      return `Escribí un texto que empiece con ${citar(extra.prefix)}.`;
    case 'ends_with':
      return `Escribí un texto que termine con ${citar(extra.suffix)}.`;
    case 'includes':
      return `Escribí un texto que incluya ${citar(extra.includes)}.`;
    default:
      // 'regex' and 'template_literal' say nothing a citizen could use (a pattern is not a
      // message): schemas with a regex give their own text; this is the floor.
      return FORMATOS[issue.format] ?? 'Revisá lo que escribiste: no tiene el formato pedido.';
  }
}

function valorInvalido(issue: Extract<Issue, { code: 'invalid_value' }>): string {
  // z.stringbool(): a yes/no switch (configuration flags such as TRUST_PROXY).
  if ((issue as { expected?: string }).expected === 'stringbool') return 'Escribí true o false (también se aceptan 1 y 0).';
  if (issue.values.length === 1) return `Ingresá ${citar(issue.values[0])}.`;
  return `Elegí una de estas opciones: ${listaOpciones(issue.values)}.`;
}

function unionInvalida(issue: Extract<Issue, { code: 'invalid_union' }>): string {
  if (issue.inclusive === false) return 'Revisá este dato: coincide con más de una de las formas aceptadas y debe coincidir con una sola.';
  if ('options' in issue && Array.isArray(issue.options) && issue.options.length > 0) {
    return `Elegí una de estas opciones: ${listaOpciones(issue.options)}.`;
  }
  return 'Revisá este dato: no coincide con ninguna de las formas aceptadas.';
}

/**
 * The message for any issue a schema left without one. Exported so a test can call it with one
 * issue of every code zod 4 emits.
 */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return tipoInvalido(issue);
    case 'too_big':
    case 'too_small':
      return tamanio(issue);
    case 'invalid_format':
      return formatoInvalido(issue);
    case 'not_multiple_of': {
      const { divisor } = issue;
      if (divisor === 1) return 'Ingresá un número entero, sin decimales.';
      if (divisor > 0 && divisor < 1) {
        const lugares = String(divisor).split('.')[1]?.length;
        if (lugares && 10 ** -lugares === divisor) return `Ingresá un número con hasta ${lugares} ${plural(lugares, 'decimal', 'decimales')}.`;
      }
      return `Ingresá un múltiplo de ${formatNumber(divisor)}.`;
    }
    case 'unrecognized_keys': {
      const claves = issue.keys.slice(0, 5).map(citar);
      if (issue.keys.length > 5) claves.push(`${issue.keys.length - 5} más`);
      return issue.keys.length === 1
        ? `Quitá el campo ${claves[0]}: no corresponde enviarlo.`
        : `Quitá los campos ${y.format(claves)}: no corresponde enviarlos.`;
    }
    case 'invalid_union':
      return unionInvalida(issue);
    case 'invalid_key':
      return 'Revisá las claves: alguna no tiene el formato pedido.';
    case 'invalid_element':
      return 'Revisá la lista: alguno de sus valores no es válido.';
    case 'invalid_value':
      return valorInvalido(issue);
    case 'custom':
    default:
      return 'Revisá este dato: no se puede aceptar así.';
  }
}

// Once, when the first schema module loads: localeError is zod's lowest-priority map, so a
// schema's own `error` still wins.
z.config({ localeError: issueMessage });

/** The last page a back-office list may ask for. */
const PAGINA_MAXIMA_LISTA = 10_000;
const MENSAJE_PAGINA_LISTA = `Escribí un número de página entre 1 y ${formatNumber(PAGINA_MAXIMA_LISTA)}, o dejalo vacío para ver la primera.`;

/**
 * The `pagina` field of a back-office list's filters (the desk, the outbox, the fleet): a whole
 * number from 1 to 10.000 as the URL writes it; missing or empty is the first page.
 */
export const paginaDeListaSchema = z
  .string({ error: MENSAJE_PAGINA_LISTA })
  .trim()
  .transform((v) => (v === '' ? '1' : v))
  .pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: MENSAJE_PAGINA_LISTA })
      .transform(Number),
  )
  .pipe(z.number().int().min(1, { error: MENSAJE_PAGINA_LISTA }).max(PAGINA_MAXIMA_LISTA, { error: MENSAJE_PAGINA_LISTA }))
  .optional()
  .transform((v) => v ?? 1);

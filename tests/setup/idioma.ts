// Shared by the tests that check a citizen never reads English: zod's messages, error
// pages. A heuristic on purpose: zod's English always uses some of these words, and Spanish text
// always has an accent or one of the short words below.

/** Words of zod's English messages and of English error texts; none is also Spanish. */
const INGLES = [
  'expected',
  'invalid',
  'too big',
  'too small',
  'received',
  'must',
  'required',
  'should',
  'input',
  'string',
  'number',
  'characters',
  'value',
  'option',
  'options',
  'match',
  'pattern',
  'key',
  'keys',
  'unrecognized',
  'element',
  'array',
  'object',
  'undefined',
  'at least',
  'at most',
  'greater',
  'less',
  'than',
  'enter',
  'please',
  'the',
  'is',
  'of',
  'to',
  'be',
  'and',
  'or',
  'with',
  'not',
  'only',
  'field',
  'type',
  'format',
  'request',
  'server',
  'found',
  'internal',
  'unexpected',
  'bad',
  'method',
  'allowed',
];
const PALABRA_INGLESA = new RegExp(`\\b(${INGLES.map((p) => p.replace(' ', '\\s+')).join('|')})\\b`, 'i');
const RASGO_CASTELLANO = /[áéíóúñü¿¡]|\b(el|la|los|las|de|del|un|una|que|con|por|para|en|y|o|es|hasta|entre|al)\b/i;

/**
 * Why a message does not read as Spanish, or [] when it does. Quoted parts ("…") are data the
 * message cites (an option, a key), not its language, so they are left out of the check.
 */
export function problemasDeIdioma(mensaje: unknown): string[] {
  if (typeof mensaje !== 'string' || mensaje.trim() === '') return ['vacío o no es texto'];
  const sinCitas = mensaje.replace(/"[^"]*"/g, '""');
  const problemas: string[] = [];
  const ingles = PALABRA_INGLESA.exec(sinCitas);
  if (ingles) problemas.push(`palabra en inglés: ${ingles[0]}`);
  if (!RASGO_CASTELLANO.test(sinCitas)) problemas.push('no tiene tildes ni palabras castellanas');
  return problemas;
}

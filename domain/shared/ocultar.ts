/**
 * What a log line never carries (docs/decisions/004-datos-personales.md): a request's tracking code
 * (`SD-2026-7KQ-3XM-9PK`, `SD-2026-000123`, domain/decretos/codigo.ts), an e-mail address, or a
 * secret (a session, API, alert or reset token: 32 random bytes in base64url). Applied to the path
 * of every logged request, to mail subjects and to error messages. A path is read decoded too, so
 * `%40` or a code written in lower case are caught as well.
 */

const CODIGO = /\bSD-[0-9A-Z]+(?:-[0-9A-Z]+)*/gi;
/** After these path segments comes a tracking code, whatever its form (a typo is a code all the same). */
const TRAS_CODIGO = /(\/(?:solicitudes-decreto|solicitudes)\/)[^/?#]+/gi;
const EMAIL = /[^\s/?#<>"'@]+@[^\s/?#<>"']+/g;
/** A run that looks random: long, with upper case, lower case and digits, as a base64url secret is; plain words are never so. */
const SECRETO = /[A-Za-z0-9_-]{24,}/g;
const pareceSecreto = (s: string) => s.length >= 40 || (/[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s));

/** `texto` with codes, e-mail addresses and secrets replaced by «…». */
export function ocultarDatos(texto: string): string {
  return texto
    .replace(EMAIL, '…@…')
    .replace(CODIGO, 'SD-…')
    .replace(SECRETO, (s) => (pareceSecreto(s) ? '…' : s));
}

/** A request path for the log: without its query, decoded where it can be, codes, addresses and secrets hidden, bounded. */
export function rutaParaLog(url: string): string {
  const ruta = url.split('?')[0] ?? '';
  let legible = ruta;
  try {
    legible = decodeURIComponent(ruta);
  } catch {
    // A malformed escape: masked as written.
  }
  return ocultarDatos(legible.replace(TRAS_CODIGO, '$1…')).slice(0, 200);
}

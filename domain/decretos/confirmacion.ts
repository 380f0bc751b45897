import { timingSafeEqual } from 'node:crypto';
import type { Cipher } from '#domain/shared/cipher.ts';

/**
 * The desk's confirmation before a mail to a citizen leaves (docs/decisions/052-confirmar-antes-de-escribir.md):
 * the preview hands the page a signed token naming what was shown (the request, the action, the
 * attached document, the status it had, the message and who saw it); the second POST sends only
 * with a token that is ours, unexpired, of the same person and request. The token is stateless:
 * a replay is refused by the request's own status (once sent, it is «Documento enviado»).
 */

export type AccionEnvio = 'enviar' | 'enviar-publicado';

export type Confirmacion = {
  codigo: string;
  accion: AccionEnvio;
  /** The document that goes attached (the uploaded decree, or the bulletin that published it). */
  documentoId: number;
  /** The request's status when the preview was shown: another status means it changed meanwhile. */
  estado: string;
  mensaje: string;
  usuarioId: number;
  /** Epoch milliseconds after which the preview is stale. */
  vence: number;
};

/** How long a preview may be confirmed: long enough to read it, short enough that it is still true. */
export const VIGENCIA_CONFIRMACION_MS = 30 * 60 * 1000;

const PROPOSITO = 'confirmacion-envio';

export function firmarConfirmacion(cipher: Pick<Cipher, 'hash'>, c: Confirmacion): string {
  const cuerpo = Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
  return `${cuerpo}.${cipher.hash(PROPOSITO, cuerpo)}`;
}

/** Refused; `vencida` holds what an authentic but expired token named, so its upload can be discarded. */
export type ConfirmacionLeida = { ok: true; datos: Confirmacion } | { ok: false; mensaje: string; vencida?: Confirmacion };

export const CONFIRMACION_INVALIDA = 'No reconocemos esta confirmación: no enviamos nada. Volvé a la solicitud y revisá el correo de nuevo.';
export const CONFIRMACION_VENCIDA =
  'La vista previa venció (vale 30 minutos): no enviamos nada. Volvé a preparar el envío y revisá el correo antes de confirmarlo.';
const OTRA_PERSONA = 'Esta vista previa la preparó otra persona: no enviamos nada. Prepará el envío vos y revisá el correo antes de confirmarlo.';

const esConfirmacion = (v: unknown): v is Confirmacion => {
  const c = v as Partial<Confirmacion> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.codigo === 'string' &&
    (c.accion === 'enviar' || c.accion === 'enviar-publicado') &&
    Number.isSafeInteger(c.documentoId) &&
    typeof c.estado === 'string' &&
    typeof c.mensaje === 'string' &&
    Number.isSafeInteger(c.usuarioId) &&
    Number.isSafeInteger(c.vence)
  );
};

/** A token from the page, checked: ours (signature), unexpired, of this person and this request. */
export function leerConfirmacion(cipher: Pick<Cipher, 'hash'>, token: string, esperado: { codigo: string; usuarioId: number; ahora: Date }): ConfirmacionLeida {
  const [cuerpo, firma, ...resto] = token.split('.');
  if (!cuerpo || !firma || resto.length > 0 || token.length > 8000) return { ok: false, mensaje: CONFIRMACION_INVALIDA };
  const esperada = cipher.hash(PROPOSITO, cuerpo);
  if (esperada.length !== firma.length || !timingSafeEqual(Buffer.from(esperada), Buffer.from(firma))) return { ok: false, mensaje: CONFIRMACION_INVALIDA };
  let datos: unknown;
  try {
    datos = JSON.parse(Buffer.from(cuerpo, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, mensaje: CONFIRMACION_INVALIDA };
  }
  if (!esConfirmacion(datos) || datos.codigo !== esperado.codigo) return { ok: false, mensaje: CONFIRMACION_INVALIDA };
  if (datos.usuarioId !== esperado.usuarioId) return { ok: false, mensaje: OTRA_PERSONA };
  if (esperado.ahora.getTime() > datos.vence) return { ok: false, mensaje: CONFIRMACION_VENCIDA, vencida: datos };
  return { ok: true, datos };
}

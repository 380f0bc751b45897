/*
 * Web Push for Mi calle (docs/decisions/056-mi-calle.md): the server's VAPID keys (RFC 8292),
 * created once and kept in `claves_servidor` with the private key encrypted by the context's
 * cipher, and one encrypted message (RFC 8291, aes128gcm) handed to a subscription's push service.
 */
import webpush from 'web-push';
import { claveServidor } from '#domain/decretos/datos-personales.ts';
import type { AppContext } from '#domain/shared/context.ts';

/** A browser's push subscription as stored (encrypted) and as web-push takes it. */
export type PushGuardado = { endpoint: string; keys: { p256dh: string; auth: string } };

const NOMBRE_CLAVES = 'vapid_mi_calle';

type ClavesVapid = { publicKey: string; privateKey: string };

const guardadas = new WeakMap<object, Promise<ClavesVapid>>();

/** The VAPID keys every instance shares, read once per database. */
export function clavesVapid(ctx: Pick<AppContext, 'db' | 'cipher'>): Promise<ClavesVapid> {
  let claves = guardadas.get(ctx.db);
  if (!claves) {
    claves = (async () => {
      const texto = await claveServidor(ctx.db, NOMBRE_CLAVES, () => {
        const nuevas = webpush.generateVAPIDKeys();
        return JSON.stringify({ publicKey: nuevas.publicKey, privateKey: ctx.cipher.encrypt(nuevas.privateKey) });
      });
      const leidas = JSON.parse(texto) as ClavesVapid;
      return { publicKey: leidas.publicKey, privateKey: ctx.cipher.open(leidas.privateKey) };
    })();
    claves.catch(() => guardadas.delete(ctx.db));
    guardadas.set(ctx.db, claves);
  }
  return claves;
}

type MensajePush = { titulo: string; cuerpo: string; url: string };

/** What the push service said: taken, or gone for good (404/410: the subscription's push ends), or failed (logged, not retried). */
type ResultadoPush = 'entregado' | 'vencido' | 'fallido';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/i;
/** Hosts a visitor may not make the server post to: loopback, private and link-local ranges, and bare names. */
const INTERNO = /^(127\.|10\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[|localhost$|[^.]*$)/i;

/**
 * Whether the server may post to `endpoint`: a push service over HTTPS on a public host; on
 * loopback over HTTP only where PUSH_SERVICIOS_LOCALES allows it (tests, benchmarks).
 */
export function endpointAdmitido(endpoint: string, locales: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (locales && url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return true;
  return url.protocol === 'https:' && !INTERNO.test(url.hostname);
}

/**
 * Who the push service may contact about this server (RFC 8292 §2.1, the JWT's `sub`): an https: or
 * mailto: URI, and web-push refuses to sign anything else. The Mi calle page under an https SITE_URL;
 * a site on plain http (development, and the e2e and bench servers on loopback, where browsers allow
 * push too) names its host in a mailto: instead of sending nothing at all.
 */
export function contactoVapid(ctx: Pick<AppContext, 'url'>): string {
  const pagina = new URL(ctx.url('/mi-calle'));
  return pagina.protocol === 'https:' ? pagina.href : `mailto:mi-calle@${pagina.hostname}`;
}

/**
 * Encrypts `mensaje` for `suscripcion` (web-push builds the request: RFC 8291 aes128gcm and the
 * VAPID header) and hands it to its push service with fetch, valid for an hour.
 */
export async function enviarPush(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'url' | 'log' | 'config'>,
  suscripcion: PushGuardado,
  mensaje: MensajePush,
): Promise<ResultadoPush> {
  if (!endpointAdmitido(suscripcion.endpoint, ctx.config.pushServiciosLocales === true)) return 'vencido';
  const claves = await clavesVapid(ctx);
  try {
    const pedido = webpush.generateRequestDetails(suscripcion, JSON.stringify(mensaje), {
      vapidDetails: { subject: contactoVapid(ctx), publicKey: claves.publicKey, privateKey: claves.privateKey },
      TTL: 3600,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    const respuesta = await fetch(pedido.endpoint, {
      method: pedido.method,
      headers: pedido.headers as Record<string, string>,
      body: pedido.body ? new Uint8Array(pedido.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await respuesta.body?.cancel();
    if (respuesta.status === 404 || respuesta.status === 410) return 'vencido';
    if (respuesta.ok) return 'entregado';
    ctx.log.warn({ estado: respuesta.status }, 'notificación de Mi calle no entregada');
    return 'fallido';
  } catch (error) {
    // The endpoint names the browser's push service and its subscription: only the kind of failure is logged.
    ctx.log.warn({ error: error instanceof Error ? error.name : 'desconocido' }, 'notificación de Mi calle no entregada');
    return 'fallido';
  }
}

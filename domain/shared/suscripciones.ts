/*
 * What the site's mail subscriptions share (docs/decisions/024-alertas.md, and Mi calle's notices,
 * docs/decisions/056-mi-calle.md): double opt-in, with a confirmation link that lasts
 * DIAS_PENDIENTE days; the limits on requests per network address and mails per e-mail; an ended
 * subscription kept DIAS_BAJA days and then deleted with the requests nobody confirmed; and every
 * mail ending with the links to manage and to end it and the one-click unsubscribe of RFC 8058.
 * Each module keeps its own table and wording; these are the rules and texts that must not differ.
 */
import { type SQL, and, eq, lt, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Cipher } from './cipher.ts';
import { type LimitAtTheEnd, addressLimitKey } from './limits.ts';

/** A pending request's link lasts this long; then it no longer confirms, and the job deletes it. */
const DIAS_PENDIENTE = 7;
/** An ended subscription is kept this long (its links still answer «ya diste de baja»), then deleted. */
const DIAS_BAJA = 30;
const DIA_MS = 86_400_000;
const HORA = 3600;
/** Subscribe requests one network address may send in an hour, and confirmation mails one e-mail may receive in a day. */
export const LIMITES_SUSCRIPCION = { porDireccion: 10, porEmail: 5 } as const;

const MENSAJE_LIMITE_EMAIL =
  'Ya enviamos hoy varios correos de confirmación a esa dirección. Revisá tu casilla (y la carpeta de spam) o volvé a intentarlo mañana.';

/** A link's secret worth looking up: the shape of what `nuevoToken` makes, give or take. */
export const tokenAdmisible = (token: unknown): token is string => typeof token === 'string' && token.length >= 10 && token.length <= 200;

/** A request still pending DIAS_PENDIENTE after it was made: its link says «vencido». */
export const pendienteVencida = (fila: { estado: string; createdAt: Date }, ahora: Date): boolean =>
  fila.estado === 'pendiente' && fila.createdAt.getTime() < ahora.getTime() - DIAS_PENDIENTE * DIA_MS;

/** The rows to delete: pending requests nobody confirmed within DIAS_PENDIENTE, subscriptions ended DIAS_BAJA ago. */
export function suscripcionesVencidas(tabla: { estado: PgColumn; createdAt: PgColumn; bajaEn: PgColumn }, ahora: Date): SQL {
  return or(
    and(eq(tabla.estado, 'pendiente'), lt(tabla.createdAt, new Date(ahora.getTime() - DIAS_PENDIENTE * DIA_MS))),
    and(eq(tabla.estado, 'baja'), lt(tabla.bajaEn, new Date(ahora.getTime() - DIAS_BAJA * DIA_MS))),
  )!;
}

/**
 * The limits of a subscribe request, counted last (`transactionWithLimitsLast`): per network address
 * in an hour, which counts even when the e-mail's refuses, and per e-mail (its fingerprint) in a day.
 * `ambito` names the keys (`limite-{ambito}-direccion`, `limite-{ambito}-email:{huella}`).
 */
export function limitesDeSuscripcion<V>(opciones: {
  cipher: Cipher;
  ambito: string;
  direccion: string | undefined;
  emailHuella: string | null;
  mensajeDireccion: string;
  valores: V;
}): LimitAtTheEnd<{ tipo: 'limite'; mensaje: string; reintentarEnSegundos: number; valores: V }>[] {
  const { cipher, ambito, direccion, emailHuella, valores } = opciones;
  return [
    {
      clave: addressLimitKey(cipher, `limite-${ambito}-direccion`, direccion),
      limite: { max: LIMITES_SUSCRIPCION.porDireccion, windowSeconds: HORA },
      rechazo: { tipo: 'limite', mensaje: opciones.mensajeDireccion, reintentarEnSegundos: HORA, valores },
      cuentaSiOtroRechaza: true,
    },
    ...(emailHuella === null
      ? []
      : [
          {
            clave: `limite-${ambito}-email:${emailHuella}`,
            limite: { max: LIMITES_SUSCRIPCION.porEmail, windowSeconds: 24 * HORA },
            rechazo: { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE_EMAIL, reintentarEnSegundos: 24 * HORA, valores },
          },
        ]),
  ];
}

/** The confirmation mail's last lines, after what was asked: the link, how long it lasts, and the signature. */
export const cierreDeConfirmacion = (enlace: string): string[] => [
  'Para empezar a recibir los avisos, abrí este enlace y tocá «Confirmar»:',
  enlace,
  '',
  `El enlace vence en ${DIAS_PENDIENTE} días. Si no lo pediste, ignorá este mensaje: sin tu confirmación no te vamos a escribir.`,
  '',
  'Municipalidad de Villa La Angostura',
];

/**
 * The end of a subscription's mail: the links to manage it and to end it, and the signature; and its
 * headers: one-click unsubscribe (RFC 8058: the mail provider POSTs List-Unsubscribe=One-Click to
 * the link) and the list's id under the site's host.
 */
export function cierreDeAviso(opciones: {
  gestion: { texto: string; url: string };
  baja: { texto: string; url: string };
  lista: { nombre: string; id: string };
  host: string;
}): { lineas: string[]; cabeceras: Record<string, string> } {
  const { gestion, baja, lista } = opciones;
  return {
    lineas: [`${gestion.texto}: ${gestion.url}`, `${baja.texto}: ${baja.url}`, '', 'Municipalidad de Villa La Angostura'],
    cabeceras: {
      'List-Unsubscribe': `<${baja.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${lista.nombre} <${lista.id}.${opciones.host}>`,
    },
  };
}

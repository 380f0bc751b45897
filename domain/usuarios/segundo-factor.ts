import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '#db/client.ts';
import { codigosRecuperacion, usuarios } from '#db/schema/index.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import { hashToken } from './tokens.ts';

/**
 * The second factor: TOTP as RFC 6238 with the settings every authenticator app
 * takes by default (SHA-1, 6 digits, 30 s), through `otpauth`; one step either side is accepted
 * for clock drift, and a step once used is never accepted again. Ten recovery codes stand in for
 * the phone, each once; they are shown once and stored hashed.
 */

const EMISOR = 'Municipalidad de Villa La Angostura';
const PERIODO_S = 30;
export const CANTIDAD_CODIGOS_RECUPERACION = 10;
/** Without 0/O and 1/I/L, which are misread when copied from paper. */
const ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function totpDe(secreto: string, email: string): TOTP {
  return new TOTP({ issuer: EMISOR, label: email, algorithm: 'SHA1', digits: 6, period: PERIODO_S, secret: Secret.fromBase32(secreto) });
}

/** A new secret (160 bits, base32 as apps show it). */
export const nuevoSecretoTotp = (): string => new Secret({ size: 20 }).base32;

/** What the setup page shows: the otpauth:// address, as a QR code (SVG data URL, made here: no outside service) and the secret as text. */
export async function datosConfiguracionTotp(secreto: string, email: string): Promise<{ secreto: string; uri: string; qr: string }> {
  const uri = totpDe(secreto, email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secreto: secreto.replace(/(.{4})/g, '$1 ').trim(), uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a code belongs to (now ± 1), or null when it matches none. */
export function pasoDelCodigo(secreto: string, email: string, codigo: string, ahora: Date): number | null {
  const limpio = codigo.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(limpio)) return null;
  const delta = totpDe(secreto, email).validate({ token: limpio, timestamp: ahora.getTime(), window: 1 });
  return delta === null ? null : Math.floor(ahora.getTime() / 1000 / PERIODO_S) + delta;
}

const normalizarRecuperacion = (codigo: string) => codigo.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const pareceCodigoRecuperacion = (codigo: string) => normalizarRecuperacion(codigo).length === 10 && !/^\d+$/.test(normalizarRecuperacion(codigo));

function nuevoCodigoRecuperacion(): string {
  const letras = Array.from({ length: 10 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
  return `${letras.slice(0, 5)}-${letras.slice(5)}`;
}

/** Replaces a user's recovery codes with ten new ones; answers them in clear, the only time they exist so. */
export async function generarCodigosRecuperacion(db: Db, usuarioId: number): Promise<string[]> {
  const codigos = Array.from({ length: CANTIDAD_CODIGOS_RECUPERACION }, nuevoCodigoRecuperacion);
  await db.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuarioId, usuarioId));
  await db.insert(codigosRecuperacion).values(codigos.map((codigo) => ({ usuarioId, codigoHash: hashToken(normalizarRecuperacion(codigo)) })));
  return codigos;
}

/** Uses one recovery code: true if it was one of the user's unused codes (now used). */
export async function usarCodigoRecuperacion(db: Db, usuarioId: number, codigo: string, ahora: Date): Promise<boolean> {
  const usados = await db
    .update(codigosRecuperacion)
    .set({ usadoEn: ahora })
    .where(
      and(
        eq(codigosRecuperacion.usuarioId, usuarioId),
        eq(codigosRecuperacion.codigoHash, hashToken(normalizarRecuperacion(codigo))),
        isNull(codigosRecuperacion.usadoEn),
      ),
    )
    .returning({ id: codigosRecuperacion.id });
  return usados.length > 0;
}

export type UsuarioConTotp = { id: number; email: string; totpSecreto: string | null; totpUltimoPaso: number | null };

/**
 * Checks a TOTP code or a recovery code for a user with the second factor on. A TOTP code's step
 * is recorded, so the same code cannot be replayed; a secret stored under a key being rotated out
 * is stored again under the current one.
 */
export async function verificarSegundoFactor(
  db: Db,
  cipher: Cipher,
  usuario: UsuarioConTotp,
  codigo: string,
  ahora: Date,
): Promise<'totp' | 'recuperacion' | null> {
  if (!usuario.totpSecreto) return null;
  if (pareceCodigoRecuperacion(codigo)) return (await usarCodigoRecuperacion(db, usuario.id, codigo, ahora)) ? 'recuperacion' : null;
  const secreto = cipher.open(usuario.totpSecreto);
  const paso = pasoDelCodigo(secreto, usuario.email, codigo, ahora);
  if (paso === null || (usuario.totpUltimoPaso !== null && paso <= usuario.totpUltimoPaso)) return null;
  // Conditional on the step, so two requests racing with the same code cannot both pass.
  const aceptado = await db
    .update(usuarios)
    .set({ totpUltimoPaso: paso, ...(cipher.isUnderCurrentKey(usuario.totpSecreto) ? {} : { totpSecreto: cipher.encrypt(secreto) }) })
    .where(and(eq(usuarios.id, usuario.id), or(isNull(usuarios.totpUltimoPaso), lt(usuarios.totpUltimoPaso, paso))))
    .returning({ id: usuarios.id });
  return aceptado.length > 0 ? 'totp' : null;
}

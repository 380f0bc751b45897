import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type BusquedaGuardada, suscripcionesAlertas } from '#db/schema/index.ts';
import { anonymiseMails } from '#domain/correo/titular.ts';
import { removeLimits } from '#domain/shared/limits.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import { huellaEmailAlerta } from './huella.ts';

/**
 * A person's alert subscriptions, for the rights of the data subject (law 25.326, domain/decretos/titular.ts):
 * found by the e-mail addresses of their decree requests through the subscriptions' keyed hash.
 */

/** A subscription as its subject gets it: never its secret. */
export type AlertaDelTitular = {
  email: string;
  tipo: string;
  busqueda: BusquedaGuardada | null;
  frecuencia: string;
  estado: string;
  createdAt: Date;
  confirmadaEn: Date | null;
  ultimoEnvio: Date | null;
  bajaEn: Date | null;
};

const huellas = (cipher: Cipher, emails: readonly string[]) => [...new Set(emails.filter((e) => e.trim() !== '').map((e) => huellaEmailAlerta(cipher, e)))];

/** Every subscription of these addresses (any state), decrypted, oldest first. */
export async function alertasDeEmails(db: Db, cipher: Cipher, emails: readonly string[]): Promise<AlertaDelTitular[]> {
  const claves = huellas(cipher, emails);
  if (claves.length === 0) return [];
  const filas = await db.select().from(suscripcionesAlertas).where(inArray(suscripcionesAlertas.emailHuella, claves)).orderBy(asc(suscripcionesAlertas.id));
  return filas.map((f) => ({
    email: cipher.open(f.email),
    tipo: f.tipo,
    busqueda: f.busqueda ?? null,
    frecuencia: f.frecuencia,
    estado: f.estado,
    createdAt: f.createdAt,
    confirmadaEn: f.confirmadaEn,
    ultimoEnvio: f.ultimoEnvio,
    bajaEn: f.bajaEn,
  }));
}

/**
 * Deletes every subscription of these addresses inside the caller's transaction, with their limit
 * counters; the mails about them (the confirmation, the alerts) lose body and recipient, and the
 * ones not sent yet are cancelled. Answers how many subscriptions it deleted.
 */
export async function removeAlertasDeEmails(t: Db, cipher: Cipher, emails: readonly string[]): Promise<number> {
  const claves = huellas(cipher, emails);
  if (claves.length === 0) return 0;
  const direcciones = new Set(emails.map((e) => e.trim().toLowerCase()));
  const borradas = await t.delete(suscripcionesAlertas).where(inArray(suscripcionesAlertas.emailHuella, claves)).returning({ id: suscripcionesAlertas.id });
  await removeLimits(
    t,
    claves.map((h) => `limite-alertas-email:${h}`),
  );
  const referencias = borradas.map((b) => `alerta-${b.id}`);
  await anonymiseMails(t, cipher, {
    referencias: ['alerta-confirmacion', ...referencias],
    destinatarios: direcciones,
    reemplazo: '(borrado)',
    tambienAOtros: false,
  });
  return borradas.length;
}

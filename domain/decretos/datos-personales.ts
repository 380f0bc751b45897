import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { clavesServidor, solicitudesDecreto } from '#db/schema/index.ts';
import { type Cipher, type KeyState, UnknownKeyError } from '#domain/shared/cipher.ts';
import { reencryptMails } from '#domain/correo/cifrado.ts';
import { reencryptSuscripciones } from '#domain/alertas/cifrado.ts';

/** Where the proof of the data key is kept (never the key). */
const VERIFICADOR = 'verificador_clave_datos';
const LOCK_CLAVE = 727004;
const LOTE = 200;

/** The keyed hashes of a request, from its plaintext: the repeat check and the limits read them. */
export function fingerprintSolicitud(cipher: Cipher, datos: { dni: string; email: string; numero: string }) {
  const email = datos.email.trim().toLowerCase();
  return {
    dniHuella: cipher.hash('dni', datos.dni),
    emailHuella: cipher.hash('email', email),
    huella: cipher.hash('solicitud', `${datos.dni}|${email}|${datos.numero.toLowerCase().replace(/\s+/g, '')}`),
  };
}

/**
 * A module's own personal data to move under the current key at a start, in the same transaction:
 * for the modules that use this one (Mi calle's subscriptions), which it cannot import back
 * without a cycle between modules (docs/decisions/043-tablas-y-formatos.md).
 */
export type Recifrado = (db: Db, cipher: Cipher, estado: KeyState) => Promise<void>;

/**
 * At every start, before the site answers: checks that the key is the one the database was
 * written with (a wrong DATA_KEY stops the process instead of writing rows nobody can read),
 * encrypts rows still in plaintext (written before encryption existed), and re-encrypts rows
 * under a key being rotated out, with their hashes recomputed: the requests, the mails, the alert
 * subscriptions, the encrypted values of `claves_servidor` and whatever `ademas` moves (the
 * server passes Mi calle's). One instance at a time.
 */
export async function preparePersonalData(db: Db, cipher: Cipher, ademas: readonly Recifrado[] = []): Promise<KeyState> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(${LOCK_CLAVE})`);
    const [guardado] = await t.select({ valor: clavesServidor.valor }).from(clavesServidor).where(eq(clavesServidor.nombre, VERIFICADOR));
    if (guardado && !cipher.recognises(guardado.valor)) {
      throw new UnknownKeyError(
        'DATA_KEY no es la clave con la que se cifraron los datos personales de esta base. Usá la clave correcta o, para cambiarla, poné la nueva en DATA_KEY y la actual en DATA_KEY_PREVIOUS (ver README, "Datos personales").',
      );
    }
    if (!guardado) {
      // A database written with another key but without its proof cannot be checked: refuse it.
      const [ajena] = await queryRows<{ dni: string }>(t, sql`select dni from solicitudes_decreto where dni like 'v1.%' limit 1`);
      if (ajena && !cipher.isUnderCurrentKey(ajena.dni)) {
        throw new UnknownKeyError('La base tiene datos personales cifrados con otra clave y DATA_KEY no la abre.');
      }
    }
    const estado = { filasProtegidas: 0, filasRotadas: 0 };
    await cifrarSolicitudes(t, cipher, estado);
    await reencryptMails(t, cipher, estado);
    await reencryptSuscripciones(t, cipher, estado);
    await reencryptClavesServidor(t, cipher, estado);
    for (const recifrar of ademas) await recifrar(t, cipher, estado);
    await t
      .insert(clavesServidor)
      .values({ nombre: VERIFICADOR, valor: cipher.verifier })
      .onConflictDoUpdate({ target: clavesServidor.nombre, set: { valor: cipher.verifier } });
    return estado;
  });
}

/** Anonymised requests (domain/decretos/retencion.ts) hold nothing to encrypt and must get no hashes back. */
async function cifrarSolicitudes(db: Db, cipher: Cipher, estado: KeyState): Promise<void> {
  const actual = `v1.${cipher.keyId}.%`;
  for (;;) {
    const filas = await queryRows<{ id: number; dni: string; email: string; numero: string }>(
      db,
      sql`select id, dni, email, numero from solicitudes_decreto
          where anonimizada_en is null and (dni not like ${actual} or email not like ${actual} or dni_huella is null)
          order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const enClaro = !cipher.isEncrypted(fila.dni);
      const datos = { dni: cipher.open(fila.dni), email: cipher.open(fila.email), numero: fila.numero };
      await db
        .update(solicitudesDecreto)
        .set({ dni: cipher.encrypt(datos.dni), email: cipher.encrypt(datos.email), ...fingerprintSolicitud(cipher, datos) })
        .where(eq(solicitudesDecreto.id, fila.id));
      if (enClaro) estado.filasProtegidas++;
      else estado.filasRotadas++;
    }
  }
}

/** A value of `claves_servidor` with every ciphertext in it (the whole value, or strings of its JSON) under the current key. */
function recifrarValor(cipher: Cipher, valor: unknown): unknown {
  if (typeof valor === 'string') return cipher.isEncrypted(valor) && !cipher.isUnderCurrentKey(valor) ? cipher.encrypt(cipher.decrypt(valor)) : valor;
  if (Array.isArray(valor)) return valor.map((v) => recifrarValor(cipher, v));
  if (typeof valor === 'object' && valor !== null) return Object.fromEntries(Object.entries(valor).map(([k, v]) => [k, recifrarValor(cipher, v)]));
  return valor;
}

/**
 * The server-wide values other modules keep in `claves_servidor` with a secret encrypted in them
 * (Mi calle's VAPID private key, inside a JSON): each ciphertext under a key being rotated out
 * moves to the current one, whatever the value's shape, so no module's key is left behind.
 */
async function reencryptClavesServidor(db: Db, cipher: Cipher, estado: KeyState): Promise<void> {
  const filas = await db
    .select({ nombre: clavesServidor.nombre, valor: clavesServidor.valor })
    .from(clavesServidor)
    .where(ne(clavesServidor.nombre, VERIFICADOR));
  for (const { nombre, valor } of filas) {
    let actual: unknown = valor;
    let json = false;
    if (!cipher.isEncrypted(valor)) {
      try {
        actual = JSON.parse(valor);
        json = true;
      } catch {
        continue;
      }
    }
    const nuevo = recifrarValor(cipher, actual);
    const texto = json ? JSON.stringify(nuevo) : (nuevo as string);
    if (texto === (json ? JSON.stringify(actual) : valor)) continue;
    await db.update(clavesServidor).set({ valor: texto }).where(eq(clavesServidor.nombre, nombre));
    estado.filasRotadas++;
  }
}

/**
 * A server-wide value other modules keep in `claves_servidor` (the Web Push keys of Mi calle): the
 * stored one, or `crear()`'s the first time; when two instances start together both read the first
 * one written.
 */
export async function claveServidor(db: Db, nombre: string, crear: () => string): Promise<string> {
  const leer = async () => (await db.select({ valor: clavesServidor.valor }).from(clavesServidor).where(eq(clavesServidor.nombre, nombre)))[0]?.valor;
  const guardada = await leer();
  if (guardada !== undefined) return guardada;
  await db.insert(clavesServidor).values({ nombre, valor: crear() }).onConflictDoNothing();
  return (await leer())!;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { clavesServidor, outbox, solicitudesDecreto } from '../../db/schema/index.ts';
import { type Cifrado, ClaveIncorrectaError } from '../shared/cifrado.ts';

/** Where the proof of the data key is kept (never the key). */
const VERIFICADOR = 'verificador_clave_datos';
const LOCK_CLAVE = 727004;
const LOTE = 200;

/** The keyed hashes of a request, from its plaintext: the repeat check and the limits read them. */
export function huellasSolicitud(cifrado: Cifrado, datos: { dni: string; email: string; numero: string }) {
  const email = datos.email.trim().toLowerCase();
  return {
    dniHuella: cifrado.huella('dni', datos.dni),
    emailHuella: cifrado.huella('email', email),
    huella: cifrado.huella('solicitud', `${datos.dni}|${email}|${datos.numero.toLowerCase().replace(/\s+/g, '')}`),
  };
}

export type EstadoClave = { filasProtegidas: number; filasRotadas: number };

/**
 * At every start, before the site answers: checks that the key is the one the database was
 * written with (a wrong DATA_KEY stops the process instead of writing rows nobody can read),
 * encrypts rows still in plaintext (written before encryption existed), and re-encrypts rows
 * under a key being rotated out, with their hashes recomputed. One instance at a time.
 */
export async function prepararDatosPersonales(db: Db, cifrado: Cifrado): Promise<EstadoClave> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(${LOCK_CLAVE})`);
    const [guardado] = await t.select({ valor: clavesServidor.valor }).from(clavesServidor).where(eq(clavesServidor.nombre, VERIFICADOR));
    if (guardado && !cifrado.reconoce(guardado.valor)) {
      throw new ClaveIncorrectaError(
        'DATA_KEY no es la clave con la que se cifraron los datos personales de esta base. Usá la clave correcta o, para cambiarla, poné la nueva en DATA_KEY y la actual en DATA_KEY_PREVIOUS (ver README, "Datos personales").',
      );
    }
    if (!guardado) {
      // A database written with another key but without its proof cannot be checked: refuse it.
      const [ajena] = await queryRows<{ dni: string }>(t, sql`select dni from solicitudes_decreto where dni like 'v1.%' limit 1`);
      if (ajena && !cifrado.esDeLaClaveActual(ajena.dni)) {
        throw new ClaveIncorrectaError('La base tiene datos personales cifrados con otra clave y DATA_KEY no la abre.');
      }
    }
    const estado = { filasProtegidas: 0, filasRotadas: 0 };
    await cifrarSolicitudes(t, cifrado, estado);
    await cifrarOutbox(t, cifrado, estado);
    await t
      .insert(clavesServidor)
      .values({ nombre: VERIFICADOR, valor: cifrado.verificador })
      .onConflictDoUpdate({ target: clavesServidor.nombre, set: { valor: cifrado.verificador } });
    return estado;
  });
}


async function cifrarSolicitudes(db: Db, cifrado: Cifrado, estado: EstadoClave): Promise<void> {
  const actual = `v1.${cifrado.idClave}.%`;
  for (;;) {
    const filas = await queryRows<{ id: number; dni: string; email: string; numero: string }>(
      db,
      sql`select id, dni, email, numero from solicitudes_decreto
          where dni not like ${actual} or email not like ${actual} or dni_huella is null order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const enClaro = !cifrado.esCifrado(fila.dni);
      const datos = { dni: cifrado.abrir(fila.dni), email: cifrado.abrir(fila.email), numero: fila.numero };
      await db
        .update(solicitudesDecreto)
        .set({ dni: cifrado.cifrar(datos.dni), email: cifrado.cifrar(datos.email), ...huellasSolicitud(cifrado, datos) })
        .where(eq(solicitudesDecreto.id, fila.id));
      if (enClaro) estado.filasProtegidas++;
      else estado.filasRotadas++;
    }
  }
}

async function cifrarOutbox(db: Db, cifrado: Cifrado, estado: EstadoClave): Promise<void> {
  const actual = `v1.${cifrado.idClave}.%`;
  for (;;) {
    const filas = await queryRows<{ id: number; destinatario: string; responder_a: string | null; texto: string }>(
      db,
      sql`select id, destinatario, responder_a, texto from outbox
          where destinatario not like ${actual} or (responder_a is not null and responder_a not like ${actual})
             or (texto <> '' and texto not like ${actual})
          order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const enClaro = !cifrado.esCifrado(fila.destinatario);
      await db
        .update(outbox)
        .set({
          destinatario: cifrado.cifrar(cifrado.abrir(fila.destinatario)),
          responderA: fila.responder_a === null ? null : cifrado.cifrar(cifrado.abrir(fila.responder_a)),
          texto: fila.texto === '' ? '' : cifrado.cifrar(cifrado.abrir(fila.texto)),
        })
        .where(eq(outbox.id, fila.id));
      if (enClaro) estado.filasProtegidas++;
      else estado.filasRotadas++;
    }
  }
}

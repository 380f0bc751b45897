import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.ts';
import type { Rol } from '#domain/shared/actor.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { type AppContext, createAppContext } from '#domain/shared/context.ts';
import { createUsuarioConClave } from '#domain/usuarios/commands.ts';

/** A clock tests move by hand: sessions, locks and invites expire by it. */
export function relojManual(inicio = new Date('2026-03-10T15:00:00Z')) {
  let ahora = inicio.getTime();
  return {
    now: () => new Date(ahora),
    avanzar(ms: number) {
      ahora += ms;
    },
  };
}

export const MINUTO = 60_000;
export const HORA = 60 * MINUTO;

let siguiente = 1;

/** A password that meets the policy. */
export const CLAVE_VALIDA = 'Cipres-Radal-Coihue-9';

/** A user with a password, e-mail unique in the file. */
export async function insertarUsuario(db: Db, datos: { rol?: Rol; clave?: string; email?: string; nombre?: string } = {}) {
  const n = siguiente++;
  const email = datos.email ?? `persona${n}.${randomBytes(3).toString('hex')}@villalaangostura.gob.ar`;
  const clave = datos.clave ?? CLAVE_VALIDA;
  const rol = datos.rol ?? 'editor';
  const id = await createUsuarioConClave(db, { email, nombre: datos.nombre ?? `Persona${n}`, apellido: 'Prueba', rol, clave });
  return { id, email, clave, rol, actor: { usuarioId: id, email, nombre: `${datos.nombre ?? `Persona${n}`} Prueba`, rol } };
}

/** The application context of a domain test of sessions: a clock of its own, a data key of its own, a mailer that counts. */
export function contextoUsuarios(db: Db, reloj = relojManual()) {
  const mailer = {
    wakes: 0,
    wake() {
      mailer.wakes += 1;
    },
  };
  const ctx: AppContext = createAppContext({
    db,
    storage: {
      put: () => Promise.reject(new Error('sin archivos')),
      get: () => Promise.reject(new Error('sin archivos')),
      delete: () => Promise.reject(new Error('sin archivos')),
    },
    clock: reloj,
    log: { info() {}, warn() {}, error() {} },
    cipher: createCipher(randomBytes(32)),
    mailer,
    config: {
      siteUrl: 'https://sitio.test',
      mapTileUrl: '',
      solicitudes: { porDireccion: 1_000_000, porPersona: 1_000_000, consultasPorMinuto: 1_000_000 },
      sesiones: { inactividadMs: 30 * MINUTO, duracionMaximaMs: 12 * HORA, cookieSegura: true },
    },
  });
  return { ctx, reloj, mailer };
}

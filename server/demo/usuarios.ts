import type { Rol } from '#domain/shared/actor.ts';
import { type DatosUsuarioConClave, hashSegunPolitica, insertarUsuarioConClave } from '#domain/usuarios/commands.ts';
import type { Seeder } from './seeder.ts';

/**
 * One demo account per role (docs/decisions/012-sesiones-y-roles.md). `npm start` prints these
 * credentials while they are the demo's: they are public, so a database with real content never
 * gets them (seedDemoContent never touches one).
 */
export const DEMO_USUARIOS: readonly (DatosUsuarioConClave & { rol: Rol })[] = [
  { email: 'administracion@demo.villalaangostura.gob.ar', nombre: 'Ana', apellido: 'Quintriqueo', rol: 'administrador', clave: 'Arrayanes-Correntoso-2026' },
  { email: 'edicion@demo.villalaangostura.gob.ar', nombre: 'Bruno', apellido: 'Epulef', rol: 'editor', clave: 'Nahuel-Huapi-Bahia-Mansa' },
  { email: 'mesa@demo.villalaangostura.gob.ar', nombre: 'Carla', apellido: 'Sayhueque', rol: 'mesa-de-entradas', clave: 'Cerro-Bayo-Laguna-Verde' },
];

export const seedUsuarios: Seeder = {
  nombre: 'usuarios',
  run: async ({ db }) => {
    const hashes = await Promise.all(DEMO_USUARIOS.map((u) => hashSegunPolitica(u)));
    for (const [i, usuario] of DEMO_USUARIOS.entries()) await insertarUsuarioConClave(db, usuario, hashes[i]!, 'usuario.demo');
  },
};

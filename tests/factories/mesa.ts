import { createSolicitudDecreto } from '#domain/decretos/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext, Log } from '#domain/shared/context.ts';
import { solicitudValida } from './decretos.ts';

/** Staff as the desk's functions receive them. */
export const mesa: Actor = { usuarioId: 11, email: 'marta.mesa@villalaangostura.gob.ar', nombre: 'Marta', rol: 'mesa-de-entradas' };
export const admin: Actor = { usuarioId: 12, email: 'admin@villalaangostura.gob.ar', nombre: 'Ada', rol: 'administrador' };
export const editor: Actor = { usuarioId: 13, email: 'editor@villalaangostura.gob.ar', nombre: 'Edu', rol: 'editor' };

/** A log that keeps every line, to check that no DNI or e-mail reaches it. */
export function logEspia(): Log & { lineas: { obj: object; msg?: string }[]; texto(): string } {
  const lineas: { obj: object; msg?: string }[] = [];
  const guardar = (obj: object, msg?: string) => {
    lineas.push({ obj, msg });
  };
  return { info: guardar, warn: guardar, error: guardar, lineas, texto: () => JSON.stringify(lineas) };
}

/** A request received through the same command as the public form; its code and what was typed. */
export async function createSolicitud(ctx: AppContext, overrides: Record<string, unknown> = {}) {
  const datos = solicitudValida(overrides);
  const r = await createSolicitudDecreto(ctx, datos);
  if (r.tipo !== 'recibida') throw new Error(`la solicitud de prueba no se guardó: ${r.tipo}`);
  return {
    codigo: r.codigo,
    dni: String(datos.dni).replace(/\D/g, ''),
    email: String(datos.email),
    nombre: String(datos.nombre),
    numero: String(datos.numero),
  };
}

import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { usuarios } from '#db/schema/index.ts';
import type { Actor, Rol } from '#domain/shared/actor.ts';
import { COLUMNAS_PERSONA } from './sesiones.ts';

export type UsuarioListado = {
  id: number;
  email: string;
  nombre: string;
  apellido: string;
  rol: Rol;
  activo: boolean;
  /** Invited and without a password yet. */
  pendiente: boolean;
  totpActivo: boolean;
  ultimoIngreso: Date | null;
};

export const USUARIOS_POR_PAGINA = 25;

/** Staff, by surname and name, with a search in name, surname and e-mail; 25 a page. */
export async function listUsuarios(db: Db, filtros: { q: string; pagina: number }): Promise<{ items: UsuarioListado[]; total: number }> {
  const patron = `%${filtros.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where =
    filtros.q === ''
      ? undefined
      : or(
          ilike(usuarios.email, patron),
          ilike(usuarios.nombre, patron),
          ilike(usuarios.apellido, patron),
          ilike(sql`${usuarios.nombre} || ' ' || ${usuarios.apellido}`, patron),
        );
  const [filas, [total]] = await Promise.all([
    db
      .select({ ...COLUMNAS_PERSONA, activo: usuarios.activo, claveHash: usuarios.claveHash, ultimoIngreso: usuarios.ultimoIngreso })
      .from(usuarios)
      .where(where)
      .orderBy(asc(sql`lower(${usuarios.apellido})`), asc(sql`lower(${usuarios.nombre})`), asc(usuarios.id))
      .limit(USUARIOS_POR_PAGINA)
      .offset((filtros.pagina - 1) * USUARIOS_POR_PAGINA),
    db.select({ n: count() }).from(usuarios).where(where),
  ]);
  return {
    items: filas.map(({ claveHash, rol, ...u }) => ({ ...u, rol: rol as Rol, pendiente: claveHash === null })),
    total: total?.n ?? 0,
  };
}

/** Everyone, for the audit log's person filter: id and name. */
export function listPersonas(db: Db): Promise<{ id: number; nombre: string; apellido: string; email: string }[]> {
  return db
    .select({ id: usuarios.id, nombre: usuarios.nombre, apellido: usuarios.apellido, email: usuarios.email })
    .from(usuarios)
    .orderBy(asc(sql`lower(${usuarios.apellido})`), asc(sql`lower(${usuarios.nombre})`));
}

/**
 * The account `id` as the commands' `Actor`, when it exists and is active: a scheduled publication
 * is applied as the person who scheduled it (docs/decisions/053-borradores-y-publicacion-programada.md).
 */
export async function actorActivo(db: Db, id: number): Promise<Actor | null> {
  const [u] = await db
    .select({ id: usuarios.id, email: usuarios.email, nombre: usuarios.nombre, apellido: usuarios.apellido, rol: usuarios.rol, activo: usuarios.activo })
    .from(usuarios)
    .where(eq(usuarios.id, id));
  if (!u || !u.activo) return null;
  return { usuarioId: u.id, email: u.email, nombre: `${u.nombre} ${u.apellido}`.trim(), rol: u.rol as Rol };
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { publicacionesPendientes } from '#db/schema/index.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type TipoId, TIPOS_PUBLICACION } from './tipos.ts';

/** The kinds `actor` may edit, and so see pending (docs/decisions/053-borradores-y-publicacion-programada.md). */
export const tiposDe = (actor: Pick<Actor, 'rol'>): TipoId[] => Object.keys(TIPOS_PUBLICACION).filter((t) => puede(actor, TIPOS_PUBLICACION[t]!.permiso));

export type PendienteListada = {
  id: number;
  tipo: TipoId;
  etiqueta: string;
  titulo: string;
  estado: 'borrador' | 'programada' | 'fallida';
  publicarEn: Date | null;
  error: string | null;
  actualizada: Date;
};

/** Drafts, scheduled and failed publications of the kinds `actor` may edit: scheduled first by time, then the rest newest first. */
export async function listPendientes(db: Db, actor: Pick<Actor, 'rol'>, limite = 200): Promise<PendienteListada[]> {
  const tipos = tiposDe(actor);
  if (tipos.length === 0) return [];
  const filas = await db
    .select({
      id: publicacionesPendientes.id,
      tipo: publicacionesPendientes.tipo,
      titulo: publicacionesPendientes.titulo,
      estado: publicacionesPendientes.estado,
      publicarEn: publicacionesPendientes.publicarEn,
      error: publicacionesPendientes.error,
      actualizada: publicacionesPendientes.updatedAt,
    })
    .from(publicacionesPendientes)
    .where(and(inArray(publicacionesPendientes.tipo, tipos), inArray(publicacionesPendientes.estado, ['borrador', 'programada', 'fallida'])))
    .orderBy(sql`${publicacionesPendientes.publicarEn} asc nulls last`, desc(publicacionesPendientes.updatedAt), asc(publicacionesPendientes.id))
    .limit(limite);
  return filas.map((f) => ({
    ...f,
    tipo: f.tipo as TipoId,
    etiqueta: TIPOS_PUBLICACION[f.tipo]?.etiqueta ?? f.tipo,
    estado: f.estado as PendienteListada['estado'],
  }));
}

/** One pending publication (not published yet), if `actor` may edit its kind. */
export async function getPendiente(db: Db, actor: Pick<Actor, 'rol'>, id: number) {
  const [p] = await db
    .select()
    .from(publicacionesPendientes)
    .where(and(eq(publicacionesPendientes.id, id), inArray(publicacionesPendientes.estado, ['borrador', 'programada', 'fallida'])));
  if (!p || !(tiposDe(actor) as string[]).includes(p.tipo)) return undefined;
  return { ...p, tipo: p.tipo as TipoId, etiqueta: TIPOS_PUBLICACION[p.tipo]?.etiqueta ?? p.tipo };
}

/** How many drafts, scheduled and failed publications of `actor`'s kinds wait, and when the next scheduled one goes out: the dashboard's cards. */
export async function resumenPendientes(
  db: Db,
  actor: Pick<Actor, 'rol'>,
): Promise<{ borradores: number; programadas: number; fallidas: number; proxima: Date | null }> {
  const resumen = { borradores: 0, programadas: 0, fallidas: 0, proxima: null as Date | null };
  const tipos = tiposDe(actor);
  if (tipos.length === 0) return resumen;
  const filas = await db
    .select({
      estado: publicacionesPendientes.estado,
      n: sql<number>`count(*)::int`,
      proxima: sql<Date | null>`min(${publicacionesPendientes.publicarEn})`.mapWith((v) => (v === null ? null : new Date(v as string))),
    })
    .from(publicacionesPendientes)
    .where(and(inArray(publicacionesPendientes.tipo, tipos), inArray(publicacionesPendientes.estado, ['borrador', 'programada', 'fallida'])))
    .groupBy(publicacionesPendientes.estado);
  for (const f of filas) {
    if (f.estado === 'borrador') resumen.borradores = Number(f.n);
    if (f.estado === 'programada') [resumen.programadas, resumen.proxima] = [Number(f.n), f.proxima];
    if (f.estado === 'fallida') resumen.fallidas = Number(f.n);
  }
  return resumen;
}

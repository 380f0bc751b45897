import type { PageContext } from '#app/context.ts';
import { listNombres } from '#app/features/auditoria/registro.server.ts';
import { fraseDeAuditoria } from '#domain/auditoria/frases.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { SECCIONES } from './secciones.ts';

/** How many of the latest changes the dashboard lists. */
export const CAMBIOS_RECIENTES = 8;

/**
 * What changed lately in the sections the person can open, in the audit catalogue's sentences
 * («Ana Gómez publicó la ordenanza 4211/2025 el 28/11/2026 a las 10:14», domain/auditoria/frases.ts):
 * the dashboard's «Lo último que cambió». Sign-ins and account changes («Mi cuenta») are left out:
 * they are not work on the site.
 */
export async function cambiosRecientes(ctx: PageContext, actor: Actor): Promise<{ id: number; frase: string }[]> {
  const acciones = SECCIONES.filter((s) => s.id !== 'cuenta' && s.roles.includes(actor.rol)).flatMap((s) => s.auditoria);
  if (acciones.length === 0) return [];
  const [{ items }, { nombres }] = await Promise.all([listAuditoria(ctx.db, { acciones, pagina: 1, porPagina: CAMBIOS_RECIENTES }), listNombres(ctx.db)]);
  return items.map((e) => ({ id: e.id, frase: fraseDeAuditoria(e, nombres) }));
}

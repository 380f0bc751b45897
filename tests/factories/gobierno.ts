import { createPanel } from '#domain/gobierno/panel.ts';
import { tipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';

/**
 * An item of a Gobierno kind (panel-tipos.ts: `areas`, `secretarias`, `plan-estrategico`…), saved
 * by the command staff use (createPanel: its checks, at the end of its list, the audit as «El
 * sistema») with the form the browser sends; its id.
 */
export async function insertPanel(ctx: Pick<AppContext, 'db'>, tipo: string, campos: Record<string, string>): Promise<number> {
  const t = tipoPanel(tipo);
  if (!t) throw new Error(`no hay un tipo de Gobierno «${tipo}»`);
  const r = await createPanel(ctx.db, ACTOR_SISTEMA, t, campos);
  if (r.tipo !== 'guardado') throw new Error(`${tipo} «${campos[t.principal]}» no se guardó: ${JSON.stringify(r)}`);
  return r.id;
}

/** A link of the Plan Estratégico page, with sensible defaults. */
export const insertEnlacePlan = (ctx: Pick<AppContext, 'db'>, campos: { titulo?: string; descripcion?: string; url?: string } = {}) =>
  insertPanel(ctx, 'plan-estrategico', {
    titulo: campos.titulo ?? 'Enlace de prueba',
    descripcion: campos.descripcion ?? '',
    url: campos.url ?? 'https://www.villalaangostura.gob.ar/plan-estrategico',
  });

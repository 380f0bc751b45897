import { redirect } from 'react-router';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import type { ValoresControles } from '#app/features/admin/publicacion-controles.tsx';
import { guardarPendiente } from '#domain/publicaciones/commands.ts';
import { leerControles } from '#domain/publicaciones/controles.ts';
import type { TipoId } from '#domain/publicaciones/tipos.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { typedValues } from '#domain/shared/form.ts';

/** What a form with the shared controls answers when its draft or scheduled publication is not kept. */
export type PendienteRechazada = {
  respuesta: { errores: Record<string, string>; valores: Record<string, string>; general: string | null; controles: ValoresControles };
  status: number;
};

/**
 * The shared controls of a content form on the server (docs/decisions/053-borradores-y-publicacion-programada.md):
 * with «Publicar ahora» it answers `null` and the action saves as it always did; a draft or a
 * scheduled publication is kept apart, checked by a dry run of the same command, and the answer is
 * a 303 to its page. What is refused (a bad date, what the command would refuse) comes back with
 * what was typed, the controls as chosen, and the status the form answers.
 */
export async function guardarSiPendiente(
  ctx: Pick<AppContext, 'db' | 'storage' | 'clock'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  actor: Actor,
  form: FormData,
  args: { tipo: TipoId; entidadId: number | null; campos: readonly string[]; largo?: number },
): Promise<PendienteRechazada | null> {
  const todo = Object.fromEntries(form.entries());
  const controles = typedValues(todo, ['publicacion', 'publicarEn'], 100) as ValoresControles;
  const leido = leerControles(form, ctx.clock.now());
  const valores = () => typedValues(todo, args.campos, args.largo) as Record<string, string>;
  if (!leido.ok) return { respuesta: { errores: { publicarEn: leido.error }, valores: valores(), general: null, controles }, status: 400 };
  if (leido.controles.modo === 'ahora') return null;
  const publicarEn = leido.controles.modo === 'programada' ? leido.controles.publicarEn : null;
  const g = await guardarPendiente(ctx, actor, { tipo: args.tipo, entidadId: args.entidadId, pendienteId: null, input: form, publicarEn });
  if (g.tipo === 'guardada') throw redirect(`/admin/publicaciones/${g.id}?aviso=${publicarEn ? 'programada' : 'borrador'}`, { status: 303 });
  if (g.tipo === 'invalido')
    return { respuesta: { errores: g.errores, valores: { ...valores(), ...g.valores }, general: null, controles }, status: estadoFormulario(g) };
  return { respuesta: { errores: {}, valores: valores(), general: g.mensaje, controles }, status: g.tipo === 'prohibido' ? 403 : 409 };
}

import { data, redirect } from 'react-router';
import type { Db } from '#db/client.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { updatePanel, removePanel, getPanel, opcionesReferencia } from '#domain/gobierno/panel.ts';
import { NO_ENCONTRADO, idDeRuta, vistaTipo } from './panel.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import type { ValoresControles } from '#app/features/admin/publicacion-controles.tsx';
import type { AppContext } from '#domain/shared/context.ts';
import { typedValues } from '#domain/shared/form.ts';
import { guardarPendiente } from '#domain/publicaciones/commands.ts';
import { leerControles } from '#domain/publicaciones/controles.ts';

/**
 * The page of one item of a panel kind (docs/decisions/019-panel-de-gobierno.md): its loader and
 * action, for the Gobierno kinds (app/routes/admin/gobierno-item.tsx); the options say its address,
 * roles and where a deleted item leads.
 */

const AVISOS = {
  alta: 'Lo agregamos: la página pública ya lo muestra.',
  cambio: 'Guardamos los cambios: la página pública ya los muestra.',
  'sin-cambios': 'No había nada que cambiar.',
} as const;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as keyof typeof AVISOS] : null);

export type RespuestaItem =
  | { formulario: 'editar'; errores: Record<string, string>; valores: Record<string, string>; controles?: ValoresControles }
  | { formulario: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string; actual: Record<string, string> }
  | { formulario: 'general'; mensaje: string };

async function leerItem(db: Db, tipo: TipoPanel, idParam: string | undefined) {
  const item = await getPanel(db, tipo, idDeRuta(idParam));
  if (!item) throw NO_ENCONTRADO();
  return item;
}

export async function cargarItemPanel(db: Db, tipo: TipoPanel, idParam: string | undefined, url: string) {
  const item = await leerItem(db, tipo, idParam);
  const params = new URL(url).searchParams;
  return {
    vista: vistaTipo(tipo),
    item,
    opciones: await opcionesReferencia(db, tipo),
    paso: params.get('paso') === 'borrar' && !tipo.unico ? ('borrar' as const) : null,
    aviso: avisoDe(params.get('aviso')),
  };
}

/** Saves or deletes the item; `base` is the item's address without its id, `trasBorrar` where a deleted one leads. */
export async function accionItemPanel(
  request: Request,
  ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>,
  actor: Actor,
  tipo: TipoPanel,
  idParam: string | undefined,
  rutas: { base: string; trasBorrar: string },
) {
  const { db } = ctx;
  const item = await leerItem(db, tipo, idParam);
  const fallo = (r: RespuestaItem, status = 400) => data<RespuestaItem>(r, { status });
  const enlace = `${rutas.base}/${item.id}`;
  const form = await readFormData(request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'guardar') {
    // Saved as a draft or scheduled (docs/decisions/053-borradores-y-publicacion-programada.md): kept apart, checked by a dry run.
    const controles = typedValues(Object.fromEntries(form.entries()), ['publicacion', 'publicarEn'], 100) as ValoresControles;
    const leido = leerControles(form, ctx.clock.now());
    if (!leido.ok) {
      const valores = typedValues(
        Object.fromEntries(form.entries()),
        tipo.campos.map((c) => c.nombre),
      ) as Record<string, string>;
      return fallo({ formulario: 'editar', errores: { publicarEn: leido.error }, valores, controles });
    }
    if (leido.controles.modo !== 'ahora') {
      const publicarEn = leido.controles.modo === 'programada' ? leido.controles.publicarEn : null;
      const g = await guardarPendiente(ctx, actor, { tipo: `gobierno-${tipo.tipo}`, entidadId: item.id, pendienteId: null, input: form, publicarEn });
      if (g.tipo === 'guardada') throw redirect(`/admin/publicaciones/${g.id}?aviso=${publicarEn ? 'programada' : 'borrador'}`, { status: 303 });
      if (g.tipo === 'invalido') return fallo({ formulario: 'editar', errores: g.errores, valores: g.valores, controles });
      return fallo({ formulario: 'general', mensaje: g.mensaje }, g.tipo === 'prohibido' ? 403 : 409);
    }
    const r = await updatePanel(db, actor, tipo, item.id, form);
    if (r.tipo === 'guardado') throw redirect(`${enlace}?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'editar', errores: r.errores, valores: r.valores });
    if (r.tipo === 'conflicto') return fallo({ formulario: 'conflicto', mensaje: r.mensaje, valores: r.valores, version: r.version, actual: r.actual }, 409);
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    throw NO_ENCONTRADO();
  }
  if (intent === 'borrar') {
    const r = await removePanel(db, actor, tipo, item.id, form.get('version'));
    if (r.tipo === 'borrado') throw redirect(rutas.trasBorrar, { status: 303 });
    if (r.tipo === 'conflicto') return fallo({ formulario: 'general', mensaje: r.mensaje }, 409);
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    throw NO_ENCONTRADO();
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

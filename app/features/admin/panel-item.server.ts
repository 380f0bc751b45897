import { data, redirect } from 'react-router';
import type { Db } from '#db/client.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { updatePanel, removePanel, getPanel, opcionesReferencia } from '#domain/gobierno/panel.ts';
import { NO_ENCONTRADO, idDeRuta, vistaTipo } from './panel.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';

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
  | { formulario: 'editar'; errores: Record<string, string>; valores: Record<string, string> }
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
  db: Db,
  actor: Actor,
  tipo: TipoPanel,
  idParam: string | undefined,
  rutas: { base: string; trasBorrar: string },
) {
  const item = await leerItem(db, tipo, idParam);
  const fallo = (r: RespuestaItem, status = 400) => data<RespuestaItem>(r, { status });
  const enlace = `${rutas.base}/${item.id}`;
  const form = await readFormData(request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'guardar') {
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

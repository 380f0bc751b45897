import { data, redirect } from 'react-router';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { restaurarBoletinAdmin } from '#domain/boletines/admin.ts';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import { restaurarFinanzasAdmin } from '#domain/finanzas/admin.ts';
import { restaurarDocumentoAdmin, restaurarImagenAdmin } from '#domain/gobierno/observatorio-admin.ts';
import { restaurarOrdenanza } from '#domain/ordenanzas/admin.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatDateTime, formatInteger } from '#domain/shared/formato.ts';
import { type ClaveRestaurable, DIAS_PARA_RESTAURAR, type ResultadoRestauracion, listRestaurables } from '#domain/sitio/retirados.ts';

/**
 * The «Retirados» page of each back-office section (docs/decisions/054-retirados-restaurables.md):
 * one loader and one action for every section that removes public content, told apart by the
 * route (`/admin/<sección>/retirados`). Each section names its kinds of items, the command of
 * the owning module that restores one and where the restored item is edited.
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type Tipo = {
  clave: ClaveRestaurable;
  restaurar: (ctx: Ctx, actor: Actor, id: number) => Promise<ResultadoRestauracion>;
  /** The restored item's page in the back-office. */
  enlace: (entidadId: number) => string;
  /** «Abrir la ordenanza restaurada». */
  abrir: string;
};
type Retirados = {
  titulo: string;
  /** The section's list, to go back to. */
  lista: { ruta: string; texto: string };
  /** What the page says when nothing can be restored. */
  vacio: string;
  tipos: readonly Tipo[];
};

const SECCIONES_RETIRADOS: Record<string, Retirados> = {
  ordenanzas: {
    titulo: 'Ordenanzas retiradas',
    lista: { ruta: '/admin/ordenanzas', texto: 'Volver a las ordenanzas' },
    vacio: 'No hay ordenanzas retiradas en los últimos 90 días.',
    tipos: [{ clave: 'ordenanzas', restaurar: restaurarOrdenanza, enlace: (id) => `/admin/ordenanzas/${id}`, abrir: 'Abrir la ordenanza restaurada' }],
  },
  boletines: {
    titulo: 'Boletines oficiales borrados',
    lista: { ruta: '/admin/boletines', texto: 'Volver a los boletines' },
    vacio: 'No hay boletines oficiales borrados en los últimos 90 días.',
    tipos: [{ clave: 'boletines', restaurar: restaurarBoletinAdmin, enlace: (id) => `/admin/boletines/${id}`, abrir: 'Abrir el boletín restaurado' }],
  },
  'estados-contables': {
    titulo: 'Estados contables borrados',
    lista: { ruta: '/admin/estados-contables', texto: 'Volver a los estados contables' },
    vacio: 'No hay estados contables borrados en los últimos 90 días.',
    tipos: [
      {
        clave: 'estados-contables',
        restaurar: (ctx, actor, id) => restaurarFinanzasAdmin(ctx, actor, 'estados-contables', id),
        enlace: (id) => `/admin/estados-contables/${id}`,
        abrir: 'Abrir el estado contable restaurado',
      },
    ],
  },
  sueldos: {
    titulo: 'Informes de sueldos borrados',
    lista: { ruta: '/admin/sueldos', texto: 'Volver a los informes de sueldos' },
    vacio: 'No hay informes de sueldos borrados en los últimos 90 días.',
    tipos: [
      {
        clave: 'sueldos',
        restaurar: (ctx, actor, id) => restaurarFinanzasAdmin(ctx, actor, 'sueldos', id),
        enlace: (id) => `/admin/sueldos/${id}`,
        abrir: 'Abrir el informe de sueldos restaurado',
      },
    ],
  },
  observatorio: {
    titulo: 'Observatorio Vial: imágenes y documentos borrados',
    lista: { ruta: '/admin/observatorio', texto: 'Volver al Observatorio Vial' },
    vacio: 'No hay imágenes ni documentos del Observatorio Vial borrados en los últimos 90 días.',
    tipos: [
      {
        clave: 'observatorio-imagenes',
        restaurar: restaurarImagenAdmin,
        enlace: (id) => `/admin/observatorio/imagenes/${id}`,
        abrir: 'Abrir la imagen restaurada',
      },
      {
        clave: 'observatorio-documentos',
        restaurar: restaurarDocumentoAdmin,
        enlace: (id) => `/admin/observatorio/documentos/${id}`,
        abrir: 'Abrir el documento restaurado',
      },
    ],
  },
};

/** The sections with a «Retirados» page: secciones.ts declares their pages, a test checks both agree. */
export const SECCIONES_CON_RETIRADOS = Object.keys(SECCIONES_RETIRADOS);

/** The section of the route's pattern (`admin/ordenanzas/retirados`); the route table only sends the declared ones here. */
function seccionDe(patron: string): { id: string; def: Retirados } {
  const id = /^\/?admin\/([a-z-]+)\/retirados$/.exec(patron)?.[1];
  const def = id === undefined ? undefined : SECCIONES_RETIRADOS[id];
  if (id === undefined || !def) throw data('No hay una lista de retirados en esta sección.', { status: 404 });
  return { id, def };
}

const diasQuedan = (dias: number) => (dias === 1 ? 'Queda menos de 1 día' : `Quedan ${formatInteger(dias)} días`);

export async function retiradosLoader(request: Request, patron: string, ctx: Ctx) {
  const { id, def } = seccionDe(patron);
  const ahora = ctx.clock.now();
  const items = await listRestaurables(
    ctx.db,
    def.tipos.map((t) => t.clave),
    ahora,
  );
  const params = new URL(request.url).searchParams;
  // After a restore: the restored item's id and kind, read as a number and a known key, nothing else reflected.
  const tipo = def.tipos.find((t) => t.clave === params.get('clave'));
  const restaurado = parseIdRuta(params.get('restaurado') ?? undefined);
  return {
    seccion: id,
    titulo: def.titulo,
    lista: def.lista,
    vacio: def.vacio,
    dias: DIAS_PARA_RESTAURAR,
    restaurado: tipo && restaurado !== null ? { enlace: tipo.enlace(restaurado), abrir: tipo.abrir } : null,
    items: items.map((i) => ({
      id: i.id,
      clave: i.clave,
      titulo: i.titulo,
      quien: i.usuarioNombre,
      cuando: formatDateTime(i.retiradoEn),
      cuandoIso: i.retiradoEn.toISOString(),
      quedan: diasQuedan(i.diasRestantes),
    })),
  };
}

export type RespuestaRetirados = { mensaje: string };

const ESTADOS: Record<Exclude<ResultadoRestauracion['tipo'], 'restaurado'>, number> = { no_encontrado: 404, vencido: 409, ocupado: 409, prohibido: 403 };

export async function retiradosAction(request: Request, patron: string, ctx: Ctx, actor: Actor) {
  const { id: seccion, def } = seccionDe(patron);
  const fallo = (mensaje: string, status: number) => data<RespuestaRetirados>({ mensaje }, { status });
  const form = await readFormData(request);
  if (!form) return fallo('No pudimos leer el formulario: volvé a la lista de retirados y apretá «Restaurar» otra vez.', 400);
  if (form.get('intent') !== 'restaurar') return fallo('No entendimos qué querías hacer: usá los botones de la página.', 400);
  const tipo = def.tipos.find((t) => t.clave === form.get('clave'));
  const valor = form.get('id');
  const id = parseIdRuta(typeof valor === 'string' ? valor : undefined);
  if (!tipo || id === null) return fallo('Elegí lo que querés restaurar con su botón «Restaurar» de la lista.', 400);
  const r = await tipo.restaurar(ctx, actor, id);
  if (r.tipo === 'restaurado') throw redirect(`/admin/${seccion}/retirados?restaurado=${r.entidadId}&clave=${tipo.clave}`, { status: 303 });
  return fallo(r.mensaje, ESTADOS[r.tipo]);
}

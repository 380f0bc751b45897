import { tituloBoletin, filtrosBoletinesSchema, listBoletinesAdmin } from '#domain/boletines/admin.ts';
import { listSolicitudesMesa } from '#domain/decretos/mesa.ts';
import { filtrosMesaSchema } from '#domain/decretos/mesa-schemas.ts';
import { filtrosFinanzasSchema, listFinanzasAdmin } from '#domain/finanzas/admin.ts';
import type { TipoFinanzas } from '#domain/finanzas/campos.ts';
import { filtrosPanelSchema, listPanel } from '#domain/gobierno/panel.ts';
import { TIPOS_PANEL } from '#domain/gobierno/panel-tipos.ts';
import { listOrdenanzasAdmin } from '#domain/ordenanzas/admin.ts';
import { filtrosAdminSchema } from '#domain/ordenanzas/admin-schemas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatShortDate } from '#domain/shared/formato.ts';
import { readForm } from '#domain/shared/form.ts';
import type { z } from '#domain/shared/zod.ts';
import { ETIQUETAS_ROL } from '#domain/usuarios/campos.ts';
import { listUsuarios } from '#domain/usuarios/queries.ts';
import { filtrosVehiculosSchema } from '#domain/vehiculos/schemas.ts';
import { listVehiculosAdmin } from '#domain/vehiculos/admin.ts';
import { SECCIONES } from './secciones.ts';

/**
 * The back-office's one search (docs/architecture.md, «Buscar en el panel»): a number, a code or
 * words, looked up in every list the person's role opens, each through that list's own filters and
 * query, so a result found here is the same the list finds. No new index: the lists already search
 * what staff type in them (an ordinance's number or words of its PDF, a request's code or name, a
 * bulletin's number, a page's fields, a user's name or address).
 */

/** How many hits of each kind the page shows; the rest are one link away, in their list. */
export const POR_GRUPO = 5;

export type Resultado = { titulo: string; detalle?: string; enlace: string };
export type Grupo = { id: string; titulo: string; total: number; items: Resultado[]; verTodos: string };

type Ctx = Pick<AppContext, 'db' | 'cipher' | 'clock'>;
type Fuente = { seccion: string; titulo: string; buscar: (ctx: Ctx, actor: Actor, q: string) => Promise<Omit<Grupo, 'id' | 'titulo'> | undefined> };

/** The list's own filters read from the search, or nothing when the list would refuse it (too long for it, say). */
function filtros<S extends z.ZodObject>(schema: S, campos: Record<string, string>): z.output<S> | undefined {
  const leido = readForm(schema, new URLSearchParams(campos));
  return leido.ok ? leido.datos : undefined;
}

const enlace = (ruta: string, campos: Record<string, string>) => `${ruta}?${new URLSearchParams(campos).toString()}`;

/** «4211/2025» is that ordinance, «4211» that number in any year; other text, words of its description, file or PDF. */
function camposOrdenanza(q: string): Record<string, string> {
  const numero = /^(\d{1,6})(?:\s*\/\s*(\d{4}))?$/.exec(q);
  if (numero) return numero[2] ? { numero: numero[1]!, anio: numero[2] } : { numero: numero[1]! };
  return { pattern: q };
}

const finanzas = (tipo: TipoFinanzas, titulo: string): Fuente => ({
  seccion: tipo,
  titulo,
  buscar: async (ctx, _actor, q) => {
    const f = filtros(filtrosFinanzasSchema, { texto: q });
    if (!f) return undefined;
    const { items, total } = await listFinanzasAdmin(ctx.db, tipo, f);
    return {
      total,
      items: items.slice(0, POR_GRUPO).map((i) => ({ titulo: i.titulo, detalle: i.documento.nombreArchivo, enlace: `/admin/${tipo}/${i.id}` })),
      verTodos: enlace(`/admin/${tipo}`, { texto: q }),
    };
  },
});

const FUENTES: readonly Fuente[] = [
  {
    seccion: 'solicitudes',
    titulo: 'Solicitudes de decretos',
    buscar: async (ctx, actor, q) => {
      const f = filtros(filtrosMesaSchema, { texto: q });
      if (!f) return undefined;
      const { items, total } = await listSolicitudesMesa(ctx, actor, { ...f, porPagina: POR_GRUPO });
      return {
        total,
        items: items.map((s) => ({
          titulo: `${s.codigo}: decreto ${s.numero}`,
          detalle: `${s.nombre} · ${s.estadoEtiqueta} · recibida el ${formatShortDate(s.createdAt)}`,
          enlace: `/admin/solicitudes/${encodeURIComponent(s.codigo)}`,
        })),
        verTodos: enlace('/admin/solicitudes', { texto: q }),
      };
    },
  },
  {
    seccion: 'ordenanzas',
    titulo: 'Ordenanzas',
    buscar: async (ctx, _actor, q) => {
      const campos = camposOrdenanza(q);
      const f = filtros(filtrosAdminSchema, campos);
      if (!f) return undefined;
      const { items, total } = await listOrdenanzasAdmin(ctx.db, f, POR_GRUPO);
      return {
        total,
        items: items.map((o) => ({
          titulo: `Ordenanza ${o.numero}/${o.anio}`,
          detalle: `${o.descripcion} · ${o.estadoEtiqueta}`,
          enlace: `/admin/ordenanzas/${o.id}`,
        })),
        verTodos: enlace('/admin/ordenanzas', campos),
      };
    },
  },
  {
    seccion: 'boletines',
    titulo: 'Boletines oficiales',
    buscar: async (ctx, _actor, q) => {
      const f = filtros(filtrosBoletinesSchema, { texto: q });
      if (!f) return undefined;
      const { items, total } = await listBoletinesAdmin(ctx.db, f);
      return {
        total,
        items: items.slice(0, POR_GRUPO).map((b) => ({ titulo: tituloBoletin(b), detalle: b.documento.nombreArchivo, enlace: `/admin/boletines/${b.id}` })),
        verTodos: enlace('/admin/boletines', { texto: q }),
      };
    },
  },
  finanzas('estados-contables', 'Estados contables'),
  finanzas('sueldos', 'Sueldos'),
  {
    seccion: 'gobierno',
    titulo: 'Gobierno',
    buscar: async (ctx, _actor, q) => {
      const f = filtros(filtrosPanelSchema, { texto: q });
      if (!f) return undefined;
      const porTipo = await Promise.all(TIPOS_PANEL.map(async (tipo) => ({ tipo, ...(await listPanel(ctx.db, tipo, f)) })));
      const items = porTipo.flatMap(({ tipo, items }) =>
        items.map((i) => ({
          titulo: i.valores[tipo.principal] || tipo.uno,
          detalle: tipo.titulo,
          enlace: `/admin/gobierno/${tipo.tipo}/${i.id}`,
        })),
      );
      const conResultados = porTipo.filter((t) => t.total > 0);
      return {
        total: porTipo.reduce((suma, t) => suma + t.total, 0),
        items: items.slice(0, POR_GRUPO),
        // One kind found: its list with the search; several: Gobierno's page, which lists the kinds.
        verTodos: conResultados.length === 1 ? enlace(`/admin/gobierno/${conResultados[0]!.tipo.tipo}`, { texto: q }) : '/admin/gobierno',
      };
    },
  },
  {
    seccion: 'vehiculos',
    titulo: 'Vehículos',
    buscar: async (ctx, _actor, q) => {
      const f = filtros(filtrosVehiculosSchema, { texto: q });
      if (!f) return undefined;
      const { items, total } = await listVehiculosAdmin(ctx.db, { ...f, porPagina: POR_GRUPO });
      return {
        total,
        items: items.map((v) => ({ titulo: v.alias, detalle: v.activo ? 'Activo' : 'Inactivo', enlace: `/admin/vehiculos/${v.id}` })),
        verTodos: enlace('/admin/vehiculos', { texto: q }),
      };
    },
  },
  {
    seccion: 'usuarios',
    titulo: 'Usuarios',
    buscar: async (ctx, _actor, q) => {
      const { items, total } = await listUsuarios(ctx.db, { q, pagina: 1 });
      return {
        total,
        items: items.slice(0, POR_GRUPO).map((u) => ({
          titulo: `${u.nombre} ${u.apellido}`.trim() || u.email,
          detalle: `${u.email} · ${ETIQUETAS_ROL[u.rol]}${u.activo ? '' : ' · desactivado'}`,
          enlace: enlace('/admin/usuarios', { q: u.email }),
        })),
        verTodos: enlace('/admin/usuarios', { q }),
      };
    },
  },
];

/** The kinds of content a role can search: those of the sections it opens, in the menu's order. */
export function fuentesPara(rol: Actor['rol']): readonly Fuente[] {
  return FUENTES.filter((f) => SECCIONES.find((s) => s.id === f.seccion)?.roles.includes(rol));
}

/** Every group with at least one hit, for this person; the kinds their role does not open are never asked. */
export async function buscarEnElPanel(ctx: Ctx, actor: Actor, q: string): Promise<Grupo[]> {
  const grupos = await Promise.all(
    fuentesPara(actor.rol).map(async (f) => {
      const r = await f.buscar(ctx, actor, q);
      return r && r.total > 0 ? { id: f.seccion, titulo: f.titulo, ...r } : undefined;
    }),
  );
  return grupos.filter((g) => g !== undefined);
}

import { createPanel, updatePanel } from '#domain/gobierno/panel.ts';
import { TIPOS_PANEL, type TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { saveOrdenanza } from '#domain/ordenanzas/admin.ts';
import { etiquetaEstado } from '#domain/ordenanzas/estados.ts';
import { ETIQUETAS_ORDENANZA } from '#domain/ordenanzas/admin-schemas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { Permiso } from '#domain/shared/permisos.ts';

/**
 * The kinds of content that can wait as a draft or a scheduled publication
 * (docs/decisions/053-borradores-y-publicacion-programada.md), one entry each: who may edit it
 * (the same `PERMISOS` entry its command checks), its Spanish label, the form fields kept, and how
 * to apply it: the staff command its form calls, with the form rebuilt from what was kept. Adding
 * a kind is one entry here and the shared controls in its form.
 */

/** What applying a publication through its command gave. */
export type Aplicado =
  | { tipo: 'publicado'; id: number; ruta: string }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'rechazado'; mensaje: string };

export type ContextoAplicar = Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> };

export type TipoPublicacion = {
  etiqueta: string;
  permiso: Permiso;
  /** The form fields a publication keeps (not the file, not the controls), with their labels. */
  campos: readonly string[];
  etiquetas: Readonly<Record<string, string>>;
  /** A kept value as staff read it (a state's name rather than its code). */
  legible?(campo: string, valor: string): string;
  /** The file field, when the form uploads one. */
  archivo?: string;
  /** What staff lists show of it. */
  titulo(campos: Readonly<Record<string, string>>): string;
  aplicar(ctx: ContextoAplicar, actor: Actor, entidadId: number | null, input: FormData): Promise<Aplicado>;
  /** The back-office form that edits a pending publication of this kind; null when its form cannot yet (discard it and save again). */
  formulario(entidadId: number | null, pendienteId: number): string | null;
};

const quitarVacios = (errores: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(errores).filter((e): e is [string, string] => e[1] !== undefined));

const ordenanza: TipoPublicacion = {
  etiqueta: 'Ordenanza',
  permiso: 'ordenanzas',
  campos: ['numero', 'anio', 'estado', 'fechaEmision', 'descripcion', 'expediente', 'modifica'],
  etiquetas: ETIQUETAS_ORDENANZA,
  legible: (campo, valor) => (campo === 'estado' && /^\d{1,3}$/.test(valor) ? etiquetaEstado(Number(valor)) : valor),
  archivo: 'archivo',
  titulo: (c) => `Ordenanza ${c.numero ?? '?'}/${c.anio ?? '?'}: ${c.descripcion ?? ''}`.slice(0, 200),
  async aplicar(ctx, actor, entidadId, input) {
    const r = await saveOrdenanza(ctx, actor, entidadId, input);
    if (r.tipo === 'guardado') return { tipo: 'publicado', id: r.id, ruta: rutaOrdenanza(r) };
    if (r.tipo === 'invalido') return { tipo: 'invalido', errores: quitarVacios(r.errores), valores: quitarVacios(r.valores) };
    return { tipo: 'rechazado', mensaje: r.mensaje };
  },
  formulario: (entidadId, pendienteId) => `/admin/ordenanzas/${entidadId ?? 'nueva'}?borrador=${pendienteId}`,
};

/**
 * Every Gobierno kind (domain/gobierno/panel-tipos.ts) through its generic commands: a change of an
 * item carries the version its form showed, so a publication over someone else's later change is
 * refused like the form's save (the conflict), with its message.
 */
const gobierno = (t: TipoPanel): TipoPublicacion => ({
  etiqueta: `Gobierno: ${t.titulo}`,
  permiso: 'gobierno',
  campos: [...t.campos.map((c) => c.nombre), 'version'],
  etiquetas: { ...Object.fromEntries(t.campos.map((c) => [c.nombre, c.etiqueta])), version: 'Versión que se editó' },
  titulo: (c) => `${t.titulo}: ${c[t.principal] ?? ''}`.slice(0, 200),
  async aplicar(ctx, actor, entidadId, input) {
    const r = entidadId === null ? await createPanel(ctx.db, actor, t, input) : await updatePanel(ctx.db, actor, t, entidadId, input);
    if (r.tipo === 'guardado') return { tipo: 'publicado', id: r.id, ruta: t.rutaPublica };
    if (r.tipo === 'invalido') return { tipo: 'invalido', errores: r.errores, valores: r.valores };
    if (r.tipo === 'no_encontrado') return { tipo: 'rechazado', mensaje: `Ya no existe ${t.uno}: puede que lo hayan borrado.` };
    return { tipo: 'rechazado', mensaje: r.mensaje };
  },
  formulario: () => null,
});

export const TIPOS_PUBLICACION: Readonly<Record<string, TipoPublicacion>> = {
  ordenanza,
  ...Object.fromEntries(TIPOS_PANEL.map((t) => [`gobierno-${t.tipo}`, gobierno(t)])),
};

export type TipoId = string;

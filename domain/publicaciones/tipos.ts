import { createBoletinAdmin, tituloBoletin } from '#domain/boletines/admin.ts';
import { createFinanzasAdmin } from '#domain/finanzas/admin.ts';
import { TIPOS_ESTADO_CONTABLE, type TipoFinanzas } from '#domain/finanzas/campos.ts';
import { addDocumentoAdmin, savePresentacion } from '#domain/gobierno/observatorio-admin.ts';
import { createPanel, updatePanel } from '#domain/gobierno/panel.ts';
import { TIPOS_PANEL, type TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { saveOrdenanza } from '#domain/ordenanzas/admin.ts';
import { etiquetaEstado } from '#domain/ordenanzas/estados.ts';
import { ETIQUETAS_ORDENANZA } from '#domain/ordenanzas/admin-schemas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { monthName } from '#domain/shared/meses.ts';
import { CAMPOS_AJUSTES, saveAjustes } from '#domain/sitio/ajustes-panel.ts';
import { type Permiso, puede } from '#domain/shared/permisos.ts';

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
  /** The longest a kept field may be (10 000 characters unless said). */
  largo?: number;
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

/** A month's number as staff read it («3» is «Marzo»). */
const mesLegible = (campo: string, valor: string) => (campo === 'mes' && /^(?:[1-9]|1[0-2])$/.test(valor) ? monthName(Number(valor)) : valor);

/** A kind whose command only creates: a pending publication of it is always a new item. */
const SOLO_ALTAS = 'Este contenido sólo se puede publicar como nuevo: descartá la publicación y cargalo de nuevo.';

/** What a create command with a PDF answered, as a publication's result (its permission checked first: the command throws without it). */
async function altaConPdf(
  actor: Actor,
  permiso: Permiso,
  entidadId: number | null,
  crear: () => Promise<
    | { tipo: 'guardado'; id: number }
    | { tipo: 'invalido'; errores: Record<string, string | undefined>; valores: Record<string, string | undefined> }
    | { tipo: 'no_encontrado' }
  >,
  ruta: string,
): Promise<Aplicado> {
  if (!puede(actor, permiso)) return { tipo: 'rechazado', mensaje: `Tu rol ya no puede publicar este contenido: pedíselo a un editor o a administración.` };
  if (entidadId !== null) return { tipo: 'rechazado', mensaje: SOLO_ALTAS };
  const r = await crear();
  if (r.tipo === 'guardado') return { tipo: 'publicado', id: r.id, ruta };
  if (r.tipo === 'invalido') return { tipo: 'invalido', errores: quitarVacios(r.errores), valores: quitarVacios(r.valores) };
  return { tipo: 'rechazado', mensaje: 'No se pudo publicar: volvé a cargarlo.' };
}

/** A new official bulletin: once published it is the current one if it is the latest edition (docs/decisions/050-un-solo-boletin.md). */
const boletin: TipoPublicacion = {
  etiqueta: 'Boletín oficial',
  permiso: 'boletines',
  campos: ['numero', 'mes', 'anio'],
  etiquetas: { numero: 'Número', mes: 'Mes', anio: 'Año', archivo: 'PDF' },
  legible: mesLegible,
  archivo: 'archivo',
  titulo: (c) =>
    /^\d{1,6}$/.test(c.numero ?? '') && /^(?:[1-9]|1[0-2])$/.test(c.mes ?? '') && /^\d{4}$/.test(c.anio ?? '')
      ? tituloBoletin({ numero: Number(c.numero), mes: Number(c.mes), anio: Number(c.anio) })
      : `Boletín Oficial N° ${c.numero ?? '?'}`,
  aplicar: (ctx, actor, entidadId, input) => altaConPdf(actor, 'boletines', entidadId, () => createBoletinAdmin(ctx, actor, input), '/boletines-oficiales'),
  formulario: () => null,
};

/** A new accounting statement or salary report (docs/decisions/020-finanzas-en-el-panel.md). */
const finanzas = (tipo: TipoFinanzas): TipoPublicacion => ({
  etiqueta: tipo === 'estados-contables' ? 'Estado contable' : 'Informe de sueldos',
  permiso: 'finanzas',
  campos: tipo === 'estados-contables' ? ['tipo', 'mes', 'anio'] : ['periodo', 'anio'],
  etiquetas: { tipo: 'Tipo', mes: 'Mes', periodo: 'Período', anio: 'Año', archivo: 'PDF' },
  legible: (campo, valor) =>
    campo === 'tipo' && Object.hasOwn(TIPOS_ESTADO_CONTABLE, valor)
      ? TIPOS_ESTADO_CONTABLE[valor as keyof typeof TIPOS_ESTADO_CONTABLE]
      : mesLegible(campo, valor),
  archivo: 'archivo',
  titulo: (c) =>
    (tipo === 'estados-contables'
      ? `Estado contable: ${c.tipo && Object.hasOwn(TIPOS_ESTADO_CONTABLE, c.tipo) ? TIPOS_ESTADO_CONTABLE[c.tipo as keyof typeof TIPOS_ESTADO_CONTABLE] : ''} ${mesLegible('mes', c.mes ?? '')} ${c.anio ?? ''}`
      : `Sueldos ${c.periodo ?? ''} ${c.anio ?? ''}`
    ).slice(0, 200),
  aplicar: (ctx, actor, entidadId, input) => altaConPdf(actor, 'finanzas', entidadId, () => createFinanzasAdmin(ctx, actor, tipo, input), `/${tipo}`),
  formulario: () => null,
});

/** A new document of the observatory's two lists (the Terminal's movement, the yearly report). */
const documentoObservatorio: TipoPublicacion = {
  etiqueta: 'Documento del Observatorio Vial',
  permiso: 'gobierno',
  campos: ['tipo', 'mes', 'anio'],
  etiquetas: { tipo: 'Lista', mes: 'Mes', anio: 'Año', archivo: 'PDF' },
  legible: (campo, valor) =>
    campo === 'tipo' ? (valor === 'INFORME_ESTADISTICO' ? 'Informe estadístico' : 'Movimiento de la Terminal') : mesLegible(campo, valor),
  archivo: 'archivo',
  titulo: (c) =>
    c.tipo === 'INFORME_ESTADISTICO'
      ? `Informe estadístico OSSIVI ${c.anio ?? ''}`
      : `Movimiento de pasajeros de la Terminal - ${mesLegible('mes', c.mes ?? '')} ${c.anio ?? ''}`,
  aplicar: (ctx, actor, entidadId, input) => altaConPdf(actor, 'gobierno', entidadId, () => addDocumentoAdmin(ctx, actor, input), '/observatorio-vial'),
  formulario: () => null,
};

/**
 * The observatory's presentation: its text (the staff editor's HTML, sanitised by the command)
 * and, optionally, a new logo. It has no version: published, it replaces what the page shows then.
 */
const presentacionObservatorio: TipoPublicacion = {
  etiqueta: 'Presentación del Observatorio Vial',
  permiso: 'gobierno',
  campos: ['texto'],
  etiquetas: { texto: 'Presentación', archivo: 'Logo nuevo' },
  archivo: 'archivo',
  largo: 20_000,
  titulo: () => 'Presentación del Observatorio Vial',
  async aplicar(ctx, actor, _entidadId, input) {
    if (!puede(actor, 'gobierno'))
      return { tipo: 'rechazado', mensaje: 'Tu rol ya no puede publicar este contenido: pedíselo a un editor o a administración.' };
    const r = await savePresentacion(ctx, actor, input);
    if (r.tipo === 'guardado') return { tipo: 'publicado', id: r.id, ruta: '/observatorio-vial' };
    if (r.tipo === 'invalido') return { tipo: 'invalido', errores: quitarVacios(r.errores), valores: quitarVacios(r.valores) };
    return { tipo: 'rechazado', mensaje: 'No se pudo publicar: volvé a cargarla.' };
  },
  formulario: () => null,
};

/**
 * A change of the public settings (contacts, social networks, links of the menu): every page's
 * frame shows them, so the preview is the home page. It carries the settings' version its form
 * showed: over a later change it is refused with the form's conflict message.
 */
const ajustes: TipoPublicacion = {
  etiqueta: 'Ajustes del sitio',
  permiso: 'ajustes',
  campos: [...CAMPOS_AJUSTES.map((c) => c.nombre), 'version'],
  etiquetas: { ...Object.fromEntries(CAMPOS_AJUSTES.map((c) => [c.nombre, c.etiqueta])), version: 'Versión que se editó' },
  titulo: () => 'Cambio de los ajustes del sitio',
  async aplicar(ctx, actor, _entidadId, input) {
    const r = await saveAjustes(ctx.db, actor, input);
    // The settings are one row per key, not an entity: 0 names them.
    if (r.tipo === 'guardado') return { tipo: 'publicado', id: 0, ruta: '/' };
    if (r.tipo === 'invalido') return { tipo: 'invalido', errores: r.errores, valores: r.valores };
    return { tipo: 'rechazado', mensaje: r.mensaje };
  },
  formulario: () => null,
};

export const TIPOS_PUBLICACION: Readonly<Record<string, TipoPublicacion>> = {
  ordenanza,
  boletin,
  'estados-contables': finanzas('estados-contables'),
  sueldos: finanzas('sueldos'),
  'observatorio-documento': documentoObservatorio,
  'observatorio-presentacion': presentacionObservatorio,
  ajustes,
  ...Object.fromEntries(TIPOS_PANEL.map((t) => [`gobierno-${t.tipo}`, gobierno(t)])),
};

export type TipoId = string;

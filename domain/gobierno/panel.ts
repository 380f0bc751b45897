import { createHash } from 'node:crypto';
import { type SQL, and, asc, count, desc, eq, ilike, max, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { escaparLike, normalizado } from '#domain/shared/texto.ts';
import { urlSegura } from '#domain/shared/url-segura.ts';
import { paginaDeListaSchema, z } from '#domain/shared/zod.ts';
import { type CampoPanel, type TipoPanel, TIPOS_PANEL, columna, tipoPanel } from './panel-tipos.ts';

/**
 * The generic back-office of the Gobierno pages (docs/decisions/019-panel-de-gobierno.md):
 * list, read, create, change, delete and reorder any kind of panel-tipos.ts, for editors and
 * administrators, each write audited in its own transaction. The public pages read the same
 * tables, whose content-version trigger empties the render cache on commit
 * (docs/decisions/007-cache-de-paginas.md), so a change shows at once.
 *
 * Optimistic concurrency: a form carries the `version` of the item it was opened with (a hash of
 * its fields); a save or a delete whose version no longer matches the row is a conflict, not a
 * silent overwrite.
 */

export const POR_PAGINA_PANEL = 25;
const LARGO_BUSQUEDA = 100;

type Fila = Record<string, unknown> & { id: number };
export type Valores = Record<string, string>;
export type Errores = Record<string, string>;

export type ResultadoPanel =
  | { tipo: 'guardado'; id: number; cambio: boolean }
  /** A message per field, and what was typed to show back. */
  | { tipo: 'invalido'; errores: Errores; valores: Valores }
  /** Someone else changed (or deleted) the item since the form was opened: what they typed, the new version and the item as it is now. */
  | { tipo: 'conflicto'; mensaje: string; valores: Valores; version: string; actual: Valores }
  | { tipo: 'no_encontrado' }
  | { tipo: 'prohibido'; mensaje: string };

const PROHIBIDO = { tipo: 'prohibido', mensaje: 'Sólo un editor o un administrador puede cambiar las páginas de Gobierno.' } as const;

// ---------------------------------------------------------------------------------------------
// Validation: one zod schema per kind, built from its fields.

const colapsar = (v: string) => v.replace(/\s+/g, ' ').trim();
const sinControles = (v: string) => !/\p{Cc}/u.test(v);
/** A path of this site: one slash, then no second one, no backslash and no spaces (never `//otro.sitio`). */
const rutaDelSitio = (v: string) => /^\/(?![/\\])[^\s\\]*$/.test(v);
const PATRON_TELEFONO = /^[\d\s+()./-]*(?:(?:int\.?|interno)\s*[\d\s,/-]+)?$/i;

function esquemaCampo(c: CampoPanel): z.ZodType {
  const demasiado = `Escribí «${c.etiqueta}» con hasta ${c.largo} caracteres.`;
  const falta = `Completá «${c.etiqueta}».`;
  // An optional field left out of the request is empty, as an empty input would send it.
  const texto = (c.obligatorio ? z.string({ error: falta }) : z.string({ error: falta }).default('')).transform(colapsar);
  switch (c.tipo) {
    case 'referencia':
      return z
        .string({ error: `Elegí ${c.etiqueta.toLowerCase()} de la lista.` })
        .trim()
        .regex(/^\d{1,9}$/, { error: `Elegí ${c.etiqueta.toLowerCase()} de la lista.` })
        .transform(Number);
    case 'opcion': {
      const valores = (c.opciones ?? []).map(([v]) => v) as [string, ...string[]];
      const nombres = (c.opciones ?? []).map(([, e]) => e.toLowerCase()).join(' o ');
      return z.enum(valores, { error: `Elegí ${c.etiqueta.toLowerCase()}: ${nombres}.` });
    }
    default: {
      let base = z
        .string()
        .max(c.largo, { error: demasiado })
        .refine(sinControles, { error: `Escribí «${c.etiqueta}» sólo con letras, números y signos comunes.` });
      if (c.obligatorio) base = base.min(1, { error: falta });
      const formato =
        c.tipo === 'email'
          ? (v: string) => v === '' || z.email().safeParse(v).success
          : c.tipo === 'telefono'
            ? (v: string) => PATRON_TELEFONO.test(v)
            : c.tipo === 'url'
              ? (v: string) => v === '' || urlSegura(v)
              : c.tipo === 'enlace'
                ? (v: string) => v === '' || urlSegura(v) || rutaDelSitio(v)
                : () => true;
      const mensajeFormato =
        c.tipo === 'email'
          ? `Escribí un correo electrónico válido en «${c.etiqueta}», por ejemplo area@villalaangostura.gob.ar${c.obligatorio ? '' : ', o dejalo vacío'}.`
          : c.tipo === 'telefono'
            ? `Escribí «${c.etiqueta}» con números, espacios, +, guiones o paréntesis, por ejemplo +54 294 449-4100.`
            : c.tipo === 'enlace'
              ? `Escribí en «${c.etiqueta}» una dirección que empiece con https:// o http://, o una página de este sitio que empiece con /, por ejemplo /consulta-ordenanzas.`
              : `Escribí en «${c.etiqueta}» una dirección que empiece con https:// o http://, por ejemplo https://www.villalaangostura.gob.ar/.`;
      return texto.pipe(base.refine(formato, { error: mensajeFormato }));
    }
  }
}

const esquemas = new Map<TipoPanel, z.ZodObject>();
/** The schema of a kind's form (cached). */
export function esquemaTipo(tipo: TipoPanel): z.ZodObject {
  let s = esquemas.get(tipo);
  if (!s) {
    s = z.object(Object.fromEntries(tipo.campos.map((c) => [c.nombre, esquemaCampo(c)])));
    esquemas.set(tipo, s);
  }
  return s;
}

/** The version of an item: a short hash of its fields, carried by the forms. */
export function versionDe(tipo: TipoPanel, fila: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(tipo.campos.map((c) => fila[c.nombre] ?? null)))
    .digest('base64url')
    .slice(0, 22);
}

/** An item's fields as text, for a form. */
export const valoresDe = (tipo: TipoPanel, fila: Record<string, unknown>): Valores =>
  Object.fromEntries(tipo.campos.map((c) => [c.nombre, fila[c.nombre] === null || fila[c.nombre] === undefined ? '' : String(fila[c.nombre])]));

const auditable = (tipo: TipoPanel, fila: Record<string, unknown>) => Object.fromEntries(tipo.campos.map((c) => [c.nombre, fila[c.nombre] ?? null]));

// ---------------------------------------------------------------------------------------------
// Reading.

export const filtrosPanelSchema = z.object({
  texto: z
    .string()
    .trim()
    .max(LARGO_BUSQUEDA, { error: `Escribí la búsqueda con hasta ${LARGO_BUSQUEDA} caracteres.` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  pagina: paginaDeListaSchema.optional().transform((v) => v ?? 1),
  orden: z
    .string()
    .max(40)
    .optional()
    .transform((v) => (v ? v : undefined)),
  sentido: z.enum(['asc', 'desc'], { error: 'Elegí orden ascendente o descendente.' }).optional(),
});
export type FiltrosPanel = { texto?: string | undefined; pagina: number; orden?: string | undefined; sentido?: 'asc' | 'desc' | undefined };

/** The columns a list may be sorted by: its shown fields, and the public order when it has one. */
export const ordenesDe = (tipo: TipoPanel): string[] => [...(tipo.ordenable ? ['orden'] : []), ...tipo.campos.filter((c) => c.enLista).map((c) => c.nombre)];

export type ItemLista = { id: number; valores: Valores; version: string; primero: boolean; ultimo: boolean };

function ordenPublico(tipo: TipoPanel, sentido: typeof asc = asc): SQL[] {
  if (!tipo.ordenable) return [desc(columna(tipo, 'id'))];
  return [...(tipo.grupo ?? []).map((g) => sentido(columna(tipo, g))), sentido(columna(tipo, 'orden')), sentido(columna(tipo, 'id'))];
}

/** The names of the items a kind's references point to (a secretaría's, a bloc's), by id. */
export async function opcionesReferencia(db: Db, tipo: TipoPanel): Promise<Record<string, [number, string][]>> {
  const salida: Record<string, [number, string][]> = {};
  for (const c of tipo.campos) {
    if (c.tipo !== 'referencia') continue;
    const ref = tipoPanel(c.referencia)!;
    const filas = (await db
      .select({ id: columna(ref, 'id'), nombre: columna(ref, ref.principal) })
      .from(ref.tabla)
      .orderBy(...ordenPublico(ref))) as { id: number; nombre: string }[];
    salida[c.nombre] = filas.map((f) => [f.id, f.nombre]);
  }
  return salida;
}

/**
 * One page of a kind's items, searched in its text fields (case-insensitive, the characters taken
 * literally), sorted by a shown field or, by default, in the public page's order. `primero` and
 * `ultimo` say whether an item can move up or down within its group.
 */
export async function listPanel(db: Db, tipo: TipoPanel, filtros: FiltrosPanel): Promise<{ items: ItemLista[]; total: number }> {
  const patron = filtros.texto ? `%${escaparLike(filtros.texto)}%` : undefined;
  const textos = tipo.campos.filter((c) => c.tipo !== 'referencia' && c.tipo !== 'opcion');
  // As typed, or without accents and case («quetrihue» finds «Quetrihué»), as the fleet's list does.
  const palabras = filtros.texto ? normalizado(filtros.texto) : '';
  const where = patron
    ? or(
        ...textos.map((c) => ilike(columna(tipo, c.nombre), patron)),
        ...(palabras === '' ? [] : textos.map((c) => sql`public.f_normalizar(${columna(tipo, c.nombre)}) like ${`%${palabras}%`}`)),
      )
    : undefined;
  const campoOrden = filtros.orden && ordenesDe(tipo).includes(filtros.orden) ? filtros.orden : undefined;
  const orden =
    campoOrden && campoOrden !== 'orden'
      ? [(filtros.sentido === 'desc' ? desc : asc)(columna(tipo, campoOrden)), asc(columna(tipo, 'id'))]
      : filtros.sentido === 'desc' && tipo.ordenable
        ? ordenPublico(tipo, desc)
        : ordenPublico(tipo);
  const [filas, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select()
      .from(tipo.tabla)
      .where(where)
      .orderBy(...orden)
      .limit(POR_PAGINA_PANEL)
      .offset((filtros.pagina - 1) * POR_PAGINA_PANEL) as unknown as Promise<Fila[]>,
    db.select({ n: count() }).from(tipo.tabla).where(where),
  ]);
  const extremos = tipo.ordenable ? await extremosDeGrupos(db, tipo, filas) : new Map<number, { primero: boolean; ultimo: boolean }>();
  return {
    total: n,
    items: filas.map((f) => ({
      id: f.id,
      valores: valoresDe(tipo, f),
      version: versionDe(tipo, f),
      ...(extremos.get(f.id) ?? { primero: true, ultimo: true }),
    })),
  };
}

const claveGrupo = (tipo: TipoPanel, f: Record<string, unknown>) => JSON.stringify((tipo.grupo ?? []).map((g) => f[g]));

async function extremosDeGrupos(db: Db, tipo: TipoPanel, filas: Fila[]) {
  const todas = (await db
    .select()
    .from(tipo.tabla)
    .orderBy(...ordenPublico(tipo))) as Fila[];
  const porGrupo = new Map<string, number[]>();
  for (const f of todas) {
    const k = claveGrupo(tipo, f);
    porGrupo.set(k, [...(porGrupo.get(k) ?? []), f.id]);
  }
  const salida = new Map<number, { primero: boolean; ultimo: boolean }>();
  for (const f of filas) {
    const ids = porGrupo.get(claveGrupo(tipo, f)) ?? [f.id];
    salida.set(f.id, { primero: ids[0] === f.id, ultimo: ids.at(-1) === f.id });
  }
  return salida;
}

/** One item with its version, or undefined. A kind with one current item answers its newest row whatever the id. */
export async function getPanel(db: Db, tipo: TipoPanel, id: number): Promise<{ id: number; valores: Valores; version: string } | undefined> {
  const [fila] = (await db
    .select()
    .from(tipo.tabla)
    .where(eq(columna(tipo, 'id'), id))) as Fila[];
  return fila ? { id: fila.id, valores: valoresDe(tipo, fila), version: versionDe(tipo, fila) } : undefined;
}

/** The current item of a kind with only one (the newest row), or undefined. */
export async function actualUnico(db: Db, tipo: TipoPanel): Promise<number | undefined> {
  const [fila] = (await db
    .select({ id: columna(tipo, 'id') })
    .from(tipo.tabla)
    .orderBy(desc(columna(tipo, 'id')))
    .limit(1)) as { id: number }[];
  return fila?.id;
}

/** How many items each kind has, for the panel's index. */
export async function countTipos(db: Db): Promise<Record<string, number>> {
  const cuentas = await Promise.all(TIPOS_PANEL.map(async (t) => [t.tipo, (await db.select({ n: count() }).from(t.tabla))[0]?.n ?? 0] as const));
  return Object.fromEntries(cuentas);
}

// ---------------------------------------------------------------------------------------------
// Writing.

type LeidoPanel = { ok: true; datos: Record<string, unknown>; valores: Valores } | { ok: false; errores: Errores; valores: Valores };

async function leer(db: Db, tipo: TipoPanel, input: FormInput): Promise<LeidoPanel> {
  const leido = readForm(esquemaTipo(tipo), input);
  const valores = leido.valores as Valores;
  if (!leido.ok) return { ok: false, errores: leido.errores as Errores, valores };
  const datos = leido.datos as Record<string, unknown>;
  // A reference must name an item that exists (checked again by the foreign key).
  for (const c of tipo.campos) {
    if (c.tipo !== 'referencia') continue;
    const ref = tipoPanel(c.referencia)!;
    const [existe] = await db
      .select({ id: columna(ref, 'id') })
      .from(ref.tabla)
      .where(eq(columna(ref, 'id'), datos[c.nombre] as number));
    if (!existe) return { ok: false, errores: { [c.nombre]: `Elegí ${c.etiqueta.toLowerCase()} de la lista: la elegida ya no existe.` }, valores };
  }
  return { ok: true, datos, valores };
}

const grupoWhere = (tipo: TipoPanel, datos: Record<string, unknown>) => and(...(tipo.grupo ?? []).map((g) => eq(columna(tipo, g), datos[g] as never)));

/** Adds an item (at the end of its group's order), audited as `gobierno.alta`. */
export async function createPanel(db: Db, actor: Actor, tipo: TipoPanel, input: FormInput): Promise<ResultadoPanel> {
  if (!puede(actor, 'gobierno')) return PROHIBIDO;
  const leido = await leer(db, tipo, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  return db.transaction(async (tx) => {
    const datos = { ...leido.datos };
    if (tipo.ordenable) {
      const [{ m } = { m: null }] = await tx
        .select({ m: max(columna(tipo, 'orden')) })
        .from(tipo.tabla)
        .where(grupoWhere(tipo, datos));
      datos.orden = ((m as number | null) ?? -1) + 1;
    }
    const [fila] = (await tx
      .insert(tipo.tabla)
      .values(datos as never)
      .returning()) as Fila[];
    await registrarAuditoria(tx, {
      actor,
      accion: `${tipo.auditoria ?? 'gobierno'}.alta`,
      entidad: tipo.entidad,
      entidadId: fila!.id,
      despues: auditable(tipo, fila!),
    });
    return { tipo: 'guardado', id: fila!.id, cambio: true };
  });
}

const mensajeConflicto = (tipo: TipoPanel) =>
  `Otra persona cambió ${tipo.uno} mientras lo editabas. Abajo están los datos que escribiste y, al lado, cómo quedó; revisalos y guardá de nuevo si querés reemplazarlos.`;

/**
 * Changes an item whose version is still `input.version`, with the row locked; audited as
 * `gobierno.cambio` with the values before and after. An older version is a conflict: nothing is
 * written, and what was typed comes back with the new version.
 */
export async function updatePanel(db: Db, actor: Actor, tipo: TipoPanel, id: number, input: FormInput): Promise<ResultadoPanel> {
  if (!puede(actor, 'gobierno')) return PROHIBIDO;
  const version = firstValues(input).version;
  const leido = await leer(db, tipo, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  return db.transaction(async (tx): Promise<ResultadoPanel> => {
    const [antes] = (await tx
      .select()
      .from(tipo.tabla)
      .where(eq(columna(tipo, 'id'), id))
      .for('update')) as Fila[];
    if (!antes) return { tipo: 'no_encontrado' };
    const actual = versionDe(tipo, antes);
    if (version !== actual)
      return { tipo: 'conflicto', mensaje: mensajeConflicto(tipo), valores: leido.valores, version: actual, actual: valoresDe(tipo, antes) };
    const cambiados = tipo.campos.filter((c) => leido.datos[c.nombre] !== antes[c.nombre]);
    if (cambiados.length === 0) return { tipo: 'guardado', id, cambio: false };
    const datos = { ...leido.datos };
    // Moved to another group: it goes to the end of the new one.
    if (tipo.ordenable && tipo.grupo?.some((g) => datos[g] !== antes[g])) {
      const [{ m } = { m: null }] = await tx
        .select({ m: max(columna(tipo, 'orden')) })
        .from(tipo.tabla)
        .where(grupoWhere(tipo, datos));
      datos.orden = ((m as number | null) ?? -1) + 1;
    }
    const [despues] = (await tx
      .update(tipo.tabla)
      .set(datos as never)
      .where(eq(columna(tipo, 'id'), id))
      .returning()) as Fila[];
    await registrarAuditoria(tx, {
      actor,
      accion: `${tipo.auditoria ?? 'gobierno'}.cambio`,
      entidad: tipo.entidad,
      entidadId: id,
      antes: auditable(tipo, antes),
      despues: auditable(tipo, despues!),
    });
    return { tipo: 'guardado', id, cambio: true };
  });
}

export type ResultadoBaja = { tipo: 'borrado' } | { tipo: 'conflicto'; mensaje: string } | { tipo: 'no_encontrado' } | { tipo: 'prohibido'; mensaje: string };

/**
 * Deletes an item still at `version` (the one its confirmation page showed), audited as
 * `gobierno.baja` with its values. A kind with one current item is never deleted. What the
 * public pages show of it goes with it: these items have no public address of their own.
 */
export async function removePanel(db: Db, actor: Actor, tipo: TipoPanel, id: number, version: unknown): Promise<ResultadoBaja> {
  if (!puede(actor, 'gobierno')) return PROHIBIDO;
  if (tipo.unico) return { tipo: 'prohibido', mensaje: `${tipo.uno.charAt(0).toUpperCase()}${tipo.uno.slice(1)} no se borra: editalo.` };
  return db.transaction(async (tx): Promise<ResultadoBaja> => {
    const [antes] = (await tx
      .select()
      .from(tipo.tabla)
      .where(eq(columna(tipo, 'id'), id))
      .for('update')) as Fila[];
    if (!antes) return { tipo: 'no_encontrado' };
    if (version !== versionDe(tipo, antes))
      return { tipo: 'conflicto', mensaje: `Otra persona cambió ${tipo.uno} después de que abriste la confirmación: revisalo antes de borrarlo.` };
    await tx.delete(tipo.tabla).where(eq(columna(tipo, 'id'), id));
    await registrarAuditoria(tx, {
      actor,
      accion: `${tipo.auditoria ?? 'gobierno'}.baja`,
      entidad: tipo.entidad,
      entidadId: id,
      antes: auditable(tipo, antes),
    });
    return { tipo: 'borrado' };
  });
}

export type ResultadoMovida = { tipo: 'movido' | 'sin_cambio' | 'no_encontrado' } | { tipo: 'prohibido'; mensaje: string };

/**
 * Moves an item one place up or down among its group, rewriting the group's `orden` as 0, 1, 2…
 * with the group's rows locked; audited as `gobierno.orden`. At the edge: nothing changes.
 */
export async function moverPanel(db: Db, actor: Actor, tipo: TipoPanel, id: number, hacia: 'subir' | 'bajar'): Promise<ResultadoMovida> {
  if (!puede(actor, 'gobierno')) return PROHIBIDO;
  if (!tipo.ordenable) return { tipo: 'sin_cambio' };
  return db.transaction(async (tx): Promise<ResultadoMovida> => {
    const [fila] = (await tx
      .select()
      .from(tipo.tabla)
      .where(eq(columna(tipo, 'id'), id))
      .for('update')) as Fila[];
    if (!fila) return { tipo: 'no_encontrado' };
    const hermanos = (await tx
      .select()
      .from(tipo.tabla)
      .where(grupoWhere(tipo, fila))
      .orderBy(...ordenPublico(tipo))
      .for('update')) as Fila[];
    const ids = hermanos.map((h) => h.id);
    const i = ids.indexOf(id);
    const j = hacia === 'subir' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= ids.length) return { tipo: 'sin_cambio' };
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    for (const [orden, otro] of ids.entries()) {
      if (hermanos.find((h) => h.id === otro)!.orden === orden) continue;
      await tx
        .update(tipo.tabla)
        .set({ orden } as never)
        .where(eq(columna(tipo, 'id'), otro));
    }
    await registrarAuditoria(tx, {
      actor,
      accion: `${tipo.auditoria ?? 'gobierno'}.orden`,
      entidad: tipo.entidad,
      entidadId: id,
      antes: { posicion: i + 1 },
      despues: { posicion: j + 1 },
    });
    return { tipo: 'movido' };
  });
}

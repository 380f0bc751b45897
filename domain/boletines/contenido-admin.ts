import { createHash } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinesOficiales, boletinesOrdenanzas } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { urlSegura } from '#domain/shared/url-segura.ts';
import { z } from '#domain/shared/zod.ts';
import { LARGO_HTML_BOLETIN, LARGOS_ORDENANZA } from './campos.ts';

/**
 * What an official bulletin publishes, in the back-office (docs/decisions/050-un-solo-boletin.md):
 * its two HTML texts (legales, licitaciones), sanitised with the site's one allow-list before they
 * are stored (docs/decisions/022-boletin-vigente-en-el-panel.md), and its ordinances. Its decrees
 * are decretos-admin.ts. The latest bulletin is the current one, so what staff write here is what
 * /boletines-oficiales shows as «Boletín Vigente». Every write is audited as a change of the bulletin.
 */

const PROHIBIDO = 'Sólo un editor o un administrador puede cambiar lo que publica un boletín oficial.';

export const CAMPOS_TEXTOS = [
  { nombre: 'legales', etiqueta: 'Legales' },
  { nombre: 'licitaciones', etiqueta: 'Licitaciones' },
] as const;
type CampoTexto = (typeof CAMPOS_TEXTOS)[number]['nombre'];
type Textos = Record<CampoTexto, string>;

const textoHtml = (etiqueta: string) =>
  z
    .string({ error: `Escribí el texto de «${etiqueta}» o dejalo vacío.` })
    .default('')
    .pipe(z.string().max(LARGO_HTML_BOLETIN, { error: `Escribí «${etiqueta}» con hasta ${formatNumber(LARGO_HTML_BOLETIN)} caracteres.` }))
    .transform((v) => sanitizeStaffHtml(v));

const textosSchema = z.object({ legales: textoHtml('Legales'), licitaciones: textoHtml('Licitaciones') });

/** The version of the texts: a short hash of both, carried by the form. */
const versionTextos = (t: Textos): string =>
  createHash('sha256')
    .update(JSON.stringify([t.legales, t.licitaciones]))
    .digest('base64url')
    .slice(0, 22);

async function leerTextos(db: Db, boletinId: number, bloquear = false): Promise<Textos | undefined> {
  const consulta = db
    .select({ legales: boletinesOficiales.legales, licitaciones: boletinesOficiales.licitaciones })
    .from(boletinesOficiales)
    .where(eq(boletinesOficiales.id, boletinId));
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  return fila;
}

/** A bulletin's texts as stored, with their version; undefined when there is no such bulletin. */
export async function getTextosBoletin(db: Db, boletinId: number): Promise<(Textos & { version: string }) | undefined> {
  const t = await leerTextos(db, boletinId);
  return t && { ...t, version: versionTextos(t) };
}

export type ResultadoTextos =
  | { tipo: 'guardado'; cambio: boolean }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string; actual: Textos }
  | { tipo: 'no_encontrado' };

/**
 * Saves a bulletin's texts when they are still at `input.version`: sanitised, written with the
 * bulletin's row locked, audited `boletin.textos` with both texts before and after. Someone else
 * saved in between: a conflict with what was typed and how they are now. The same texts: nothing written.
 */
export async function saveTextosBoletin(db: Db, actor: Actor, boletinId: number, input: FormInput): Promise<ResultadoTextos> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const version = firstValues(input).version;
  const leido = readForm(textosSchema, input, { largo: LARGO_HTML_BOLETIN + 1 });
  const valores = leido.valores as Record<string, string>;
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores as Record<string, string>, valores };
  const datos = leido.datos;
  return db.transaction(async (t): Promise<ResultadoTextos> => {
    const tx = t as unknown as Db;
    const antes = await leerTextos(tx, boletinId, true);
    if (!antes) return { tipo: 'no_encontrado' };
    const actual = versionTextos(antes);
    if (version !== actual)
      return {
        tipo: 'conflicto',
        mensaje:
          'Otra persona cambió los textos de este boletín mientras los editabas. Abajo están los textos que escribiste y, al lado, cómo quedaron; revisalos y guardá de nuevo si querés reemplazarlos.',
        valores,
        version: actual,
        actual: antes,
      };
    if (datos.legales === antes.legales && datos.licitaciones === antes.licitaciones) return { tipo: 'guardado', cambio: false };
    await tx.update(boletinesOficiales).set(datos).where(eq(boletinesOficiales.id, boletinId));
    await registrarAuditoria(tx, { actor, accion: 'boletin.textos', entidad: 'boletin_oficial', entidadId: boletinId, antes, despues: datos });
    return { tipo: 'guardado', cambio: true };
  });
}

// ---------------------------------------------------------------------------------------------
// Its ordinances.

/** A page of this site: one `/` and no `//otro.sitio` (docs/decisions/022-boletin-vigente-en-el-panel.md). */
const rutaDelSitio = (v: string) => /^\/(?![/\\])[^\s\\]*$/.test(v);
const sinControles = (v: string) => !/\p{Cc}/u.test(v);

const MENSAJE_ENLACE =
  'Escribí en «Enlace» una dirección que empiece con https:// o http://, o una página de este sitio que empiece con /, por ejemplo /consulta-ordenanzas.';

const textoObligatorio = (falta: string, largo: number, etiqueta: string) =>
  z
    .string({ error: falta })
    .trim()
    .min(1, { error: falta })
    .max(largo, { error: `Escribí «${etiqueta}» con hasta ${formatNumber(largo)} caracteres.` })
    .refine(sinControles, { error: `Escribí «${etiqueta}» sólo con letras, números y signos comunes.` });

export const ordenanzaBoletinSchema = z.object({
  numero: textoObligatorio('Escribí el número de la ordenanza, por ejemplo 3456/2026.', LARGOS_ORDENANZA.numero, 'Número'),
  titulo: textoObligatorio('Escribí el título de la ordenanza.', LARGOS_ORDENANZA.titulo, 'Título'),
  link: textoObligatorio(MENSAJE_ENLACE, LARGOS_ORDENANZA.link, 'Enlace').refine((v) => urlSegura(v) || rutaDelSitio(v), { error: MENSAJE_ENLACE }),
});
export type CampoOrdenanzaBoletin = keyof z.output<typeof ordenanzaBoletinSchema>;

export type OrdenanzaDeBoletin = { id: number; numero: string; titulo: string; link: string };

/** A bulletin's ordinances, in its order. */
export function listOrdenanzasDeBoletin(db: Db, boletinId: number): Promise<OrdenanzaDeBoletin[]> {
  const o = boletinesOrdenanzas;
  return db.select({ id: o.id, numero: o.numero, titulo: o.titulo, link: o.link }).from(o).where(eq(o.boletinId, boletinId)).orderBy(asc(o.orden), asc(o.id));
}

type Errores = Partial<Record<CampoOrdenanzaBoletin, string>>;
export type ResultadoOrdenanzaBoletin =
  { tipo: 'guardado'; numero: string } | { tipo: 'invalido'; errores: Errores; valores: Errores } | { tipo: 'no_encontrado' };

/** Adds an ordinance at the end of the bulletin's list (audited `boletin.ordenanza_alta`), with the bulletin's row locked. */
export async function addOrdenanzaBoletin(ctx: Pick<AppContext, 'db'>, actor: Actor, boletinId: number, input: FormInput): Promise<ResultadoOrdenanzaBoletin> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(ordenanzaBoletinSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const datos = leido.datos;
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await leerTextos(tx, boletinId, true))) return { tipo: 'no_encontrado' } as const;
    const [ultimo] = await tx
      .select({ orden: max(boletinesOrdenanzas.orden) })
      .from(boletinesOrdenanzas)
      .where(eq(boletinesOrdenanzas.boletinId, boletinId));
    const orden = ultimo?.orden === null || ultimo?.orden === undefined ? 0 : ultimo.orden + 1;
    await tx.insert(boletinesOrdenanzas).values({ boletinId, ...datos, orden });
    await registrarAuditoria(tx, { actor, accion: 'boletin.ordenanza_alta', entidad: 'boletin_oficial', entidadId: boletinId, despues: datos });
    return { tipo: 'guardado', numero: datos.numero } as const;
  });
}

/** Removes one of the bulletin's ordinances (audited `boletin.ordenanza_baja`). */
export async function removeOrdenanzaBoletin(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  boletinId: number,
  ordenanzaId: number,
): Promise<{ tipo: 'borrado'; numero: string } | { tipo: 'no_encontrado' }> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [antes] = await tx
      .delete(boletinesOrdenanzas)
      .where(and(eq(boletinesOrdenanzas.id, ordenanzaId), eq(boletinesOrdenanzas.boletinId, boletinId)))
      .returning();
    if (!antes) return { tipo: 'no_encontrado' } as const;
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.ordenanza_baja',
      entidad: 'boletin_oficial',
      entidadId: boletinId,
      antes: { numero: antes.numero, titulo: antes.titulo, link: antes.link },
    });
    return { tipo: 'borrado', numero: antes.numero } as const;
  });
}

export type ResultadoMovidaOrdenanza = { tipo: 'movido' | 'sin_cambio'; numero: string } | { tipo: 'no_encontrado' };

/**
 * Moves one of the bulletin's ordinances a place up or down its list, the order the public page
 * shows: the list's `orden` rewritten as 0, 1, 2… with the bulletin's row locked, audited
 * `boletin.ordenanza_orden` with its place before and after. At either end: nothing changes.
 */
export async function moverOrdenanzaBoletin(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  boletinId: number,
  ordenanzaId: number,
  hacia: 'subir' | 'bajar',
): Promise<ResultadoMovidaOrdenanza> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  return ctx.db.transaction(async (t): Promise<ResultadoMovidaOrdenanza> => {
    const tx = t as unknown as Db;
    if (!(await leerTextos(tx, boletinId, true))) return { tipo: 'no_encontrado' };
    const o = boletinesOrdenanzas;
    const lista = await tx.select({ id: o.id, numero: o.numero, orden: o.orden }).from(o).where(eq(o.boletinId, boletinId)).orderBy(asc(o.orden), asc(o.id));
    const i = lista.findIndex((f) => f.id === ordenanzaId);
    if (i < 0) return { tipo: 'no_encontrado' };
    const numero = lista[i]!.numero;
    const j = hacia === 'subir' ? i - 1 : i + 1;
    if (j < 0 || j >= lista.length) return { tipo: 'sin_cambio', numero };
    [lista[i], lista[j]] = [lista[j]!, lista[i]!];
    for (const [orden, fila] of lista.entries()) if (fila.orden !== orden) await tx.update(o).set({ orden }).where(eq(o.id, fila.id));
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.ordenanza_orden',
      entidad: 'boletin_oficial',
      entidadId: boletinId,
      antes: { numero, posicion: i + 1 },
      despues: { numero, posicion: j + 1 },
    });
    return { tipo: 'movido', numero };
  });
}

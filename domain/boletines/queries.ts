import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales, boletinesOrdenanzas, documentos } from '#db/schema/index.ts';
import { type FuentesDeCambio, ultimoCambio } from '#domain/auditoria/queries.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { monthName } from '#domain/shared/meses.ts';
import type { DocumentoRef } from '#domain/shared/documento.ts';
import { formatNumeroDecreto } from '#domain/shared/numero-decreto.ts';

/**
 * One bulletin (docs/decisions/050-un-solo-boletin.md): the current bulletin is the latest official
 * bulletin by edition (year, month, number), and its texts, ordinances and decrees are that
 * bulletin's. Every reader of "the current bulletin" (the public page, the API, the open data) goes
 * through `vigenteId` below; the decree form's offer reads the same per-bulletin decree list.
 */

/** The edition the current bulletin is: its number, month, year and document. */
export type EdicionVigente = { id: number; numeroBoletinOficial: number; mes: number; anio: number; titulo: string; documento: DocumentoRef };
export type BoletinVigente = { legales: string; licitaciones: string; boletin: EdicionVigente | null };
export type OrdenanzaBoletin = { numero: string; titulo: string; link: string };
export type DecretoBoletin = { numero: string; descripcion: string; area: string };
/** Spec §3, official bulletin; `vigente`: it is the current bulletin. */
export type BoletinOficial = {
  id: number;
  documento: DocumentoRef;
  numeroBoletinOficial: number;
  mes: number;
  anio: number;
  mesAsString: string;
  anioDocumentoAsString: string;
  usuarioCreacion: string;
  fechaCreacion: string;
  vigente: boolean;
};

const patron = (p: string | undefined) => (p && p.trim() ? `%${p.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);

/** Newest edition first: year, month, number (the id breaks a tie no unique index allows). */
export const ORDEN_EDICION = [
  desc(boletinesOficiales.anio),
  desc(boletinesOficiales.mes),
  desc(boletinesOficiales.numeroBoletinOficial),
  desc(boletinesOficiales.id),
] as const;

/** The current bulletin's id, as a subquery (no row: there is no bulletin). */
const vigenteId = (db: Db) =>
  db
    .select({ id: boletinesOficiales.id })
    .from(boletinesOficiales)
    .orderBy(...ORDEN_EDICION)
    .limit(1);

/** How the public page names the current edition: «Boletín Oficial N° 325 – Noviembre 2026». */
export const tituloEdicion = (b: { numero: number; mes: number; anio: number }) => `Boletín Oficial N° ${b.numero} – ${monthName(b.mes)} ${b.anio}`;

/** The current bulletin: its edition and HTML texts, sanitised again on the way out (a row may predate the rules). */
export async function getBoletinVigente(db: Db): Promise<BoletinVigente> {
  const [row] = await db
    .select({
      id: boletinesOficiales.id,
      numero: boletinesOficiales.numeroBoletinOficial,
      mes: boletinesOficiales.mes,
      anio: boletinesOficiales.anio,
      legales: boletinesOficiales.legales,
      licitaciones: boletinesOficiales.licitaciones,
      documentoId: documentos.id,
      tamano: documentos.tamano,
      tipoContenido: documentos.tipoContenido,
    })
    .from(boletinesOficiales)
    .innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId))
    .orderBy(...ORDEN_EDICION)
    .limit(1);
  if (!row) return { legales: '', licitaciones: '', boletin: null };
  return {
    legales: sanitizeStaffHtml(row.legales),
    licitaciones: sanitizeStaffHtml(row.licitaciones),
    boletin: {
      id: row.id,
      numeroBoletinOficial: row.numero,
      mes: row.mes,
      anio: row.anio,
      titulo: tituloEdicion(row),
      documento: { id: row.documentoId, tamano: row.tamano, tipoContenido: row.tipoContenido },
    },
  };
}

/** The current bulletin's ordinances, in its order; `pattern` filters by number or title. */
export async function listOrdenanzasBoletin(db: Db, pattern?: string): Promise<OrdenanzaBoletin[]> {
  const p = patron(pattern);
  const o = boletinesOrdenanzas;
  return db
    .select({ numero: o.numero, titulo: o.titulo, link: o.link })
    .from(o)
    .where(and(inArray(o.boletinId, vigenteId(db)), p ? or(ilike(o.numero, p), ilike(o.titulo, p)) : undefined))
    .orderBy(asc(o.orden), asc(o.id));
}

/** The current bulletin's decrees (number as 1421/2026), by year and number; `pattern` filters by number, description or area. */
export async function listDecretosBoletin(db: Db, pattern?: string): Promise<DecretoBoletin[]> {
  const p = patron(pattern);
  const d = boletinesDecretos;
  const filas = await db
    .select({ numero: d.numero, anio: d.anio, descripcion: d.descripcion, area: d.area })
    .from(d)
    .where(
      and(
        inArray(d.boletinId, vigenteId(db)),
        p ? or(ilike(sql<string>`${d.numero}::text || '/' || ${d.anio}::text`, p), ilike(d.descripcion, p), ilike(d.area, p)) : undefined,
      ),
    )
    .orderBy(asc(d.anio), asc(d.numero));
  return filas.map((f) => ({ numero: formatNumeroDecreto(f), descripcion: f.descripcion, area: f.area }));
}

/** Official bulletins, newest first (by upload date, then number). */
export async function listBoletinesOficiales(db: Db, limite?: number): Promise<BoletinOficial[]> {
  const query = db
    .select({
      id: boletinesOficiales.id,
      documentoId: documentos.id,
      tamano: documentos.tamano,
      tipoContenido: documentos.tipoContenido,
      numero: boletinesOficiales.numeroBoletinOficial,
      mes: boletinesOficiales.mes,
      anio: boletinesOficiales.anio,
      usuarioCreacion: boletinesOficiales.usuarioCreacion,
      fechaCreacion: boletinesOficiales.fechaCreacion,
      vigente: sql<boolean>`${boletinesOficiales.id} = (${vigenteId(db)})`.mapWith(Boolean),
    })
    .from(boletinesOficiales)
    .innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId))
    .orderBy(desc(boletinesOficiales.fechaCreacion), desc(boletinesOficiales.numeroBoletinOficial), desc(boletinesOficiales.id));
  const rows = limite ? await query.limit(limite) : await query;
  return rows.map((r) => ({
    id: r.id,
    documento: { id: r.documentoId, tamano: r.tamano, tipoContenido: r.tipoContenido },
    numeroBoletinOficial: r.numero,
    mes: r.mes,
    anio: r.anio,
    mesAsString: monthName(r.mes),
    anioDocumentoAsString: String(r.anio),
    usuarioCreacion: r.usuarioCreacion,
    fechaCreacion: r.fechaCreacion.toISOString(),
    vigente: r.vigente,
  }));
}

/**
 * When the list of official bulletins last changed: the newest upload, or the newest change or
 * deletion staff made in the back-office (its audit entries), for the sitemap's lastmod and the
 * feed's updated. Undefined when there has never been a bulletin.
 */
export function ultimoCambioBoletines(db: Db): Promise<Date | undefined> {
  return ultimoCambio(db, FUENTES_BOLETINES);
}

/** The official bulletins' rows and audit entries (also the open-data catalogue's source, docs/decisions/025-datos-abiertos.md). */
export const FUENTES_BOLETINES: FuentesDeCambio = { columnas: [{ columna: boletinesOficiales.fechaCreacion }], entidades: ['boletin_oficial'] };

export type BoletinNuevo = { id: number; numero: number; mes: number; anio: number; documentoId: number };

/** Bulletins uploaded after `desdeId` (up to `hastaId`), oldest first, at most `limite`: what an alert reports (docs/decisions/024-alertas.md). */
export async function boletinesNuevos(db: Db, rango: { desdeId: number; hastaId: number }, limite = 50): Promise<BoletinNuevo[]> {
  return db
    .select({
      id: boletinesOficiales.id,
      numero: boletinesOficiales.numeroBoletinOficial,
      mes: boletinesOficiales.mes,
      anio: boletinesOficiales.anio,
      documentoId: boletinesOficiales.documentoId,
    })
    .from(boletinesOficiales)
    .where(and(gt(boletinesOficiales.id, rango.desdeId), lte(boletinesOficiales.id, rango.hastaId)))
    .orderBy(asc(boletinesOficiales.id))
    .limit(limite);
}

/** The id of the newest bulletin uploaded (0: none). */
export async function ultimoBoletinId(db: Db): Promise<number> {
  const [fila] = await db.select({ id: sql<number>`coalesce(max(${boletinesOficiales.id}), 0)`.mapWith(Number) }).from(boletinesOficiales);
  return fila?.id ?? 0;
}

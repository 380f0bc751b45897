import { and, asc, desc, eq, gt, ilike, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinVigente, boletinVigenteDecretos, boletinVigenteOrdenanzas, boletinesOficiales, documentos } from '#db/schema/index.ts';
import { type FuentesDeCambio, ultimoCambio } from '#domain/auditoria/queries.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { monthName } from '#domain/shared/meses.ts';
import type { DocumentoRef } from '#domain/shared/documento.ts';

export type BoletinVigente = { legales: string; licitaciones: string };
export type OrdenanzaBoletin = { numero: string; titulo: string; link: string };
export type DecretoBoletin = { numero: string; descripcion: string; area: string };
/** Spec §3, official bulletin. */
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
};

const patron = (p: string | undefined) => (p && p.trim() ? `%${p.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);

/** The current bulletin's HTML, sanitised again on the way out (a row may predate the rules). */
export async function getBoletinVigente(db: Db): Promise<BoletinVigente> {
  const [row] = await db
    .select({ legales: boletinVigente.legales, licitaciones: boletinVigente.licitaciones })
    .from(boletinVigente)
    .orderBy(desc(boletinVigente.id))
    .limit(1);
  return { legales: sanitizeStaffHtml(row?.legales ?? ''), licitaciones: sanitizeStaffHtml(row?.licitaciones ?? '') };
}

export async function listOrdenanzasBoletin(db: Db, pattern?: string): Promise<OrdenanzaBoletin[]> {
  const p = patron(pattern);
  return db
    .select({ numero: boletinVigenteOrdenanzas.numero, titulo: boletinVigenteOrdenanzas.titulo, link: boletinVigenteOrdenanzas.link })
    .from(boletinVigenteOrdenanzas)
    .where(p ? or(ilike(boletinVigenteOrdenanzas.numero, p), ilike(boletinVigenteOrdenanzas.titulo, p)) : undefined)
    .orderBy(asc(boletinVigenteOrdenanzas.orden), asc(boletinVigenteOrdenanzas.id));
}

export async function listDecretosBoletin(db: Db, pattern?: string): Promise<DecretoBoletin[]> {
  const p = patron(pattern);
  return db
    .select({ numero: boletinVigenteDecretos.numero, descripcion: boletinVigenteDecretos.descripcion, area: boletinVigenteDecretos.area })
    .from(boletinVigenteDecretos)
    .where(p ? or(ilike(boletinVigenteDecretos.numero, p), ilike(boletinVigenteDecretos.descripcion, p), ilike(boletinVigenteDecretos.area, p)) : undefined)
    .orderBy(asc(boletinVigenteDecretos.orden), asc(boletinVigenteDecretos.id));
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

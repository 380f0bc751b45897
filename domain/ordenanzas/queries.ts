import { type SQL, and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '#db/client.ts';
import { documentos, ordenanzas } from '#db/schema/index.ts';
import { ESTADO_TODOS, etiquetaEstado } from './estados.ts';
import { type FiltrosOrdenanzas, POR_PAGINA } from './schemas.ts';

export type ReferenciaOrdenanza = { id: number; numero: number; anio: number };

export type OrdenanzaResumen = {
  id: number;
  numero: number;
  anio: number;
  estado: number;
  estadoEtiqueta: string;
  /** ISO date (YYYY-MM-DD) or null when the register does not have it. */
  fechaEmision: string | null;
  descripcion: string;
  expediente: string | null;
  modificatoriaDe: ReferenciaOrdenanza | null;
  documentoId: number | null;
};

export type PaginaOrdenanzas = { items: OrdenanzaResumen[]; total: number; pagina: number; porPagina: number };

const modificada = alias(ordenanzas, 'modificada');

const columnas = {
  id: ordenanzas.id,
  numero: ordenanzas.numero,
  anio: ordenanzas.anio,
  estado: ordenanzas.estado,
  fechaEmision: ordenanzas.fechaEmision,
  descripcion: ordenanzas.descripcion,
  expediente: ordenanzas.expediente,
  documentoId: ordenanzas.documentoId,
  modId: modificada.id,
  modNumero: modificada.numero,
  modAnio: modificada.anio,
};

type Fila = {
  id: number;
  numero: number;
  anio: number;
  estado: number;
  fechaEmision: string | null;
  descripcion: string;
  expediente: string | null;
  documentoId: number | null;
  modId: number | null;
  modNumero: number | null;
  modAnio: number | null;
};

function aResumen(f: Fila): OrdenanzaResumen {
  return {
    id: f.id,
    numero: f.numero,
    anio: f.anio,
    estado: f.estado,
    estadoEtiqueta: etiquetaEstado(f.estado),
    fechaEmision: f.fechaEmision,
    descripcion: f.descripcion,
    expediente: f.expediente,
    modificatoriaDe: f.modId !== null ? { id: f.modId, numero: f.modNumero!, anio: f.modAnio! } : null,
    documentoId: f.documentoId,
  };
}

/**
 * The words typed, as the tsquery the index answers (public.f_consulta, migration 0002): each word
 * a prefix of its Spanish root, all required. Undefined when no searchable word is left (only stop
 * words such as 'de' or 'la'), which means no word filter.
 */
async function consultaDePalabras(db: Db, pattern: string | undefined): Promise<string | undefined> {
  if (!pattern) return undefined;
  const [row] = await queryRows<{ q: string | null }>(db, sql`select public.f_consulta(${pattern})::text as q`);
  return row?.q ?? undefined;
}

function condiciones(filtros: FiltrosOrdenanzas, consulta: string | undefined, soloConExpediente = false): SQL | undefined {
  return and(
    soloConExpediente ? isNotNull(ordenanzas.expediente) : undefined,
    filtros.estado !== ESTADO_TODOS ? eq(ordenanzas.estado, filtros.estado) : undefined,
    filtros.numero !== undefined ? eq(ordenanzas.numero, filtros.numero) : undefined,
    filtros.anio !== undefined ? eq(ordenanzas.anio, filtros.anio) : undefined,
    consulta !== undefined ? sql`${ordenanzas.busqueda} @@ ${consulta}::tsquery` : undefined,
  );
}

function orden(consulta: string | undefined): SQL[] {
  // (anio, numero) is unique, so it is a total order, and exactly the index's: no sort needed.
  const porNumero = [desc(ordenanzas.anio), desc(ordenanzas.numero)];
  if (consulta === undefined) return porNumero;
  return [desc(sql`ts_rank(${ordenanzas.busquedaTitulo}, ${consulta}::tsquery)`), ...porNumero];
}

/**
 * Ordinances matching every filter given: by relevance when words are given, else newest first
 * (year, then number). Número and Año match exactly; estado -1 means any.
 */
export async function searchOrdenanzas(
  db: Db,
  filtros: FiltrosOrdenanzas,
  opciones: { porPagina?: number; /** Only ordinances with an Expediente (the decree form's rule). */ soloConExpediente?: boolean } = {},
): Promise<PaginaOrdenanzas> {
  const porPagina = opciones.porPagina ?? POR_PAGINA;
  const offset = (filtros.pagina - 1) * porPagina;
  const consulta = await consultaDePalabras(db, filtros.pattern);
  const where = condiciones(filtros, consulta, opciones.soloConExpediente);
  const pagina = () =>
    db
      .select(columnas)
      .from(ordenanzas)
      .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
      .where(where)
      .orderBy(...orden(consulta))
      .limit(porPagina)
      .offset(offset);
  const contar = async () => (await db.select({ n: count() }).from(ordenanzas).where(where))[0]?.n ?? 0;

  if (consulta === undefined) {
    // Without words, the page comes straight off the (anio, numero) index and the count off an
    // index-only scan: two cheap queries, concurrent on PostgreSQL.
    const [filas, total] = await Promise.all([pagina(), contar()]);
    return { items: filas.map(aResumen), total, pagina: filtros.pagina, porPagina };
  }
  // With words, every match must be ranked anyway. One scan of the matches (a CTE used twice, so
  // materialised once) yields the count and the page; only the page's 25 rows are then joined.
  const coincidencias = db.$with('coincidencias').as(
    db
      .select({
        id: ordenanzas.id,
        anio: ordenanzas.anio,
        numero: ordenanzas.numero,
        rango: sql<number>`ts_rank(${ordenanzas.busquedaTitulo}, ${consulta}::tsquery)`.as('rango'),
      })
      .from(ordenanzas)
      .where(where),
  );
  const enPagina = db
    .$with('en_pagina')
    .as(
      db.select().from(coincidencias).orderBy(desc(coincidencias.rango), desc(coincidencias.anio), desc(coincidencias.numero)).limit(porPagina).offset(offset),
    );
  const filas = await db
    .with(coincidencias, enPagina)
    .select({ ...columnas, total: sql<number>`(select count(*) from ${coincidencias})`.mapWith(Number) })
    .from(enPagina)
    .innerJoin(ordenanzas, eq(ordenanzas.id, enPagina.id))
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .orderBy(desc(enPagina.rango), desc(enPagina.anio), desc(enPagina.numero));
  const total = filas[0]?.total ?? (offset > 0 ? await contar() : 0);
  return { items: filas.map(aResumen), total, pagina: filtros.pagina, porPagina };
}

/** Every match, in the search's order, a batch at a time: for exports of any size. */
export async function* iterateOrdenanzas(db: Db, filtros: Omit<FiltrosOrdenanzas, 'pagina'>, lote = 1000): AsyncGenerator<OrdenanzaResumen> {
  const consulta = await consultaDePalabras(db, filtros.pattern);
  const where = condiciones({ ...filtros, pagina: 1 }, consulta);
  for (let offset = 0; ; offset += lote) {
    const filas = await db
      .select(columnas)
      .from(ordenanzas)
      .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
      .where(where)
      .orderBy(...orden(consulta))
      .limit(lote)
      .offset(offset);
    for (const fila of filas) yield aResumen(fila);
    if (filas.length < lote) return;
  }
}

export type OrdenanzaDetalle = OrdenanzaResumen & {
  modificadaPor: (ReferenciaOrdenanza & { descripcion: string })[];
  /** Size in bytes of the document, for the download link's label. */
  documentoTamano: number | null;
};

async function detalle(db: Db, where: SQL): Promise<OrdenanzaDetalle | undefined> {
  const [fila] = await db
    .select({ ...columnas, documentoTamano: documentos.tamano })
    .from(ordenanzas)
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .leftJoin(documentos, eq(ordenanzas.documentoId, documentos.id))
    .where(where);
  if (!fila) return undefined;
  const modificadaPor = await db
    .select({ id: ordenanzas.id, numero: ordenanzas.numero, anio: ordenanzas.anio, descripcion: ordenanzas.descripcion })
    .from(ordenanzas)
    .where(eq(ordenanzas.modificatoriaDe, fila.id))
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero));
  return { ...aResumen(fila), modificadaPor, documentoTamano: fila.documentoTamano };
}

const enRangoInt = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647;

export function getOrdenanza(db: Db, id: number): Promise<OrdenanzaDetalle | undefined> {
  if (!enRangoInt(id)) return Promise.resolve(undefined);
  return detalle(db, eq(ordenanzas.id, id));
}

export function getOrdenanzaPorNumero(db: Db, anio: number, numero: number): Promise<OrdenanzaDetalle | undefined> {
  if (!enRangoInt(numero) || !Number.isInteger(anio) || anio < 1 || anio > 32767) return Promise.resolve(undefined);
  return detalle(db, and(eq(ordenanzas.anio, anio), eq(ordenanzas.numero, numero))!);
}

/** The document of an ordinance, for the original's `/Ordenanzas/?idOrdenanza=` links. */
export async function getDocumentoIdDeOrdenanza(db: Db, id: number): Promise<number | undefined> {
  if (!enRangoInt(id)) return undefined;
  const [fila] = await db.select({ documentoId: ordenanzas.documentoId }).from(ordenanzas).where(eq(ordenanzas.id, id));
  return fila?.documentoId ?? undefined;
}

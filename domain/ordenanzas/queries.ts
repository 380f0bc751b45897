import { type SQL, and, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { type Db, queryRows } from '#db/client.ts';
import { documentos, ordenanzas } from '#db/schema/index.ts';
import { ESTADO_TODOS, etiquetaEstado } from './estados.ts';
import { type FiltrosOrdenanzas, LIMITE_COINCIDENCIAS, POR_PAGINA } from './schemas.ts';

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

export type PaginaOrdenanzas = {
  items: OrdenanzaResumen[];
  /** With `conRangos` and words, each item's ts_rank on busqueda_titulo (0 past the ranked ones), for the site search. */
  rangos?: number[];
  /** Every match when `totalExacto`; otherwise the search stopped counting here and there are more. */
  total: number;
  totalExacto: boolean;
  pagina: number;
  porPagina: number;
};

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
  // The same words always give the same tsquery: the common searches skip a statement.
  const conocida = consultas.get(pattern);
  if (conocida) return conocida.q ?? undefined;
  const [row] = await queryRows<{ q: string | null }>(db, sql`select public.f_consulta(${pattern})::text as q`);
  const q = row?.q ?? null;
  consultas.set(pattern, { q });
  return q ?? undefined;
}

/** How many searches are remembered (tsquery and way of reading), the least recently used forgotten first. */
const RECORDADAS = 1_000;
/** The tsquery of some words; `null` when the words make none (only stop words, say). */
const consultas = new LRUCache<string, { q: string | null }>({ max: RECORDADAS });
const frecuencias = new LRUCache<string, { comun: boolean }>({ max: RECORDADAS });

/** What decides the way a search is read: its filters but the page, its words and its limit. */
function claveDeLectura(filtros: Omit<FiltrosOrdenanzas, 'pagina'>, consulta: string, limite: number, soloConExpediente = false): string {
  return JSON.stringify([filtros.estado, filtros.numero ?? null, filtros.anio ?? null, soloConExpediente, consulta, limite]);
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

/**
 * The search's WHERE for some filters (the page's words, estado, número and año), for lists that
 * show the same matches in another order: the saved search's Atom feed (docs/decisions/025-datos-abiertos.md).
 */
export async function condicionesDeBusqueda(db: Db, filtros: Omit<FiltrosOrdenanzas, 'pagina'>): Promise<SQL | undefined> {
  return condiciones({ ...filtros, pagina: 1 }, await consultaDePalabras(db, filtros.pattern));
}

type OpcionesBusqueda = {
  porPagina?: number;
  /** Only ordinances with an Expediente (the decree form's rule). */
  soloConExpediente?: boolean;
  /** LIMITE_COINCIDENCIAS unless given (tests use a small one). */
  limite?: number;
  /** RECORRIDO_MAXIMO unless given (tests use a small one to reach the fallback). */
  recorridoMaximo?: number;
  /** Also answer the rank each item was ordered by (`rangos`), so the site search ranks them without reading them again. */
  conRangos?: boolean;
};

/** Newest ordinances read to tell how common the words are (see `ventana`). */
const MUESTRA = 200;
/** A walk by date is chosen when the sample says it will find the matches within this many rows. */
const RECORRIDO_ESPERADO = 10_000;
/** Rows a walk by date reads at most before falling back to the GIN index. */
const RECORRIDO_MAXIMO = 2 * RECORRIDO_ESPERADO;

/**
 * Ordinances matching every filter given: by relevance when words are given, else newest first
 * (year, then number). Número and Año match exactly; estado -1 means any. With words, past
 * `limite` matches only the newest `limite` are ranked and the total is not exact (see
 * LIMITE_COINCIDENCIAS).
 */
export async function searchOrdenanzas(db: Db, filtros: FiltrosOrdenanzas, opciones: OpcionesBusqueda = {}): Promise<PaginaOrdenanzas> {
  const porPagina = opciones.porPagina ?? POR_PAGINA;
  const limite = opciones.limite ?? LIMITE_COINCIDENCIAS;
  const offset = (filtros.pagina - 1) * porPagina;
  const consulta = await consultaDePalabras(db, filtros.pattern);
  const where = condiciones(filtros, consulta, opciones.soloConExpediente);

  if (consulta === undefined) {
    // Without words, the page comes straight off the (anio, numero) index and the count off an
    // index-only scan: two cheap queries, concurrent on PostgreSQL.
    const [filas, total] = await Promise.all([porAntiguedad(db, where, porPagina, offset), contar(db, where)]);
    return { items: filas.map(aResumen), total, totalExacto: true, pagina: filtros.pagina, porPagina };
  }
  const sinPalabras = condiciones(filtros, undefined, opciones.soloConExpediente);
  const recorrido = opciones.recorridoMaximo ?? RECORRIDO_MAXIMO;
  const filas = await ventana(
    db,
    { where, sinPalabras, consulta, limite, recorrido },
    porPagina,
    offset,
    claveDeLectura(filtros, consulta, limite, opciones.soloConExpediente),
  );
  // A page past the end (or past the ranked ones) brings no rows, nor with them the count.
  const contadas = filas[0]?.total ?? (offset > 0 ? await contar(db, where, limite + 1) : 0);
  const totalExacto = contadas <= limite;
  const items = filas.map(aResumen);
  const rangos = filas.map((f) => f.rango);
  if (!totalExacto && offset + porPagina > limite) {
    // The page reaches past the ranked matches: the rest follow newest first.
    const desde = Math.max(offset, limite);
    items.push(...(await porAntiguedad(db, where, offset + porPagina - desde, desde)).map(aResumen));
  }
  return {
    items,
    ...(opciones.conRangos ? { rangos: items.map((_, i) => rangos[i] ?? 0) } : {}),
    total: Math.min(contadas, limite),
    totalExacto,
    pagina: filtros.pagina,
    porPagina,
  };
}

/** A page in the (anio, numero) index's order, newest first, with its columns. */
function porAntiguedad(db: Db, where: SQL | undefined, cantidad: number, offset: number): Promise<Fila[]> {
  return db
    .select(columnas)
    .from(ordenanzas)
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .where(where)
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero))
    .limit(cantidad)
    .offset(offset);
}

/** How many match; with `hasta`, counting stops there (so `hasta` reads as "at least that many"). */
async function contar(db: Db, where: SQL | undefined, hasta?: number): Promise<number> {
  if (hasta === undefined) return (await db.select({ n: count() }).from(ordenanzas).where(where))[0]?.n ?? 0;
  const algunas = db.select({ id: ordenanzas.id }).from(ordenanzas).where(where).limit(hasta).as('algunas');
  return (await db.select({ n: count() }).from(algunas))[0]?.n ?? 0;
}

type Busqueda = { where: SQL | undefined; sinPalabras: SQL | undefined; consulta: string; limite: number; recorrido: number };

/**
 * One page of the word search's order, each row with the count of matches up to `limite + 1`
 * (docs/decisions/002-busqueda.md). Only the newest `limite + 1` matches are read, found one of two
 * ways. When the newest MUESTRA ordinances say the words are common enough to find them within
 * RECORRIDO_ESPERADO rows, by walking the (anio, numero) index backwards and testing each row: it
 * never reads the GIN index, whose prefix matches cost most when words are found in thousands.
 * Otherwise, or when the walk reads `recorrido` rows without finding them all, the planner finds
 * them from the GIN index and a top-N sort.
 */
async function ventana(db: Db, b: Busqueda, porPagina: number, offset: number, clave: string) {
  if (await sonFrecuentesRecordado(db, b, clave)) {
    const filas = await rankeadas(db, recientesPorFecha(db, b), b, porPagina, offset);
    const contadas = filas[0]?.total;
    // Fewer than `limite + 1` found is every match only if the walk read every ordinance filtered.
    if (contadas !== undefined && (contadas > b.limite || (await contar(db, b.sinPalabras, b.recorrido + 1)) <= b.recorrido)) return filas;
  }
  return rankeadas(db, recientesPorIndice(db, b), b, porPagina, offset);
}

/**
 * Which way a search is read, remembered by its filters and words: the answer only chooses the
 * faster plan (both give the same rows, and a walk that falls short falls back to the index), so an
 * answer made stale by new ordinances costs time, never a wrong result. A repeated search skips the
 * sample's statement.
 */
async function sonFrecuentesRecordado(db: Db, b: Busqueda, clave: string): Promise<boolean> {
  const conocida = frecuencias.get(clave);
  if (conocida) return conocida.comun;
  const frecuentes = await sonFrecuentes(db, b);
  frecuencias.set(clave, { comun: frecuentes });
  return frecuentes;
}

async function sonFrecuentes(db: Db, { sinPalabras, consulta, limite }: Busqueda): Promise<boolean> {
  const muestra = db
    .select({ busqueda: ordenanzas.busqueda })
    .from(ordenanzas)
    .where(sinPalabras)
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero))
    .limit(MUESTRA)
    .as('muestra');
  const [fila] = await db.select({ leidas: count(), coinciden: count(sql`case when ${muestra.busqueda} @@ ${consulta}::tsquery then 1 end`) }).from(muestra);
  return fila !== undefined && fila.coinciden > 0 && fila.coinciden * RECORRIDO_ESPERADO >= (limite + 1) * fila.leidas;
}

/** The newest `limite + 1` matches as the planner finds them (the words stay in its WHERE). */
function recientesPorIndice(db: Db, { where, limite }: Busqueda) {
  return db
    .select({ id: ordenanzas.id, anio: ordenanzas.anio, numero: ordenanzas.numero, titulo: ordenanzas.busquedaTitulo })
    .from(ordenanzas)
    .where(where)
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero))
    .limit(limite + 1)
    .as('recientes');
}

/**
 * The newest `limite + 1` matches among the newest `recorrido` ordinances: the words are tested
 * outside a subquery with a LIMIT, which the planner cannot push them into, so it walks the index.
 */
function recientesPorFecha(db: Db, { sinPalabras, consulta, limite, recorrido }: Busqueda) {
  const ultimas = db
    .select({ id: ordenanzas.id, anio: ordenanzas.anio, numero: ordenanzas.numero, titulo: ordenanzas.busquedaTitulo, busqueda: ordenanzas.busqueda })
    .from(ordenanzas)
    .where(sinPalabras)
    .orderBy(desc(ordenanzas.anio), desc(ordenanzas.numero))
    .limit(recorrido)
    .as('ultimas');
  return db
    .select({ id: ultimas.id, anio: ultimas.anio, numero: ultimas.numero, titulo: ultimas.titulo })
    .from(ultimas)
    .where(sql`${ultimas.busqueda} @@ ${consulta}::tsquery`)
    .orderBy(desc(ultimas.anio), desc(ultimas.numero))
    .limit(limite + 1)
    .as('recientes');
}

/**
 * Ranks the newest `limite` of the matches `recientes` found (the one after them only tells that
 * there are more) on `busqueda_titulo`, and joins only the page's rows with their columns. The
 * matches are used twice, for the count and the page, so PostgreSQL materialises them once.
 */
function rankeadas(db: Db, recientes: ReturnType<typeof recientesPorIndice>, { consulta, limite }: Busqueda, porPagina: number, offset: number) {
  // Ranked outside the subquery, so only the rows it keeps are ranked, not every match it sorts.
  const coincidencias = db.$with('coincidencias').as(
    db
      .select({
        id: recientes.id,
        anio: recientes.anio,
        numero: recientes.numero,
        rango: sql<number>`ts_rank(${recientes.titulo}, ${consulta}::tsquery)`.as('rango'),
        n: sql<number>`row_number() over (order by ${recientes.anio} desc, ${recientes.numero} desc)`.as('n'),
      })
      .from(recientes),
  );
  const enPagina = db
    .$with('en_pagina')
    .as(
      db
        .select()
        .from(coincidencias)
        .where(lte(coincidencias.n, limite))
        .orderBy(desc(coincidencias.rango), desc(coincidencias.anio), desc(coincidencias.numero))
        .limit(porPagina)
        .offset(offset),
    );
  return db
    .with(coincidencias, enPagina)
    .select({
      ...columnas,
      rango: sql<number>`${enPagina.rango}`.mapWith(Number),
      total: sql<number>`(select count(*) from ${coincidencias})`.mapWith(Number),
    })
    .from(enPagina)
    .innerJoin(ordenanzas, eq(ordenanzas.id, enPagina.id))
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .orderBy(desc(enPagina.rango), desc(enPagina.anio), desc(enPagina.numero));
}

/**
 * Every match, in the search's order, a batch at a time: for exports of any size. With words, the
 * ranked matches first (one query), then the rest newest first, each batch after the last one read.
 */
export async function* iterateOrdenanzas(
  db: Db,
  filtros: Omit<FiltrosOrdenanzas, 'pagina'>,
  lote = 1000,
  limite = LIMITE_COINCIDENCIAS,
): AsyncGenerator<OrdenanzaResumen> {
  const consulta = await consultaDePalabras(db, filtros.pattern);
  const where = condiciones({ ...filtros, pagina: 1 }, consulta);
  const sinPalabras = condiciones({ ...filtros, pagina: 1 }, undefined);
  if (consulta === undefined) {
    for (let offset = 0; ; offset += lote) {
      const filas = await porAntiguedad(db, where, lote, offset);
      for (const fila of filas) yield aResumen(fila);
      if (filas.length < lote) return;
    }
  }
  const primeras = await ventana(
    db,
    { where, sinPalabras, consulta, limite, recorrido: RECORRIDO_MAXIMO },
    limite,
    0,
    claveDeLectura(filtros, consulta, limite),
  );
  for (const fila of primeras) yield aResumen(fila);
  if ((primeras[0]?.total ?? 0) <= limite) return;
  // The oldest ranked match is where the rest begin (anio, numero is unique and the index's order).
  let { anio, numero } = primeras.reduce((a, b) => (b.anio < a.anio || (b.anio === a.anio && b.numero < a.numero) ? b : a));
  for (;;) {
    const filas = await porAntiguedad(db, and(where, sql`(${ordenanzas.anio}, ${ordenanzas.numero}) < (${anio}, ${numero})`), lote, 0);
    for (const fila of filas) yield aResumen(fila);
    if (filas.length < lote) return;
    ({ anio, numero } = filas[filas.length - 1]!);
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

/**
 * Ordinances entered after `desdeId` (up to `hastaId`) that the public search with these filters
 * finds, oldest first, at most `limite`: what an alert reports as new (docs/decisions/024-alertas.md).
 * The same conditions and words as `searchOrdenanzas`, so "matches" means what the citizen saw.
 */
export async function ordenanzasNuevas(
  db: Db,
  filtros: Omit<FiltrosOrdenanzas, 'pagina'>,
  rango: { desdeId: number; hastaId: number },
  limite = 50,
): Promise<OrdenanzaResumen[]> {
  const consulta = await consultaDePalabras(db, filtros.pattern);
  // Words that make no query (only stop words) filter nothing on the page, nor here.
  const where = and(condiciones({ ...filtros, pagina: 1 }, consulta), sql`${ordenanzas.id} > ${rango.desdeId}`, lte(ordenanzas.id, rango.hastaId));
  const filas = await db
    .select(columnas)
    .from(ordenanzas)
    .leftJoin(modificada, eq(ordenanzas.modificatoriaDe, modificada.id))
    .where(where)
    .orderBy(ordenanzas.id)
    .limit(limite);
  return filas.map(aResumen);
}

/** The id of the newest ordinance entered (0: none). */
export async function ultimaOrdenanzaId(db: Db): Promise<number> {
  const [fila] = await db.select({ id: sql<number>`coalesce(max(${ordenanzas.id}), 0)`.mapWith(Number) }).from(ordenanzas);
  return fila?.id ?? 0;
}

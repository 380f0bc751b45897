/**
 * The public reads of citizen reports (docs/decisions/057-reclamos.md): the list with its filters,
 * the map's points and one report's page. What a visitor sees is the category, the place, the
 * description, the photos, the history with its public answers, the body it was sent to and the due
 * date; never who reported it (e-mail, name), never staff's notes or who changed a state. A hidden
 * report is left out of every list and its page only says that it was hidden.
 */
import { type SQL, and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type EstadoReclamo, ESTADOS_RECLAMO, areasMunicipales, categoriasReclamo, organismosReclamo, reclamos } from '#db/schema/index.ts';
import { esFechaValida, instanteEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { readForm } from '#domain/shared/form.ts';
import { parseCodigoReclamo } from '#domain/shared/codigo-seguimiento.ts';
import { z } from '#domain/shared/zod.ts';
import { ETIQUETAS_ESTADO, estaAbierto } from './etiquetas.ts';
import { fotosEHistorial } from './fotos-e-historial.ts';

export const POR_PAGINA = 25;
/** The map shows at most this many points of a filter, the newest. */
export const MAXIMO_PUNTOS = 500;
const PAGINA_MAXIMA = 100_000;

/** The canonical form of a report's code as people type it (any case, spaces, dashes or none), or undefined for anything that cannot be one. */
export function normalizarCodigoReclamo(texto: unknown): string | undefined {
  if (typeof texto !== 'string' || texto.length > 40) return undefined;
  return parseCodigoReclamo(texto);
}

/** A report's permanent page. */
export const rutaReclamo = (codigo: string) => `/reclamos/${codigo}`;

const MENSAJE_PAGINA = `Escribí un número de página entre 1 y ${formatNumber(PAGINA_MAXIMA)}, o dejalo vacío para ver la primera.`;
const MENSAJE_FECHA = 'Escribí la fecha como AAAA-MM-DD (por ejemplo 2026-11-29), o dejala vacía.';

const vacioComoNada = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v));

const fecha = vacioComoNada.pipe(z.string().refine(esFechaValida, MENSAJE_FECHA).optional()).optional();

/** The list's filters as they come in a URL (the page, the Atom feed): every one optional. */
export const filtrosReclamosSchema = z
  .object({
    categoria: vacioComoNada
      .pipe(
        z
          .string()
          .regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, 'Elegí una categoría de la lista.')
          .optional(),
      )
      .optional(),
    estado: vacioComoNada
      .pipe(
        z
          .string()
          .refine((v): v is EstadoReclamo => (ESTADOS_RECLAMO as readonly string[]).includes(v), 'Elegí un estado de la lista.')
          .transform((v) => v as EstadoReclamo)
          .optional(),
      )
      .optional(),
    barrio: vacioComoNada.pipe(z.string().max(100, 'El barrio puede tener hasta 100 caracteres.').optional()).optional(),
    desde: fecha,
    hasta: fecha,
    pagina: z
      .string()
      .trim()
      .transform((v) => (v === '' ? '1' : v))
      .pipe(
        z
          .string()
          .regex(/^\d+$/, MENSAJE_PAGINA)
          .transform(Number)
          .pipe(z.number({ error: MENSAJE_PAGINA }).int(MENSAJE_PAGINA).min(1, MENSAJE_PAGINA).max(PAGINA_MAXIMA, MENSAJE_PAGINA)),
      )
      .default(1),
  })
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, { message: 'La fecha «hasta» tiene que ser igual o posterior a «desde».', path: ['hasta'] });

export type FiltrosReclamos = z.output<typeof filtrosReclamosSchema>;
export type CampoFiltroReclamos = keyof FiltrosReclamos;
export type ValoresFiltroReclamos = Partial<Record<CampoFiltroReclamos, string>>;

export type ResultadoFiltrosReclamos =
  | { ok: true; filtros: FiltrosReclamos; valores: ValoresFiltroReclamos }
  | { ok: false; errores: Partial<Record<CampoFiltroReclamos, string>>; valores: ValoresFiltroReclamos };

export function parseFiltrosReclamos(params: URLSearchParams): ResultadoFiltrosReclamos {
  const leido = readForm(filtrosReclamosSchema, params, { largo: 200 });
  return leido.ok ? { ok: true, filtros: leido.datos, valores: leido.valores } : { ok: false, errores: leido.errores, valores: leido.valores };
}

/** The query string of a filter with some values changed, empty ones and the first page dropped: short addresses. */
export function consultaReclamos(valores: ValoresFiltroReclamos, cambios: ValoresFiltroReclamos = {}): string {
  const params = new URLSearchParams();
  for (const clave of ['categoria', 'estado', 'barrio', 'desde', 'hasta', 'pagina'] as const) {
    const valor = (clave in cambios ? cambios[clave] : valores[clave]) ?? '';
    if (valor.trim() !== '' && !(clave === 'pagina' && valor.trim() === '1')) params.set(clave, valor.trim());
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

export const urlListaReclamos = (valores: ValoresFiltroReclamos, cambios: ValoresFiltroReclamos = {}) => `/reclamos${consultaReclamos(valores, cambios)}`;
export const urlFeedReclamos = (valores: ValoresFiltroReclamos) => `/reclamos/feed.atom${consultaReclamos(valores, { pagina: '' })}`;

/** What a filter keeps, without its page: visible reports only, always. */
function condiciones(filtros: Omit<FiltrosReclamos, 'pagina'>): SQL | undefined {
  const partes: (SQL | undefined)[] = [isNull(reclamos.ocultoEn)];
  if (filtros.categoria) partes.push(eq(categoriasReclamo.codigo, filtros.categoria));
  if (filtros.estado) partes.push(eq(reclamos.estado, filtros.estado));
  if (filtros.barrio) partes.push(eq(reclamos.barrio, filtros.barrio));
  // Days of creation in Argentina: from the start of `desde` to the start of the day after `hasta`.
  if (filtros.desde) partes.push(gte(reclamos.createdAt, instanteEnArgentina(`${filtros.desde}T00:00`)!));
  if (filtros.hasta) partes.push(lt(reclamos.createdAt, instanteEnArgentina(`${sumarDias(filtros.hasta, 1)}T00:00`)!));
  return and(...partes);
}

export type ReclamoResumen = {
  id: number;
  codigo: string;
  categoria: string;
  direccion: string;
  barrio: string;
  estado: EstadoReclamo;
  estadoEtiqueta: string;
  descripcion: string;
  createdAt: Date;
  updatedAt: Date;
};

export type PuntoReclamo = { id: number; codigo: string; categoria: string; estado: EstadoReclamo; estadoEtiqueta: string; latitud: number; longitud: number };

export type ListaReclamos = { items: ReclamoResumen[]; total: number; pagina: number; porPagina: number; puntos: PuntoReclamo[] };

const columnasResumen = {
  id: reclamos.id,
  codigo: reclamos.codigo,
  categoria: categoriasReclamo.nombre,
  direccion: reclamos.direccion,
  barrio: reclamos.barrio,
  estado: reclamos.estado,
  descripcion: reclamos.descripcion,
  createdAt: reclamos.createdAt,
  updatedAt: reclamos.updatedAt,
};

const conEtiqueta = <T extends { estado: EstadoReclamo }>(fila: T) => ({ ...fila, estadoEtiqueta: ETIQUETAS_ESTADO[fila.estado] });

/** One page of the visible reports a filter keeps, newest first, with the count and the map's points. */
export async function listReclamosPublicos(db: Db, filtros: FiltrosReclamos, opciones: { porPagina?: number } = {}): Promise<ListaReclamos> {
  const porPagina = opciones.porPagina ?? POR_PAGINA;
  const donde = condiciones(filtros);
  const [filas, [total], puntos] = await Promise.all([
    db
      .select(columnasResumen)
      .from(reclamos)
      .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
      .where(donde)
      .orderBy(desc(reclamos.createdAt), desc(reclamos.id))
      .limit(porPagina)
      .offset((filtros.pagina - 1) * porPagina),
    db.select({ n: count() }).from(reclamos).innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId)).where(donde),
    db
      .select({
        id: reclamos.id,
        codigo: reclamos.codigo,
        categoria: categoriasReclamo.nombre,
        estado: reclamos.estado,
        latitud: reclamos.latitud,
        longitud: reclamos.longitud,
      })
      .from(reclamos)
      .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
      .where(donde)
      .orderBy(desc(reclamos.createdAt), desc(reclamos.id))
      .limit(MAXIMO_PUNTOS),
  ]);
  return { items: filas.map(conEtiqueta), total: total?.n ?? 0, pagina: filtros.pagina, porPagina, puntos: puntos.map(conEtiqueta) };
}

/** The newest visible reports of a filter, for its Atom feed. */
export async function listReclamosRecientes(db: Db, filtros: Omit<FiltrosReclamos, 'pagina'>, limite: number): Promise<ReclamoResumen[]> {
  const filas = await db
    .select(columnasResumen)
    .from(reclamos)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
    .where(condiciones(filtros))
    .orderBy(desc(reclamos.createdAt), desc(reclamos.id))
    .limit(limite);
  return filas.map(conEtiqueta);
}

/** The filter form's choices: the categories (active, or with a visible report) and the neighbourhoods with visible reports. */
export async function opcionesFiltroReclamos(db: Db): Promise<{ categorias: { codigo: string; nombre: string }[]; barrios: string[] }> {
  const [categorias, barrios] = await Promise.all([
    db
      .select({ codigo: categoriasReclamo.codigo, nombre: categoriasReclamo.nombre })
      .from(categoriasReclamo)
      .where(
        sql`${categoriasReclamo.activa} or exists (select 1 from ${reclamos} where ${reclamos.categoriaId} = ${categoriasReclamo.id} and ${reclamos.ocultoEn} is null)`,
      )
      .orderBy(asc(categoriasReclamo.orden), asc(categoriasReclamo.nombre)),
    db
      .selectDistinct({ barrio: reclamos.barrio })
      .from(reclamos)
      .where(and(isNull(reclamos.ocultoEn), sql`${reclamos.barrio} <> ''`))
      .orderBy(asc(reclamos.barrio))
      .limit(200),
  ]);
  return { categorias, barrios: barrios.map((b) => b.barrio) };
}

/** The codes of every visible report with its last change, for the sitemap. */
export async function listPermalinksReclamos(db: Db, limite = 10_000): Promise<{ codigo: string; updatedAt: Date }[]> {
  return db
    .select({ codigo: reclamos.codigo, updatedAt: reclamos.updatedAt })
    .from(reclamos)
    .where(isNull(reclamos.ocultoEn))
    .orderBy(desc(reclamos.createdAt))
    .limit(limite);
}

export type ReclamoPublico = {
  codigo: string;
  categoria: { codigo: string; nombre: string };
  estado: EstadoReclamo;
  estadoEtiqueta: string;
  abierto: boolean;
  descripcion: string;
  direccion: string;
  barrio: string;
  latitud: number;
  longitud: number;
  /** The extra questions answered, with their labels, in the category's order. */
  respuestas: { etiqueta: string; valor: string }[];
  fotos: { web: string; miniatura: string; orden: number }[];
  historial: { estado: EstadoReclamo; estadoEtiqueta: string; fecha: Date; respuesta: string; organismo: string | null }[];
  area: string | null;
  organismo: { nombre: string; derivadoEn: Date | null } | null;
  /** The due date while the report is open ('AAAA-MM-DD'). */
  venceEl: string | null;
  duplicadoDe: { codigo: string } | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ConsultaReclamo = { tipo: 'encontrado'; reclamo: ReclamoPublico } | { tipo: 'oculto' } | { tipo: 'inexistente' };

/** A photo's public addresses: the web size and the thumbnail of the stored image (server/documentos.ts). */
const urlFoto = (documentoId: number, tamano: 'web' | 'miniatura') => `/api/v1/documentos/${documentoId}?tamano=${tamano}`;

/** How an answer to an extra question reads: a choice by its name, yes/no in words. */
function valorRespuesta(pregunta: { tipo: string; opciones?: { clave: string; nombre: string }[] | undefined }, valor: string): string {
  if (pregunta.tipo === 'opcion') return pregunta.opciones?.find((o) => o.clave === valor)?.nombre ?? valor;
  if (pregunta.tipo === 'si_no') return valor === 'si' || valor === 'true' ? 'Sí' : valor === 'no' || valor === 'false' ? 'No' : valor;
  return valor;
}

/** One report's public page by its code; a hidden one says only that. */
export async function getReclamoPublico(db: Db, codigoTexto: string): Promise<ConsultaReclamo> {
  const codigo = normalizarCodigoReclamo(codigoTexto);
  if (!codigo) return { tipo: 'inexistente' };
  const [fila] = await db
    .select({
      id: reclamos.id,
      codigo: reclamos.codigo,
      categoriaCodigo: categoriasReclamo.codigo,
      categoriaNombre: categoriasReclamo.nombre,
      preguntas: categoriasReclamo.preguntas,
      estado: reclamos.estado,
      descripcion: reclamos.descripcion,
      direccion: reclamos.direccion,
      barrio: reclamos.barrio,
      latitud: reclamos.latitud,
      longitud: reclamos.longitud,
      respuestas: reclamos.respuestas,
      area: areasMunicipales.nombre,
      organismo: organismosReclamo.nombre,
      derivadoEn: reclamos.derivadoEn,
      venceEl: reclamos.venceEl,
      duplicadoDe: reclamos.duplicadoDe,
      ocultoEn: reclamos.ocultoEn,
      createdAt: reclamos.createdAt,
      updatedAt: reclamos.updatedAt,
    })
    .from(reclamos)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
    .leftJoin(areasMunicipales, eq(areasMunicipales.id, reclamos.areaId))
    .leftJoin(organismosReclamo, eq(organismosReclamo.id, reclamos.organismoId))
    .where(eq(reclamos.codigo, codigo))
    .limit(1);
  if (!fila) return { tipo: 'inexistente' };
  if (fila.ocultoEn) return { tipo: 'oculto' };

  const [{ fotos, historial }, original] = await Promise.all([
    fotosEHistorial(db, fila.id, 'publica'),
    fila.duplicadoDe === null
      ? Promise.resolve([])
      : db
          .select({ codigo: reclamos.codigo })
          .from(reclamos)
          .where(and(eq(reclamos.id, fila.duplicadoDe), isNull(reclamos.ocultoEn)))
          .limit(1),
  ]);

  const respuestas: ReclamoPublico['respuestas'] = [];
  for (const pregunta of fila.preguntas) {
    const valor = fila.respuestas[pregunta.codigo];
    if (typeof valor === 'string' && valor.trim() !== '') respuestas.push({ etiqueta: pregunta.etiqueta, valor: valorRespuesta(pregunta, valor) });
  }
  const abierto = estaAbierto(fila.estado);
  return {
    tipo: 'encontrado',
    reclamo: {
      codigo: fila.codigo,
      categoria: { codigo: fila.categoriaCodigo, nombre: fila.categoriaNombre },
      estado: fila.estado,
      estadoEtiqueta: ETIQUETAS_ESTADO[fila.estado],
      abierto,
      descripcion: fila.descripcion,
      direccion: fila.direccion,
      barrio: fila.barrio,
      latitud: fila.latitud,
      longitud: fila.longitud,
      respuestas,
      fotos: fotos.map((f) => ({ orden: f.orden, web: urlFoto(f.documentoId, 'web'), miniatura: urlFoto(f.documentoId, 'miniatura') })),
      historial,
      area: fila.area,
      organismo: fila.organismo ? { nombre: fila.organismo, derivadoEn: fila.derivadoEn } : null,
      venceEl: abierto ? fila.venceEl : null,
      duplicadoDe: fila.estado === 'duplicado' && original[0] ? { codigo: original[0].codigo } : null,
      createdAt: fila.createdAt,
      updatedAt: fila.updatedAt,
    },
  };
}

/** A category's name by its public code, or undefined. */
export async function getCategoriaNombre(db: Db, codigo: string): Promise<string | undefined> {
  const [fila] = await db.select({ nombre: categoriasReclamo.nombre }).from(categoriasReclamo).where(eq(categoriasReclamo.codigo, codigo)).limit(1);
  return fila?.nombre;
}

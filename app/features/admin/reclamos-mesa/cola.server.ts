/**
 * What the staff's pages of citizen reports share (docs/decisions/057-reclamos.md): the queue's
 * filters as the address carries them, read and checked into domain/reclamos/cola.ts's filters;
 * each open report's clock said in words; the choices of the filters' selects; and a report's id
 * from its tracking code.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#db/client.ts';
import { type EstadoReclamo, areasMunicipales, categoriasReclamo, reclamos, usuarios } from '#db/schema/index.ts';
import { diasHabilesEntre, sumarDiasHabiles } from '#domain/plazos/calendario.ts';
import { getFeriados, getReglasPlazo } from '#domain/plazos/queries.ts';
import type { FiltrosCola } from '#domain/reclamos/cola.ts';
import { type CampoFiltro, CAMPOS_FILTRO, ESTADOS_FILTRO } from './campos.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { type Fecha, esFechaValida, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatCalendarDate } from '#domain/shared/formato.ts';
import { PERMISOS } from '#domain/shared/permisos.ts';

export type FiltrosLeidos = {
  /** What the address said, each as typed (to fill the form back). */
  valores: Partial<Record<CampoFiltro, string>>;
  errores: Partial<Record<CampoFiltro, string>>;
  filtros: FiltrosCola;
  pagina: number;
  /** The filters as a query string (without the page), for the pages' links, the CSV and the map. */
  enlace: string;
  hayFiltros: boolean;
};

const ID = /^[1-9]\d{0,9}$/;
const esId = (v: string) => ID.test(v) && Number(v) <= 2_147_483_647;

/**
 * The queue's filters from the address. A value that is not one of the form's choices is an error
 * said in Spanish next to its field, never a failure; `asignado=yo` is the person reading and
 * `asignado=nadie` the reports assigned to no person.
 */
export function leerFiltros(params: URLSearchParams, actor: Actor): FiltrosLeidos {
  const valores: FiltrosLeidos['valores'] = {};
  for (const c of CAMPOS_FILTRO) {
    const v = params.get(c);
    if (v !== null && v.trim() !== '') valores[c] = v.trim().slice(0, 200);
  }
  const errores: FiltrosLeidos['errores'] = {};
  const filtros: FiltrosCola = {};
  if (valores.q) filtros.q = valores.q;
  if (valores.categoria) {
    if (esId(valores.categoria)) filtros.categoriaId = Number(valores.categoria);
    else errores.categoria = 'Elegí una categoría de la lista.';
  }
  if (valores.area) {
    if (esId(valores.area)) filtros.areaId = Number(valores.area);
    else errores.area = 'Elegí un área de la lista.';
  }
  if (valores.estado) {
    if ((ESTADOS_FILTRO as readonly string[]).includes(valores.estado)) filtros.estado = valores.estado as EstadoReclamo | 'abiertos';
    else errores.estado = 'Elegí un estado de la lista.';
  }
  if (valores.asignado) {
    if (valores.asignado === 'yo') filtros.asignadoA = actor.usuarioId;
    else if (valores.asignado === 'nadie') filtros.asignadoA = null;
    else errores.asignado = 'Elegí «A mí» o «Sin asignar», o dejalo en «Cualquiera».';
  }
  for (const campo of ['desde', 'hasta'] as const) {
    const v = valores[campo];
    if (!v) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(v) && esFechaValida(v)) filtros[campo] = v;
    else errores[campo] = 'Escribí una fecha válida, por ejemplo 2026-03-31.';
  }
  if (filtros.desde && filtros.hasta && filtros.desde > filtros.hasta) errores.hasta = 'La fecha «hasta» tiene que ser igual o posterior a «desde».';
  const paginaTexto = params.get('pagina') ?? '1';
  const pagina = /^\d{1,5}$/.test(paginaTexto) && Number(paginaTexto) >= 1 ? Number(paginaTexto) : 1;
  const enlace = new URLSearchParams(Object.entries(valores).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  return { valores, errores, filtros, pagina, enlace, hayFiltros: Object.keys(valores).length > 0 };
}

const plural = (n: number, uno: string, varios: string) => (n === 1 ? `1 ${uno}` : `${n} ${varios}`);

export type RelojEnPagina = { vence: Fecha; venceTexto: string; estado: 'en_plazo' | 'por_vencer' | 'vencida'; texto: string };

/**
 * The clocks of a page's reports said in words: «vence en 2 días hábiles», «vence hoy»,
 * «venció hace 3 días hábiles»; with one read of the holidays for the whole page.
 */
export async function relojesEnPalabras(
  db: Db,
  ahora: Date,
): Promise<(plazo: { vence: Fecha; diasHabilesRestantes: number; estado: RelojEnPagina['estado'] } | null) => RelojEnPagina | null> {
  const hoy = fechaEnArgentina(ahora);
  // The holidays of the last year too: a report may be overdue since long ago.
  const feriados = await getFeriados(db, sumarDias(hoy, -366));
  return (plazo) => {
    if (!plazo) return null;
    let texto: string;
    if (plazo.vence === hoy) texto = 'vence hoy';
    else if (plazo.vence > hoy) texto = `vence en ${plural(plazo.diasHabilesRestantes, 'día hábil', 'días hábiles')}`;
    else {
      const pasados = diasHabilesEntre(plazo.vence, hoy, feriados);
      texto = pasados === 0 ? 'venció el último día hábil' : `venció hace ${plural(pasados, 'día hábil', 'días hábiles')}`;
    }
    return { vence: plazo.vence, venceTexto: formatCalendarDate(plazo.vence), estado: plazo.estado, texto };
  };
}

/** The selects' choices: categories (active or not: old reports keep theirs), areas and the staff who may answer. */
export async function opcionesDeLaMesa(db: Db) {
  const [categorias, areas, personal] = await Promise.all([
    db
      .select({ id: categoriasReclamo.id, nombre: categoriasReclamo.nombre })
      .from(categoriasReclamo)
      .orderBy(asc(categoriasReclamo.orden), asc(categoriasReclamo.nombre)),
    db
      .select({ id: areasMunicipales.id, nombre: areasMunicipales.nombre })
      .from(areasMunicipales)
      .orderBy(asc(areasMunicipales.orden), asc(areasMunicipales.nombre)),
    db
      .select({ id: usuarios.id, nombre: usuarios.nombre, apellido: usuarios.apellido })
      .from(usuarios)
      .where(and(eq(usuarios.activo, true), inArray(usuarios.rol, [...PERMISOS.reclamos])))
      .orderBy(asc(usuarios.apellido), asc(usuarios.nombre)),
  ]);
  return { categorias, areas, personal: personal.map((u) => ({ id: u.id, nombre: `${u.nombre} ${u.apellido}`.trim() })) };
}

/** What reads as a tracking code: the page's parameter before any look-up. */
const CODIGO = /^RC-\d{4}-[0-9A-Z-]{3,20}$/;

/** A report's id from its code (upper-cased), or undefined. */
export async function idPorCodigo(db: Db, codigo: string | undefined): Promise<number | undefined> {
  const c = (codigo ?? '').trim().toUpperCase();
  if (!CODIGO.test(c)) return undefined;
  const [fila] = await db.select({ id: reclamos.id }).from(reclamos).where(eq(reclamos.codigo, c));
  return fila?.id;
}

/**
 * The barrio most reports of each cell of the heat map name (cells of 1/1000 of a degree, as
 * domain/reclamos/cola.ts's `mapaDeCalor`), keyed `lat|lon` by the cell's centre; for the table.
 */
export async function barriosDeCeldas(db: Db, desde: Fecha, hasta: Fecha, categoriaId?: number): Promise<Map<string, string>> {
  const filas = await queryRows<{ la: number | string; lo: number | string; barrio: string }>(
    db,
    sql`select distinct on (1, 2) floor(latitud * 1000::float8) as la, floor(longitud * 1000::float8) as lo, barrio
          from reclamos
         where created_at >= ${new Date(`${desde}T00:00:00-03:00`).toISOString()}::timestamptz
           and created_at < ${new Date(`${sumarDias(hasta, 1)}T00:00:00-03:00`).toISOString()}::timestamptz
           and estado <> 'duplicado' and barrio <> ''
           ${categoriaId === undefined ? sql`` : sql`and categoria_id = ${categoriaId}`}
         group by 1, 2, barrio
         order by 1, 2, count(*) desc, barrio`,
  );
  const centro = (celda: number) => Math.round(((celda + 0.5) / 1000) * 1e6) / 1e6;
  return new Map(filas.map((f) => [`${centro(Number(f.la))}|${centro(Number(f.lo))}`, f.barrio]));
}

/**
 * The dashboard's counts of open reports: all of them, those whose due date is near (the same
 * rule as the queue's clock: `diasPorVencer` business days or fewer left) and those past it.
 */
export async function contarReclamosAbiertos(db: Db, ahora: Date): Promise<{ abiertos: number; porVencer: number; vencidos: number }> {
  const hoy = fechaEnArgentina(ahora);
  const [reglas, feriados] = await Promise.all([getReglasPlazo(db), getFeriados(db, hoy)]);
  // A report is near its date while fewer than diasPorVencer + 1 business days are left.
  const limite = sumarDiasHabiles(hoy, reglas.diasPorVencer + 1, feriados);
  const [fila] = await queryRows<{ abiertos: number | string; por_vencer: number | string; vencidos: number | string }>(
    db,
    sql`select count(*) as abiertos,
               count(*) filter (where vence_el >= ${hoy}::date and vence_el < ${limite}::date) as por_vencer,
               count(*) filter (where vence_el < ${hoy}::date) as vencidos
          from reclamos
         where estado in ('recibido', 'en_curso', 'derivado')`,
  );
  return { abiertos: Number(fila?.abiertos ?? 0), porVencer: Number(fila?.por_vencer ?? 0), vencidos: Number(fila?.vencidos ?? 0) };
}

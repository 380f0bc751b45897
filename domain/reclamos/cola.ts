/**
 * The staff's reads of citizen reports (docs/decisions/057-reclamos.md): the queue with each
 * report's clock in business days, one report with its history and, for those allowed, its
 * reporter; the CSV export and the heat map (never the reporter); and the proof of service, the
 * passes of the category's vehicles near the point before it was reported.
 */
import { stringify } from 'csv-stringify/sync';
import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#db/client.ts';
import { type EstadoReclamo, ESTADOS_RECLAMO, areasMunicipales, categoriasReclamo, organismosReclamo, reclamos, usuarios } from '#db/schema/index.ts';
import { type EstadoPlazo, diasHabilesEntre } from '#domain/plazos/calendario.ts';
import { getFeriados, getReglasPlazo } from '#domain/plazos/queries.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { celdaSegura } from '#domain/shared/csv.ts';
import { type Fecha, esFechaValida, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { escaparLike } from '#domain/shared/texto.ts';
import { type Pasada, listPasadas } from '#domain/vehiculos/pasadas.ts';
import { ESTADOS_ABIERTOS, ETIQUETAS_ESTADO, estaAbierto } from './etiquetas.ts';
import { fotosEHistorial } from './fotos-e-historial.ts';

export const SIN_PERMISO_COLA = 'Tu usuario no puede ver los reclamos: son de la mesa de entradas, de los editores y de administración.';

export const POR_PAGINA_COLA = 50;

export type FiltrosCola = {
  categoriaId?: number;
  areaId?: number;
  /** A state, or 'abiertos' for recibido, en curso and derivado. */
  estado?: EstadoReclamo | 'abiertos';
  /** A person's id, or null for the reports assigned to no person (an area may still be set). */
  asignadoA?: number | null;
  /** Received from this day (Argentina) on, 'AAAA-MM-DD'. */
  desde?: Fecha;
  /** Received up to this day included. */
  hasta?: Fecha;
  /** A tracking code, or words of the description or the address. */
  q?: string;
};

/** An open report's clock: its due date, business days left and how urgent it is. */
export type PlazoReclamo = { vence: Fecha; diasHabilesRestantes: number; estado: EstadoPlazo };

export type ReclamoEnCola = {
  id: number;
  codigo: string;
  categoriaId: number;
  categoria: string;
  estado: EstadoReclamo;
  estadoEtiqueta: string;
  direccion: string;
  barrio: string;
  descripcion: string;
  createdAt: Date;
  area: string | null;
  asignadoA: number | null;
  asignadoNombre: string | null;
  organismo: string | null;
  oculto: boolean;
  /** Null for a closed report: no clock runs. */
  plazo: PlazoReclamo | null;
};

/** Buenos Aires has had no daylight saving time since 2009: a calendar day there starts at 03:00 UTC. */
const inicioDelDia = (dia: Fecha) => new Date(`${dia}T00:00:00-03:00`);

/** What reads as a tracking code (RC-2026-XXX-XXX-XXX): matched exactly, never as words. */
const CODIGO = /^RC-\d{4}-[0-9A-Z-]+$/;

function condiciones(filtros: FiltrosCola): SQL | undefined {
  const r = reclamos;
  const c: (SQL | undefined)[] = [];
  if (filtros.categoriaId !== undefined) c.push(eq(r.categoriaId, filtros.categoriaId));
  if (filtros.areaId !== undefined) c.push(eq(r.areaId, filtros.areaId));
  if (filtros.asignadoA === null) c.push(isNull(r.asignadoA));
  else if (filtros.asignadoA !== undefined) c.push(eq(r.asignadoA, filtros.asignadoA));
  if (filtros.estado === 'abiertos') c.push(inArray(r.estado, [...ESTADOS_ABIERTOS]));
  else if (filtros.estado !== undefined && (ESTADOS_RECLAMO as readonly string[]).includes(filtros.estado)) c.push(eq(r.estado, filtros.estado));
  if (filtros.desde !== undefined && esFechaValida(filtros.desde)) c.push(gte(r.createdAt, inicioDelDia(filtros.desde)));
  if (filtros.hasta !== undefined && esFechaValida(filtros.hasta)) c.push(lt(r.createdAt, inicioDelDia(sumarDias(filtros.hasta, 1))));
  const q = filtros.q?.trim().slice(0, 200);
  if (q) {
    const codigo = q.toUpperCase();
    if (CODIGO.test(codigo)) c.push(eq(r.codigo, codigo));
    else {
      const patron = `%${escaparLike(q)}%`;
      c.push(or(ilike(r.descripcion, patron), ilike(r.direccion, patron), ilike(r.barrio, patron)));
    }
  }
  return c.length > 0 ? and(...c) : undefined;
}

/** Open first, the nearest due date first; then the closed ones, the latest changed first. */
const URGENCIA = [
  asc(sql`case when ${reclamos.estado} in ('recibido', 'en_curso', 'derivado') then 0 else 1 end`),
  asc(sql`case when ${reclamos.estado} in ('recibido', 'en_curso', 'derivado') then ${reclamos.venceEl} end`),
  desc(reclamos.updatedAt),
  asc(reclamos.id),
];

/** The clock of each report, with one read of the rules and the holidays for the whole list. */
async function relojes(db: Db, ahora: Date): Promise<(estado: EstadoReclamo, vence: Fecha) => PlazoReclamo | null> {
  const hoy = fechaEnArgentina(ahora);
  const [reglas, feriados] = await Promise.all([getReglasPlazo(db), getFeriados(db, hoy)]);
  return (estado, vence) => {
    if (!estaAbierto(estado)) return null;
    const diasHabilesRestantes = diasHabilesEntre(hoy, vence, feriados);
    const clase: EstadoPlazo = hoy > vence ? 'vencida' : diasHabilesRestantes <= reglas.diasPorVencer ? 'por_vencer' : 'en_plazo';
    return { vence, diasHabilesRestantes, estado: clase };
  };
}

const columnasCola = {
  id: reclamos.id,
  codigo: reclamos.codigo,
  categoriaId: reclamos.categoriaId,
  categoria: categoriasReclamo.nombre,
  estado: reclamos.estado,
  direccion: reclamos.direccion,
  barrio: reclamos.barrio,
  descripcion: reclamos.descripcion,
  createdAt: reclamos.createdAt,
  area: areasMunicipales.nombre,
  asignadoA: reclamos.asignadoA,
  asignadoNombre: sql<string | null>`nullif(trim(${usuarios.nombre} || ' ' || ${usuarios.apellido}), '')`,
  organismo: organismosReclamo.nombre,
  ocultoEn: reclamos.ocultoEn,
  venceEl: reclamos.venceEl,
};

/**
 * One page of the staff's queue (pages from 1), the most urgent first, with each open report's
 * clock at `ahora`. Hidden reports are in it, marked.
 */
export async function colaReclamos(
  db: Db,
  filtros: FiltrosCola,
  ahora: Date,
  pagina = 1,
): Promise<{ items: ReclamoEnCola[]; total: number; pagina: number; porPagina: number }> {
  const where = condiciones(filtros);
  const pag = Number.isInteger(pagina) && pagina >= 1 && pagina <= 10_000 ? pagina : 1;
  const [filas, [cuenta], reloj] = await Promise.all([
    db
      .select(columnasCola)
      .from(reclamos)
      .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
      .leftJoin(areasMunicipales, eq(areasMunicipales.id, reclamos.areaId))
      .leftJoin(usuarios, eq(usuarios.id, reclamos.asignadoA))
      .leftJoin(organismosReclamo, eq(organismosReclamo.id, reclamos.organismoId))
      .where(where)
      .orderBy(...URGENCIA)
      .limit(POR_PAGINA_COLA)
      .offset((pag - 1) * POR_PAGINA_COLA),
    db.select({ total: count() }).from(reclamos).where(where),
    relojes(db, ahora),
  ]);
  return {
    items: filas.map(({ ocultoEn, venceEl, ...f }) => ({
      ...f,
      estadoEtiqueta: ETIQUETAS_ESTADO[f.estado],
      oculto: ocultoEn !== null,
      plazo: reloj(f.estado, venceEl),
    })),
    total: Number(cuenta?.total ?? 0),
    pagina: pag,
    porPagina: POR_PAGINA_COLA,
  };
}

export type ReclamoParaPersonal = ReclamoEnCola & {
  latitud: number;
  longitud: number;
  respuestas: Record<string, string>;
  origen: string;
  areaId: number | null;
  organismoId: number | null;
  derivadoEn: Date | null;
  duplicadoDe: { id: number; codigo: string } | null;
  resueltoEn: Date | null;
  consultaEnviadaEn: Date | null;
  ocultoEn: Date | null;
  ocultoMotivo: string | null;
  seguir: boolean;
  servicioVehiculo: string | null;
  historial: {
    id: number;
    estado: EstadoReclamo;
    estadoEtiqueta: string;
    fecha: Date;
    usuarioId: number | null;
    usuarioNombre: string | null;
    respuesta: string;
    nota: string;
    organismo: string | null;
  }[];
  fotos: { orden: number; documentoId: number; tipoContenido: string; tamano: number }[];
  /** The reporter, decrypted only for staff with `mesa` or `personales`; null otherwise (or when there is none). */
  reclamante: { email: string; nombre: string } | null;
  /** Whether this actor may see the reporter (so the page can say why it is not shown). */
  veReclamante: boolean;
};

/**
 * One report as staff see it, or undefined. The reporter's e-mail and name are opened only for an
 * actor with `mesa` or `personales` (docs/decisions/004-datos-personales.md).
 */
export async function getReclamoParaPersonal(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'clock'>,
  actor: Actor,
  id: number,
): Promise<ReclamoParaPersonal | undefined> {
  if (!puede(actor, 'reclamos')) throw new PermisoDenegadoError(SIN_PERMISO_COLA);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const { db } = ctx;
  const [fila] = await db
    .select({
      ...columnasCola,
      latitud: reclamos.latitud,
      longitud: reclamos.longitud,
      respuestas: reclamos.respuestas,
      origen: reclamos.origen,
      areaId: reclamos.areaId,
      organismoId: reclamos.organismoId,
      derivadoEn: reclamos.derivadoEn,
      duplicadoDeId: reclamos.duplicadoDe,
      resueltoEn: reclamos.resueltoEn,
      consultaEnviadaEn: reclamos.consultaEnviadaEn,
      ocultoMotivo: reclamos.ocultoMotivo,
      seguir: reclamos.seguir,
      servicioVehiculo: categoriasReclamo.servicioVehiculo,
      email: reclamos.email,
      nombre: reclamos.nombre,
    })
    .from(reclamos)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
    .leftJoin(areasMunicipales, eq(areasMunicipales.id, reclamos.areaId))
    .leftJoin(usuarios, eq(usuarios.id, reclamos.asignadoA))
    .leftJoin(organismosReclamo, eq(organismosReclamo.id, reclamos.organismoId))
    .where(eq(reclamos.id, id));
  if (!fila) return undefined;
  const [{ historial, fotos }, duplicadoDe, reloj] = await Promise.all([
    fotosEHistorial(db, id, 'personal'),
    fila.duplicadoDeId === null
      ? Promise.resolve([])
      : db.select({ id: reclamos.id, codigo: reclamos.codigo }).from(reclamos).where(eq(reclamos.id, fila.duplicadoDeId)),
    relojes(db, ctx.clock.now()),
  ]);
  const veReclamante = puede(actor, 'mesa') || puede(actor, 'personales');
  const { email, nombre, duplicadoDeId: _, venceEl, ...resto } = fila;
  return {
    ...resto,
    estadoEtiqueta: ETIQUETAS_ESTADO[fila.estado],
    oculto: fila.ocultoEn !== null,
    plazo: reloj(fila.estado, venceEl),
    duplicadoDe: duplicadoDe[0] ?? null,
    historial,
    fotos,
    veReclamante,
    reclamante: veReclamante && email !== null ? { email: ctx.cipher.open(email), nombre: nombre === null ? '' : ctx.cipher.open(nombre) } : null,
  };
}

/** The most rows an export holds. */
export const MAX_FILAS_CSV = 20_000;

const ENCABEZADO_CSV = [
  'codigo',
  'recibido',
  'categoria',
  'estado',
  'direccion',
  'barrio',
  'latitud',
  'longitud',
  'descripcion',
  'area',
  'organismo',
  'vence_el',
  'resuelto_en',
  'oculto',
];

/**
 * The queue's reports as CSV (UTF-8, CRLF, a header row; formulas neutralised as every CSV of the
 * site), never the reporter: no e-mail nor name, not even encrypted.
 */
export async function exportarCsv(db: Db, filtros: FiltrosCola): Promise<string> {
  const filas = await db
    .select({
      codigo: reclamos.codigo,
      createdAt: reclamos.createdAt,
      categoria: categoriasReclamo.nombre,
      estado: reclamos.estado,
      direccion: reclamos.direccion,
      barrio: reclamos.barrio,
      latitud: reclamos.latitud,
      longitud: reclamos.longitud,
      descripcion: reclamos.descripcion,
      area: areasMunicipales.nombre,
      organismo: organismosReclamo.nombre,
      venceEl: reclamos.venceEl,
      resueltoEn: reclamos.resueltoEn,
      ocultoEn: reclamos.ocultoEn,
    })
    .from(reclamos)
    .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
    .leftJoin(areasMunicipales, eq(areasMunicipales.id, reclamos.areaId))
    .leftJoin(organismosReclamo, eq(organismosReclamo.id, reclamos.organismoId))
    .where(condiciones(filtros))
    .orderBy(asc(reclamos.createdAt), asc(reclamos.id))
    .limit(MAX_FILAS_CSV);
  return stringify(
    [
      ENCABEZADO_CSV,
      ...filas.map((f) =>
        [
          f.codigo,
          f.createdAt.toISOString(),
          f.categoria,
          ETIQUETAS_ESTADO[f.estado],
          f.direccion,
          f.barrio,
          f.latitud,
          f.longitud,
          f.descripcion,
          f.area ?? '',
          f.organismo ?? '',
          estaAbierto(f.estado) ? f.venceEl : '',
          f.resueltoEn?.toISOString() ?? '',
          f.ocultoEn === null ? 'no' : 'sí',
        ].map(celdaSegura),
      ),
    ],
    { record_delimiter: '\r\n' },
  );
}

/** Cells per degree of the heat map: 1/1000 of a degree, about 110 m north to south and 85 m east to west here. */
const CELDAS_CALOR_POR_GRADO = 1000;

export type CeldaDeCalor = { latitud: number; longitud: number; cantidad: number };

/**
 * How many reports per cell of about 100 m, received from `desde` to `hasta` (days in Argentina,
 * both included), for a heat map; a cell is told by its centre. Duplicates are left out: they
 * count the same problem twice.
 */
export async function mapaDeCalor(db: Db, opciones: { categoriaId?: number; desde: Fecha; hasta: Fecha }): Promise<CeldaDeCalor[]> {
  if (!esFechaValida(opciones.desde) || !esFechaValida(opciones.hasta)) return [];
  const n = CELDAS_CALOR_POR_GRADO;
  const filas = await queryRows<{ la: number | string; lo: number | string; cantidad: number | string }>(
    db,
    sql`select floor(latitud * ${n}::float8) as la, floor(longitud * ${n}::float8) as lo, count(*) as cantidad
          from reclamos
         where created_at >= ${inicioDelDia(opciones.desde).toISOString()}::timestamptz
           and created_at < ${inicioDelDia(sumarDias(opciones.hasta, 1)).toISOString()}::timestamptz
           and estado <> 'duplicado'
           ${opciones.categoriaId === undefined ? sql`` : sql`and categoria_id = ${opciones.categoriaId}`}
         group by 1, 2
         order by 3 desc, 1, 2`,
  );
  const centro = (celda: number) => Math.round(((celda + 0.5) / n) * 1e6) / 1e6;
  return filas.map((f) => ({ latitud: centro(Number(f.la)), longitud: centro(Number(f.lo)), cantidad: Number(f.cantidad) }));
}

/** How near the point a vehicle must have passed. */
export const RADIO_PASADAS_M = 100;

/**
 * The proof of service: for a category tied to a vehicle service, the passes of that service's
 * vehicles within 100 m of the point in the `dias` days before the report, newest first; only
 * public positions (on shift, outside the depot), as «¿Cuándo pasó?». Empty for other categories.
 * Staff only: never on the public page.
 */
export async function pasadasCerca(db: Db, reclamo: { categoriaId: number; latitud: number; longitud: number; createdAt: Date }, dias = 7): Promise<Pasada[]> {
  const [categoria] = await db
    .select({ servicio: categoriasReclamo.servicioVehiculo })
    .from(categoriasReclamo)
    .where(eq(categoriasReclamo.id, reclamo.categoriaId));
  if (!categoria?.servicio) return [];
  const diasValidos = Number.isInteger(dias) && dias >= 1 && dias <= 31 ? dias : 7;
  return listPasadas(
    db,
    { latitud: reclamo.latitud, longitud: reclamo.longitud },
    {
      servicio: categoria.servicio,
      radioM: RADIO_PASADAS_M,
      desde: new Date(reclamo.createdAt.getTime() - diasValidos * 24 * 60 * 60_000),
      hasta: reclamo.createdAt,
    },
  );
}

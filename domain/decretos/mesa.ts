import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { documentos, historialSolicitudesDecreto, solicitudesDecreto } from '#db/schema/index.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { type Fecha, sumarDias } from '#domain/shared/fechas.ts';
import {
  DIAS_HABILES_PRORROGA,
  type Feriados,
  type PlazoSolicitud,
  type ReglasPlazo,
  type ResultadoProrroga,
  plazoSolicitud,
  tienePlazo,
  ultimoDiaDeRecepcion,
  vencimientoMaximo,
  verificarProrroga,
} from '#domain/plazos/calendario.ts';
import { getCalendarioPlazos } from '#domain/plazos/queries.ts';
import { parseCodigo } from './codigo.ts';
import { ESTADOS, type EstadoSolicitud, esCerrada, estadosSiguientes, etiquetaEstadoSolicitud } from './estados.ts';
import { type FiltrosMesa, POR_PAGINA_MESA, type PlazoMesa } from './mesa-schemas.ts';
import { getOrdenanzaElegible } from './queries.ts';
import { type DecretoPublicado, findDecretoPublicado } from './publicados.ts';
import { escaparLike, normalizado } from '#domain/shared/texto.ts';

/** The decree-copy desk's reads (docs/decisions/013-mesa-de-entradas.md). */

export const SIN_PERMISO_MESA = 'Tu usuario no puede ver las solicitudes de decretos: son de la mesa de entradas y de administración.';

export type SolicitudEnLista = {
  id: number;
  codigo: string;
  nombre: string;
  numero: string;
  estado: string;
  estadoEtiqueta: string;
  /** Received: the legal deadline counts from here. */
  createdAt: Date;
  cerradaEn: Date | null;
  prorrogadaEn: Date | null;
  anonimizada: boolean;
  /** Its deadline today; null once closed. */
  plazo: PlazoSolicitud | null;
};

/** Buenos Aires has had no daylight saving time since 2009: a calendar day there starts at 03:00 UTC. */
const inicioDelDia = (dia: string) => new Date(`${dia}T00:00:00-03:00`);
const DIA_MS = 86_400_000;

/**
 * What the desk's search box matches: a tracking code exactly; an e-mail exactly, through its
 * keyed hash; otherwise part of the name (accents and case aside), of the decree number or of the
 * code, and, when it reads as a DNI, the DNI exactly through its keyed hash. No row is decrypted
 * to search (docs/decisions/004-datos-personales.md).
 */
function condicionTexto(cipher: Cipher, texto: string): SQL | undefined {
  const codigo = parseCodigo(texto);
  if (codigo) return eq(solicitudesDecreto.codigo, codigo);
  if (texto.includes('@')) return eq(solicitudesDecreto.emailHuella, cipher.hash('email', texto.trim().toLowerCase()));
  const patron = `%${escaparLike(texto)}%`;
  const partes: SQL[] = [ilike(solicitudesDecreto.numero, patron), ilike(solicitudesDecreto.codigo, patron)];
  if (normalizado(texto) !== '') partes.push(sql`public.f_normalizar(${solicitudesDecreto.nombre}) like '%' || public.f_normalizar(${texto}) || '%'`);
  const dni = texto.replace(/[.\s]/g, '');
  if (/^\d{7,8}$/.test(dni)) partes.push(eq(solicitudesDecreto.dniHuella, cipher.hash('dni', dni)));
  return or(...partes);
}

type Calendario = { reglas: ReglasPlazo; feriados: Feriados };

/** The statuses whose deadline runs (recibida, en_proceso). */
const ABIERTOS = ESTADOS.filter(tienePlazo);
const UN_ANIO_MS = 366 * DIA_MS;

/**
 * Rules and holidays for the desk's deadlines at `ahora`: holidays of the last year (enough for
 * any due date near today: the deadline is at most 60 + 15 business days) and, for an older
 * request still open, from the day it was received.
 */
function calendarioMesa(db: AppContext['db'], ahora: Date, recibidaDesde?: Date): Promise<Calendario> {
  const haceUnAnio = new Date(ahora.getTime() - UN_ANIO_MS);
  return getCalendarioPlazos(db, recibidaDesde && recibidaDesde < haceUnAnio ? recibidaDesde : haceUnAnio);
}

/**
 * Open requests due on or before `limite`. The due date is never stored: it is `n` business days
 * after the day of receipt (n + 15 once extended), so "due by `limite`" is "received before the
 * day after ultimoDiaDeRecepcion(limite, n)": a bound on created_at.
 */
function vencenHasta(limite: Fecha, { reglas, feriados }: Calendario): SQL {
  const t = solicitudesDecreto;
  const recibidaAntesDe = (dias: number) => inicioDelDia(sumarDias(ultimoDiaDeRecepcion(limite, dias, feriados), 1));
  return and(
    inArray(t.estado, ABIERTOS),
    or(
      and(isNull(t.prorrogadaEn), lt(t.createdAt, recibidaAntesDe(reglas.diasHabiles))),
      and(isNotNull(t.prorrogadaEn), lt(t.createdAt, recibidaAntesDe(reglas.diasHabiles + DIAS_HABILES_PRORROGA))),
    ),
  )!;
}

/** The requests whose deadline is, at `ahora`, as `plazo` asks: exactly what plazoSolicitud says of each. */
function condicionPlazo(plazo: PlazoMesa, calendario: Calendario, ahora: Date): SQL {
  const vencidas = vencenHasta(vencimientoMaximo('vencida', calendario.reglas, calendario.feriados, ahora), calendario);
  if (plazo === 'vencida') return vencidas;
  const porVencerOVencidas = vencenHasta(vencimientoMaximo('por_vencer', calendario.reglas, calendario.feriados, ahora), calendario);
  if (plazo === 'por_vencer_o_vencida') return porVencerOVencidas;
  return and(porVencerOVencidas, not(vencidas))!;
}

/**
 * The desk's list: newest first, filtered by status, deadline (near it, past it: as the row's
 * own deadline says, at the context's clock), day of receipt (Buenos Aires days, both inclusive)
 * and text, a page at a time with the total. Names and decree numbers only: DNI and e-mail are
 * shown one request at a time (getSolicitudMesa).
 */
export async function listSolicitudesMesa(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'clock'>,
  actor: Actor,
  filtros: FiltrosMesa,
): Promise<{ items: SolicitudEnLista[]; total: number; pagina: number; porPagina: number }> {
  if (!puede(actor, 'mesa')) throw new PermisoDenegadoError(SIN_PERMISO_MESA);
  const porPagina = Math.min(100, Math.max(1, filtros.porPagina ?? POR_PAGINA_MESA));
  const ahora = ctx.clock.now();
  const t = solicitudesDecreto;
  let calendario = filtros.plazo !== undefined ? await calendarioMesa(ctx.db, ahora) : undefined;
  const where = and(
    filtros.estado !== undefined ? eq(t.estado, filtros.estado) : undefined,
    filtros.plazo !== undefined && calendario ? condicionPlazo(filtros.plazo, calendario, ahora) : undefined,
    filtros.desde !== undefined ? gte(t.createdAt, inicioDelDia(filtros.desde)) : undefined,
    filtros.hasta !== undefined ? lt(t.createdAt, new Date(inicioDelDia(filtros.hasta).getTime() + DIA_MS)) : undefined,
    filtros.texto !== undefined ? condicionTexto(ctx.cipher, filtros.texto) : undefined,
  );
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select({
        id: t.id,
        codigo: t.codigo,
        nombre: t.nombre,
        numero: t.numero,
        estado: t.estado,
        createdAt: t.createdAt,
        cerradaEn: t.cerradaEn,
        prorrogadaEn: t.prorrogadaEn,
        anonimizadaEn: t.anonimizadaEn,
      })
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(porPagina)
      .offset((filtros.pagina - 1) * porPagina),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  // The oldest open request of the page: the holidays are read from its day of receipt when older than a year.
  const abiertas = filas.filter((f) => tienePlazo(f.estado));
  const masVieja = abiertas.at(-1)?.createdAt;
  if (abiertas.length > 0 && (!calendario || (masVieja && masVieja < new Date(ahora.getTime() - UN_ANIO_MS))))
    calendario = await calendarioMesa(ctx.db, ahora, masVieja);
  return {
    items: filas.map(({ anonimizadaEn, ...f }) => ({
      ...f,
      estadoEtiqueta: etiquetaEstadoSolicitud(f.estado),
      anonimizada: anonimizadaEn !== null,
      plazo:
        calendario && tienePlazo(f.estado)
          ? plazoSolicitud({ estado: f.estado, recibidaEn: f.createdAt, prorrogadaEn: f.prorrogadaEn }, calendario.reglas, calendario.feriados, ahora)
          : null,
    })),
    total: total?.n ?? 0,
    pagina: filtros.pagina,
    porPagina,
  };
}

export type ResumenMesa = {
  /** New requests, not yet taken up (recibida). */
  recibidas: number;
  /** Open, with `plazos.diasPorVencer` business days or fewer left, the due date included. */
  porVencer: number;
  /** Open, past their due date. */
  vencidas: number;
};

/** What the dashboard tells the desk (app/features/admin/tarjetas.server.ts): one count of the open requests. */
export async function countSolicitudesMesa(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor): Promise<ResumenMesa> {
  if (!puede(actor, 'mesa')) throw new PermisoDenegadoError(SIN_PERMISO_MESA);
  const ahora = ctx.clock.now();
  const calendario = await calendarioMesa(ctx.db, ahora);
  const t = solicitudesDecreto;
  const contar = (condicion: SQL) => sql<number>`count(*) filter (where ${condicion})`.mapWith(Number);
  const [fila] = await ctx.db
    .select({
      recibidas: contar(eq(t.estado, 'recibida')),
      porVencer: contar(condicionPlazo('por_vencer', calendario, ahora)),
      vencidas: contar(condicionPlazo('vencida', calendario, ahora)),
    })
    .from(t)
    .where(inArray(t.estado, ABIERTOS));
  return { recibidas: fila?.recibidas ?? 0, porVencer: fila?.porVencer ?? 0, vencidas: fila?.vencidas ?? 0 };
}

/**
 * A request's deadline as the desk sees it at the context's clock (null once closed), and
 * whether it may be extended now, or why not (verificarProrroga: once, before the due date).
 */
export async function getPlazoMesa(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  solicitud: Pick<SolicitudMesa, 'estado' | 'createdAt' | 'prorrogadaEn'>,
): Promise<{ plazo: PlazoSolicitud | null; prorroga: ResultadoProrroga }> {
  const ahora = ctx.clock.now();
  const { reglas, feriados } = await calendarioMesa(ctx.db, ahora, solicitud.createdAt);
  const datos = { estado: solicitud.estado, recibidaEn: solicitud.createdAt, prorrogadaEn: solicitud.prorrogadaEn };
  return { plazo: plazoSolicitud(datos, reglas, feriados, ahora), prorroga: verificarProrroga(datos, reglas, feriados, ahora) };
}

export type PasoHistorial = {
  estado: string;
  estadoEtiqueta: string;
  fecha: Date;
  /** Null: the citizen's own request (recibida) or the system. */
  usuarioId: number | null;
  actorEmail: string | null;
  /** What the citizen was told; null when nothing was written or it was anonymised. */
  mensaje: string | null;
};

export type SolicitudMesa = {
  id: number;
  codigo: string;
  nombre: string;
  /** Null once anonymised. */
  dni: string | null;
  email: string | null;
  numero: string;
  ordenanza: { id: number; etiqueta: string } | null;
  aclaraciones: string;
  estado: string;
  estadoEtiqueta: string;
  createdAt: Date;
  cerradaEn: Date | null;
  prorrogadaEn: Date | null;
  prorrogaMotivo: string | null;
  decreto: { documentoId: number; nombreArchivo: string } | null;
  /** The official bulletin that published the decree asked for, if one did. */
  publicado: DecretoPublicado | null;
  anonimizadaEn: Date | null;
  historial: PasoHistorial[];
  /** The statuses the desk may move it to now ('enviada' through sending the decree). */
  siguientes: readonly EstadoSolicitud[];
  puedeProrrogar: boolean;
};

/** One request's history, oldest first. */
async function historialDe(db: AppContext['db'], solicitudId: number): Promise<PasoHistorial[]> {
  const h = historialSolicitudesDecreto;
  const filas = await db
    .select({ estado: h.estado, fecha: h.fecha, usuarioId: h.usuarioId, actorEmail: h.actorEmail, mensaje: h.mensaje })
    .from(h)
    .where(eq(h.solicitudId, solicitudId))
    .orderBy(asc(h.fecha), asc(h.id));
  return filas.map((f) => ({ ...f, estadoEtiqueta: etiquetaEstadoSolicitud(f.estado) }));
}

/**
 * One request as the desk sees it, DNI and e-mail decrypted: only for the desk's roles (anyone
 * else is refused, whatever page asks). With its history (each status, when, who, what the citizen
 * was told) and what may be done next. Undefined for an unknown code.
 */
export async function getSolicitudMesa(ctx: Pick<AppContext, 'db' | 'cipher'>, actor: Actor, codigoTexto: string): Promise<SolicitudMesa | undefined> {
  if (!puede(actor, 'mesa')) throw new PermisoDenegadoError(SIN_PERMISO_MESA);
  const codigo = parseCodigo(codigoTexto);
  if (!codigo) return undefined;
  const t = solicitudesDecreto;
  const [s] = await ctx.db
    .select({
      id: t.id,
      codigo: t.codigo,
      nombre: t.nombre,
      dni: t.dni,
      email: t.email,
      numero: t.numero,
      ordenanzaId: t.ordenanzaId,
      aclaraciones: t.aclaraciones,
      estado: t.estado,
      createdAt: t.createdAt,
      cerradaEn: t.cerradaEn,
      prorrogadaEn: t.prorrogadaEn,
      prorrogaMotivo: t.prorrogaMotivo,
      decretoDocumentoId: t.decretoDocumentoId,
      decretoNombre: documentos.nombreArchivo,
      anonimizadaEn: t.anonimizadaEn,
    })
    .from(t)
    .leftJoin(documentos, eq(documentos.id, t.decretoDocumentoId))
    .where(eq(t.codigo, codigo));
  if (!s) return undefined;
  const anonimizada = s.anonimizadaEn !== null;
  const ordenanza = s.ordenanzaId === null ? undefined : await getOrdenanzaElegible(ctx.db, s.ordenanzaId);
  return {
    id: s.id,
    codigo: s.codigo,
    nombre: s.nombre,
    dni: anonimizada ? null : ctx.cipher.open(s.dni),
    email: anonimizada ? null : ctx.cipher.open(s.email),
    numero: s.numero,
    ordenanza: ordenanza ?? null,
    aclaraciones: s.aclaraciones,
    estado: s.estado,
    estadoEtiqueta: etiquetaEstadoSolicitud(s.estado),
    createdAt: s.createdAt,
    cerradaEn: s.cerradaEn,
    prorrogadaEn: s.prorrogadaEn,
    prorrogaMotivo: s.prorrogaMotivo,
    decreto: s.decretoDocumentoId !== null && s.decretoNombre !== null ? { documentoId: s.decretoDocumentoId, nombreArchivo: s.decretoNombre } : null,
    publicado: (await findDecretoPublicado(ctx.db, s.numero)) ?? null,
    anonimizadaEn: s.anonimizadaEn,
    historial: await historialDe(ctx.db, s.id),
    siguientes: anonimizada ? [] : estadosSiguientes(s.estado),
    puedeProrrogar: !anonimizada && !esCerrada(s.estado) && s.prorrogadaEn === null,
  };
}

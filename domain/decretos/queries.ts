import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { historialSolicitudesDecreto, ordenanzas, solicitudesDecreto } from '#db/schema/index.ts';
import { ESTADO_TODOS, etiquetaEstado } from '#domain/ordenanzas/estados.ts';
import { parseNumeroAnio } from '#domain/ordenanzas/numero.ts';
import { searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { etiquetaEstadoSolicitud, fraseEstadoSolicitud } from './estados.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { consumeLimit } from '#domain/shared/limits.ts';
import { parseCodigo } from './codigo.ts';
import { DIAS_HABILES_PRORROGA, tienePlazo, vencimiento } from '#domain/plazos/calendario.ts';
import { getCalendarioPlazos } from '#domain/plazos/queries.ts';
import type { Fecha } from '#domain/shared/fechas.ts';

/** The longest title a suggestion shows: the ordinance's description, cut at a word with «…». */
const LARGO_TITULO = 90;
const tituloCorto = (texto: string) => {
  const t = texto.trim().replace(/\s+/g, ' ');
  if (t.length <= LARGO_TITULO) return t;
  const corte = t.slice(0, LARGO_TITULO);
  return `${corte.slice(0, corte.lastIndexOf(' ') > 40 ? corte.lastIndexOf(' ') : LARGO_TITULO).replace(/[\s,.;:]+$/, '')}…`;
};

/**
 * 'Ordenanza {Numero} {status label} {Expediente}' (docs/sitio-original.md §9), then its title after a colon: number,
 * status and file number alone did not tell the citizen which ordinance it was.
 */
function etiquetaOrdenanza(o: { numero: number; estado: number; expediente: string | null; descripcion: string }): string {
  const base = `Ordenanza ${o.numero} ${etiquetaEstado(o.estado)} ${o.expediente ?? ''}`.trim();
  const titulo = tituloCorto(o.descripcion);
  return titulo ? `${base}: ${titulo}` : base;
}

export type OrdenanzaElegible = { id: number; etiqueta: string };

const columnas = {
  id: ordenanzas.id,
  numero: ordenanzas.numero,
  anio: ordenanzas.anio,
  estado: ordenanzas.estado,
  expediente: ordenanzas.expediente,
  descripcion: ordenanzas.descripcion,
};

/** An ordinance the form may reference, by ID: it must exist and have an Expediente (docs/sitio-original.md §9). */
export async function getOrdenanzaElegible(db: Db, id: number): Promise<OrdenanzaElegible | undefined> {
  const [o] = await db
    .select(columnas)
    .from(ordenanzas)
    .where(and(eq(ordenanzas.id, id), isNotNull(ordenanzas.expediente)));
  return o ? { id: o.id, etiqueta: etiquetaOrdenanza(o) } : undefined;
}

/** Without JavaScript the citizen types '250/2021' or '250': the newest with that number when no year. */
export async function findOrdenanzaPorTexto(db: Db, texto: string): Promise<OrdenanzaElegible | undefined> {
  const leida = parseNumeroAnio(texto);
  if (!leida) return undefined;
  const condiciones = [eq(ordenanzas.numero, leida.numero), isNotNull(ordenanzas.expediente)];
  if (leida.anio !== undefined) condiciones.push(eq(ordenanzas.anio, leida.anio));
  const [o] = await db
    .select(columnas)
    .from(ordenanzas)
    .where(and(...condiciones))
    .orderBy(desc(ordenanzas.anio))
    .limit(1);
  return o ? { id: o.id, etiqueta: etiquetaOrdenanza(o) } : undefined;
}

/** The decree form's list (docs/sitio-original.md §9): from 3 characters, at most 5 options. */
const OPCIONES_ORDENANZA = 5;
const MINIMO_CARACTERES_ORDENANZA = 3;

/**
 * The decree form's ordinance search (docs/sitio-original.md §9): any status, only ordinances with an Expediente
 * (filtered by the query itself), labelled 'Ordenanza {Numero} {status label} {Expediente}'.
 * A number (optionally '/year') searches the number; anything else the full text.
 */
export async function findOrdenanzasElegibles(db: Db, texto: string): Promise<OrdenanzaElegible[]> {
  const q = texto.trim();
  if (q.length < MINIMO_CARACTERES_ORDENANZA) return [];
  const leida = parseNumeroAnio(q);
  const pagina = await searchOrdenanzas(
    db,
    leida
      ? { estado: ESTADO_TODOS, numero: leida.numero, anio: leida.anio, pattern: undefined, pagina: 1 }
      : { estado: ESTADO_TODOS, numero: undefined, anio: undefined, pattern: q, pagina: 1 },
    { porPagina: OPCIONES_ORDENANZA, soloConExpediente: true },
  );
  return pagina.items.map((o) => ({ id: o.id, etiqueta: etiquetaOrdenanza(o) }));
}

export type EstadoPublico = {
  codigo: string;
  /** Only the first name: the status page is open to anyone holding the code. */
  primerNombre: string;
  estado: string;
  estadoEtiqueta: string;
  /** The sentence after «Hola {nombre}:» for this status. */
  estadoFrase: string;
  /** Each status with its date and the message the desk sent the citizen with it (null: none); never who set it. */
  historial: { estado: string; estadoEtiqueta: string; fecha: string; mensaje: string | null }[];
  /** The once-only extension (law 27.275 art. 11): when, and the reasons the citizen was sent; null if none. */
  prorroga: { fecha: string; motivo: string | null } | null;
  /**
   * While the request is open: the last day to answer it ('AAAA-MM-DD', docs/decisions/011-plazos-y-feriados.md),
   * whether it was extended, and the business days it counts (15, 30 once extended). Null once it is closed.
   */
  plazo: { vence: Fecha; prorrogada: boolean; diasHabiles: number } | null;
};

/**
 * What the status page may show of a request: no DNI, no e-mail, no surname. A code that cannot
 * be one (a typo the check symbol catches) is answered as unknown, without a look-up.
 */
export async function getEstadoSolicitud(db: Db, texto: string): Promise<EstadoPublico | undefined> {
  const codigo = parseCodigo(texto);
  if (!codigo) return undefined;
  const [s] = await db
    .select({
      id: solicitudesDecreto.id,
      codigo: solicitudesDecreto.codigo,
      nombre: solicitudesDecreto.nombre,
      estado: solicitudesDecreto.estado,
      recibidaEn: solicitudesDecreto.createdAt,
      prorrogadaEn: solicitudesDecreto.prorrogadaEn,
      prorrogaMotivo: solicitudesDecreto.prorrogaMotivo,
    })
    .from(solicitudesDecreto)
    .where(eq(solicitudesDecreto.codigo, codigo));
  if (!s) return undefined;
  const historial = await db
    .select({ estado: historialSolicitudesDecreto.estado, fecha: historialSolicitudesDecreto.fecha, mensaje: historialSolicitudesDecreto.mensaje })
    .from(historialSolicitudesDecreto)
    .where(eq(historialSolicitudesDecreto.solicitudId, s.id))
    .orderBy(asc(historialSolicitudesDecreto.fecha), asc(historialSolicitudesDecreto.id));
  return {
    codigo: s.codigo,
    primerNombre: s.nombre.trim().split(/\s+/)[0] ?? '',
    estado: s.estado,
    estadoEtiqueta: etiquetaEstadoSolicitud(s.estado),
    estadoFrase: fraseEstadoSolicitud(s.estado),
    historial: historial.map((h) => ({
      estado: h.estado,
      estadoEtiqueta: etiquetaEstadoSolicitud(h.estado),
      fecha: h.fecha.toISOString(),
      mensaje: h.mensaje?.trim() ? h.mensaje.trim() : null,
    })),
    prorroga: s.prorrogadaEn ? { fecha: s.prorrogadaEn.toISOString(), motivo: s.prorrogaMotivo?.trim() ? s.prorrogaMotivo.trim() : null } : null,
    plazo: await plazoPublico(db, s),
  };
}

/** The due date the citizen sees; a closed request has none. */
async function plazoPublico(db: Db, s: { estado: string; recibidaEn: Date; prorrogadaEn: Date | null }): Promise<EstadoPublico['plazo']> {
  if (!tienePlazo(s.estado)) return null;
  const { reglas, feriados } = await getCalendarioPlazos(db, s.recibidaEn);
  const prorrogada = s.prorrogadaEn !== null;
  return {
    vence: vencimiento(s.recibidaEn, { diasHabiles: reglas.diasHabiles, prorrogada }, feriados),
    prorrogada,
    diasHabiles: reglas.diasHabiles + (prorrogada ? DIAS_HABILES_PRORROGA : 0),
  };
}

const MENSAJE_LIMITE_CONSULTAS = 'Hiciste muchas consultas en el último minuto. Esperá un minuto y volvé a probar.';

export type ResultadoConsulta =
  { tipo: 'encontrada'; solicitud: EstadoPublico } | { tipo: 'desconocida' } | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number };

/**
 * A status look-up by tracking code, for the page and the API alike: counted per address (codes
 * must not be guessable by trying), and a wrong code answered exactly as an unknown one.
 */
export async function lookupEstadoSolicitud(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'config'>,
  texto: string,
  opciones: { direccion: string },
): Promise<ResultadoConsulta> {
  const clave = ctx.cipher.hash('limite-consulta-direccion', opciones.direccion);
  const { allowed } = await consumeLimit(ctx.db, clave, { max: ctx.config.solicitudes.consultasPorMinuto, windowSeconds: 60 });
  if (!allowed) return { tipo: 'limite', mensaje: MENSAJE_LIMITE_CONSULTAS, reintentarEnSegundos: 60 };
  const solicitud = await getEstadoSolicitud(ctx.db, texto);
  return solicitud ? { tipo: 'encontrada', solicitud } : { tipo: 'desconocida' };
}

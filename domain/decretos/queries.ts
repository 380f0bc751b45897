import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { historialSolicitudesDecreto, ordenanzas, solicitudesDecreto } from '../../db/schema/index.ts';
import { etiquetaEstado } from '../ordenanzas/estados.ts';
import { etiquetaEstadoSolicitud } from './estados.ts';
import { normalizarCodigo } from './schemas.ts';

/** 'Ordenanza {Numero} {status label} {Expediente}' (spec §9). */
export function etiquetaOrdenanza(o: { numero: number; estado: number; expediente: string | null }): string {
  return `Ordenanza ${o.numero} ${etiquetaEstado(o.estado)} ${o.expediente ?? ''}`.trim();
}

export type OrdenanzaElegible = { id: number; etiqueta: string };

const columnas = { id: ordenanzas.id, numero: ordenanzas.numero, anio: ordenanzas.anio, estado: ordenanzas.estado, expediente: ordenanzas.expediente };

/** An ordinance the form may reference, by ID: it must exist and have an Expediente (spec §9). */
export async function getOrdenanzaElegible(db: Db, id: number): Promise<OrdenanzaElegible | undefined> {
  const [o] = await db.select(columnas).from(ordenanzas).where(and(eq(ordenanzas.id, id), isNotNull(ordenanzas.expediente)));
  return o ? { id: o.id, etiqueta: etiquetaOrdenanza(o) } : undefined;
}

/** Without JavaScript the citizen types '250/2021' or '250': the newest with that number when no year. */
export async function findOrdenanzaPorTexto(db: Db, texto: string): Promise<OrdenanzaElegible | undefined> {
  const m = /^(\d{1,9})(?:\s*\/\s*(\d{4}))?$/.exec(texto.trim());
  if (!m) return undefined;
  const numero = Number(m[1]);
  const condiciones = [eq(ordenanzas.numero, numero), isNotNull(ordenanzas.expediente)];
  if (m[2]) condiciones.push(eq(ordenanzas.anio, Number(m[2])));
  const [o] = await db.select(columnas).from(ordenanzas).where(and(...condiciones)).orderBy(desc(ordenanzas.anio)).limit(1);
  return o ? { id: o.id, etiqueta: etiquetaOrdenanza(o) } : undefined;
}

export type EstadoPublico = {
  codigo: string;
  /** Only the first name: the status page is open to anyone holding the code. */
  primerNombre: string;
  estado: string;
  estadoEtiqueta: string;
  historial: { estado: string; estadoEtiqueta: string; fecha: string }[];
};

/** What the status page may show of a request: no DNI, no e-mail, no surname. */
export async function getEstadoSolicitud(db: Db, codigo: string): Promise<EstadoPublico | undefined> {
  const [s] = await db
    .select({ id: solicitudesDecreto.id, codigo: solicitudesDecreto.codigo, nombre: solicitudesDecreto.nombre, estado: solicitudesDecreto.estado })
    .from(solicitudesDecreto)
    .where(eq(solicitudesDecreto.codigo, normalizarCodigo(codigo)));
  if (!s) return undefined;
  const historial = await db
    .select({ estado: historialSolicitudesDecreto.estado, fecha: historialSolicitudesDecreto.fecha })
    .from(historialSolicitudesDecreto)
    .where(eq(historialSolicitudesDecreto.solicitudId, s.id))
    .orderBy(asc(historialSolicitudesDecreto.fecha), asc(historialSolicitudesDecreto.id));
  return {
    codigo: s.codigo,
    primerNombre: s.nombre.trim().split(/\s+/)[0] ?? '',
    estado: s.estado,
    estadoEtiqueta: etiquetaEstadoSolicitud(s.estado),
    historial: historial.map((h) => ({ estado: h.estado, estadoEtiqueta: etiquetaEstadoSolicitud(h.estado), fecha: h.fecha.toISOString() })),
  };
}

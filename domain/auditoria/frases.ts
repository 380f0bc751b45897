import { formatShortDate, formatTime } from '#domain/shared/formato.ts';
import { ACCIONES_AUDITORIA, ENTIDADES_AUDITORIA, SECCIONES_AUDITORIA, esAccionAuditoria, type ValoresAuditoria } from './acciones.ts';

/** What a sentence is made of: the stored row, and the names the page knows for its user ids. */
export type EntradaParaFrase = {
  fecha: Date;
  usuarioId: number | null;
  actorEmail: string | null;
  accion: string;
  entidad: string;
  entidadId: string | null;
  antes: unknown;
  despues: unknown;
};

/** A user's display name by id («Ana Gómez»), for the actor and for entries about a user. */
export type NombresDeUsuarios = ReadonlyMap<number, string>;

const ROLES: Record<string, string> = { administrador: 'administrador', editor: 'editor', 'mesa-de-entradas': 'mesa de entradas' };

/** «28/11/2026» and «10:14», in Buenos Aires. */
export const fechaYHora = (instante: Date) => ({ fecha: formatShortDate(instante), hora: formatTime(instante) });

const comoTexto = (v: unknown): string | undefined => {
  if (typeof v === 'string') {
    if (v.trim() === '') return undefined;
    // A stored day (AAAA-MM-DD) reads as 14/09/2026.
    const dia = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return dia ? `${dia[3]}/${dia[2]}/${dia[1]}` : (ROLES[v] ?? v);
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
};

const campo = (objeto: unknown, nombre: string): unknown =>
  objeto !== null && typeof objeto === 'object' && Object.hasOwn(objeto, nombre) ? (objeto as Record<string, unknown>)[nombre] : undefined;

const nombreDeUsuario = (nombres: NombresDeUsuarios, id: string | null) => (id !== null && /^\d{1,9}$/.test(id) ? nombres.get(Number(id)) : undefined);

function valores(e: EntradaParaFrase, nombres: NombresDeUsuarios): ValoresAuditoria {
  const valor = (nombre: string): string | undefined => {
    if (nombre === 'id') return e.entidadId ?? undefined;
    if (nombre === 'entidad') return e.entidad;
    if (nombre === 'usuario') return e.entidad === 'usuario' ? nombreDeUsuario(nombres, e.entidadId) : undefined;
    return comoTexto(campo(e.despues, nombre)) ?? comoTexto(campo(e.antes, nombre));
  };
  const completar = (plantilla: string, sinDatos?: string): string => {
    let falta = false;
    const texto = plantilla.replace(/\{([^}]+)\}/g, (_, nombres: string) => {
      if (nombres === 'entidad') return ENTIDADES_AUDITORIA[e.entidad] ?? e.entidad;
      for (const nombre of nombres.split('|')) {
        const v = valor(nombre);
        if (v !== undefined) return v;
      }
      falta = true;
      return '';
    });
    return falta && sinDatos !== undefined ? completar(sinDatos) : texto;
  };
  return { valor, completar };
}

/** What was done, after the person's name: «publicó la ordenanza 4211/2025». Unknown codes (none today) still read. */
export function fraseDeAccion(e: EntradaParaFrase, nombres: NombresDeUsuarios): string {
  const v = valores(e, nombres);
  if (!esAccionAuditoria(e.accion)) return `registró «${e.accion}» sobre ${e.entidad}${e.entidadId ? ` ${e.entidadId}` : ''}`;
  const definicion = ACCIONES_AUDITORIA[e.accion];
  return typeof definicion.frase === 'function'
    ? definicion.frase(v)
    : v.completar(definicion.frase, 'sinDatos' in definicion ? definicion.sinDatos : undefined);
}

/** Who did it: their name today, else the e-mail recorded then; «El sistema» for scheduled jobs, the demo and imports. */
export const quienHizo = (e: Pick<EntradaParaFrase, 'usuarioId' | 'actorEmail'>, nombres: NombresDeUsuarios): string =>
  (e.usuarioId !== null ? nombres.get(e.usuarioId) : undefined) ?? e.actorEmail ?? 'El sistema';

/** The whole sentence: «Ana Gómez publicó la ordenanza 4211/2025 el 28/11/2026 a las 10:14». */
export function fraseDeAuditoria(e: EntradaParaFrase, nombres: NombresDeUsuarios): string {
  const { fecha, hora } = fechaYHora(e.fecha);
  return `${quienHizo(e, nombres)} ${fraseDeAccion(e, nombres)} el ${fecha} a las ${hora}`;
}

/** The section label of an action («Ordenanzas»); «Otra» for a code outside the catalogue. */
export const seccionDeAccion = (accion: string): string => (esAccionAuditoria(accion) ? SECCIONES_AUDITORIA[ACCIONES_AUDITORIA[accion].seccion] : 'Otra');

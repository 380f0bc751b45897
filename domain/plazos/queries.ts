import { and, asc, gte, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { feriados as tablaFeriados } from '#db/schema/index.ts';
import { type Fecha, diaDeLaSemana, fechaEnArgentina } from '#domain/shared/fechas.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { type Feriados, type ReglasPlazo, formatFechaPlazo } from './calendario.ts';
import type { TipoFeriado } from './schemas.ts';

export type Feriado = { fecha: Fecha; nombre: string; tipo: TipoFeriado };

export type FeriadosDelAnio = {
  anio: number;
  /** In date order. */
  feriados: Feriado[];
  /** What an administrator should check for that year, in Spanish: missing holidays, undecreed puentes. */
  avisos: string[];
};

const columnas = { fecha: tablaFeriados.fecha, nombre: tablaFeriados.nombre, tipo: tablaFeriados.tipo };

/** The year's holidays for the back-office, with the warnings it should show above them. */
export async function listFeriados(db: Db, anio: number): Promise<FeriadosDelAnio> {
  if (!Number.isInteger(anio) || anio < 2000 || anio > 2100) throw new RangeError('El año debe estar entre 2000 y 2100.');
  const filas = await db
    .select(columnas)
    .from(tablaFeriados)
    .where(and(gte(tablaFeriados.fecha, `${anio}-01-01`), lte(tablaFeriados.fecha, `${anio}-12-31`)))
    .orderBy(asc(tablaFeriados.fecha));
  return { anio, feriados: filas, avisos: avisosDelAnio(anio, filas) };
}

function avisosDelAnio(anio: number, filas: Feriado[]): string[] {
  if (filas.length === 0) {
    return [
      `No hay feriados cargados para ${anio}: los plazos de ese año sólo saltean sábados y domingos. Cargá los feriados nacionales (ley 27.399), los puente que decrete el Gobierno nacional y los locales.`,
    ];
  }
  const avisos: string[] = [];
  if (!filas.some((f) => f.tipo === 'puente')) {
    avisos.push(
      `Todavía no hay feriados puente cargados para ${anio}: el Gobierno nacional los fija por decreto. Mientras no los agregues, los plazos los cuentan como días hábiles.`,
    );
  }
  for (const f of filas) {
    const dia = diaDeLaSemana(f.fecha);
    if (f.tipo === 'trasladable' && (dia === 0 || dia === 6)) {
      avisos.push(
        `${f.nombre} cae ${dia === 6 ? 'sábado' : 'domingo'} (${formatFechaPlazo(f.fecha)}): el decreto 614/2025 permite que la Jefatura de Gabinete lo traslade al viernes anterior o al lunes siguiente. Si lo hace, cambiá su fecha.`,
      );
    }
  }
  return avisos;
}

/** The dates of every holiday from `desde` on, of every kind: what the count of business days skips. */
export async function getFeriados(db: Db, desde: Fecha): Promise<Feriados> {
  const filas = await db.select({ fecha: tablaFeriados.fecha }).from(tablaFeriados).where(gte(tablaFeriados.fecha, desde));
  return new Set(filas.map((f) => f.fecha));
}

/** The deadline rules of the site settings (`plazos`: 15 business days, near the deadline from 3 left). */
export async function getReglasPlazo(db: Db): Promise<ReglasPlazo> {
  return (await getSiteSettingsForPages(db)).plazos;
}

/**
 * The rules and the holidays for deadlines of requests received from `desde` on: one read of each
 * for a whole list, then `plazoSolicitud` per request.
 */
export async function getCalendarioPlazos(db: Db, desde: Date): Promise<{ reglas: ReglasPlazo; feriados: Feriados }> {
  const [reglas, feriados] = await Promise.all([getReglasPlazo(db), getFeriados(db, fechaEnArgentina(desde))]);
  return { reglas, feriados };
}

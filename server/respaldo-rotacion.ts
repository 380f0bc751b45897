// Rotation of scheduled backups (docs/decisions/031-respaldos.md): the newest backup of each of
// the last 7 days, 4 weeks and 12 months that have one is kept; the others are deleted.
import fs from 'node:fs';
import path from 'node:path';

export const CONSERVAR = { diarios: 7, semanales: 4, mensuales: 12 };

const NOMBRE = /^respaldo-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.zst$/;

/** The file name of a backup taken at `fecha` (UTC, sortable). */
export function nombreDeRespaldo(fecha: Date): string {
  const iso = fecha.toISOString();
  return `respaldo-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(':', '')}Z.tar.zst`;
}

/** The instant in a backup's name; undefined for any other file. */
export function fechaDeRespaldo(nombre: string): Date | undefined {
  const m = NOMBRE.exec(nombre);
  if (!m) return undefined;
  const [, a, mes, d, h, min, s] = m;
  const fecha = new Date(`${a}-${mes}-${d}T${h}:${min}:${s}Z`);
  return Number.isNaN(fecha.getTime()) ? undefined : fecha;
}

/** Monday of the week (UTC) of a date, as YYYY-MM-DD. */
function semana(fecha: Date): string {
  const lunes = new Date(Date.UTC(fecha.getUTCFullYear(), fecha.getUTCMonth(), fecha.getUTCDate() - ((fecha.getUTCDay() + 6) % 7)));
  return lunes.toISOString().slice(0, 10);
}

/** The names to keep among `nombres` (backups and other files; only backups are ever answered). */
export function respaldosAConservar(nombres: string[], conservar = CONSERVAR): Set<string> {
  const respaldos = nombres
    .map((nombre) => ({ nombre, fecha: fechaDeRespaldo(nombre) }))
    .filter((r): r is { nombre: string; fecha: Date } => r.fecha !== undefined)
    .sort((a, b) => b.fecha.getTime() - a.fecha.getTime());
  const quedan = new Set<string>();
  const periodos: [(fecha: Date) => string, number][] = [
    [(f) => f.toISOString().slice(0, 10), conservar.diarios],
    [semana, conservar.semanales],
    [(f) => f.toISOString().slice(0, 7), conservar.mensuales],
  ];
  for (const [periodo, cuantos] of periodos) {
    const vistos = new Set<string>();
    for (const r of respaldos) {
      const clave = periodo(r.fecha);
      if (vistos.has(clave)) continue;
      if (vistos.size >= cuantos) break;
      vistos.add(clave);
      quedan.add(r.nombre);
    }
  }
  return quedan;
}

/** Deletes the backups of `carpeta` that rotation does not keep; answers their names. */
export function rotarRespaldos(carpeta: string): string[] {
  const nombres = fs.readdirSync(carpeta);
  const quedan = respaldosAConservar(nombres);
  const borrados = nombres.filter((n) => fechaDeRespaldo(n) !== undefined && !quedan.has(n));
  for (const nombre of borrados) fs.rmSync(path.join(carpeta, nombre), { force: true });
  return borrados;
}

/** The newest backup in `carpeta`, or undefined. */
export function ultimoRespaldo(carpeta: string): string | undefined {
  const nombres = fs.readdirSync(carpeta).filter((n) => fechaDeRespaldo(n) !== undefined);
  nombres.sort();
  const ultimo = nombres.at(-1);
  return ultimo === undefined ? undefined : path.join(carpeta, ultimo);
}

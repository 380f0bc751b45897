import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { feriados as tablaFeriados } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type Fecha, esFechaValida } from '#domain/shared/fechas.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { formatFechaPlazo } from './calendario.ts';
import type { Feriado } from './queries.ts';
import { feriadoSchema } from './schemas.ts';

type Campo = 'fecha' | 'nombre' | 'tipo';

export type ResultadoFeriado =
  | { tipo: 'guardado'; feriado: Feriado }
  /** A message per field, and what was typed to show back (the form pattern, docs/architecture.md "Formularios"). */
  | { tipo: 'invalido'; errores: Partial<Record<Campo, string>>; valores: Partial<Record<Campo, string>> }
  | { tipo: 'no_encontrado'; mensaje: string }
  | { tipo: 'prohibido'; mensaje: string };

export type ResultadoBorrado = { tipo: 'borrado'; feriado: Feriado } | { tipo: 'no_encontrado'; mensaje: string } | { tipo: 'prohibido'; mensaje: string };

const PROHIBIDO = { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar la tabla de feriados.' } as const;

const noEncontrado = (fecha: string) =>
  ({
    tipo: 'no_encontrado',
    mensaje: esFechaValida(fecha)
      ? `No hay un feriado el ${formatFechaPlazo(fecha)}: puede que otra persona lo haya cambiado o borrado. Volvé a la lista.`
      : 'No hay un feriado en esa fecha. Volvé a la lista.',
  }) as const;

const yaEsFeriado = (existente: Feriado) =>
  `El ${formatFechaPlazo(existente.fecha)} ya es feriado (${existente.nombre}): editá ese feriado en lugar de agregar otro.`;

const columnas = { fecha: tablaFeriados.fecha, nombre: tablaFeriados.nombre, tipo: tablaFeriados.tipo };

async function buscar(db: Db, fecha: Fecha): Promise<Feriado | undefined> {
  const [fila] = await db.select(columnas).from(tablaFeriados).where(eq(tablaFeriados.fecha, fecha));
  return fila;
}

/** Another administrator saved the same date between our check and our write (the primary key said so). */
function esFechaRepetida(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) if (e.code === '23505') return true;
  return false;
}

/**
 * Adds a holiday (administrators only), recorded in the audit log in the same transaction. A date
 * that is already a holiday is refused with its name: one row a date, whatever the kinds.
 */
export async function createFeriado(db: Db, actor: Actor, input: FormInput): Promise<ResultadoFeriado> {
  if (!puede(actor, 'feriados')) return PROHIBIDO;
  const leido = readForm(feriadoSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const feriado = leido.datos;
  try {
    return await db.transaction(async (tx) => {
      const existente = await buscar(tx, feriado.fecha);
      if (existente) return { tipo: 'invalido', errores: { fecha: yaEsFeriado(existente) }, valores: leido.valores };
      await tx.insert(tablaFeriados).values(feriado);
      await registrarAuditoria(tx, { actor, accion: 'feriado.alta', entidad: 'feriado', entidadId: feriado.fecha, despues: feriado });
      return { tipo: 'guardado', feriado };
    });
  } catch (error) {
    if (!esFechaRepetida(error)) throw error;
    const existente = await buscar(db, feriado.fecha);
    return { tipo: 'invalido', errores: { fecha: existente ? yaEsFeriado(existente) : 'Esa fecha ya es feriado.' }, valores: leido.valores };
  }
}

/**
 * Changes the holiday of `fecha` (administrators only): its name, its kind or its date (a
 * trasladable moved by decree). The new date must not be another holiday. Audited with before and after.
 */
export async function updateFeriado(db: Db, actor: Actor, fecha: string, input: FormInput): Promise<ResultadoFeriado> {
  if (!puede(actor, 'feriados')) return PROHIBIDO;
  const leido = readForm(feriadoSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const nuevo = leido.datos;
  if (!esFechaValida(fecha)) return noEncontrado(fecha);
  try {
    return await db.transaction(async (tx) => {
      const antes = await buscar(tx, fecha);
      if (!antes) return noEncontrado(fecha);
      if (nuevo.fecha !== fecha) {
        const otro = await buscar(tx, nuevo.fecha);
        if (otro) return { tipo: 'invalido', errores: { fecha: yaEsFeriado(otro) }, valores: leido.valores };
      }
      await tx
        .update(tablaFeriados)
        .set({ ...nuevo, updatedAt: new Date() })
        .where(eq(tablaFeriados.fecha, fecha));
      await registrarAuditoria(tx, { actor, accion: 'feriado.cambio', entidad: 'feriado', entidadId: fecha, antes, despues: nuevo });
      return { tipo: 'guardado', feriado: nuevo };
    });
  } catch (error) {
    if (!esFechaRepetida(error)) throw error;
    const otro = await buscar(db, nuevo.fecha);
    return { tipo: 'invalido', errores: { fecha: otro ? yaEsFeriado(otro) : 'Esa fecha ya es feriado.' }, valores: leido.valores };
  }
}

/** Removes the holiday of `fecha` (administrators only), audited with what it was. */
export async function deleteFeriado(db: Db, actor: Actor, fecha: string): Promise<ResultadoBorrado> {
  if (!puede(actor, 'feriados')) return PROHIBIDO;
  if (!esFechaValida(fecha)) return noEncontrado(fecha);
  return db.transaction(async (tx) => {
    const [borrado] = await tx.delete(tablaFeriados).where(eq(tablaFeriados.fecha, fecha)).returning(columnas);
    if (!borrado) return noEncontrado(fecha);
    await registrarAuditoria(tx, { actor, accion: 'feriado.baja', entidad: 'feriado', entidadId: fecha, antes: borrado });
    return { tipo: 'borrado', feriado: borrado };
  });
}

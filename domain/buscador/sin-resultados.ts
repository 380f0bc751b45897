import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { busquedasSinResultados } from '#db/schema/index.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { normalizado } from '#domain/shared/texto.ts';

/** Distinct searches kept at most: past it only the ones already there are counted (a flood fills nothing). */
export const CONSULTAS_MAXIMAS = 5_000;
/** Characters kept of a search. */
const LARGO_GUARDADO = 100;

/**
 * Whether the words may be personal data: an e-mail, or a number of 7 digits or more once dots,
 * dashes and spaces inside it are removed (a DNI, a CUIT, a phone). Such searches are never stored.
 */
export function pareceDatoPersonal(texto: string): boolean {
  if (texto.includes('@')) return true;
  const digitos = texto.replace(/(?<=\d)[.\-\s]+(?=\d)/g, '');
  return /\d{7,}/.test(digitos);
}

/**
 * Counts a search that found nothing (docs/decisions/049-buscador-del-sitio.md): its normalised
 * words and when it was last made, never who made it or from where. Returns whether it was counted.
 */
export async function registrarSinResultados(db: Db, texto: string, ahora: Date): Promise<boolean> {
  if (pareceDatoPersonal(texto)) return false;
  const consulta = normalizado(texto).slice(0, LARGO_GUARDADO).trim();
  if (consulta === '') return false;
  const sumadas = await db
    .update(busquedasSinResultados)
    .set({ cantidad: sql`${busquedasSinResultados.cantidad} + 1`, ultima: ahora })
    .where(eq(busquedasSinResultados.consulta, consulta))
    .returning({ consulta: busquedasSinResultados.consulta });
  if (sumadas.length > 0) return true;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(busquedasSinResultados);
  if (n >= CONSULTAS_MAXIMAS) return false;
  await db
    .insert(busquedasSinResultados)
    .values({ consulta, cantidad: 1, primera: ahora, ultima: ahora })
    .onConflictDoUpdate({ target: busquedasSinResultados.consulta, set: { cantidad: sql`${busquedasSinResultados.cantidad} + 1`, ultima: ahora } });
  return true;
}

export type BusquedaSinResultados = { consulta: string; cantidad: number; ultima: string };

/** The searches that found nothing, the most frequent first, for staff with the 'busquedas' permission. */
export async function listBusquedasSinResultados(db: Db, actor: Pick<Actor, 'rol'>, limite = 200): Promise<BusquedaSinResultados[]> {
  if (!puede(actor, 'busquedas')) throw new PermisoDenegadoError('Tu rol no puede ver las búsquedas sin resultados.');
  const filas = await db
    .select({ consulta: busquedasSinResultados.consulta, cantidad: busquedasSinResultados.cantidad, ultima: busquedasSinResultados.ultima })
    .from(busquedasSinResultados)
    .orderBy(desc(busquedasSinResultados.cantidad), desc(busquedasSinResultados.ultima), busquedasSinResultados.consulta)
    .limit(limite);
  return filas.map((f) => ({ ...f, ultima: f.ultima.toISOString() }));
}

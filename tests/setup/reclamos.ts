/**
 * Reports for the tests of a report's life, written straight into the tables (report creation has
 * its own tests): a category, and a report of it with the reporter's e-mail and name encrypted with
 * the test context's cipher and the secret of its links, whose SHA-256 is in `token_hash`.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.ts';
import { type EstadoReclamo, categoriasReclamo, historialReclamos, organismosReclamo, reclamos } from '#db/schema/index.ts';
import { nuevoSecreto } from '#domain/reclamos/enlaces.ts';
import type { AppContext } from '#domain/shared/context.ts';

let siguiente = 0;
const unico = () => `${++siguiente}${randomBytes(3).toString('hex')}`;

export async function insertCategoriaReclamo(
  db: Db,
  datos: Partial<typeof categoriasReclamo.$inferInsert> = {},
): Promise<{ id: number; codigo: string; nombre: string }> {
  const n = unico();
  const [fila] = await db
    .insert(categoriasReclamo)
    .values({ codigo: `cat-${n}`, nombre: `Bache ${n}`, ...datos })
    .returning({ id: categoriasReclamo.id, codigo: categoriasReclamo.codigo, nombre: categoriasReclamo.nombre });
  return fila!;
}

export async function insertOrganismoReclamo(
  db: Db,
  datos: Partial<typeof organismosReclamo.$inferInsert> = {},
): Promise<{ id: number; nombre: string; email: string }> {
  const n = unico();
  const [fila] = await db
    .insert(organismosReclamo)
    .values({ nombre: `Vialidad ${n}`, email: `vialidad.${n}@organismo.gob.ar`, ...datos })
    .returning({ id: organismosReclamo.id, nombre: organismosReclamo.nombre, email: organismosReclamo.email });
  return fila!;
}

export type ReclamoDePrueba = { id: number; codigo: string; secreto: string; email: string };

/**
 * A report (recibido unless told), with its first history row. `email: null` leaves it without a
 * reporter to write to (as an Open311 report without one). Received a minute before the context's clock unless told.
 */
export async function insertReclamo(
  ctx: Pick<AppContext, 'db' | 'cipher'> & Partial<Pick<AppContext, 'clock'>>,
  datos: Partial<Omit<typeof reclamos.$inferInsert, 'email' | 'nombre'>> & {
    categoriaId: number;
    email?: string | null;
    nombre?: string;
    estado?: EstadoReclamo;
  },
): Promise<ReclamoDePrueba> {
  const n = unico();
  const { email = `vecina.${n}@correo.com.ar`, nombre = 'Rosa Quintana', ...resto } = datos;
  const { secreto, token, tokenHash } = nuevoSecreto(ctx);
  const [fila] = await ctx.db
    .insert(reclamos)
    .values({
      codigo: `RC-2026-T${n}`.toUpperCase(),
      descripcion: 'Un pozo grande frente a la escuela',
      latitud: -40.7625,
      longitud: -71.6463,
      direccion: 'Av. Arrayanes 100',
      venceEl: '2026-03-24',
      email: email === null ? null : ctx.cipher.encrypt(email),
      emailHuella: email === null ? null : ctx.cipher.hash('reclamo-email', email),
      nombre: email === null ? null : ctx.cipher.encrypt(nombre),
      token,
      tokenHash,
      // Received a minute before the test's clock, so the history reads in order.
      createdAt: new Date((ctx.clock?.now() ?? new Date()).getTime() - 60_000),
      ...resto,
    })
    .returning({ id: reclamos.id, codigo: reclamos.codigo, estado: reclamos.estado, createdAt: reclamos.createdAt });
  await ctx.db.insert(historialReclamos).values({ reclamoId: fila!.id, estado: fila!.estado, fecha: fila!.createdAt });
  return { id: fila!.id, codigo: fila!.codigo, secreto, email: email ?? '' };
}

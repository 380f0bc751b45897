import { count } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { ajustesSitio, datosDemo } from '#db/schema/index.ts';
import { seedAjustes } from './ajustes.ts';
import { seedBoletines, seedFinanzas, seedGobierno } from './gobierno.ts';
import { seedOrdenanzas } from './ordenanzas.ts';
import { seedReclamos, seedReportesDemo } from './reclamos.ts';
import { seedRecoleccion } from './recoleccion.ts';
import { seedCalles } from './calles-demo.ts';
import { seedUsuarios } from './usuarios.ts';
import { seedVehiculos } from './vehiculos.ts';
import type { SeedContext, Seeder } from './seeder.ts';

/** In order; each later feature appends its own generator here. */
export const seeders: Seeder[] = [
  seedAjustes,
  seedOrdenanzas,
  seedGobierno,
  seedBoletines,
  seedFinanzas,
  seedUsuarios,
  seedVehiculos,
  seedRecoleccion,
  seedCalles,
  seedReclamos,
];

/**
 * Fills a new, empty database with demo content, and adds the demo content of newer features to a
 * database that was filled before. A database that held real content before any seeding (no row in
 * datos_demo, but settings present) is never touched.
 */
export async function seedDemoContent(ctx: SeedContext): Promise<string[]> {
  const { db } = ctx;
  const done = new Set((await db.select({ nombre: datosDemo.nombre }).from(datosDemo)).map((r) => r.nombre));
  if (done.size === 0) {
    const [settings] = await db.select({ n: count() }).from(ajustesSitio);
    if ((settings?.n ?? 0) > 0) return [];
  }
  const applied: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.nombre)) continue;
    await db.transaction(async (tx) => {
      await seeder.run({ ...ctx, db: tx as unknown as Db });
      await tx.insert(datosDemo).values({ nombre: seeder.nombre });
    });
    applied.push(seeder.nombre);
  }
  return applied;
}

/** The demo seeders that act as citizens through the app's commands, and so need its whole context (the cipher seals what they type). */
const NOMBRE_REPORTES = 'reclamos-reportes';

/**
 * After the app's context exists: the demo's citizen reports, once, on a database the demo filled
 * (its catalogue seeded), recorded in datos_demo like the other seeders.
 */
export async function seedDemoConContexto(ctx: AppContext): Promise<string[]> {
  const hechos = new Set((await ctx.db.select({ nombre: datosDemo.nombre }).from(datosDemo)).map((r) => r.nombre));
  if (!hechos.has(seedReclamos.nombre) || hechos.has(NOMBRE_REPORTES)) return [];
  await seedReportesDemo(ctx);
  await ctx.db.insert(datosDemo).values({ nombre: NOMBRE_REPORTES });
  return [NOMBRE_REPORTES];
}

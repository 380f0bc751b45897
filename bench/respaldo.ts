// `npm run bench -- respaldo`: a backup of the demo plus BENCH_ORDENANZAS ordinances (100,000),
// then its restore into an empty target and the weekly check, timed (docs/decisions/031-respaldos.md;
// goal: restore ≤ 10 min).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres, type Database } from '#db/client.ts';
import type * as App from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { createRespaldo, instantaneaPglite, restaurarRespaldo, verificarRespaldo } from '#server/respaldo.ts';
import { CANTIDAD, llenar } from './ordenanzas.ts';
import { scratchDatabases } from './postgres.ts';

const CLAVE = 'cd'.repeat(32);
const segundos = (desde: number) => `${((performance.now() - desde) / 1000).toFixed(1)} s`;

/**
 * The demo as the built server seeds it: its street index is a CSV the build bundles (a Vite `?raw`
 * import), which plain Node cannot load from the source.
 */
async function sembrarDemo(origen: Record<string, string>): Promise<void> {
  const app = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as typeof App;
  const database = origen.DATABASE_URL ? await app.openPostgres(origen.DATABASE_URL) : await app.openPglite(origen.DATA_DIR);
  try {
    await app.seedDemoContent({ db: database.db, storage: app.createLocalStorage(path.join(origen.DATA_DIR!, 'archivos')) });
  } finally {
    await database.close();
  }
}

async function medir(
  motor: string,
  origen: Record<string, string>,
  destino: Record<string, string>,
  abrir: () => Promise<Database>,
  tmp: string,
): Promise<void> {
  console.log(`\n## Respaldo y restauración en ${motor} (demo + ${CANTIDAD.toLocaleString('es-AR')} ordenanzas, objetivo: restaurar ≤ 10 min)`);
  let inicio = performance.now();
  await sembrarDemo(origen);
  const database = await abrir();
  await llenar(database, 1_000_000);
  console.log(`Carga de la base: ${segundos(inicio)}`);
  if (database.snapshot) {
    // What a running embedded site does when asked (server/respaldo-puerta.ts): its queries wait meanwhile.
    inicio = performance.now();
    const { datos } = await instantaneaPglite(database);
    console.log(`Pausa de la base del sitio en marcha (cuenta y copia de la carpeta, ${(datos.size / 1024 / 1024).toFixed(1)} MB): ${segundos(inicio)}`);
  }
  await database.close();
  const archivo = path.join(tmp, 'respaldo.tar.zst');
  inicio = performance.now();
  const manifiesto = await createRespaldo(loadConfig(origen), archivo);
  console.log(
    `Respaldo: ${segundos(inicio)}, ${(fs.statSync(archivo).size / 1024 / 1024).toFixed(1)} MB comprimido (base ${(manifiesto.base.bytes / 1024 / 1024).toFixed(1)} MB, ${manifiesto.archivos.length} archivos)`,
  );
  inicio = performance.now();
  const verificado = await verificarRespaldo(loadConfig(origen), archivo);
  console.log(
    `Verificación en una base descartable: ${segundos(inicio)}${verificado.problemas.length > 0 ? ` — PROBLEMAS: ${verificado.problemas.join('; ')}` : ''}`,
  );
  inicio = performance.now();
  await restaurarRespaldo(loadConfig(destino), archivo);
  console.log(`Restauración en un destino vacío: ${segundos(inicio)}`);
}

export async function benchRespaldo(postgres: string | undefined): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-respaldo-'));
  try {
    const origen = { DATA_DIR: path.join(tmp, 'origen'), DATA_KEY: CLAVE, SEED_DEMO: 'false' };
    const destino = { DATA_DIR: path.join(tmp, 'destino'), DATA_KEY: CLAVE, SEED_DEMO: 'false' };
    await medir('PGlite', origen, destino, () => openPglite(origen.DATA_DIR), tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (!postgres) return;
  const tmpPg = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-respaldo-'));
  const bases = await scratchDatabases(postgres);
  try {
    const origen = { DATA_DIR: path.join(tmpPg, 'origen'), DATABASE_URL: await bases.create(), DATA_KEY: CLAVE, SEED_DEMO: 'false' };
    const destino = { DATA_DIR: path.join(tmpPg, 'destino'), DATABASE_URL: await bases.create(), DATA_KEY: CLAVE, SEED_DEMO: 'false' };
    await medir('PostgreSQL', origen, destino, () => openPostgres(origen.DATABASE_URL), tmpPg);
  } finally {
    await bases.drop();
    fs.rmSync(tmpPg, { recursive: true, force: true });
  }
}

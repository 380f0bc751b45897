// `npm run bench`: prints figures, never fails on time (performance goals live here, not in tests).
// BENCH_DATABASE_URL adds the PostgreSQL runs; BENCH_ORDENANZAS and BENCH_CORREOS change the sizes.
// Sections can be chosen: `npm run bench -- correo` (home, cache, carga, antes, lighthouse, ordenanzas, buscar, vehiculos, cuando-paso, correo, cercania, reclamos, respaldo, reinicio, memoria; all by default).
// BENCH_EN_VUELO, how many requests are in flight at SIGTERM in the restart section.
// BENCH_MEMORIA_MINUTOS: how long the memory section's soak lasts (2 min; 30 for the full one); BENCH_MEMORIA_BASES=PostgreSQL, one engine.
// BENCH_SEGUNDOS changes how long each page is loaded in the cache section (4 s); BENCH_ANTES, the commit `antes` compares with.
import { benchAntes } from './antes.ts';
import { benchBuscarPglite, benchBuscarPostgres } from './buscar.ts';
import { benchCarga } from './carga.ts';
import { benchCercaniaPglite, benchCercaniaPostgres } from './cercania.ts';
import { benchCorreoPglite, benchCorreoPostgres } from './correo.ts';
import { benchCuandoPasoPglite, benchCuandoPasoPostgres } from './cuando-paso.ts';
import { benchHome } from './home.ts';
import { benchJavaScript } from './javascript.ts';
import { benchMemoria } from './memoria.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchReclamosDuplicadosPglite, benchReclamosDuplicadosPostgres } from './reclamos-duplicados.ts';
import { benchRenderCache } from './render-cache.ts';
import { benchReinicio } from './reinicio.ts';
import { benchOrdenanzasPglite, benchOrdenanzasPostgres } from './ordenanzas.ts';
import { startBenchServer } from './server.ts';
import { benchVehiculosPglite, benchVehiculosPostgres } from './vehiculos.ts';

const elegidas = process.argv.slice(2);
const corre = (seccion: string) => elegidas.length === 0 || elegidas.includes(seccion);
const postgres = process.env.BENCH_DATABASE_URL;

console.log(`Node ${process.versions.node} · ${new Date().toISOString()}`);
if (corre('home')) {
  const server = await startBenchServer();
  try {
    await benchHome(server);
    await benchJavaScript(server);
  } finally {
    await server.stop();
  }
}
if (corre('cache')) await benchRenderCache();
if (corre('carga')) await benchCarga();
if (corre('antes')) await benchAntes();
if (corre('lighthouse')) await benchLighthouse();
if (corre('ordenanzas')) {
  await benchOrdenanzasPglite();
  if (postgres) await benchOrdenanzasPostgres(postgres);
}
if (corre('buscar')) {
  await benchBuscarPglite();
  if (postgres) await benchBuscarPostgres(postgres);
}
if (corre('vehiculos')) {
  await benchVehiculosPglite();
  if (postgres) await benchVehiculosPostgres(postgres);
}
if (corre('cuando-paso')) {
  await benchCuandoPasoPglite();
  if (postgres) await benchCuandoPasoPostgres(postgres);
}
if (corre('correo')) {
  await benchCorreoPglite();
  if (postgres) await benchCorreoPostgres(postgres);
}
if (corre('cercania')) {
  await benchCercaniaPglite();
  if (postgres) await benchCercaniaPostgres(postgres);
}
if (corre('reclamos')) {
  await benchReclamosDuplicadosPglite();
  if (postgres) await benchReclamosDuplicadosPostgres(postgres);
}
// Loaded only when chosen: it seeds the demo, whose street index is a Vite `?raw` import that plain Node cannot load.
if (corre('respaldo')) await (await import('./respaldo.ts')).benchRespaldo(postgres);
if (corre('reinicio')) await benchReinicio(postgres);
if (corre('memoria')) await benchMemoria(postgres);
if (!postgres) console.log('\n(BENCH_DATABASE_URL sin definir: se omite PostgreSQL)');

// docs/decisions/028-cierre-ordenado.md: SIGTERM with requests in flight. How many get their whole
// answer, how many are cut, when new connections start being refused and when the process exits.
// BENCH_EN_VUELO changes how many requests are in flight (200 by default).
import { solicitudValida } from '#tests/factories/decretos.ts';
import { fallidos, pedirEnVuelo } from '#tests/setup/en-vuelo.ts';
import { scratchDatabases } from './postgres.ts';
import { startBenchServer } from './server.ts';

const EN_VUELO = Number(process.env.BENCH_EN_VUELO ?? 200);
const PAGINAS = ['/', '/areas', '/consulta-ordenanzas?pattern=residuos', '/boletines-oficiales', '/plan-estrategico'];

async function unaVez(esperaMs: number, databaseUrl?: string): Promise<void> {
  const server = await startBenchServer({
    SHUTDOWN_DELAY_MS: String(esperaMs),
    MAX_CONNECTIONS_PER_IP: '0',
    SOLICITUDES_POR_IP: '1000000',
    // The render cache off: every page is rendered, so the requests are really in flight.
    RENDER_CACHE: 'false',
    // No demo: a new folder starts in seconds; the pages render the same frames without it.
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_KEY: 'ab'.repeat(32) } : {}),
  });
  const port = Number(new URL(server.url).port);
  // One in four a decree request, the rest pages.
  const pedidos = Array.from({ length: EN_VUELO }, (_, i) =>
    i % 4 === 0
      ? pedirEnVuelo(port, { ruta: '/api/v1/solicitudes-decreto', cuerpo: JSON.stringify(solicitudValida()) })
      : pedirEnVuelo(port, { ruta: PAGINAS[i % PAGINAS.length]! }),
  );
  await Promise.all(pedidos.map((p) => p.enviado));
  const inicio = performance.now();
  const parada = server.stop();
  const resultados = await Promise.all(pedidos.map((p) => p.resultado));
  const respondidos = performance.now() - inicio;
  const { ms, code } = await parada;
  const enteros = resultados.filter((r) => r.completa).length;
  const errores = fallidos(resultados);
  const motor = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `${motor.padEnd(10)} espera ${String(esperaMs).padStart(4)} ms: ${enteros} de ${EN_VUELO} pedidos en vuelo respondidos enteros, ` +
      `${errores.length} cortados; el último respondió a los ${respondidos.toFixed(0)} ms; salió con ${code} a los ${ms.toFixed(0)} ms`,
  );
  if (errores.length > 0) console.log(`  cortados: ${errores.slice(0, 5).join('; ')}${errores.length > 5 ? '…' : ''}`);
}

/** PGlite, and PostgreSQL when `postgres` (BENCH_DATABASE_URL) is given: without the wait and with the default 3 s. */
export async function benchReinicio(postgres?: string): Promise<void> {
  console.log(`\n## Reinicio: SIGTERM con ${EN_VUELO} pedidos en vuelo (páginas sin caché y solicitudes de decreto)`);
  await unaVez(0);
  await unaVez(3_000);
  if (!postgres) return;
  const bases = await scratchDatabases(postgres);
  try {
    const url = await bases.create();
    await unaVez(0, url);
    await unaVez(3_000, url);
  } finally {
    await bases.drop();
  }
}

// `npm run bench`: prints figures, never fails on time (performance goals live here, not in tests).
// BENCH_DATABASE_URL adds the PostgreSQL runs; BENCH_ORDENANZAS changes the register's size.
import { benchHome } from './home.ts';
import { benchOrdenanzasPglite, benchOrdenanzasPostgres } from './ordenanzas.ts';
import { startBenchServer } from './server.ts';

console.log(`Node ${process.versions.node} · ${new Date().toISOString()}`);
const server = await startBenchServer();
try {
  await benchHome(server);
} finally {
  await server.stop();
}
await benchOrdenanzasPglite();
if (process.env.BENCH_DATABASE_URL) await benchOrdenanzasPostgres(process.env.BENCH_DATABASE_URL);
else console.log('\n(BENCH_DATABASE_URL sin definir: se omite PostgreSQL)');

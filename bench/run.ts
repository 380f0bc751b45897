// `npm run bench`: prints figures, never fails on time (performance goals live here, not in tests).
import { benchHome } from './home.ts';
import { startBenchServer } from './server.ts';

console.log(`Node ${process.versions.node} · ${new Date().toISOString()}`);
const server = await startBenchServer();
try {
  await benchHome(server);
} finally {
  await server.stop();
}

// `npm start`: builds when a source changed since the last build, then serves the site in a child
// process started with bounded memory (scripts/server-process.ts), passing signals through and
// its exit code back, so that systemd and the shell see the server itself.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { build, buildIsCurrent } from './build.ts';
import { serverEnv, serverNodeFlags } from './server-process.ts';

let flags: string[];
try {
  flags = serverNodeFlags(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!buildIsCurrent()) {
  console.log('Compilando el sitio...');
  await build({ quiet: true });
}
const server = spawn(process.execPath, [...flags, 'server/index.ts'], { env: serverEnv(process.env), stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('error', (error) => {
  console.error(`No se pudo iniciar el servidor: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  // Killed by a signal it did not handle: the same code a shell gives (128 + the signal's number).
  process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1));
});

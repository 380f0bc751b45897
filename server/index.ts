// Process entry: runs directly on Node 24 (type stripping), so it imports only the build, or Vite
// while developing. Everything else lives in server/app.ts, the SSR build entry.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type * as App from './app.ts';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Este proyecto necesita Node 24 y se está ejecutando con Node ${process.versions.node}. ` +
      'Inicialo con "npm start" o "npm run dev", que usan el Node 24 instalado por npm install.',
  );
  process.exit(1);
}

const development = process.env.NODE_ENV === 'development';
// The operator's own setting: only an explicit NODE_ENV=production asks for a deployment's
// settings (SITE_URL, DATA_KEY); `npm start` alone is local use.
const environment = { ...process.env };
// React must see the mode before it loads, or server rendering runs at half speed.
process.env.NODE_ENV = development ? 'development' : 'production';

type AppModule = typeof App;

/**
 * Forced exit if closing hangs: beyond the wait and the bound on requests in flight
 * (SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS), this much for the outbox and the database to close.
 */
const WATCHDOG_MARGIN_MS = 10_000;

async function loadAppModule(): Promise<{ mod: AppModule; vite?: ViteDevServer }> {
  if (!development) {
    const built = pathToFileURL(path.resolve('build/server/index.js')).href;
    return { mod: (await import(built)) as AppModule };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return { mod: (await vite.ssrLoadModule('./server/app.ts')) as AppModule, vite };
}

try {
  const { mod, vite } = await loadAppModule();
  const config = mod.loadConfig(environment);
  const { close, demo, ingestPort, metricsPort } = await mod.start(config, vite);
  const shutdown = (signal: string) => {
    const { esperaMs, plazoMs } = config.cierre;
    console.log(
      `${signal} recibido: /health/ready responde 503; se siguen atendiendo pedidos ${esperaMs / 1000} s más y después se cierra ` +
        `(hasta ${plazoMs / 1000} s para los pedidos en curso).`,
    );
    // docs/decisions/028-cierre-ordenado.md: a normal close ends well within this; it only ends a stuck one.
    const watchdogMs = esperaMs + plazoMs + WATCHDOG_MARGIN_MS;
    const timer = setTimeout(() => {
      console.error(`El cierre no terminó en ${watchdogMs / 1000} s: salida forzada.`);
      process.exit(1);
    }, watchdogMs);
    timer.unref();
    close()
      .then(() => vite?.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  // A promise nobody awaited must not end the site for everyone (Node's default): it is logged,
  // without a database error's parameters, and the process goes on.
  process.on('unhandledRejection', (reason) => {
    console.error(JSON.stringify({ level: 50, msg: 'promesa rechazada sin manejar', err: mod.serializeError(reason) }));
  });
  // Handlers first, then the address: whoever acts on the printed address can already stop us.
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Sitio de la Municipalidad de Villa La Angostura en http://${shown}:${config.port}`);
  if (ingestPort !== undefined) console.log(`Posiciones de rastreadores (protocolo OsmAnd) también en http://${shown}:${ingestPort}/`);
  if (metricsPort !== undefined && config.metrics) {
    const host = config.metrics.host.includes(':') ? `[${config.metrics.host}]` : config.metrics.host;
    console.log(`Métricas para Prometheus en http://${host}:${metricsPort}/metrics (puerto interno, no el público)`);
  }
  if (demo) {
    // Demo accounts only (a database the demo filled): their passwords are public anyway.
    console.log(`Back-office de demostración en http://${shown}:${config.port}/login`);
    for (const u of demo) console.log(`  ${u.rol.padEnd(16)} ${u.email}  contraseña: ${u.clave}`);
  }
  console.log(
    `Versión ${mod.buildInfo.version} (build ${mod.buildInfo.build}) · base de datos: ${config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`}`,
  );
} catch (error) {
  console.error(error instanceof Error && error.constructor.name !== 'Error' ? error.message : error);
  process.exit(1);
}

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
// React must see the mode before it loads, or server rendering runs at half speed.
process.env.NODE_ENV = development ? 'development' : 'production';

type AppModule = typeof App;

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
  const config = mod.loadConfig();
  const { close } = await mod.start(config, vite);
  const shutdown = (signal: string) => {
    console.log(`${signal} recibido: cerrando conexiones...`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    close()
      .then(() => vite?.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  // Handlers first, then the address: whoever acts on the printed address can already stop us.
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Sitio de la Municipalidad de Villa La Angostura en http://${shown}:${config.port}`);
  console.log(`Versión ${mod.buildInfo.version} (build ${mod.buildInfo.build}) · base de datos: ${config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`}`);
} catch (error) {
  console.error(error instanceof Error && error.constructor.name !== 'Error' ? error.message : error);
  process.exit(1);
}

// `npm run importar -- CARPETA`: loads the previous system's answers saved in CARPETA into the
// database and files that `npm start` uses with the same settings (docs/decisions/033-mudanza.md,
// README «Mudanza»). Prints one line per kind and one per refused item; exits 1 if anything was
// refused, 2 if it could not start.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as App from '#server/app.ts';
import { build, buildIsCurrent } from './build.ts';

const carpeta = process.argv[2];
if (!carpeta || process.argv.length > 3) {
  console.error('Uso: npm run importar -- CARPETA   (la carpeta con las respuestas del sistema anterior; ver README, «Mudanza»)');
  process.exit(2);
}

if (!buildIsCurrent()) {
  console.log('Compilando el sitio...');
  await build();
}
const mod = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as typeof App;

let database: Awaited<ReturnType<typeof mod.openDatabase>> | undefined;
let codigo = 0;
try {
  const config = mod.loadConfig({ ...process.env });
  database = await mod.openDatabase(config);
  const storage = mod.openStorage(config);
  try {
    console.log(`Importando ${path.resolve(carpeta)} en ${config.databaseUrl ? 'PostgreSQL' : `la base embebida de ${config.dataDir}`}...`);
    const resultados = await mod.importarCarpeta({ db: database.db, storage }, carpeta, { maxBytes: config.uploadMaxBytes });
    for (const linea of mod.informeImportacion(resultados)) console.log(linea);
    const rechazados = resultados.filter((r) => r.estado === 'rechazado');
    if (rechazados.length > 0) {
      console.log(`Hubo rechazos en ${rechazados.map((r) => r.nombre).join(', ')}: corregí esos ítems y corré de nuevo; lo ya importado no se duplica.`);
      codigo = 1;
    } else console.log('Importación completa.');
  } finally {
    storage.close?.();
  }
} catch (error) {
  // As server/index.ts: our own errors (settings, a locked data folder, a bad folder) carry a message for the operator.
  console.error(error instanceof Error && error.constructor.name !== 'Error' ? error.message : error);
  codigo = 2;
} finally {
  await database?.close();
}
process.exit(codigo);

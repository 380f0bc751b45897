// `npm run restaurar -- RUTA`: a backup into the empty database and store that `npm start` would
// open with the same settings (docs/decisions/031-respaldos.md, docs/operacion.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/env.ts';
import { restaurarRespaldo } from '#server/respaldo.ts';
import { comprobarNode, terminar } from './respaldo-cli.ts';

comprobarNode();
const { positionals } = parseArgs({ allowPositionals: true, strict: false });
if (positionals.length !== 1) {
  console.error('Uso: npm run restaurar -- RUTA_DEL_RESPALDO (con la misma configuración que npm start: DATABASE_URL o DATA_DIR, S3_*, DATA_KEY)');
  process.exit(2);
}

await terminar(async () => {
  const config = loadConfig(process.env);
  const inicio = Date.now();
  const { manifiesto, descifrados } = await restaurarRespaldo(config, positionals[0]!);
  const filas = Object.values(manifiesto.tablas).reduce((a, b) => a + b, 0);
  console.log(
    `Respaldo del ${manifiesto.creado} (versión ${manifiesto.version}) restaurado en ${(Date.now() - inicio) / 1000} s: ` +
      `${Object.keys(manifiesto.tablas).length} tablas y ${filas} filas como dice el manifiesto, ${manifiesto.archivos.length} archivos con su SHA-256, ${descifrados} datos personales descifrados con la clave dada.`,
  );
  return 0;
});

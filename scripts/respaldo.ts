// `npm run respaldo`: one backup file, the scheduled rotation, and the weekly check that restores
// the last backup into a throwaway database (docs/decisions/031-respaldos.md, docs/operacion.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/env.ts';
import { avisarPorCorreo, createRespaldo, verificarRespaldo } from '#server/respaldo.ts';
import { fechaDeRespaldo, nombreDeRespaldo, rotarRespaldos, ultimoRespaldo } from '#server/respaldo-rotacion.ts';
import { comprobarNode, terminar } from './respaldo-cli.ts';

const USO = `Uso:
  npm run respaldo -- --archivo RUTA        escribe un respaldo en RUTA (.tar.zst)
  npm run respaldo -- --rotar CARPETA       escribe uno en CARPETA y conserva 7 diarios, 4 semanales y 12 mensuales
  npm run respaldo -- --verificar CARPETA   restaura el último de CARPETA (o un ARCHIVO) en una base descartable y avisa a los administradores si algo no coincide`;

/** A scheduled check also complains about a last backup older than this (the daily job stopped). */
const DIAS_SIN_RESPALDO = 8;

comprobarNode();
const { values } = (() => {
  try {
    return parseArgs({ options: { archivo: { type: 'string' }, rotar: { type: 'string' }, verificar: { type: 'string' } }, strict: true });
  } catch {
    console.error(USO);
    process.exit(2);
  }
})();
const elegidas = [values.archivo, values.rotar, values.verificar].filter((v) => v !== undefined);
if (elegidas.length !== 1) {
  console.error(USO);
  process.exit(2);
}

await terminar(async () => {
  const config = loadConfig(process.env);
  if (values.archivo !== undefined || values.rotar !== undefined) {
    const destino = values.archivo ?? path.join(values.rotar!, nombreDeRespaldo(new Date()));
    const inicio = Date.now();
    const manifiesto = await createRespaldo(config, destino);
    const filas = Object.values(manifiesto.tablas).reduce((a, b) => a + b, 0);
    console.log(
      `Respaldo escrito en ${destino} (${(fs.statSync(destino).size / 1024 / 1024).toFixed(1)} MB, ${(Date.now() - inicio) / 1000} s): ` +
        `${manifiesto.motor === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${Object.keys(manifiesto.tablas).length} tablas, ${filas} filas, ${manifiesto.archivos.length} archivos, nivel de migraciones ${manifiesto.migraciones}.`,
    );
    if (values.rotar !== undefined) {
      const borrados = rotarRespaldos(values.rotar);
      if (borrados.length > 0) console.log(`Rotación: se borraron ${borrados.join(', ')}.`);
    }
    return 0;
  }
  const objetivo = values.verificar!;
  const esCarpeta = fs.existsSync(objetivo) && fs.statSync(objetivo).isDirectory();
  const archivo = esCarpeta ? ultimoRespaldo(objetivo) : objetivo;
  const problemas: string[] = [];
  let resumen = '';
  if (!archivo) {
    problemas.push(`No hay ningún respaldo en ${objetivo}: el respaldo diario no se está haciendo.`);
  } else {
    const fecha = fechaDeRespaldo(path.basename(archivo));
    if (esCarpeta && fecha && Date.now() - fecha.getTime() > DIAS_SIN_RESPALDO * 86_400_000) {
      problemas.push(`El último respaldo (${path.basename(archivo)}) tiene más de ${DIAS_SIN_RESPALDO} días: el respaldo diario no se está haciendo.`);
    }
    const resultado = await verificarRespaldo(config, archivo);
    problemas.push(...resultado.problemas);
    if (resultado.manifiesto) {
      resumen = `${Object.keys(resultado.manifiesto.tablas).length} tablas, ${resultado.manifiesto.archivos.length} archivos, ${resultado.descifrados} datos personales descifrados`;
    }
  }
  if (problemas.length === 0) {
    console.log(`Verificación correcta: ${archivo} se restauró en una base descartable y coincide con su manifiesto (${resumen}).`);
    return 0;
  }
  const texto = [
    `La verificación semanal del respaldo falló${archivo ? ` (${archivo})` : ''}:`,
    '',
    ...problemas.map((p) => `- ${p}`),
    '',
    'Revisá los respaldos cuanto antes: si hoy hubiera que restaurar, este respaldo no alcanzaría. Ver docs/operacion.md, "Respaldos y restauración".',
  ].join('\n');
  console.error(texto);
  try {
    const avisados = await avisarPorCorreo(config, { asunto: 'Falló la verificación del respaldo del sitio', texto });
    console.error(`Aviso enviado a ${avisados} administradores por la bandeja de salida.`);
  } catch (error) {
    console.error(`No se pudo avisar por correo: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 1;
});

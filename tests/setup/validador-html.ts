import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * The W3C's Nu Html Checker (the `vnu-jar` package's vnu.jar, run with the machine's Java) over many
 * documents in one start of the checker: starting the JVM costs about two seconds, each page a few
 * milliseconds more (docs/architecture.md, "HTML válido").
 */

export type Documento = { nombre: string; html: string };
export type ErrorHtml = { linea?: number; columna?: number; mensaje: string; fragmento?: string };

type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; firstColumn?: number; message: string; extract?: string };

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const JAVA = process.env.JAVA_PATH || 'java';

/** Checks every document and answers each one's errors (warnings are not errors), by name, in the documents' order. */
export async function validarHtml(documentos: readonly Documento[]): Promise<Map<string, ErrorHtml[]>> {
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-vnu-'));
  try {
    const archivos = documentos.map((doc, i) => {
      const archivo = path.join(carpeta, `${String(i).padStart(5, '0')}.html`);
      fs.writeFileSync(archivo, doc.html);
      return archivo;
    });
    const salida = await correrVnu(['--errors-only', '--format', 'json', '--stdout', carpeta]);
    const porArchivo = new Map<string, ErrorHtml[]>(archivos.map((a) => [a, []]));
    for (const m of (JSON.parse(salida) as { messages: VnuMessage[] }).messages) {
      if (m.type !== 'error' && m.subType !== 'fatal') continue;
      const archivo = m.url ? decodeURIComponent(new URL(m.url).pathname) : '';
      const lista = porArchivo.get(archivo);
      const error = { linea: m.lastLine, columna: m.firstColumn, mensaje: m.message, fragmento: m.extract?.trim() };
      // A message about no file of ours (the checker failing to read one) still fails the check.
      if (lista) lista.push(error);
      else throw new Error(`El validador informó algo que no es de ninguna página: ${m.message}`);
    }
    return new Map(documentos.map((doc, i) => [doc.nombre, porArchivo.get(archivos[i]!)!]));
  } finally {
    fs.rmSync(carpeta, { recursive: true, force: true });
  }
}

function correrVnu(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // The client compiler only and the serial collector: a run of a few hundred pages ends before the
    // optimising compiler would pay off, and on two cores it took 76 s instead of 86.
    execFile(
      JAVA,
      ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR, ...args],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(
            new Error(
              `No se encontró Java (${JAVA}) para el Nu Html Checker: instalalo con "apt-get install -y default-jre-headless" o indicá otro en JAVA_PATH.`,
            ),
          );
          return;
        }
        // vnu exits 1 when it found errors: its JSON report is on stdout either way.
        if (stdout.trim().startsWith('{')) resolve(stdout);
        else reject(new Error(`El Nu Html Checker no respondió un informe: ${stderr || error?.message}`));
      },
    );
  });
}

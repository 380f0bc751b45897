import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The folder exported from the previous system (docs/decisions/033-mudanza.md): one JSON answer
 * per kind, named as `ARCHIVOS` in tipos.ts says, the documents in `documentos/` and the
 * ordinances' files in `ordenanzas/`, each named by its id with or without an extension
 * (`documentos/5123`, `documentos/5123.pdf`).
 */
export type Carpeta = {
  /** The parsed answer of a kind; undefined when its file is not in the folder. */
  readJson(archivo: string): Promise<{ ok: true; valor: unknown } | { ok: false; mensaje: string } | undefined>;
  /** A document of the previous system by its id (`documento.id`, `logo.id`, `imagen.id`). */
  documento(id: number): Promise<ArchivoViejo | undefined>;
  /** An ordinance's file by the ordinance's ID (what `Ordenanzas/?idOrdenanza=ID` answered). */
  archivoOrdenanza(id: number): Promise<ArchivoViejo | undefined>;
  /** The largest id in `documentos/` (0 when empty). */
  maxIdDocumento: number;
};

export type ArchivoViejo = { data: Uint8Array; nombreArchivo: string };

export class CarpetaInvalidaError extends Error {}

/** Files named by a number, in one subfolder: id → file name. */
async function indice(carpeta: string, sub: string): Promise<Map<number, string>> {
  const mapa = new Map<number, string>();
  let nombres: string[];
  try {
    nombres = await fs.readdir(path.join(carpeta, sub));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return mapa;
    throw error;
  }
  for (const nombre of nombres) {
    const m = /^(\d{1,9})(?:\.[A-Za-z0-9]{1,5})?$/.exec(nombre);
    if (m) mapa.set(Number(m[1]), nombre);
  }
  return mapa;
}

/**
 * The answer as the previous system sent it: a JSON array or object, or (its ordinances API) a
 * JSON string whose content is the JSON array; an object whose `data` is the answer is unwrapped too.
 */
function desenvolver(valor: unknown): unknown {
  if (typeof valor === 'string') return desenvolver(JSON.parse(valor) as unknown);
  if (valor && typeof valor === 'object' && !Array.isArray(valor) && 'data' in valor && Object.keys(valor).length <= 3) {
    const data = (valor as { data: unknown }).data;
    if (Array.isArray(data) || typeof data === 'string') return desenvolver(data);
  }
  return valor;
}

export async function abrirCarpeta(carpeta: string): Promise<Carpeta> {
  let stat;
  try {
    stat = await fs.stat(carpeta);
  } catch {
    throw new CarpetaInvalidaError(`No existe la carpeta ${carpeta}: indicá la carpeta donde guardaste las respuestas del sistema anterior.`);
  }
  if (!stat.isDirectory())
    throw new CarpetaInvalidaError(`${carpeta} no es una carpeta: indicá la carpeta donde guardaste las respuestas del sistema anterior.`);
  const documentos = await indice(carpeta, 'documentos');
  const ordenanzas = await indice(carpeta, 'ordenanzas');
  const leer = async (sub: string, mapa: Map<number, string>, id: number): Promise<ArchivoViejo | undefined> => {
    const nombre = mapa.get(id);
    if (nombre === undefined) return undefined;
    return { data: new Uint8Array(await fs.readFile(path.join(carpeta, sub, nombre))), nombreArchivo: nombre };
  };
  return {
    async readJson(archivo) {
      let texto: string;
      try {
        texto = await fs.readFile(path.join(carpeta, archivo), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return { ok: true, valor: desenvolver(JSON.parse(texto.replace(/^\uFEFF/, '')) as unknown) };
      } catch {
        return { ok: false, mensaje: `${archivo} no es un JSON válido: guardá de nuevo la respuesta del sistema anterior, sin editarla.` };
      }
    },
    documento: (id) => leer('documentos', documentos, id),
    archivoOrdenanza: (id) => leer('ordenanzas', ordenanzas, id),
    maxIdDocumento: [...documentos.keys()].reduce((a, b) => Math.max(a, b), 0),
  };
}

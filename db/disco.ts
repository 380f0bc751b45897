import fs from 'node:fs';
import path from 'node:path';

/**
 * A disk that refuses writes: full, over quota, mounted read-only or not ours to write
 * (docs/decisions/029-fallas.md). Node's errors carry the name in `code`; the embedded
 * PostgreSQL's file system throws plain objects with WASI's number in `errno`.
 */
export type FallaDisco = 'ENOSPC' | 'EDQUOT' | 'EROFS' | 'EACCES' | 'EPERM';

const WASI_ERRNO: Record<number, FallaDisco> = { 2: 'EACCES', 19: 'EDQUOT', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };
const CODES = new Set<string>(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

export function fallaDisco(error: unknown): FallaDisco | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && CODES.has(code)) return code as FallaDisco;
  if (name === 'ErrnoError' && typeof errno === 'number') return WASI_ERRNO[errno];
  return undefined;
}

/** The cause in words an operator reads in the log or a user reads on a form. */
export function causaDisco(falla: FallaDisco): string {
  switch (falla) {
    case 'ENOSPC':
      return 'no queda espacio libre en el disco';
    case 'EDQUOT':
      return 'se agotó la cuota de disco';
    case 'EROFS':
      return 'el disco está montado sólo para lectura';
    case 'EACCES':
    case 'EPERM':
      return 'el proceso no tiene permiso para escribir';
  }
}

/** The disk refused a write: uploads answer 507, `npm start` stops with this message. */
export class DiscoError extends Error {
  readonly code = 'DISCO';
  readonly statusCode = 507;
  readonly falla: FallaDisco;
  constructor(falla: FallaDisco, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.falla = falla;
  }
}

/** Free and total bytes of the disk that holds `folder` (or its nearest existing parent). */
export async function espacioLibre(folder: string): Promise<{ libre: number; total: number } | undefined> {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    try {
      const stats = await fs.promises.statfs(current);
      return { libre: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
    } catch {
      if (path.dirname(current) === current) return undefined;
    }
  }
}

/**
 * `mkdir -p` that names the real cause: Node's recursive mkdir reports ENOENT on a read-only disk;
 * then the first missing folder is made on its own, and its error (EROFS, EACCES…) is thrown.
 */
export async function createCarpeta(folder: string): Promise<void> {
  try {
    await fs.promises.mkdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let missing = path.resolve(folder);
    while (!fs.existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    await fs.promises.mkdir(missing);
    throw error;
  }
}

/** DATA_DIR's modes (docs/operacion.md, «Permisos de DATA_DIR»): folders 0700, files 0600, nothing for group or others. */
export const MODO_CARPETA = 0o700;
export const MODO_ARCHIVO = 0o600;

/**
 * Makes `carpeta` and everything under it its owner's only: a folder wider or narrower than 0700
 * becomes 0700, a file other than 0600 becomes 0600 (symbolic links are left alone, never
 * followed). The process's umask (server/app.ts) keeps new files so; this repairs what an older
 * version, another umask, a restored backup or PGlite's own first copy of its files (created
 * 0666) left. Answers how many it changed; a folder that does not exist yet is none.
 */
export async function soloParaElDueno(carpeta: string): Promise<number> {
  let cambiados = 0;
  const arreglar = async (ruta: string, esCarpeta: boolean, modo: number) => {
    const querido = esCarpeta ? MODO_CARPETA : MODO_ARCHIVO;
    if ((modo & 0o777) === querido) return;
    await fs.promises.chmod(ruta, querido);
    cambiados++;
  };
  let raiz: fs.Stats;
  try {
    raiz = await fs.promises.lstat(carpeta);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (!raiz.isDirectory()) return 0;
  await arreglar(carpeta, true, raiz.mode);
  const pendientes = [carpeta];
  for (let actual = pendientes.pop(); actual !== undefined; actual = pendientes.pop()) {
    const entradas = await fs.promises.readdir(actual, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entrada of entradas) {
      const ruta = path.join(actual, entrada.name);
      if (entrada.isSymbolicLink() || !(entrada.isDirectory() || entrada.isFile())) continue;
      // A file may go away while we walk (PGlite's temporaries): not an error.
      const datos = await fs.promises.lstat(ruta).catch(() => undefined);
      if (!datos) continue;
      await arreglar(ruta, datos.isDirectory(), datos.mode).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      if (datos.isDirectory()) pendientes.push(ruta);
    }
  }
  return cambiados;
}

import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { documentos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { extractPdfText } from './pdf.ts';
import { detectFileType } from './tipos.ts';

export class InvalidDocumentoError extends Error {}

const MAX_DOCUMENTO_BYTES = 30 * 1024 * 1024;

export type DocumentoGuardado = { id: number; nombreArchivo: string; tipoContenido: string; texto: string; tamano: number };

/** A safe file name for Content-Disposition: no path, no control characters, bounded length. */
function limpiarNombre(nombre: string, extension: string): string {
  const base =
    nombre
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, '')
      .trim()
      .slice(0, 150) ?? '';
  const sinExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${sinExtension || 'documento'}.${extension}`;
}

export type NuevoDocumento = {
  data: Uint8Array;
  nombreArchivo: string;
  /** False: never served by the public downloads (a decree copy mailed to a citizen). True by default. */
  publico?: boolean;
  /** Only PDFs: anything else, even an image, is refused. */
  soloPdf?: boolean;
};

/**
 * Checks a file by its content, extracts the text of a PDF, writes the bytes to storage and
 * records the document. A file that is not a readable PDF or image (or, with `soloPdf`, not a
 * readable PDF) is refused with a Spanish message, and nothing is stored.
 */
export async function storeDocumento(ctx: Pick<AppContext, 'db' | 'storage'>, input: NuevoDocumento): Promise<DocumentoGuardado> {
  const { data } = input;
  if (data.length === 0) throw new InvalidDocumentoError('El archivo está vacío.');
  if (data.length > MAX_DOCUMENTO_BYTES) throw new InvalidDocumentoError('El archivo supera los 30 MB permitidos.');
  const tipo = detectFileType(data);
  if (input.soloPdf && tipo?.tipo !== 'application/pdf') throw new InvalidDocumentoError('El archivo no es un PDF.');
  if (!tipo) throw new InvalidDocumentoError('El archivo no es un PDF ni una imagen PNG, JPEG, WebP o GIF.');

  let texto = '';
  let paginas: number | null = null;
  if (tipo.tipo === 'application/pdf') {
    try {
      ({ texto, paginas } = await extractPdfText(data));
    } catch {
      throw new InvalidDocumentoError('El PDF está dañado o protegido y no se puede leer.');
    }
  }

  const sha256 = createHash('sha256').update(data).digest('hex');
  const nombreArchivo = limpiarNombre(input.nombreArchivo, tipo.extension);
  const clave = `${new Date().getUTCFullYear()}/${randomUUID()}.${tipo.extension}`;
  await ctx.storage.put(clave, data);
  try {
    const [row] = await ctx.db
      .insert(documentos)
      .values({
        nombreArchivo,
        tipoContenido: tipo.tipo,
        tamano: data.length,
        sha256,
        clave,
        texto,
        paginas,
        publico: input.publico ?? true,
      })
      .returning({ id: documentos.id });
    return { id: row!.id, nombreArchivo, tipoContenido: tipo.tipo, texto, tamano: data.length };
  } catch (error) {
    await ctx.storage.delete(clave).catch(() => {});
    throw error;
  }
}

/** Removes a document and its file (a stored file whose record was not used after all). */
export async function deleteDocumento(ctx: Pick<AppContext, 'db' | 'storage'>, id: number): Promise<void> {
  const [fila] = await ctx.db.delete(documentos).where(eq(documentos.id, id)).returning({ clave: documentos.clave });
  if (fila) await ctx.storage.delete(fila.clave);
}

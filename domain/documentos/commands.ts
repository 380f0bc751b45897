import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type DocumentoSubido, TIPOS_IMAGEN, type TipoSubida, saveSubida } from './subidas.ts';

/** What a document stored by a program (the demo, the tests, the seeding commands) may be: a PDF or an image. */
const TIPOS_DOCUMENTO: readonly TipoSubida[] = ['pdf', ...TIPOS_IMAGEN];

export type NuevoDocumento = {
  data: Uint8Array;
  nombreArchivo: string;
  /** False: never served by the public downloads. True by default. */
  publico?: boolean;
};

/**
 * Stores a document on its own, with nothing else in its transaction: the upload pipeline's
 * `saveSubida` (docs/decisions/017-subidas.md) with the kinds a document may be, so the same
 * code decides what a file is everywhere. A file that is not a readable PDF or a PNG, JPEG or
 * WebP image is refused with the pipeline's `SubidaRechazadaError`, and nothing is stored.
 */
export async function storeDocumento(ctx: Pick<AppContext, 'db' | 'storage'>, input: NuevoDocumento): Promise<DocumentoSubido> {
  return saveSubida(ctx, input, { tipos: TIPOS_DOCUMENTO, publico: input.publico ?? true }, async (_tx, documento) => documento);
}

/** Deletes a document's row inside the caller's transaction; answers its files' keys, which the caller deletes after committing. */
export async function removeDocumento(tx: Db, id: number): Promise<(string | null)[]> {
  const [doc] = await tx
    .delete(documentos)
    .where(eq(documentos.id, id))
    .returning({ clave: documentos.clave, claveWeb: documentos.claveWeb, claveMiniatura: documentos.claveMiniatura });
  return doc ? [doc.clave, doc.claveWeb, doc.claveMiniatura] : [];
}

/** Stops serving a document that stays stored (a replaced PDF the audit log still names). */
export async function hideDocumento(tx: Db, id: number): Promise<void> {
  await tx.update(documentos).set({ publico: false }).where(eq(documentos.id, id));
}

/** Serves again a document that was hidden (a removed item restored, docs/decisions/054-retirados-restaurables.md). */
export async function showDocumento(tx: Db, id: number): Promise<void> {
  await tx.update(documentos).set({ publico: true }).where(eq(documentos.id, id));
}

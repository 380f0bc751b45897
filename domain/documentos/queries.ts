import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos } from '#db/schema/index.ts';

export type DocumentoMeta = {
  id: number;
  nombreArchivo: string;
  tipoContenido: string;
  tamano: number;
  sha256: string;
  clave: string;
  /** An image's web size and thumbnail (docs/decisions/017-subidas.md); null for a PDF. */
  claveWeb: string | null;
  claveMiniatura: string | null;
  createdAt: Date;
};

const idValido = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** A public document, for the public downloads: a private one (a decree copy mailed to a citizen) is unknown here. */
export async function getDocumento(db: Db, id: number): Promise<DocumentoMeta | undefined> {
  if (!idValido(id)) return undefined;
  const [row] = await db
    .select({
      id: documentos.id,
      nombreArchivo: documentos.nombreArchivo,
      tipoContenido: documentos.tipoContenido,
      tamano: documentos.tamano,
      sha256: documentos.sha256,
      clave: documentos.clave,
      claveWeb: documentos.claveWeb,
      claveMiniatura: documentos.claveMiniatura,
      createdAt: documentos.createdAt,
    })
    .from(documentos)
    .where(and(eq(documentos.id, id), eq(documentos.publico, true)));
  return row;
}

export type ArchivoDocumento = { id: number; nombreArchivo: string; tipoContenido: string; clave: string };

/** Any document, public or not, for code that sends it itself (the outbox attaching a decree copy). */
export async function getArchivoDocumento(db: Db, id: number): Promise<ArchivoDocumento | undefined> {
  if (!idValido(id)) return undefined;
  const [row] = await db
    .select({ id: documentos.id, nombreArchivo: documentos.nombreArchivo, tipoContenido: documentos.tipoContenido, clave: documentos.clave })
    .from(documentos)
    .where(eq(documentos.id, id));
  return row;
}

import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos } from '#db/schema/index.ts';

export type DocumentoMeta = {
  id: number;
  nombreArchivo: string;
  tipoContenido: string;
  tamano: number;
  sha256: string;
  clave: string;
  createdAt: Date;
};

export async function getDocumento(db: Db, id: number): Promise<DocumentoMeta | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [row] = await db
    .select({
      id: documentos.id,
      nombreArchivo: documentos.nombreArchivo,
      tipoContenido: documentos.tipoContenido,
      tamano: documentos.tamano,
      sha256: documentos.sha256,
      clave: documentos.clave,
      createdAt: documentos.createdAt,
    })
    .from(documentos)
    .where(eq(documentos.id, id));
  return row;
}

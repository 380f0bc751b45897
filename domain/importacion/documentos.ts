import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos } from '#db/schema/index.ts';
import {
  type ClavesSubida,
  type SubidaPreparada,
  SubidaRechazadaError,
  type TipoSubida,
  removeArchivos,
  escribirSubida,
  filaDocumento,
  prepararSubida,
} from '#domain/documentos/subidas.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { ArchivoViejo, Carpeta } from './carpeta.ts';

/**
 * The documents one kind brings (docs/decisions/033-mudanza.md): each checked by its content like an
 * upload (`prepararSubida`: kind, size, PDF text, clean image copies), a new one written to storage
 * at once so memory holds one file at a time, and recorded with the previous system's id, so that its old
 * `downloadArchivoAppTurismo?id=` link keeps working. A document already here with that id and the
 * same content is reused (a second run writes nothing); with other content it is refused.
 */

type Fila = ReturnType<typeof filaDocumento>;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A document as a kind's rows refer to it: `id` once known (before the write for a kept old id). */
export type DocImportado = { id: number | undefined; texto: string; fila?: Fila };

export type OpcionesDocumentos = { maxBytes?: number | undefined };

export class DocumentosDeTipo {
  private readonly porId = new Map<number, DocImportado | string>();
  private readonly nuevos: DocImportado[] = [];
  private readonly escritas: ClavesSubida[] = [];

  private readonly ctx: Pick<AppContext, 'db' | 'storage'>;
  private readonly carpeta: Carpeta;
  private readonly opciones: OpcionesDocumentos;

  constructor(ctx: Pick<AppContext, 'db' | 'storage'>, carpeta: Carpeta, opciones: OpcionesDocumentos) {
    this.ctx = ctx;
    this.carpeta = carpeta;
    this.opciones = opciones;
  }

  /** Checks and reads one file; a string says why it is refused. Nothing is stored yet. */
  private async preparar(archivo: ArchivoViejo, tipos: readonly TipoSubida[]): Promise<SubidaPreparada | string> {
    try {
      return await prepararSubida(archivo, { tipos, maxBytes: this.opciones.maxBytes });
    } catch (error) {
      if (error instanceof SubidaRechazadaError) return error.message;
      throw error;
    }
  }

  /** Stores a new document's files now (memory then holds one file at a time); its row goes in with the kind. */
  private async nuevo(p: SubidaPreparada, id: number | undefined): Promise<DocImportado> {
    const claves = await escribirSubida(this.ctx, p);
    this.escritas.push(claves);
    const doc: DocImportado = { id, texto: p.texto, fila: filaDocumento(p, claves, true) };
    this.nuevos.push(doc);
    return doc;
  }

  /** The document of the previous system with this id, from `documentos/`. */
  async porIdViejo(id: number, tipos: readonly TipoSubida[]): Promise<DocImportado | string> {
    let doc = this.porId.get(id);
    if (doc === undefined) {
      doc = await this.leerPorIdViejo(id, tipos);
      this.porId.set(id, doc);
    }
    return doc;
  }

  private async leerPorIdViejo(id: number, tipos: readonly TipoSubida[]): Promise<DocImportado | string> {
    const archivo = await this.carpeta.documento(id);
    if (!archivo) return `falta el archivo del documento ${id} en la carpeta documentos/ (guardalo con downloadArchivoAppTurismo?id=${id}).`;
    const [existente] = await this.ctx.db.select({ sha256: documentos.sha256, texto: documentos.texto }).from(documentos).where(eq(documentos.id, id));
    // A PDF is stored as it came: the same bytes are the same document, already checked (a second run reads no PDF again).
    if (existente?.sha256 === sha256(archivo.data)) return { id, texto: existente.texto };
    const p = await this.preparar(archivo, tipos);
    if (typeof p === 'string') return `el documento ${id} (${archivo.nombreArchivo}): ${p}`;
    if (!existente) return this.nuevo(p, id);
    if (existente.sha256 === p.sha256) return { id, texto: p.texto };
    return `el sitio ya tiene otro documento con el id ${id} y otro contenido: no lo reemplazamos (quizás se cargó a mano antes de la mudanza).`;
  }

  /**
   * An ordinance's file, from `ordenanzas/` (the old system gave it by the ordinance's ID, without a
   * document id): a new document, or the one the ordinance has if its content is the same. Undefined: no file.
   */
  async deOrdenanza(idOrdenanza: number, actual: number | null): Promise<DocImportado | string | undefined> {
    const archivo = await this.carpeta.archivoOrdenanza(idOrdenanza);
    if (!archivo) return undefined;
    if (actual !== null) {
      const [existente] = await this.ctx.db.select({ sha256: documentos.sha256, texto: documentos.texto }).from(documentos).where(eq(documentos.id, actual));
      if (existente?.sha256 === sha256(archivo.data)) return { id: actual, texto: existente.texto };
    }
    const p = await this.preparar(archivo, ['pdf']);
    if (typeof p === 'string') return `el archivo ${archivo.nombreArchivo}: ${p}`;
    return this.nuevo(p, undefined);
  }

  /** Inserts the rows of the new documents in the kind's transaction; every `id` is known afterwards. */
  async insertar(tx: Db): Promise<number> {
    for (const doc of this.nuevos) {
      const [fila] = await tx
        .insert(documentos)
        .values({ ...doc.fila!, ...(doc.id === undefined ? {} : { id: doc.id }) })
        .returning({ id: documentos.id });
      doc.id = fila!.id;
    }
    return this.nuevos.length;
  }

  /** The kind was refused or its transaction failed: the files written for it go. */
  async descartar(): Promise<void> {
    await removeArchivos(
      this.ctx,
      this.escritas.flatMap((c) => [c.clave, c.claveWeb, c.claveMiniatura]),
    );
  }
}

/**
 * Before any kind: the document id sequence moves past the largest old id the folder uses, so a
 * document created meanwhile (a new ordinance file, a staff upload) never takes an id the previous
 * system's links need.
 */
export async function reservarIdsDocumentos(db: Db, maximo: number): Promise<void> {
  if (maximo <= 0) return;
  await db.execute(sqlSetval('documentos', maximo));
}

/** Moves a table's id sequence to at least `minimo` and past its largest id (never backwards). */
export function sqlSetval(tabla: 'documentos' | 'ordenanzas', minimo: number) {
  const seq = `${tabla}_id_seq`;
  return sql`select setval(${seq}::regclass, greatest((select last_value from ${sql.identifier(seq)}), (select coalesce(max(id), 1) from ${sql.identifier(tabla)}), ${minimo}::bigint))`;
}

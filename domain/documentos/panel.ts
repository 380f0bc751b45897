import type { Db } from '#db/client.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, firstValues } from '#domain/shared/form.ts';
import { paginaDeListaSchema, z } from '#domain/shared/zod.ts';
import { type ArchivoSubido, removeArchivos, saveSubida } from './subidas.ts';

/**
 * What every back-office page that publishes documents shares (docs/decisions/017-subidas.md
 * and 020-finanzas-en-el-panel.md): the official bulletins, the accounting statements and the salary
 * reports read their list's filters, their file field and their address's id the same way.
 */

/** The public address of a document: what pages and feeds link, and what is withdrawn with it. */
export const rutaDocumento = (id: number) => `/api/v1/documentos/${id}`;

/** An item's id as its address writes it: a positive integer a serial column holds, else nothing. */
export function parseIdRuta(texto: string | undefined): number | null {
  if (texto === undefined || !/^[1-9]\d{0,9}$/.test(texto)) return null;
  const id = Number(texto);
  return id <= 2_147_483_647 ? id : null;
}

/** The form's file field (`archivo`, or `campo`): a file with content, an empty one, or nothing (a form sent without choosing one). */
export function archivoDe(input: FormInput, campo = 'archivo'): File | 'vacio' | undefined {
  const valor = firstValues(input)[campo];
  if (!(valor instanceof File) || (valor.size === 0 && valor.name === '')) return undefined;
  return valor.size === 0 ? 'vacio' : valor;
}

export const readArchivo = async (archivo: File): Promise<ArchivoSubido> => ({
  data: new Uint8Array(await archivo.arrayBuffer()),
  nombreArchivo: archivo.name,
});

const MENSAJE_ORDEN = 'Elegí un orden de la lista.';
const vacioEsNada = (v: string) => (v === '' ? undefined : v);

/**
 * A list's search, order and page, as its GET form writes them in the address: `texto` up to 100
 * characters (`ayuda` says what it finds), `orden` one of `ordenes` (the first when missing).
 */
export function filtrosListaSchema<const O extends readonly [string, ...string[]]>(ordenes: O, ayuda: string) {
  const [porDefecto] = ordenes;
  return z.object({
    texto: z
      .string()
      .trim()
      .max(100, { error: `Escribí hasta 100 caracteres para buscar: ${ayuda}.` })
      .transform(vacioEsNada)
      .optional(),
    orden: z
      .string({ error: MENSAJE_ORDEN })
      .trim()
      .transform((v) => (v === '' ? porDefecto : v))
      .pipe(z.enum(ordenes, { error: MENSAJE_ORDEN }))
      .optional()
      .transform((v): O[number] => v ?? porDefecto),
    pagina: paginaDeListaSchema,
  });
}

/** The confirmation step of a delete: its page sends `confirmado=si`; `mensaje` says where to confirm. */
export const confirmacionBorradoSchema = (mensaje: string) => z.object({ confirmado: z.literal('si', { error: mensaje }) });

/** The stored files of a document that is deleted or replaced: removed after the commit. */
export type ArchivosDeDocumento = { clave: string; claveWeb: string | null; claveMiniatura: string | null };
const claves = (a: ArchivosDeDocumento) => [a.clave, a.claveWeb, a.claveMiniatura];

class ItemBorradoError extends Error {}

/**
 * A change of an item that may bring a new PDF (the bulletins', the finances'): without `archivo`,
 * `escribir` runs in a transaction of its own; with it, inside the upload's (`saveSubida`),
 * given the new document's id. `escribir` answers `null` when the item is gone meanwhile (the new
 * document then rolls back and its file is removed), or its result and the replaced document's
 * files, removed after the commit. A refused file throws `SubidaRechazadaError`, as the pipeline does.
 */
export async function escribirConPdf<R>(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  archivo: File | undefined,
  escribir: (tx: Db, documentoNuevo?: number) => Promise<{ resultado: R; viejo?: ArchivosDeDocumento } | null>,
): Promise<R | null> {
  try {
    const hecho = archivo
      ? await saveSubida(ctx, await readArchivo(archivo), { tipos: ['pdf'], maxBytes: ctx.config.subidaMaxBytes }, async (tx, documento) => {
          const r = await escribir(tx, documento.id);
          if (r === null) throw new ItemBorradoError();
          return r;
        })
      : await ctx.db.transaction((tx) => escribir(tx));
    if (hecho?.viejo) await removeArchivos(ctx, claves(hecho.viejo));
    return hecho === null ? null : hecho.resultado;
  } catch (error) {
    if (error instanceof ItemBorradoError) return null;
    throw error;
  }
}

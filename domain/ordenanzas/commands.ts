import { ordenanzas } from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { esEstadoValido } from './estados.ts';

export type NuevaOrdenanza = {
  numero: number;
  anio: number;
  estado: number;
  fechaEmision?: string | null;
  descripcion: string;
  expediente?: string | null;
  modificatoriaDe?: number | null;
  documento?: { data: Uint8Array; nombreArchivo: string };
};

class OrdenanzaInvalidaError extends Error {}

/**
 * Records an ordinance, with its document stored and its text extracted for search. The document
 * is stored first; if the ordinance cannot be recorded (a repeated number and year), the document
 * row stays, unreferenced, for an administrator to reuse or purge.
 */
export async function createOrdenanza(ctx: Pick<AppContext, 'db' | 'storage'>, datos: NuevaOrdenanza): Promise<number> {
  if (!esEstadoValido(datos.estado)) throw new OrdenanzaInvalidaError(`Estado desconocido: ${datos.estado}`);
  const documento = datos.documento ? await storeDocumento(ctx, datos.documento) : undefined;
  const [fila] = await ctx.db
    .insert(ordenanzas)
    .values({
      numero: datos.numero,
      anio: datos.anio,
      estado: datos.estado,
      fechaEmision: datos.fechaEmision ?? null,
      descripcion: datos.descripcion,
      expediente: datos.expediente ?? null,
      modificatoriaDe: datos.modificatoriaDe ?? null,
      documentoId: documento?.id ?? null,
      textoDocumento: documento?.texto ?? '',
    })
    .returning({ id: ordenanzas.id });
  return fila!.id;
}

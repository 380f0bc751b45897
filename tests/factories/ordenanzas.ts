import { eq } from 'drizzle-orm';
import { ordenanzas } from '#db/schema/index.ts';
import { saveOrdenanza } from '#domain/ordenanzas/admin.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { generarPdf } from '#db/factories/pdf.ts';

export type NuevaOrdenanza = {
  numero: number;
  anio: number;
  estado: number;
  fechaEmision?: string | null;
  descripcion: string;
  expediente?: string | null;
  /** The id of the ordinance it modifies. */
  modificatoriaDe?: number | null;
  documento?: { data: Uint8Array; nombreArchivo: string };
};

let siguienteNumero = 5000;

/**
 * An ordinance with sensible defaults, saved by the command staff use (saveOrdenanza: its
 * checks, the upload pipeline for the PDF, the audit as «El sistema»); `textoPdf` adds a generated
 * document holding that text.
 */
export async function insertOrdenanza(
  ctx: Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  overrides: Partial<NuevaOrdenanza> & { textoPdf?: string } = {},
): Promise<number> {
  const { textoPdf, ...datos } = overrides;
  const numero = datos.numero ?? siguienteNumero++;
  const anio = datos.anio ?? 2020;
  const documento =
    textoPdf !== undefined
      ? { data: await generarPdf({ titulo: `ORDENANZA N° ${numero}/${anio}`, parrafos: [textoPdf] }), nombreArchivo: `ordenanza-${numero}-${anio}.pdf` }
      : datos.documento;
  const [modificada] = datos.modificatoriaDe
    ? await ctx.db.select({ numero: ordenanzas.numero, anio: ordenanzas.anio }).from(ordenanzas).where(eq(ordenanzas.id, datos.modificatoriaDe))
    : [];
  const resultado = await saveOrdenanza(ctx, ACTOR_SISTEMA, null, {
    numero: String(numero),
    anio: String(anio),
    estado: String(datos.estado ?? 2),
    fechaEmision: datos.fechaEmision === undefined ? `${anio}-06-15` : (datos.fechaEmision ?? ''),
    descripcion: datos.descripcion ?? 'Ordenanza de prueba',
    expediente: datos.expediente ?? '',
    modifica: modificada ? `${modificada.numero}/${modificada.anio}` : '',
    ...(documento ? { archivo: new File([documento.data.slice()], documento.nombreArchivo, { type: 'application/pdf' }) } : {}),
  });
  if (resultado.tipo !== 'guardado') throw new Error(`la ordenanza ${numero}/${anio} no se guardó: ${JSON.stringify(resultado)}`);
  return resultado.id;
}

import { type NuevaOrdenanza, createOrdenanza } from '#domain/ordenanzas/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { generarPdf } from '#db/factories/pdf.ts';

let siguienteNumero = 5000;

/** An ordinance with sensible defaults; `pdf` adds a generated document holding `textoPdf`. */
export async function insertOrdenanza(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  overrides: Partial<NuevaOrdenanza> & { textoPdf?: string } = {},
): Promise<number> {
  const { textoPdf, ...datos } = overrides;
  const numero = datos.numero ?? siguienteNumero++;
  const anio = datos.anio ?? 2020;
  const documento =
    textoPdf !== undefined
      ? { data: await generarPdf({ titulo: `ORDENANZA N° ${numero}/${anio}`, parrafos: [textoPdf] }), nombreArchivo: `ordenanza-${numero}-${anio}.pdf` }
      : datos.documento;
  return createOrdenanza(ctx, {
    estado: 2,
    fechaEmision: `${anio}-06-15`,
    descripcion: 'Ordenanza de prueba',
    expediente: null,
    ...datos,
    numero,
    anio,
    documento,
  });
}

import { estadosContables, sueldos } from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { validarMesAnio } from '#domain/shared/meses.ts';
import type { TipoEstadoContable } from './campos.ts';
import { esTipoEstadoContable } from './queries.ts';

type Ctx = Pick<AppContext, 'db' | 'storage'>;
export type ArchivoNuevo = { data: Uint8Array; nombreArchivo: string };

export async function createEstadoContable(
  ctx: Ctx,
  datos: { tipoEstadoContable: TipoEstadoContable; mes: number; anio: number; usuarioCreacion: string; fechaCreacion?: Date; documento: ArchivoNuevo },
): Promise<number> {
  if (!esTipoEstadoContable(datos.tipoEstadoContable)) throw new RangeError('El tipo de estado contable debe ser RECURSOS o GASTOS.');
  validarMesAnio(datos.mes, datos.anio);
  const doc = await storeDocumento(ctx, datos.documento);
  const [row] = await ctx.db
    .insert(estadosContables)
    .values({
      tipoEstadoContable: datos.tipoEstadoContable,
      documentoId: doc.id,
      mes: datos.mes,
      anio: datos.anio,
      usuarioCreacion: datos.usuarioCreacion,
      ...(datos.fechaCreacion ? { fechaCreacion: datos.fechaCreacion } : {}),
    })
    .returning({ id: estadosContables.id });
  return row!.id;
}

/** `orden` sorts periods within a year: twice the month, plus one for an extra payment (aguinaldo) after it. */
export async function createSueldo(
  ctx: Ctx,
  datos: { periodo: string; orden: number; anio: number; fechaCreacion?: Date; documento: ArchivoNuevo },
): Promise<number> {
  validarMesAnio(null, datos.anio);
  const doc = await storeDocumento(ctx, datos.documento);
  const [row] = await ctx.db
    .insert(sueldos)
    .values({
      documentoId: doc.id,
      periodo: datos.periodo,
      orden: datos.orden,
      anio: datos.anio,
      ...(datos.fechaCreacion ? { fechaCreacion: datos.fechaCreacion } : {}),
    })
    .returning({ id: sueldos.id });
  return row!.id;
}

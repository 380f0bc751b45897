import { boletinVigente, boletinVigenteDecretos, boletinVigenteOrdenanzas, boletinesOficiales } from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { validarMesAnio } from '#domain/shared/meses.ts';

type Ctx = Pick<AppContext, 'db' | 'storage'>;
export type ArchivoNuevo = { data: Uint8Array; nombreArchivo: string };

/**
 * Publishes a new current bulletin: its HTML sanitised before it is stored, and its ordinance and
 * decree lists replacing the previous ones.
 */
export async function publishBoletinVigente(
  ctx: Pick<AppContext, 'db'>,
  datos: {
    legales: string;
    licitaciones: string;
    ordenanzas?: { numero: string; titulo: string; link: string }[];
    decretos?: { numero: string; descripcion: string; area: string }[];
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(boletinVigente).values({ legales: sanitizeStaffHtml(datos.legales), licitaciones: sanitizeStaffHtml(datos.licitaciones) });
    if (datos.ordenanzas) {
      await tx.delete(boletinVigenteOrdenanzas);
      if (datos.ordenanzas.length > 0) await tx.insert(boletinVigenteOrdenanzas).values(datos.ordenanzas.map((o, orden) => ({ ...o, orden })));
    }
    if (datos.decretos) {
      await tx.delete(boletinVigenteDecretos);
      if (datos.decretos.length > 0) await tx.insert(boletinVigenteDecretos).values(datos.decretos.map((d, orden) => ({ ...d, orden })));
    }
  });
}

export async function createBoletinOficial(
  ctx: Ctx,
  datos: { numeroBoletinOficial: number; mes: number; anio: number; usuarioCreacion: string; fechaCreacion?: Date; documento: ArchivoNuevo },
): Promise<number> {
  validarMesAnio(datos.mes, datos.anio);
  const documento = await storeDocumento(ctx, datos.documento);
  const [row] = await ctx.db
    .insert(boletinesOficiales)
    .values({
      documentoId: documento.id,
      numeroBoletinOficial: datos.numeroBoletinOficial,
      mes: datos.mes,
      anio: datos.anio,
      usuarioCreacion: datos.usuarioCreacion,
      ...(datos.fechaCreacion ? { fechaCreacion: datos.fechaCreacion } : {}),
    })
    .returning({ id: boletinesOficiales.id });
  return row!.id;
}

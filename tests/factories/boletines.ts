import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { boletinesOficiales } from '#db/schema/index.ts';
import { createBoletinAdmin } from '#domain/boletines/admin.ts';
import { addDecretoBoletin } from '#domain/boletines/decretos-admin.ts';
import { getTextosVigente, saveTextosVigente } from '#domain/boletines/vigente-admin.ts';
import { ACTOR_SISTEMA, type Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';

export type NuevoBoletin = {
  numero: number;
  mes: number;
  anio: number;
  /** Its PDF; a generated one when not given. */
  documento: { data: Uint8Array; nombreArchivo: string };
  /** The decrees it publishes, the number as people write it (`7/2026`). */
  decretos: { numero: string; descripcion: string; area: string }[];
  /** «El sistema» unless given: `actorHistorico` for an upload of the past. */
  actor: Actor;
};

let siguienteNumero = 9000;

/**
 * An official bulletin with sensible defaults, saved by the commands staff use (createBoletinAdmin:
 * its checks, the upload pipeline for the PDF, the audit; addDecretoBoletin for its decrees).
 */
export async function insertBoletin(
  ctx: Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> },
  overrides: Partial<NuevoBoletin> = {},
): Promise<{ id: number; documentoId: number }> {
  const numero = overrides.numero ?? siguienteNumero++;
  const actor = overrides.actor ?? ACTOR_SISTEMA;
  const documento = overrides.documento ?? {
    data: await generarPdf({ titulo: `BOLETÍN OFICIAL N° ${numero}`, parrafos: ['Ordenanzas, decretos y licitaciones del mes.'] }),
    nombreArchivo: `boletin-oficial-${numero}.pdf`,
  };
  const resultado = await createBoletinAdmin(ctx, actor, {
    numero: String(numero),
    mes: String(overrides.mes ?? 3),
    anio: String(overrides.anio ?? 2026),
    archivo: new File([documento.data.slice()], documento.nombreArchivo, { type: 'application/pdf' }),
  });
  if (resultado.tipo !== 'guardado') throw new Error(`el boletín ${numero} no se guardó: ${JSON.stringify(resultado)}`);
  for (const decreto of overrides.decretos ?? []) {
    const agregado = await addDecretoBoletin(ctx, actor, resultado.id, decreto);
    if (agregado.tipo !== 'guardado') throw new Error(`el decreto ${decreto.numero} del boletín ${numero} no se guardó: ${JSON.stringify(agregado)}`);
  }
  const [fila] = await ctx.db.select({ documentoId: boletinesOficiales.documentoId }).from(boletinesOficiales).where(eq(boletinesOficiales.id, resultado.id));
  return { id: resultado.id, documentoId: fila!.documentoId };
}

/** The current bulletin's two texts, written over the ones there by the command staff use (sanitised, audited). */
export async function saveBoletinVigente(db: Db, textos: { legales: string; licitaciones: string }): Promise<void> {
  const { version } = await getTextosVigente(db);
  const resultado = await saveTextosVigente(db, ACTOR_SISTEMA, { ...textos, version });
  if (resultado.tipo !== 'guardado') throw new Error(`el boletín vigente no se guardó: ${JSON.stringify(resultado)}`);
}

import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { boletinesOficiales } from '#db/schema/index.ts';
import { createBoletinAdmin } from '#domain/boletines/admin.ts';
import { addDecretoBoletin } from '#domain/boletines/decretos-admin.ts';
import { addOrdenanzaBoletin, getTextosBoletin, saveTextosBoletin } from '#domain/boletines/contenido-admin.ts';
import { getBoletinVigente } from '#domain/boletines/queries.ts';
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
  /** The ordinances it publishes, in its order. */
  ordenanzas: { numero: string; titulo: string; link: string }[];
  /** Its legal text and tenders (HTML, sanitised by the command). */
  textos: { legales: string; licitaciones: string };
  /** «El sistema» unless given: `actorHistorico` for an upload of the past. */
  actor: Actor;
};

let siguienteNumero = 9000;

/**
 * An official bulletin with sensible defaults, saved by the commands staff use (createBoletinAdmin:
 * its checks, the upload pipeline for the PDF, the audit; addDecretoBoletin, addOrdenanzaBoletin and
 * saveTextosBoletin for what it publishes).
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
  for (const ordenanza of overrides.ordenanzas ?? []) {
    const agregada = await addOrdenanzaBoletin(ctx, actor, resultado.id, ordenanza);
    if (agregada.tipo !== 'guardado') throw new Error(`la ordenanza ${ordenanza.numero} del boletín ${numero} no se guardó: ${JSON.stringify(agregada)}`);
  }
  if (overrides.textos) await saveTextos(ctx.db, resultado.id, overrides.textos, actor);
  const [fila] = await ctx.db.select({ documentoId: boletinesOficiales.documentoId }).from(boletinesOficiales).where(eq(boletinesOficiales.id, resultado.id));
  return { id: resultado.id, documentoId: fila!.documentoId };
}

async function saveTextos(db: Db, boletinId: number, textos: { legales: string; licitaciones: string }, actor: Actor = ACTOR_SISTEMA): Promise<void> {
  const { version } = (await getTextosBoletin(db, boletinId))!;
  const resultado = await saveTextosBoletin(db, actor, boletinId, { ...textos, version });
  if (resultado.tipo !== 'guardado') throw new Error(`los textos del boletín ${boletinId} no se guardaron: ${JSON.stringify(resultado)}`);
}

/**
 * The current bulletin's two texts (the latest bulletin's: docs/decisions/050-un-solo-boletin.md), written over
 * the ones there by the command staff use (sanitised, audited); a bulletin is published first when there is none.
 */
export async function saveBoletinVigente(ctx: Pick<AppContext, 'db' | 'storage'>, textos: { legales: string; licitaciones: string }): Promise<void> {
  const { boletin } = await getBoletinVigente(ctx.db);
  const id = boletin?.id ?? (await insertBoletin(ctx)).id;
  await saveTextos(ctx.db, id, textos);
}

import {
  areasMunicipales,
  documentosObservatorio,
  ejecutivo,
  galeriaImagenes,
  hcdBloques,
  hcdIntegrantes,
  hcdPresidencia,
  observatorioVial,
  planEstrategicoEnlaces,
  secretarias,
  subsecretarias,
} from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { validarMesAnio } from '#domain/shared/meses.ts';
import type { Area, Ejecutivo, EnlacePlan, Presidencia, SecretariaEntrada, TipoDocumentoObservatorio } from './queries.ts';

type Ctx = Pick<AppContext, 'db' | 'storage'>;
type DbCtx = Pick<AppContext, 'db'>;
export type ArchivoNuevo = { data: Uint8Array; nombreArchivo: string };

export async function createArea(ctx: DbCtx, area: Area & { orden?: number }): Promise<void> {
  await ctx.db.insert(areasMunicipales).values(area);
}

export async function saveEjecutivo(ctx: DbCtx, datos: Ejecutivo): Promise<void> {
  await ctx.db.insert(ejecutivo).values(datos);
}

export async function createSecretaria(ctx: DbCtx, entrada: SecretariaEntrada & { orden?: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(secretarias)
      .values({ ...entrada.secretaria, orden: entrada.orden ?? 0 })
      .returning({ id: secretarias.id });
    if (entrada.subSecretariaList.length > 0) {
      await tx.insert(subsecretarias).values(entrada.subSecretariaList.map((s, orden) => ({ ...s, secretariaId: row!.id, orden })));
    }
  });
}

export async function savePresidenciaConcejo(ctx: DbCtx, datos: Presidencia): Promise<void> {
  await ctx.db.insert(hcdPresidencia).values(datos);
}

export async function createBloque(
  ctx: DbCtx,
  datos: { nombreBloque: string; nombreSecretaria: string; concejales: string[]; asesores: string[]; orden?: number },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(hcdBloques)
      .values({ nombreBloque: datos.nombreBloque, nombreSecretaria: datos.nombreSecretaria, orden: datos.orden ?? 0 })
      .returning({ id: hcdBloques.id });
    const integrantes = [
      ...datos.concejales.map((nombre, orden) => ({ bloqueId: row!.id, rol: 'concejal', nombre, orden })),
      ...datos.asesores.map((nombre, orden) => ({ bloqueId: row!.id, rol: 'asesor', nombre, orden })),
    ];
    if (integrantes.length > 0) await tx.insert(hcdIntegrantes).values(integrantes);
  });
}

/** Stores the observatory's text sanitised, with its logo (an image) if given. */
export async function saveObservatorio(ctx: Ctx, datos: { texto: string; galeriaNombre: string; logo?: ArchivoNuevo }): Promise<void> {
  const logo = datos.logo ? await storeDocumento(ctx, datos.logo) : undefined;
  await ctx.db.insert(observatorioVial).values({ texto: sanitizeStaffHtml(datos.texto), galeriaNombre: datos.galeriaNombre, logoId: logo?.id ?? null });
}

export async function addImagenGaleria(
  ctx: Ctx,
  datos: { galeria: string; titulo: string; descripcion: string; alt: string; orden?: number; imagen: ArchivoNuevo },
): Promise<number> {
  const doc = await storeDocumento(ctx, datos.imagen);
  if (!doc.tipoContenido.startsWith('image/')) throw new RangeError('La galería sólo admite imágenes.');
  const [row] = await ctx.db
    .insert(galeriaImagenes)
    .values({ galeria: datos.galeria, documentoId: doc.id, titulo: datos.titulo, descripcion: datos.descripcion, alt: datos.alt, orden: datos.orden ?? 0 })
    .returning({ id: galeriaImagenes.id });
  return row!.id;
}

export async function addDocumentoObservatorio(
  ctx: Ctx,
  datos: { tipo: TipoDocumentoObservatorio; mes: number | null; anio: number; fechaCreacion?: Date; documento: ArchivoNuevo },
): Promise<number> {
  validarMesAnio(datos.mes, datos.anio);
  const doc = await storeDocumento(ctx, datos.documento);
  const [row] = await ctx.db
    .insert(documentosObservatorio)
    .values({ tipo: datos.tipo, documentoId: doc.id, mes: datos.mes, anio: datos.anio, ...(datos.fechaCreacion ? { fechaCreacion: datos.fechaCreacion } : {}) })
    .returning({ id: documentosObservatorio.id });
  return row!.id;
}

export async function createEnlacePlan(ctx: DbCtx, enlace: EnlacePlan & { orden?: number }): Promise<void> {
  await ctx.db.insert(planEstrategicoEnlaces).values(enlace);
}

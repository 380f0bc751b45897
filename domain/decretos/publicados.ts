import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales, documentos } from '#db/schema/index.ts';
import { rutaDocumento } from '#domain/documentos/panel.ts';
import { monthName } from '#domain/shared/meses.ts';
import { formatNumeroDecreto, parseNumeroDecreto } from '#domain/shared/numero-decreto.ts';

/**
 * The decree already published (docs/decisions/023-decretos-publicados.md): the decree a
 * citizen asks for, when an official bulletin published it. The form offers the bulletin's document
 * at once; the desk answers with it.
 */
export type DecretoPublicado = {
  /** As the site writes it: 123/2026. */
  decreto: string;
  descripcion: string;
  area: string;
  boletin: { id: number; numero: number; mes: number; anio: number; documentoId: number; nombreArchivo: string; tipoContenido: string };
  /** "Boletín Oficial Nº 123 de marzo de 2026". */
  boletinTexto: string;
  /** The bulletin's public document (the URL its page links). */
  enlace: string;
};

export const textoBoletin = (b: { numero: number; mes: number; anio: number }) =>
  `Boletín Oficial Nº ${b.numero} de ${monthName(b.mes).toLowerCase()} de ${b.anio}`;

/**
 * The bulletin that published the decree `texto` names (as people write it: parseNumeroDecreto),
 * or undefined. When two bulletins list it, the earliest one (by year, month and number) wins: the
 * first publication is the decree's. Text that names no decree does not reach the database.
 */
export async function findDecretoPublicado(db: Db, texto: string): Promise<DecretoPublicado | undefined> {
  const leido = parseNumeroDecreto(texto);
  if (!leido) return undefined;
  const b = boletinesOficiales;
  const [fila] = await db
    .select({
      descripcion: boletinesDecretos.descripcion,
      area: boletinesDecretos.area,
      id: b.id,
      numero: b.numeroBoletinOficial,
      mes: b.mes,
      anio: b.anio,
      documentoId: documentos.id,
      nombreArchivo: documentos.nombreArchivo,
      tipoContenido: documentos.tipoContenido,
    })
    .from(boletinesDecretos)
    .innerJoin(b, eq(b.id, boletinesDecretos.boletinId))
    .innerJoin(documentos, eq(documentos.id, b.documentoId))
    .where(and(eq(boletinesDecretos.numero, leido.numero), eq(boletinesDecretos.anio, leido.anio)))
    .orderBy(asc(b.anio), asc(b.mes), asc(b.numeroBoletinOficial), asc(b.id))
    .limit(1);
  if (!fila) return undefined;
  const { descripcion, area, ...boletin } = fila;
  return {
    decreto: formatNumeroDecreto(leido),
    descripcion,
    area,
    boletin,
    boletinTexto: textoBoletin(boletin),
    enlace: rutaDocumento(boletin.documentoId),
  };
}

/**
 * Which of these requested numbers (as typed) name a decree some bulletin published: one query for
 * a page of the desk's list, whatever the number of rows.
 */
export async function numerosPublicados(db: Db, textos: readonly string[]): Promise<Set<string>> {
  const leidos = textos.flatMap((texto) => {
    const leido = parseNumeroDecreto(texto);
    return leido ? [{ texto, ...leido }] : [];
  });
  if (leidos.length === 0) return new Set();
  const filas = await db
    .selectDistinct({ numero: boletinesDecretos.numero, anio: boletinesDecretos.anio })
    .from(boletinesDecretos)
    .where(or(...leidos.map((l) => and(eq(boletinesDecretos.numero, l.numero), eq(boletinesDecretos.anio, l.anio)))));
  const publicados = new Set(filas.map(formatNumeroDecreto));
  return new Set(leidos.filter((l) => publicados.has(formatNumeroDecreto(l))).map((l) => l.texto));
}

/** A decree as the open-data catalogue lists it (docs/decisions/025-datos-abiertos.md): one row per publication. */
export type FilaDecretoPublicado = { decreto: string; descripcion: string; area: string; boletin: string; enlace: string };

/** Every decree the official bulletins publish, by year and number, each with its bulletin. */
export async function listDecretosPublicados(db: Db): Promise<FilaDecretoPublicado[]> {
  const b = boletinesOficiales;
  const d = boletinesDecretos;
  const filas = await db
    .select({
      numero: d.numero,
      anio: d.anio,
      descripcion: d.descripcion,
      area: d.area,
      bNumero: b.numeroBoletinOficial,
      mes: b.mes,
      bAnio: b.anio,
      documentoId: b.documentoId,
    })
    .from(d)
    .innerJoin(b, eq(b.id, d.boletinId))
    .orderBy(asc(d.anio), asc(d.numero), asc(b.anio), asc(b.mes), asc(b.numeroBoletinOficial));
  return filas.map((f) => ({
    decreto: formatNumeroDecreto(f),
    descripcion: f.descripcion,
    area: f.area,
    boletin: textoBoletin({ numero: f.bNumero, mes: f.mes, anio: f.bAnio }),
    enlace: rutaDocumento(f.documentoId),
  }));
}

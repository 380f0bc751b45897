import { desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos, estadosContables, sueldos } from '#db/schema/index.ts';
import { monthName } from '#domain/shared/meses.ts';
import type { DocumentoRef } from '#domain/shared/documento.ts';
import { TIPOS_ESTADO_CONTABLE, type TipoEstadoContable } from './campos.ts';

export const esTipoEstadoContable = (t: string): t is TipoEstadoContable => t === 'RECURSOS' || t === 'GASTOS';

/** Spec §3, accounting statement. */
export type EstadoContable = {
  id: number;
  tipoEstadoContable: TipoEstadoContable;
  tipoEstadoContableAsString: string;
  documento: DocumentoRef;
  mes: number;
  anio: number;
  mesAsString: string;
  anioDocumentoAsString: string;
  usuarioCreacion: string;
  fechaCreacion: string;
};
/** Spec §3, salary report. */
export type Sueldo = { id: number; documento: DocumentoRef; periodoSueldoAsString: string; anioDocumentoAsString: string; anio: number; fechaCreacion: string };

/** Newest period first (year, month), then by upload date. */
export async function listEstadosContables(db: Db): Promise<EstadoContable[]> {
  const rows = await db
    .select({ e: estadosContables, tamano: documentos.tamano, tipoContenido: documentos.tipoContenido })
    .from(estadosContables)
    .innerJoin(documentos, eq(documentos.id, estadosContables.documentoId))
    .orderBy(desc(estadosContables.anio), desc(estadosContables.mes), desc(estadosContables.fechaCreacion), desc(estadosContables.id));
  return rows.map(({ e, tamano, tipoContenido }) => {
    const tipo = esTipoEstadoContable(e.tipoEstadoContable) ? e.tipoEstadoContable : 'RECURSOS';
    return {
      id: e.id,
      tipoEstadoContable: tipo,
      tipoEstadoContableAsString: TIPOS_ESTADO_CONTABLE[tipo],
      documento: { id: e.documentoId, tamano, tipoContenido },
      mes: e.mes,
      anio: e.anio,
      mesAsString: monthName(e.mes),
      anioDocumentoAsString: String(e.anio),
      usuarioCreacion: e.usuarioCreacion,
      fechaCreacion: e.fechaCreacion.toISOString(),
    };
  });
}

export async function listSueldos(db: Db): Promise<Sueldo[]> {
  const rows = await db
    .select({ s: sueldos, tamano: documentos.tamano, tipoContenido: documentos.tipoContenido })
    .from(sueldos)
    .innerJoin(documentos, eq(documentos.id, sueldos.documentoId))
    .orderBy(desc(sueldos.anio), desc(sueldos.orden), desc(sueldos.fechaCreacion), desc(sueldos.id));
  return rows.map(({ s, tamano, tipoContenido }) => ({
    id: s.id,
    documento: { id: s.documentoId, tamano, tipoContenido },
    periodoSueldoAsString: s.periodo,
    anioDocumentoAsString: String(s.anio),
    anio: s.anio,
    fechaCreacion: s.fechaCreacion.toISOString(),
  }));
}

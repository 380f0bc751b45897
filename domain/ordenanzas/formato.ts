import type { OrdenanzaResumen } from './queries.ts';

/** An ordinance with the original API's field names (docs/sitio-original.md §3), for the API and its old clients. */
export type OrdenanzaOriginal = {
  ID: number;
  Numero: number;
  Anio: number;
  Estado: number;
  EstadoDescripcion: string;
  /** Date-time string as the original sent it; pages show its first 10 characters. */
  FechaEmision: string | null;
  Descripcion: string;
  Expediente: string | null;
  /** ID of the ordinance this one modifies. */
  ModificatoriaDe: number | null;
  ModificatoriaDeNumero: number | null;
  ModificatoriaDeAnio: number | null;
  DocumentoID: number | null;
};

export function aFormatoOriginal(o: OrdenanzaResumen): OrdenanzaOriginal {
  return {
    ID: o.id,
    Numero: o.numero,
    Anio: o.anio,
    Estado: o.estado,
    EstadoDescripcion: o.estadoEtiqueta,
    FechaEmision: o.fechaEmision ? `${o.fechaEmision}T00:00:00` : null,
    Descripcion: o.descripcion,
    Expediente: o.expediente,
    ModificatoriaDe: o.modificatoriaDe?.id ?? null,
    ModificatoriaDeNumero: o.modificatoriaDe?.numero ?? null,
    ModificatoriaDeAnio: o.modificatoriaDe?.anio ?? null,
    DocumentoID: o.documentoId,
  };
}

/**
 * The names, messages and answer of the report form (docs/decisions/057-reclamos.md), shared by the
 * page and its server module (formulario.server.ts).
 */
import type { PosibleDuplicado } from '#domain/reclamos/queries.ts';
import type { ErroresReclamo } from '#domain/reclamos/schemas.ts';

/** The field a second submit carries after the visitor said «No, es otro». */
export const CAMPO_CONFIRMADO = 'confirmado';
/** The file input's name. */
export const CAMPO_FOTOS = 'fotos';

export const MENSAJE_SIN_LUGAR = 'Escribí la dirección del problema (la calle y la altura, por ejemplo «Av. Arrayanes 250») o marcá el lugar en el mapa.';
export const MENSAJE_FALLA = 'No pudimos recibir tu reclamo por un problema nuestro. Lo que escribiste sigue en el formulario: probá de nuevo en unos minutos.';

export type Valores = Record<string, string>;

export type RespuestaFormulario =
  | { estado: 'recibido'; codigo: string; venceEl: string }
  | { estado: 'errores'; errores: ErroresReclamo; valores: Valores; parecidas: string[] }
  | { estado: 'duplicados'; duplicados: Omit<PosibleDuplicado, 'createdAt'>[]; valores: Valores; conFotos: boolean }
  | { estado: 'limite' | 'falla'; mensaje: string; valores: Valores };

/**
 * The names and labels of the staff's pages of citizen reports that the pages themselves draw
 * (docs/decisions/057-reclamos.md): the queue's filters and the report page's form fields. Safe for
 * the browser: no server module here.
 */
import { type EstadoReclamo, ESTADOS_RECLAMO } from '#db/schema/index.ts';
import { ETIQUETAS_ESTADO } from '#domain/reclamos/etiquetas.ts';

/** The queue's choices of state: the open ones together, then each state (as domain/reclamos/cola.ts). */
export const ESTADOS_FILTRO: readonly (EstadoReclamo | 'abiertos')[] = ['abiertos', ...ESTADOS_RECLAMO];

export const CAMPOS_FILTRO = ['q', 'categoria', 'area', 'estado', 'asignado', 'desde', 'hasta'] as const;
export type CampoFiltro = (typeof CAMPOS_FILTRO)[number];

export const ETIQUETAS_FILTRO: Record<CampoFiltro, string> = {
  q: 'Buscar',
  categoria: 'Categoría',
  area: 'Área',
  estado: 'Estado',
  asignado: 'Asignado',
  desde: 'Recibido desde',
  hasta: 'Recibido hasta',
};

export const ETIQUETA_ESTADO_FILTRO = (e: EstadoReclamo | 'abiertos') => (e === 'abiertos' ? 'Abiertos (recibido, en curso o derivado)' : ETIQUETAS_ESTADO[e]);

/** The fields of the page's forms: ids unique on the page. */
export const CAMPOS_ACCION = [
  'estado',
  'plantilla',
  'respuesta',
  'nota',
  'area',
  'persona',
  'organismo',
  'plantillaDerivacion',
  'respuestaDerivacion',
  'notaDerivacion',
  'original',
  'respuestaDuplicado',
  'motivo',
] as const;
export type CampoAccion = (typeof CAMPOS_ACCION)[number];

export const ETIQUETAS_ACCION: Record<CampoAccion, string> = {
  estado: 'Nuevo estado',
  plantilla: 'Respuesta guardada',
  respuesta: 'Respuesta pública',
  nota: 'Nota interna',
  area: 'Área',
  persona: 'Persona',
  organismo: 'Organismo',
  plantillaDerivacion: 'Respuesta guardada',
  respuestaDerivacion: 'Respuesta pública',
  notaDerivacion: 'Nota interna',
  original: 'Código del reclamo original',
  respuestaDuplicado: 'Respuesta pública',
  motivo: 'Motivo',
};

/** What a form of the report's page answers when it could not be done (or «Usar plantilla», in either form). */
export type RespuestaAccion = {
  /** Which form answered: its errors are shown next to it. */
  intent: string;
  errores: Partial<Record<CampoAccion, string>>;
  valores: Partial<Record<CampoAccion, string>>;
  general: string | null;
};

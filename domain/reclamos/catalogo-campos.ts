/*
 * The catalogue's fields and limits (docs/decisions/057-reclamos.md), without the database: the
 * back-office forms import them into the browser, the commands of ./catalogo.ts check with them.
 */
import type { PreguntaCategoria } from '#db/schema/reclamos.ts';

export const CODIGO_VALIDO = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type CampoCategoria =
  'codigo' | 'nombre' | 'descripcion' | 'grupo' | 'aviso' | 'preguntas' | 'radioDuplicadosM' | 'plazoDiasHabiles' | 'areaId' | 'servicioVehiculo';
export type CampoOrganismo = 'nombre' | 'email';
export type CampoPlantilla = 'estado' | 'nombre' | 'texto';

/** Limits of the catalogue's fields. */
export const LIMITES_CATALOGO = {
  codigo: 60,
  nombre: 120,
  descripcion: 1000,
  grupo: 80,
  aviso: 500,
  preguntas: 10,
  etiqueta: 200,
  opciones: 30,
  opcion: 120,
  texto: 4000,
  radio: { min: 5, max: 1000 },
  plazo: { min: 1, max: 365 },
} as const;

/** How many empty rows of questions the category form shows: enough to add questions without JavaScript. */
export const FILAS_PREGUNTAS = 5;

export const TIPOS_PREGUNTA = ['texto', 'numero', 'opcion', 'si_no'] as const;
export const ETIQUETAS_TIPO_PREGUNTA: Record<PreguntaCategoria['tipo'], string> = {
  texto: 'Texto',
  numero: 'Número',
  opcion: 'Una opción de una lista',
  si_no: 'Sí o no',
};

export const ETIQUETAS_SERVICIO: Record<'recoleccion' | 'vialidad', string> = { recoleccion: 'Recolección', vialidad: 'Vialidad' };

/** The placeholders an answer template may use (docs/decisions/057-reclamos.md). */
export const MARCADORES_PLANTILLA = ['codigo', 'categoria', 'direccion', 'organismo', 'fecha', 'vence'] as const;
export type MarcadorPlantilla = (typeof MARCADORES_PLANTILLA)[number];

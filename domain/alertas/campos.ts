/**
 * The alert forms' names, limits and choices, apart from the schemas (the subscribe form is in
 * public pages that load no JavaScript, but the components must not pull zod in either).
 */
export const LARGO_EMAIL = 254;

export const TIPOS_ALERTA = ['ordenanzas', 'boletines'] as const;
export type TipoAlerta = (typeof TIPOS_ALERTA)[number];

export const FRECUENCIAS = [
  { valor: 'inmediata', etiqueta: 'Apenas se publique' },
  { valor: 'diaria', etiqueta: 'Un resumen por día (a las 8)' },
] as const;
export type Frecuencia = (typeof FRECUENCIAS)[number]['valor'];

/** Where the subscribe forms post (app/routes/alertas/suscribir.tsx). */
export const RUTA_SUSCRIBIR = '/alertas';

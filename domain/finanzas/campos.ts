/** The two lists, by the segment of their address: /admin/estados-contables and /admin/sueldos. */
export const TIPOS_FINANZAS = ['estados-contables', 'sueldos'] as const;
export type TipoFinanzas = (typeof TIPOS_FINANZAS)[number];

/** Items on one page of a list. */
export const POR_PAGINA_FINANZAS = 20;

/** The two kinds of accounting statement, and their names on the public page. */
export const TIPOS_ESTADO_CONTABLE = { RECURSOS: 'Ejecución de Recursos', GASTOS: 'Ejecución de Gastos' } as const;
export type TipoEstadoContable = keyof typeof TIPOS_ESTADO_CONTABLE;

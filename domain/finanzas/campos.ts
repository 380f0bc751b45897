import type { Rol } from '#domain/shared/actor.ts';

/**
 * The finances' back-office (issue 14; docs/decisions/020-finanzas-en-el-panel.md): who may publish
 * accounting statements and salary reports, and the words for anyone else. No dependencies: the
 * server's upload routes (server/pages.ts) and the pages read them.
 */
export const ROLES_FINANZAS: readonly Rol[] = ['editor', 'administrador'];

export const PROHIBIDO_FINANZAS =
  'Para subir estados contables o informes de sueldos tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé a la página.';

/** The two lists, by the segment of their address: /admin/estados-contables and /admin/sueldos. */
export const TIPOS_FINANZAS = ['estados-contables', 'sueldos'] as const;
export type TipoFinanzas = (typeof TIPOS_FINANZAS)[number];

/** Items on one page of a list. */
export const POR_PAGINA_FINANZAS = 20;

/** The two kinds of accounting statement, and their names on the public page. */
export const TIPOS_ESTADO_CONTABLE = { RECURSOS: 'Ejecución de Recursos', GASTOS: 'Ejecución de Gastos' } as const;
export type TipoEstadoContable = keyof typeof TIPOS_ESTADO_CONTABLE;

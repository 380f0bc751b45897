import type { Rol } from '#domain/shared/actor.ts';

/**
 * The official bulletins' back-office (issue 14): who may publish them, and the words for anyone
 * else. No dependencies: the server's upload routes (server/pages.ts) and the pages read them.
 */
export const ROLES_BOLETINES: readonly Rol[] = ['editor', 'administrador'];

export const PROHIBIDO_BOLETINES =
  'Para subir un boletín oficial tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé a la página de boletines.';

/** Bulletins on one page of the back-office's list. */
export const POR_PAGINA_BOLETINES = 20;

/** The longest number, description and area of a decree a bulletin publishes (issue 15): the form's maxlength and the server's check. */
export const LARGOS_DECRETO = { numero: 40, descripcion: 500, area: 150 } as const;

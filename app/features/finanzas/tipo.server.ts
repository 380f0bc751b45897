import type { TipoFinanzas } from '#domain/finanzas/campos.ts';

/** Which list a finances page is (/admin/estados-contables/… or /admin/sueldos/…): its address says; app/routes.ts mounts no other. */
export const tipoFinanzasDe = (request: Request): TipoFinanzas =>
  new URL(request.url).pathname.startsWith('/admin/sueldos') ? 'sueldos' : 'estados-contables';

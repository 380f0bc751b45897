/**
 * The request form's limits and honeypot, apart from the schemas: the page's form uses them in the
 * browser, and importing the schemas there would bring zod into its JavaScript.
 */
export const LIMITES = { nombre: 120, email: 254, numero: 30, ordenanza: 30, aclaraciones: 2000 } as const;

/** The honeypot's name: a field people never see or fill; bots that fill every field do. */
export const CAMPO_TRAMPA = 'sitio_web';

/**
 * The desk's forms, for the back-office page's checks in the browser as well: the
 * decree's PDF (docs/decisions/013-mesa-de-entradas.md: 10 MB, a scanned decree of several pages
 * and still an attachment every mailbox takes; the page's upload limit is this plus the form's
 * other fields, server/pages.ts) and the messages to the citizen.
 */
export const LIMITES_MESA = { pdf: 10 * 1024 * 1024, mensaje: 2000 } as const;
export const MENSAJE_PDF_GRANDE = 'El PDF supera los 10 MB permitidos: escanealo con menos resolución o en blanco y negro y adjuntalo de nuevo.';

/**
 * The request form's limits and honeypot, apart from the schemas: the page's form uses them in the
 * browser, and importing the schemas there would bring zod into its JavaScript.
 */
export const LIMITES = { nombre: 120, email: 254, numero: 30, ordenanza: 30, aclaraciones: 2000 } as const;

/** The honeypot's name: a field people never see or fill; bots that fill every field do. */
export const CAMPO_TRAMPA = 'sitio_web';

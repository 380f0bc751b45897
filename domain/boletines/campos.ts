/** Bulletins on one page of the back-office's list. */
export const POR_PAGINA_BOLETINES = 20;

/** The longest number, description and area of a decree a bulletin publishes: the form's maxlength and the server's check. */
export const LARGOS_DECRETO = { numero: 40, descripcion: 500, area: 150 } as const;

/** The longest number, title and link of an ordinance a bulletin publishes. */
export const LARGOS_ORDENANZA = { numero: 40, titulo: 1000, link: 2000 } as const;

/** The most characters each of a bulletin's texts (legales, licitaciones) takes, as sent, before sanitising. */
export const LARGO_HTML_BOLETIN = 50_000;

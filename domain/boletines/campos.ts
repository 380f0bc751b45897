/** Bulletins on one page of the back-office's list. */
export const POR_PAGINA_BOLETINES = 20;

/** The longest number, description and area of a decree a bulletin publishes: the form's maxlength and the server's check. */
export const LARGOS_DECRETO = { numero: 40, descripcion: 500, area: 150 } as const;

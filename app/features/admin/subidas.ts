/** What an upload's limit is, for the page: the server's number and words. */
export type LimiteSubida = { maxBytes: number; texto: string; mensajeGrande: string };

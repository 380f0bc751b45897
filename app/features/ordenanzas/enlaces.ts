export const urlDocumento = (documentoId: number) => `/api/v1/documentos/${documentoId}`;

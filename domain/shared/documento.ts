/** A stored document as lists show it: its id (for the download URL), size and type (for the label). */
export type DocumentoRef = { id: number; tamano: number; tipoContenido: string };

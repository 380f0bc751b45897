/**
 * The one place the ordinance pages read a file from a multipart form (issue 14). Small on
 * purpose: the generic upload pipeline replaces it when it lands (docs/decisions/018-ordenanzas-en-el-panel.md).
 * An empty file input (nothing chosen) is no file.
 */
async function archivoDelFormulario(formData: FormData, campo: string): Promise<{ data: Uint8Array; nombreArchivo: string } | null> {
  const valor = formData.get(campo);
  if (!(valor instanceof File) || (valor.size === 0 && valor.name === '')) return null;
  return { data: new Uint8Array(await valor.arrayBuffer()), nombreArchivo: valor.name };
}

/** The ordinance's PDF (the `archivo` field), as chosen; its content is checked by the domain. */
export const pdfDelFormulario = (formData: FormData) => archivoDelFormulario(formData, 'archivo');

/** The CSV of the bulk import (the `csv` field). */
export const csvDelFormulario = (formData: FormData) => archivoDelFormulario(formData, 'csv');

import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, joined, with runs of white space collapsed. */
export async function extractPdfText(data: Uint8Array): Promise<{ texto: string; paginas: number }> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    return { texto: text.replace(/\s+/g, ' ').trim(), paginas: totalPages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

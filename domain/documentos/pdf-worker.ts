// The thread that reads PDFs' text (docs/decisions/037-extraccion-de-texto.md): pdf.js runs here,
// never on the server's thread, so a PDF that inflates or loops stalls only this thread, which
// domain/documentos/pdf.ts ends when it goes over its time or memory. One request at a time.
import { parentPort } from 'node:worker_threads';
import { extractText, getDocumentProxy } from 'unpdf';
import type { PedidoExtraccion, RespuestaExtraccion } from './pdf.ts';

const port = parentPort!;

port.on('message', async ({ id, data }: PedidoExtraccion) => {
  let respuesta: RespuestaExtraccion;
  try {
    // pdf.js takes ownership of the buffer it is given: this one is the thread's own copy.
    const pdf = await getDocumentProxy(data, { verbosity: 0 });
    try {
      const { totalPages, text } = await extractText(pdf, { mergePages: true });
      respuesta = { id, tipo: 'leido', texto: text.replace(/\s+/g, ' ').trim(), paginas: totalPages };
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch {
    // Damaged, truncated or protected with a password: pdf.js cannot open it.
    respuesta = { id, tipo: 'ilegible' };
  }
  port.postMessage(respuesta);
});

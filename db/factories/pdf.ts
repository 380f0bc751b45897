import { randomBytes } from 'node:crypto';
import { PDFDocument, type PDFFont, StandardFonts, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, rgb } from 'pdf-lib';

export type ContenidoPdf = { titulo: string; subtitulo?: string; parrafos: string[] };

function partirLineas(texto: string, font: PDFFont, tamano: number, ancho: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (font.widthOfTextAtSize(candidata, tamano) > ancho && actual) {
      lineas.push(actual);
      actual = palabra;
    } else {
      actual = candidata;
    }
  }
  if (actual) lineas.push(actual);
  return lineas;
}

/** A real, text-bearing PDF (A4, Helvetica, pages as needed), for demo content and tests. */
export async function generarPdf(contenido: ContenidoPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(contenido.titulo);
  pdf.setAuthor('Municipalidad de Villa La Angostura');
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const normal = await pdf.embedFont(StandardFonts.Helvetica);
  const negrita = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [anchoPagina, altoPagina] = [595.28, 841.89];
  const margen = 64;
  const ancho = anchoPagina - margen * 2;
  let pagina = pdf.addPage([anchoPagina, altoPagina]);
  let y = altoPagina - margen;

  const escribir = (texto: string, font: PDFFont, tamano: number, espacioDespues: number) => {
    for (const linea of partirLineas(texto, font, tamano, ancho)) {
      if (y < margen + tamano) {
        pagina = pdf.addPage([anchoPagina, altoPagina]);
        y = altoPagina - margen;
      }
      pagina.drawText(linea, { x: margen, y, size: tamano, font, color: rgb(0.1, 0.1, 0.1) });
      y -= tamano * 1.45;
    }
    y -= espacioDespues;
  };

  escribir('MUNICIPALIDAD DE VILLA LA ANGOSTURA', negrita, 10, 2);
  escribir('Provincia del Neuquén', normal, 9, 14);
  escribir(contenido.titulo, negrita, 15, 4);
  if (contenido.subtitulo) escribir(contenido.subtitulo, normal, 11, 10);
  for (const parrafo of contenido.parrafos) escribir(parrafo, normal, 10.5, 8);
  return pdf.save({ useObjectStreams: false });
}

/**
 * A PDF like a scanned decree of about `bytes` bytes: one A4 page holding one uncompressed RGB
 * image (noise, so nothing shrinks it) under a line of text. For tests of uploads of a realistic
 * size; made in milliseconds, with no image encoding.
 */
export async function generarPdfEscaneado(bytes: number, titulo = 'DECRETO ESCANEADO'): Promise<Uint8Array> {
  const lado = Math.max(1, Math.ceil(Math.sqrt(bytes / 3)));
  const pdf = await PDFDocument.create();
  pdf.setTitle(titulo);
  const pagina = pdf.addPage([595.28, 841.89]);
  const imagen = pdf.context.register(
    pdf.context.stream(randomBytes(lado * lado * 3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: lado,
      Height: lado,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  const nombre = pagina.node.newXObject('Escaneo', imagen);
  pagina.pushOperators(pushGraphicsState(), concatTransformationMatrix(480, 0, 0, 480, 57, 260), drawObject(nombre), popGraphicsState());
  pagina.drawText(titulo, { x: 57, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica), color: rgb(0.1, 0.1, 0.1) });
  return pdf.save({ useObjectStreams: false });
}

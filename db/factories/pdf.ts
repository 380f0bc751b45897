import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';

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

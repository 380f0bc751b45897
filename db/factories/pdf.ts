import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';
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

/**
 * A one-page PDF of about `bytes` / 1,000 bytes whose content stream inflates to `bytes` of
 * spaces (a decompression bomb), for the limits of text extraction (docs/decisions/037-extraccion-de-texto.md).
 * The Flate data is one block compressed on its own (a full flush) repeated, so it is made in
 * milliseconds however big it inflates; its checksum is worked out, not computed over the bytes.
 */
export function generarPdfQueSeInfla(bytes: number): Uint8Array {
  const trozo = 1024 * 1024;
  const veces = Math.max(1, Math.round(bytes / trozo));
  const bloque = deflateRawSync(Buffer.alloc(trozo, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // Adler-32 of n spaces: A = 1 + 32n, B = n + 32·n(n+1)/2, both mod 65521.
  const n = BigInt(veces * trozo);
  const a = (1n + 32n * n) % 65521n;
  const b = (n + 32n * ((n * (n + 1n)) / 2n)) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  const contenido = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(veces).fill(bloque), Buffer.from([0x03, 0x00]), adler]);
  const partes: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const desplazamientos: number[] = [];
  let largo = partes[0]!.length;
  const agregar = (parte: Buffer) => {
    partes.push(parte);
    largo += parte.length;
  };
  const objeto = (numero: number, cuerpo: Buffer | string) => {
    desplazamientos[numero] = largo;
    agregar(Buffer.from(`${numero} 0 obj\n`));
    agregar(typeof cuerpo === 'string' ? Buffer.from(cuerpo) : cuerpo);
    agregar(Buffer.from('\nendobj\n'));
  };
  objeto(1, '<< /Type /Catalog /Pages 2 0 R >>');
  objeto(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  objeto(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>');
  objeto(4, Buffer.concat([Buffer.from(`<< /Length ${contenido.length} /Filter /FlateDecode >>\nstream\n`), contenido, Buffer.from('\nendstream')]));
  const xref = largo;
  agregar(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${desplazamientos
        .slice(1)
        .map((d) => `${String(d).padStart(10, '0')} 00000 n \n`)
        .join('')}`,
    ),
  );
  agregar(Buffer.from(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(partes));
}

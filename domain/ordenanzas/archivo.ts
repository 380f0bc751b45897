import { fileTypeFromBuffer } from 'file-type';
import { detectFileType } from '#domain/documentos/tipos.ts';

/** The largest PDF an ordinance may have (issue 14: 25 MB by default). */
export const LIMITE_PDF_ORDENANZA = 25 * 1024 * 1024;
export const MENSAJE_PDF_ORDENANZA_GRANDE =
  'El PDF supera los 25 MB permitidos: reducí su tamaño (por ejemplo, escaneando en blanco y negro) y subilo de nuevo.';

const NOMBRES: Record<string, string> = {
  'image/png': 'una imagen PNG',
  'image/jpeg': 'una imagen JPEG',
  'image/webp': 'una imagen WebP',
  'image/gif': 'una imagen GIF',
  exe: 'un programa ejecutable de Windows',
  elf: 'un programa ejecutable de Linux',
  zip: 'un archivo comprimido ZIP',
  docx: 'un documento de Word',
  doc: 'un documento de Word',
  xlsx: 'una planilla de Excel',
  odt: 'un documento de LibreOffice',
  rar: 'un archivo comprimido RAR',
  gz: 'un archivo comprimido',
  '7z': 'un archivo comprimido 7-Zip',
};

/**
 * What a file that should have been a PDF really is, in words for the person who chose it: its
 * content decides (docs/architecture.md: uploads are recognised by content, never by name).
 */
export async function describirArchivo(data: Uint8Array): Promise<string> {
  const propio = detectFileType(data);
  if (propio) return NOMBRES[propio.tipo] ?? 'un PDF';
  const tipo = await fileTypeFromBuffer(data).catch(() => undefined);
  if (tipo) return NOMBRES[tipo.ext] ?? `un archivo ${tipo.ext.toUpperCase()}`;
  const inicio = new TextDecoder('utf-8', { fatal: false })
    .decode(data.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|head|body|script|iframe|div|p\b|a\b)/.test(inicio)) return 'una página HTML';
  if (inicio.startsWith('<?xml') || inicio.startsWith('<svg')) return 'un archivo XML o SVG';
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u0008\u000e-\u001f]/.test(inicio)) return 'un archivo de texto';
  return 'un archivo de un tipo que no reconocemos';
}

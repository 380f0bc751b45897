/** File kinds the site accepts, recognised by their first bytes, never by name or declared type. */
const firmas: { tipo: string; extension: string; coincide: (b: Uint8Array) => boolean }[] = [
  { tipo: 'application/pdf', extension: 'pdf', coincide: (b) => ascii(b, 0, 5) === '%PDF-' },
  { tipo: 'image/png', extension: 'png', coincide: (b) => b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' },
  { tipo: 'image/jpeg', extension: 'jpg', coincide: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { tipo: 'image/webp', extension: 'webp', coincide: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { tipo: 'image/gif', extension: 'gif', coincide: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function detectFileType(data: Uint8Array): { tipo: string; extension: string } | undefined {
  const firma = firmas.find((f) => f.coincide(data));
  return firma && { tipo: firma.tipo, extension: firma.extension };
}

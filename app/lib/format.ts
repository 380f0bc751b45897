/** 'application/pdf' → 'PDF', 'image/png' → 'PNG'. */
export function fileFormatName(tipoContenido: string): string {
  const sub = tipoContenido.split('/')[1] ?? '';
  return sub === 'jpeg' ? 'JPEG' : sub.toUpperCase() || 'archivo';
}

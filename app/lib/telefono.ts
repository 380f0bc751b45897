/** A tel: address from a number as people write it ('+54 294 449-4100' → 'tel:+542944494100'). */
export function telHref(telefono: string): string {
  const trimmed = telefono.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

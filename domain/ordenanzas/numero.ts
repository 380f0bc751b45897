/**
 * An ordinance as people write it: "250/2021", "250 / 2021" or just "250". The one place that reads
 * número/año; a number alone leaves the year open.
 */
export function parseNumeroAnio(texto: string): { numero: number; anio: number | undefined } | undefined {
  const m = /^(\d{1,9})(?:\s*\/\s*(\d{4}))?$/.exec(texto.trim());
  return m ? { numero: Number(m[1]), anio: m[2] ? Number(m[2]) : undefined } : undefined;
}

const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

/** 1 → 'Enero'; outside 1-12, the number itself. */
export function monthName(mes: number | null | undefined): string {
  if (mes == null) return '';
  return MESES[mes - 1] ?? String(mes);
}

const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

/** 1 → 'Enero'; outside 1-12, the number itself. */
export function monthName(mes: number | null | undefined): string {
  if (mes == null) return '';
  return MESES[mes - 1] ?? String(mes);
}

export function validarMesAnio(mes: number | null, anio: number): void {
  if (mes !== null && (!Number.isInteger(mes) || mes < 1 || mes > 12)) throw new RangeError('El mes debe estar entre 1 y 12.');
  if (!Number.isInteger(anio) || anio < 1900 || anio > 2100) throw new RangeError('El año debe estar entre 1900 y 2100.');
}

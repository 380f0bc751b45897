import { describe, expect, it } from 'vitest';
import { TODOS_LOS_ANIOS, aniosDe, elegirAnio } from './anios.ts';

const ANIOS = [2026, 2025, 2024];

describe('filtro por año de las listas de finanzas', () => {
  it('sin año, el más reciente; todos, todos; un año de la lista, ese', () => {
    expect(elegirAnio(null, ANIOS, 'estados contables')).toEqual({ tipo: 'anio', anio: 2026 });
    expect(elegirAnio('  ', ANIOS, 'estados contables')).toEqual({ tipo: 'anio', anio: 2026 });
    expect(elegirAnio(TODOS_LOS_ANIOS, ANIOS, 'estados contables')).toEqual({ tipo: 'todos' });
    expect(elegirAnio('2025', ANIOS, 'estados contables')).toEqual({ tipo: 'anio', anio: 2025 });
    expect(elegirAnio(null, [], 'estados contables')).toEqual({ tipo: 'todos' });
  });

  it('un año que la lista no tiene, o algo que no es un año, lo dice en castellano', () => {
    expect(elegirAnio('1999', ANIOS, 'estados contables')).toEqual({
      tipo: 'invalido',
      mensaje: 'No hay estados contables de 1999. Elegí uno de los años de la lista.',
    });
    for (const malo of ['dosmil', '-1', '20255', '2025.0', '9'.repeat(400), '<script>']) {
      expect(elegirAnio(malo, ANIOS, 'estados contables'), malo).toEqual({ tipo: 'invalido', mensaje: 'Elegí un año de la lista, o «Todos los años».' });
    }
  });

  it('los años de una lista, del más reciente al más antiguo, una vez cada uno', () => {
    expect(aniosDe([{ anio: 2024 }, { anio: 2026 }, { anio: 2024 }, { anio: 2025 }])).toEqual([2026, 2025, 2024]);
  });
});

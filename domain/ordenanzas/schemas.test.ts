import { describe, expect, it } from 'vitest';
import { parseFiltrosOrdenanzas } from './schemas.ts';

const errores = (query: string) => {
  const r = parseFiltrosOrdenanzas(new URLSearchParams(query));
  return r.ok ? {} : r.errores;
};

describe('mensajes de los filtros de ordenanzas', () => {
  const pagina = 'Escribí un número de página entre 1 y 100.000, o dejalo vacío para ver la primera.';

  it.each(['999999', '0', '100001', 'dos', '-3', '1.5', '9'.repeat(400)])('página %s: dice qué escribir, en castellano', (valor) => {
    expect(errores(`pagina=${valor}`)).toEqual({ pagina });
  });

  it('la última página posible y la página vacía valen', () => {
    expect(parseFiltrosOrdenanzas(new URLSearchParams('pagina=100000')).ok).toBe(true);
    expect(parseFiltrosOrdenanzas(new URLSearchParams('pagina=')).ok).toBe(true);
  });

  it('un número de ordenanza fuera de rango dice el rango; con letras, que van sólo dígitos', () => {
    const rango = 'Ingresá un número de ordenanza entre 1 y 2.000.000.000.';
    expect(errores('numero=0')).toEqual({ numero: rango });
    expect(errores('numero=2000000001')).toEqual({ numero: rango });
    // 400 nines are Infinity for Number(): zod calls that a wrong type, the field still says the range.
    expect(errores(`numero=${'9'.repeat(400)}`)).toEqual({ numero: rango });
    expect(errores('numero=12a')).toEqual({ numero: 'Ingresá un número de ordenanza (sólo dígitos).' });
  });

  it('un año fuera de rango o con letras', () => {
    for (const anio of ['1899', '2101', '85', 'dosmil', '9'.repeat(400)]) {
      expect(errores(`anio=${anio}`)).toEqual({ anio: 'Ingresá un año de cuatro cifras, entre 1900 y 2100.' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { tituloDeBusqueda } from './publicacion.ts';
import { parseFiltrosOrdenanzas } from './schemas.ts';

/** The saved search's feed title for a query string (docs/decisions/025-datos-abiertos.md). */
const titulo = (query: string) => {
  const r = parseFiltrosOrdenanzas(new URLSearchParams(query));
  if (!r.ok) throw new Error(query);
  return tituloDeBusqueda(r.filtros);
};

describe('el título del feed de una búsqueda', () => {
  it.each([
    ['pattern=agua&estado=2&anio=2024', 'Ordenanzas con «agua» vigentes de 2024'],
    ['numero=4310', 'Ordenanzas N° 4310'],
    ['estado=1', 'Ordenanzas en clasificación'],
    ['estado=3&anio=1999', 'Ordenanzas derogadas de 1999'],
    ['estado=4', 'Ordenanzas vetadas'],
    ['estado=9&pattern=%20tasas%20', 'Ordenanzas con «tasas» anuladas'],
  ])('%s → %s', (query, esperado) => expect(titulo(query)).toBe(esperado));

  it('sin filtros (o sólo la página, o estado Todos) no hay búsqueda que describir', () => {
    for (const query of ['', 'pagina=3', 'estado=-1&pattern=']) expect(titulo(query)).toBeUndefined();
  });
});

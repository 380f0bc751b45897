import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OrdenanzaResumen } from '#domain/ordenanzas/queries.ts';
import { filasOrdenanzas } from './filas.server.tsx';
import { TablaOrdenanzas } from './tabla.tsx';

const ORDENANZA: OrdenanzaResumen = {
  id: 7,
  numero: 4242,
  anio: 2026,
  estado: 2,
  estadoEtiqueta: 'Aprobada/Vigente',
  fechaEmision: '2026-03-13',
  descripcion: 'Tarifaria 2027',
  expediente: '3901-HCD-2026',
  modificatoriaDe: { id: 3, numero: 3917, anio: 2022 },
  documentoId: 296,
};

describe('filas de la tabla de ordenanzas', () => {
  it('cada fila lleva sus enlaces, su descarga y su nombre accesible', () => {
    const html = filasOrdenanzas([ORDENANZA]);
    expect(html).toContain('<a href="/consulta-ordenanzas/2026/4242" aria-label="Ordenanza N° 4242/2026">4242</a>');
    expect(html).toContain('<a href="/consulta-ordenanzas/2022/3917" aria-label="Modifica a la Ordenanza N° 3917/2022">3917/2022</a>');
    expect(html).toContain('href="/api/v1/documentos/296"');
    expect(html).toContain('Descargar la Ordenanza N° 4242/2026 (PDF, se abre en una pestaña nueva)');
    const tabla = renderToStaticMarkup(createElement(TablaOrdenanzas, { filas: html, caption: 'Ordenanzas, página 1 de 1' }));
    expect(tabla).toContain(`<tbody>${html}</tbody>`);
  });

  it('escapa el texto como React, y una ordenanza que cambia se muestra cambiada', () => {
    const hostil = { ...ORDENANZA, id: 8, descripcion: '<script>alert(1)</script> & "comillas"' };
    const html = filasOrdenanzas([hostil]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;comillas&quot;');
    expect(filasOrdenanzas([{ ...hostil, descripcion: 'Texto corregido' }])).toContain('Texto corregido');
    expect(filasOrdenanzas([hostil, ORDENANZA])).toBe(html + filasOrdenanzas([ORDENANZA]));
  });
});

import { LRUCache } from 'lru-cache';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OrdenanzaResumen } from '#domain/ordenanzas/queries.ts';
import { FilaOrdenanza } from './tabla.tsx';

/** Rows remembered: a few pages of every common search. */
const FILAS_RECORDADAS = 5_000;
const filas = new LRUCache<string, string>({ max: FILAS_RECORDADAS });

/**
 * The results table's rows as HTML, each rendered by React once and remembered by everything it
 * shows: an ordinance that changes is a new key, so a row is never stale. Rows were a third of the
 * search page's render, and the same ordinances come back in search after search
 * (docs/benchmarks.md, "Páginas que consultan la base bajo carga").
 */
export function filasOrdenanzas(items: OrdenanzaResumen[]): string {
  let html = '';
  for (const o of items) {
    const clave = JSON.stringify(o);
    let fila = filas.get(clave);
    if (fila === undefined) {
      fila = renderToStaticMarkup(<FilaOrdenanza o={o} />);
      filas.set(clave, fila);
    }
    html += fila;
  }
  return html;
}

import type { ReferenciaOrdenanza } from '#domain/ordenanzas/queries.ts';

export const permalink = (o: Pick<ReferenciaOrdenanza, 'anio' | 'numero'>) => `/consulta-ordenanzas/${o.anio}/${o.numero}`;
export const urlDocumento = (documentoId: number) => `/api/v1/documentos/${documentoId}`;

type Valores = Record<string, string | undefined>;

/** The query string with some parameters changed, defaults and empty ones dropped: short addresses. */
function consulta(valores: Valores, cambios: Valores): string {
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries({ ...valores, ...cambios })) {
    const porDefecto = (clave === 'estado' && valor === '-1') || (clave === 'pagina' && valor === '1');
    if (valor !== undefined && valor !== '' && !porDefecto) params.set(clave, valor);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The search page with the same filters (shareable, bookmarkable). */
export const urlBusqueda = (valores: Valores, cambios: Valores = {}) => `/consulta-ordenanzas${consulta(valores, cambios)}`;

/** Every result of the same search, as CSV from the open-data API. */
export const urlExportacion = (valores: Valores) => `/api/v1/ordenanzas${consulta(valores, { pagina: undefined, formato: 'csv' })}`;

/** The same search as an Atom feed (docs/decisions/025-datos-abiertos.md): its filters, no page. */
export const urlFeedBusqueda = (valores: Valores) => `/feeds/ordenanzas.xml${consulta(valores, { pagina: undefined })}`;

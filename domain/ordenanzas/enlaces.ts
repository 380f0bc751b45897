// The public addresses of ordinances and of a search of them: pages, feeds, mails and the back-office
// build them here, so a link in an alert is the link on the page. No dependencies: the browser's
// islands import it too.

/** An ordinance's permanent page. */
export const rutaOrdenanza = (o: { anio: number; numero: number }) => `/consulta-ordenanzas/${o.anio}/${o.numero}`;

/** A search's parameters as the page reads them (`?pattern=agua&anio=2024`). */
export type ValoresBusqueda = Record<string, string | number | undefined>;

/** The query string with some parameters changed, defaults and empty ones dropped: short addresses. */
function consulta(valores: ValoresBusqueda, cambios: ValoresBusqueda): string {
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries({ ...valores, ...cambios })) {
    const texto = valor === undefined ? '' : String(valor);
    const porDefecto = (clave === 'estado' && texto === '-1') || (clave === 'pagina' && texto === '1');
    if (texto !== '' && !porDefecto) params.set(clave, texto);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The search page with the same filters (shareable, bookmarkable). */
export const urlBusqueda = (valores: ValoresBusqueda, cambios: ValoresBusqueda = {}) => `/consulta-ordenanzas${consulta(valores, cambios)}`;

/** Every result of the same search, as CSV from the open-data API. */
export const urlExportacion = (valores: ValoresBusqueda) => `/api/v1/ordenanzas${consulta(valores, { pagina: undefined, formato: 'csv' })}`;

/** The same search as an Atom feed (docs/decisions/025-datos-abiertos.md): its filters, no page. */
export const urlFeedBusqueda = (valores: ValoresBusqueda) => `/feeds/ordenanzas.xml${consulta(valores, { pagina: undefined })}`;

import type { HeadersArgs } from 'react-router';

/**
 * A route's `headers`: the headers its loader and action set (no-store, Retry-After) reach the
 * page's response. Without it React Router drops them for documents.
 */
export function privateDataHeaders({ loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  const cabeceras = new Headers(loaderHeaders);
  actionHeaders.forEach((valor, nombre) => cabeceras.set(nombre, valor));
  return cabeceras;
}

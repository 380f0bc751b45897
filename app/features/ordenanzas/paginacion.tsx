import { Link } from 'react-router';

type Props = {
  pagina: number;
  totalPaginas: number;
  /** The count stopped early: there may be pages after totalPaginas, so there is no last-page link. */
  abierta?: boolean;
  url: (pagina: number) => string;
};

/** Page links: first, a window around the current page, last; the current one marked for AT. */
export function Paginacion({ pagina, totalPaginas, abierta = false, url }: Props) {
  if (totalPaginas <= 1) return null;
  const paginas = new Set(abierta ? [1] : [1, totalPaginas]);
  for (let p = Math.max(1, pagina - 2); p <= Math.min(totalPaginas, pagina + 2); p++) paginas.add(p);
  const lista = [...paginas].sort((a, b) => a - b);
  return (
    <nav className="paginacion" aria-label="Páginas de resultados">
      <ul>
        <li>
          {pagina > 1 ? (
            <Link to={url(pagina - 1)} rel="prev">
              Anterior
            </Link>
          ) : (
            <span aria-disabled="true">Anterior</span>
          )}
        </li>
        {lista.map((p, i) => (
          <li key={p}>
            {i > 0 && p - lista[i - 1]! > 1 ? (
              <span className="paginacion__salto" aria-hidden="true">
                …
              </span>
            ) : null}
            {p === pagina ? (
              <span aria-current="page" className="paginacion__actual">
                <span className="visually-hidden">Página </span>
                {p}
              </span>
            ) : (
              <Link to={url(p)} aria-label={`Página ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {abierta ? (
          <li>
            <span className="paginacion__salto" aria-hidden="true">
              …
            </span>
          </li>
        ) : null}
        <li>
          {pagina < totalPaginas ? (
            <Link to={url(pagina + 1)} rel="next">
              Siguiente
            </Link>
          ) : (
            <span aria-disabled="true">Siguiente</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** Which results a page shows, counted from 1 («mostrando 21 a 40»): the site search's and the ordinances'. */
export function rangoMostrado(resultado: { pagina: number; porPagina: number; items: readonly unknown[] } | null): { desde: number; hasta: number } {
  if (!resultado) return { desde: 0, hasta: 0 };
  const desde = (resultado.pagina - 1) * resultado.porPagina + 1;
  return { desde, hasta: desde + resultado.items.length - 1 };
}

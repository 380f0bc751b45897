import { Link, useLocation } from 'react-router';
import { absoluteUrl } from '#domain/shared/context.ts';
import { migasDe, migasJsonLd } from '#app/lib/migas.ts';

/**
 * The breadcrumbs of a page below the home, under the header (docs/decisions/051-listas-largas-y-migas.md):
 * an ordered list in a navigation landmark, the current page last with `aria-current="page"`, and
 * the same trail as schema.org JSON-LD for search engines. Nothing on the home.
 */
export function Migas({ siteUrl }: { siteUrl: string }) {
  const { pathname } = useLocation();
  const migas = migasDe(pathname);
  if (!migas) return null;
  return (
    <nav className="migas-sitio contenedor" aria-label="Ruta de navegación">
      <ol className="migas-sitio__lista">
        {migas.map((miga) => (
          <li key={miga.titulo} className="migas-sitio__paso">
            {miga.href === undefined ? <span aria-current="page">{miga.titulo}</span> : <Link to={miga.href}>{miga.titulo}</Link>}
          </li>
        ))}
      </ol>
      {/* A data block, not a script: nothing runs, so the CSP's nonce does not apply to it. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: migasJsonLd(migas, pathname, (path) => absoluteUrl(siteUrl, path)) }} />
    </nav>
  );
}

import { Link } from 'react-router';

const PAGINAS = [
  ['categorias', '/admin/reclamos/categorias', 'Categorías'],
  ['organismos', '/admin/reclamos/organismos', 'Organismos'],
  ['plantillas', '/admin/reclamos/plantillas', 'Plantillas de respuesta'],
  ['claves', '/admin/reclamos/claves-open311', 'Claves de Open311'],
] as const;

/** The catalogue's pages of reports (docs/decisions/057-reclamos.md), linked from each other; `soloPlantillas` for those who may open only the templates. */
export function NavCatalogo({ actual, soloPlantillas = false }: { actual: (typeof PAGINAS)[number][0]; soloPlantillas?: boolean }) {
  const paginas = soloPlantillas ? PAGINAS.filter(([id]) => id === 'plantillas') : PAGINAS;
  if (paginas.length < 2) return null;
  return (
    <nav aria-label="Catálogo de reclamos">
      <ul>
        {paginas.map(([id, href, texto]) => (
          <li key={id}>
            <Link to={href} aria-current={id === actual ? 'page' : undefined}>
              {texto}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

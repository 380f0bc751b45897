import { Outlet } from 'react-router';

/**
 * The alerts' pages inside the site's layout (header, menus, footer): a person who arrives from an
 * alert's mail can go on through the site. A column as wide as a form reads well.
 */
export default function MarcoAlertas() {
  return (
    <div className="contenedor pagina alertas-pagina">
      <Outlet />
    </div>
  );
}

import { Link } from 'react-router';
import { ExternalLink } from '#app/components/external-link.tsx';
import { ChevronRightIcon, CiudadanoIcon, EmpleadosIcon, ExternalIcon, GobiernoIcon, NoticiasIcon, TurismoIcon } from '#app/components/icons.tsx';
import { type NavMenu, type NavMenuId, buildNavigation, navMenu } from '#app/components/layout/navigation.ts';
import { accesosEmpleados } from '#app/lib/acceso-empleados.ts';
import { SITE_NAME, pageMeta } from '#app/lib/meta.ts';
import { useSiteSettings } from '#app/lib/site-settings.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Inicio',
    'Sitio oficial de la Municipalidad de Villa La Angostura, Neuquén: gobierno, trámites ciudadanos, turismo y acceso para el personal municipal.',
  );

const boxIcons = { gobierno: GobiernoIcon, ciudadano: CiudadanoIcon, turismo: TurismoIcon } as const;
const boxes = ['gobierno', 'ciudadano', 'turismo'] as const satisfies readonly NavMenuId[];

export default function Home() {
  const settings = useSiteSettings();
  const menus = buildNavigation(settings);
  return (
    <div className="inicio">
      <div className="inicio__portada">
        <div className="contenedor">
          <h1>{SITE_NAME}</h1>
          <p>Gobierno, trámites y servicios para vecinos, visitantes y personal municipal.</p>
        </div>
      </div>
      <div className="contenedor inicio__cuerpo">
        <div className="inicio__cajas">
          {boxes.map((id) => (
            <HomeBox key={id} menu={navMenu(menus, id)} />
          ))}
        </div>
        <div className="inicio__banners">
          <EmployeeAccess />
          <section className="banner banner--novedades">
            <h2 className="banner__titulo">
              <NoticiasIcon />
              Entérate las últimas novedades
            </h2>
            <ExternalLink href={settings.enlaces.noticias} className="btn banner__boton">
              Noticias
            </ExternalLink>
          </section>
        </div>
      </div>
    </div>
  );
}

/** One of the three boxes: the same entries as the dropdown of the same name. */
function HomeBox({ menu }: { menu: NavMenu }) {
  const Icon = boxIcons[menu.id as keyof typeof boxIcons];
  return (
    <section className={`caja caja--${menu.id}`}>
      <h2 className="caja__titulo">
        <span className="caja__icono">
          <Icon />
        </span>
        {menu.label}
      </h2>
      <ul className="caja__lista">
        {menu.entries.map((entry) => (
          <li key={entry.label}>
            {entry.external ? (
              <ExternalLink href={entry.href} className="caja__enlace" icon={false}>
                <ChevronRightIcon />
                <span>
                  {entry.label}
                  <ExternalIcon className="icono-externo" />
                </span>
              </ExternalLink>
            ) : (
              <Link to={entry.href} className="caja__enlace">
                <ChevronRightIcon />
                {entry.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A plain GET form, so it works before and without JavaScript: /acceso-empleados answers with a
 * redirect to the chosen external service.
 */
function EmployeeAccess() {
  return (
    <section className="banner banner--empleados">
      <h2 className="banner__titulo">
        <EmpleadosIcon />
        Acceso Empleados
      </h2>
      <form method="get" action="/acceso-empleados" className="banner__formulario">
        <label htmlFor="destino-empleados" className="form-label">
          Seleccioná a dónde querés ingresar
        </label>
        <div className="banner__campos">
          <select id="destino-empleados" name="destino" className="form-select">
            {accesosEmpleados.map((acceso) => (
              <option key={acceso.destino} value={acceso.destino}>
                {acceso.etiqueta}
              </option>
            ))}
          </select>
          <button type="submit" className="btn banner__boton">
            INGRESAR
          </button>
        </div>
      </form>
    </section>
  );
}

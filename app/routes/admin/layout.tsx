import { useEffect, useRef } from 'react';
import { Form, NavLink, Outlet, data, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { SkipLink } from '#app/components/layout/site-chrome.tsx';
import { menuPara } from '#app/features/admin/menu.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SIN_CACHE, requireSesion } from '#app/lib/sesion.server.ts';
import { saveSession } from '#app/lib/session.ts';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';
import { ETIQUETAS_ROL } from '#domain/usuarios/campos.ts';
import type { Route } from './+types/layout';

/**
 * The back-office shell (issue 12): its own header with the person's name and role and the
 * sign-out button, a menu by role, a skip link and the landmarks; no JavaScript needed. Every page
 * under it checks the session and role in its own loader (requireStaff): loaders run in parallel,
 * so this one guarding would not protect them. Nothing here is ever cached (no-store).
 */
export async function loader(args: Route.LoaderArgs) {
  const sesion = await requireSesion(args);
  const { actor } = sesion;
  return data(
    {
      persona: { nombre: sesion.nombre, apellido: sesion.apellido, email: actor.email, rol: actor.rol, rolEtiqueta: ETIQUETAS_ROL[actor.rol] },
      menu: menuPara(actor.rol),
    },
    { headers: SIN_CACHE },
  );
}

export const headers = privateDataHeaders;

/**
 * After a client-side change of page, focus goes to the content, as after a full load; unless the
 * new page already put it on something inside the content (its notice after a change, its error
 * summary), which runs first: a child's effects run before its parent's.
 */
function useFocoAlCambiar() {
  const { pathname } = useLocation();
  const anterior = useRef(pathname);
  useEffect(() => {
    if (anterior.current === pathname) return;
    anterior.current = pathname;
    const contenido = document.getElementById('contenido');
    if (contenido && !contenido.contains(document.activeElement)) contenido.focus();
  }, [pathname]);
}

function Marco({
  persona,
  menu,
  children,
}: {
  persona?: Route.ComponentProps['loaderData']['persona'];
  menu: { href: string; texto: string }[];
  children: React.ReactNode;
}) {
  return (
    <div className="admin">
      <SkipLink />
      <header className="admin__cabecera">
        <a href="/admin" className="admin__marca">
          <img src="/logo-municipalidad.svg" alt="Municipalidad de Villa La Angostura" width={184} height={40} />
          <span className="admin__marca-texto">Panel de gestión</span>
        </a>
        {persona ? (
          <div className="admin__persona">
            <p className="admin__persona-nombre">{`${persona.nombre} ${persona.apellido}`.trim()}</p>
            <p className="admin__persona-rol">{persona.rolEtiqueta}</p>
          </div>
        ) : null}
        {persona ? (
          <Form method="post" action="/sign-out" className="admin__salir" reloadDocument>
            <button type="submit" className="btn btn-outline-light btn-sm">
              Cerrar sesión
            </button>
          </Form>
        ) : null}
      </header>
      <div className="admin__cuerpo">
        {menu.length > 0 ? (
          <nav className="admin__menu" aria-label="Menú del panel">
            <ul>
              {menu.map((entrada) => (
                <li key={entrada.href}>
                  <NavLink to={entrada.href} end={entrada.href === '/admin'}>
                    {entrada.texto}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="contenido" className="admin__contenido" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { persona, menu } = loaderData;
  useFocoAlCambiar();
  // The browser keeps only the profile (spec §9's key), never the session itself.
  useEffect(() => {
    saveSession({ user: { firstName: persona.nombre, email: persona.email } });
  }, [persona.nombre, persona.email]);
  return (
    <Marco persona={persona} menu={menu}>
      <Outlet />
    </Marco>
  );
}

/**
 * A page's error inside the shell. The guard's 403 shows the spec's forbidden screen ('403 - You
 * Shall Not Pass', 'Back to Login' to /sign-out) without leaving by itself: a signed-in person who
 * opens a page of another role stays signed in (docs/decisions/012-sesiones-y-roles.md).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The shell's own data, when its loader succeeded and a page inside failed.
  const marco = useRouteLoaderData<typeof loader>('admin');
  return (
    <Marco persona={marco?.persona} menu={marco?.menu ?? []}>
      {status === 403 ? (
        <div className="admin__prohibido">
          <title>Acceso denegado | Municipalidad de Villa La Angostura</title>
          <h1 lang="en">403 - You Shall Not Pass</h1>
          <p>Tu rol no tiene permiso para ver esta página.</p>
          <p className="admin__acciones">
            <a href="/sign-out" lang="en" className="btn btn-primary">
              Back to Login
            </a>
            <a href="/admin" className="btn btn-outline-primary">
              Volver al inicio del panel
            </a>
          </p>
        </div>
      ) : (
        <div>
          <title>Error | Municipalidad de Villa La Angostura</title>
          <h1>No pudimos mostrar esta página</h1>
          <p>{httpErrorMessage(status)}</p>
          <p>Código del error: {status}.</p>
          <p>
            <a href="/admin" className="btn btn-primary">
              Volver al inicio del panel
            </a>
          </p>
        </div>
      )}
    </Marco>
  );
}

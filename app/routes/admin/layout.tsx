import { useEffect, useRef } from 'react';
import { Form, NavLink, Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { SkipLink } from '#app/components/layout/site-chrome.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { type MarcoDelPanel, guardiaDelPanel, marcoDelPanel, sesionPanel } from '#app/lib/sesion.server.ts';
import { saveSession } from '#app/lib/session.ts';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';
import type { Route } from './+types/layout';
import { CajaDeBusqueda } from '#app/components/ui/caja-de-busqueda.tsx';

/**
 * The back-office shell: its own header with the person's name and role and the sign-out button,
 * a menu by role, a skip link and the landmarks; no JavaScript needed. Its middleware is the
 * back-office's one guard (guardiaDelPanel, app/lib/sesion.server.ts): session, the role of the
 * page's section and `no-store`, once per request, before any loader or action under it runs.
 */
export const middleware: Route.MiddlewareFunction[] = guardiaDelPanel;

export function loader({ context }: Route.LoaderArgs) {
  return marcoDelPanel(sesionPanel(context), context.get(appContext).secciones);
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

function Marco({ persona, menu, children }: { persona?: MarcoDelPanel['persona']; menu: { href: string; texto: string }[]; children: React.ReactNode }) {
  return (
    <div className="admin">
      <SkipLink />
      <header className="admin__cabecera">
        <a href="/admin" className="admin__marca">
          <img src="/logo-municipalidad.svg" alt="Municipalidad de Villa La Angostura" width={184} height={40} />
          <span className="admin__marca-texto">Panel de gestión</span>
        </a>
        {persona ? (
          // One search across the lists the person's role opens (app/features/admin/busqueda.server.ts).
          <CajaDeBusqueda
            action="/admin/buscar"
            id="buscar-en-el-panel"
            etiqueta="Buscar en el panel"
            placeholder="Número, código o palabras"
            maxLength={100}
            className="admin__buscar"
            campoClassName="form-control form-control-sm"
            botonClassName="btn btn-light btn-sm"
          />
        ) : null}
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

/** The header and menu the guard's 403 carries (guardiaDelPanel). */
function marcoDel403(error: unknown): MarcoDelPanel | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const datos = error.data as { marco?: MarcoDelPanel } | null;
  return typeof datos === 'object' && datos !== null ? datos.marco : undefined;
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
 * A page's error inside the shell. A 403 (the guard's, or a page's own for a role that cannot
 * open it) says so in Spanish, in the panel's frame with the person's menu, and offers the way
 * back to the panel: it never signs the person out (docs/decisions/048-bordes-del-sitio.md). The
 * spec's «403 - You Shall Not Pass» stays on the public /unauthorized.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The shell's own data when its loader ran and a page inside failed; the guard's 403 stops
  // before any loader runs, and brings the person's header and menu itself.
  const marco = useRouteLoaderData<typeof loader>('admin') ?? marcoDel403(error);
  return (
    <Marco persona={marco?.persona} menu={marco?.menu ?? []}>
      {status === 403 ? (
        <div className="admin__prohibido">
          <title>Sin permiso para esta página | Municipalidad de Villa La Angostura</title>
          <h1>No tenés permiso para ver esta página</h1>
          <p>
            {marco?.persona ? `Tu rol (${marco.persona.rolEtiqueta}) no incluye esta parte del panel.` : 'Tu rol no incluye esta parte del panel.'} Si la
            necesitás para tu trabajo, pedile a quien administra el sitio que te dé el rol que corresponde.
          </p>
          <p className="admin__acciones">
            <a href="/admin" className="btn btn-primary">
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

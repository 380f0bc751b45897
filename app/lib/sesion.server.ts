import { type MiddlewareFunction, type RouterContextProvider, createContext, data, redirect } from 'react-router';
import { appContext, type PageContext } from '#app/context.ts';
import { type Seccion, menuPara, seccionDeRuta } from '#app/features/admin/secciones.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { getRolesConSegundoFactor } from '#domain/usuarios/ajustes.ts';
import { ETIQUETAS_ROL } from '#domain/usuarios/campos.ts';
import { type SesionLeida, configSesiones, readSesion } from '#domain/usuarios/sesiones.ts';
import { siLaBaseResponde } from './base-disponible.server.ts';

/**
 * Staff sessions in pages (docs/decisions/012-sesiones-y-roles.md): the `vla_sesion` cookie and
 * the back-office's guard. Server-only: it never reaches the browser.
 */

export const COOKIE_SESION = 'vla_sesion';

/**
 * The cookie's name for the mode: with `Secure`, `__Host-vla_sesion`, which a browser accepts only
 * from this origin over HTTPS with Path=/ and no Domain (no other subdomain can plant or shadow
 * it); over plain http in local use, `vla_sesion`. Only the mode's name is read.
 */
export const nombreCookieSesion = (ctx: Pick<AppContext, 'config'>): string => (configSesiones(ctx).cookieSegura ? `__Host-${COOKIE_SESION}` : COOKIE_SESION);

/** The session token this request carries, under the mode's name. */
export const readCookieSesion = (request: Request, ctx: Pick<AppContext, 'config'>) => readCookie(request, nombreCookieSesion(ctx));

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The value of one cookie of the request, if sent. */
export function readCookie(request: Request, nombre: string): string | undefined {
  return valorDeCookie(request.headers.get('cookie'), nombre);
}

/** The value of one cookie in a Cookie header (the server reads it before a page's body: server/pages.ts). */
export function valorDeCookie(cabecera: string | null | undefined, nombre: string): string | undefined {
  if (!cabecera) return undefined;
  for (const parte of cabecera.split(';')) {
    const igual = parte.indexOf('=');
    if (igual < 0) continue;
    if (parte.slice(0, igual).trim() === nombre) return parte.slice(igual + 1).trim();
  }
  return undefined;
}

/** The session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain, Secure (and `__Host-`) in production; it ends with the session's maximum age. */
export function cookieDeSesion(ctx: PageContext, token: string, expira: Date): string {
  const segundos = Math.max(0, Math.floor((expira.getTime() - ctx.clock.now().getTime()) / 1000));
  return [
    `${nombreCookieSesion(ctx)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${segundos}`,
    ...(configSesiones(ctx).cookieSegura ? ['Secure'] : []),
  ].join('; ');
}

/** The cookie that erases it. */
export function cookieBorrada(ctx: PageContext): string {
  return [`${nombreCookieSesion(ctx)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(configSesiones(ctx).cookieSegura ? ['Secure'] : [])].join('; ');
}

const leidas = new WeakMap<Request, Promise<SesionLeida | null>>();

/** The signed-in person of this request, or null; read once per request however many loaders ask. */
export function sesionActual({ request, context }: Args): Promise<SesionLeida | null> {
  let sesion = leidas.get(request);
  if (!sesion) {
    const ctx = context.get(appContext);
    sesion = readSesion(ctx, readCookieSesion(request, ctx));
    leidas.set(request, sesion);
  }
  return sesion;
}

/** A path of this site to come back to after signing in; anything else (another site, `//host`, a scheme) is dropped. */
export function destinoSeguro(valor: string | null | undefined, porDefecto = '/admin'): string {
  if (!valor || !valor.startsWith('/') || valor.startsWith('//') || valor.startsWith('/\\') || valor.length > 500) return porDefecto;
  // Control characters and backslashes: browsers read '/\\host' or a tab inside '//' as another site.
  if ([...valor].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return porDefecto;
  try {
    const url = new URL(valor, 'http://sitio.invalido');
    if (url.origin !== 'http://sitio.invalido') return porDefecto;
    // The final target, after dot segments are resolved ('/.//host' becomes '//host') and its
    // percent-encoding read ('/%2F%2Fhost', '/%5Chost'): still a path of this site.
    const destino = `${url.pathname}${url.search}`;
    const leido = decodeURIComponent(url.pathname);
    // Read once more as a browser or a proxy might after decoding it ('/.%2F/host' is '/.//host').
    const releido = new URL(leido.replace(/\\/g, '/'), 'http://sitio.invalido');
    const otroSitio = (ruta: string) => /^\/[\\/]/.test(ruta) || /^\/*[a-z][a-z0-9+.-]*:/i.test(ruta);
    if (otroSitio(destino) || [...leido].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return porDefecto;
    if (releido.origin !== 'http://sitio.invalido' || otroSitio(releido.pathname)) return porDefecto;
    return destino;
  } catch {
    return porDefecto;
  }
}

/** Where this request was going, to come back after signing in. */
function rutaDe(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, '')}${url.search}`;
}

/** What a 403 inside the back-office carries (its screen: app/routes/admin/layout.tsx), thrown with status 403. */
export const PROHIBIDO = 'prohibido';

/** Every back-office answer: never stored by a browser, a proxy or the render cache. */
export const SIN_CACHE = { 'cache-control': 'no-store' } as const;

/** The signed-in person of a back-office request, set by the guard before any loader or action runs. */
const sesionDelPanel = createContext<SesionLeida>();

/** The shell's header and menu for this person: the layout shows them, and so does the 403 screen. */
export function marcoDelPanel(sesion: SesionLeida, secciones: readonly Seccion[]) {
  const { actor } = sesion;
  return {
    persona: { nombre: sesion.nombre, apellido: sesion.apellido, email: actor.email, rol: actor.rol, rolEtiqueta: ETIQUETAS_ROL[actor.rol] },
    menu: menuPara(secciones, actor.rol),
  };
}
export type MarcoDelPanel = ReturnType<typeof marcoDelPanel>;

/**
 * The back-office guard (docs/decisions/044-secciones-del-panel.md), the middleware of
 * app/routes/admin/layout.tsx: it runs once per request, before every loader and action under
 * /admin, and answers
 * - no session (or one ended by inactivity or age): a redirect to /login?siguiente=<this path>;
 * - a role that must use a second factor, not set up yet: a redirect to /admin/cuenta, the one
 *   page such a person may use until it is;
 * - a role not among the roles of the page's section (app/features/admin/secciones.ts; a page of
 *   no section is nobody's): a 403 inside the shell that says so in Spanish and leads back to the
 *   panel, without signing the person out (docs/decisions/048-bordes-del-sitio.md);
 * a database that cannot answer: the 503 error page (`siLaBaseResponde`);
 * and `Cache-Control: no-store` on every answer: the first step gets the answer of everything after
 * it, the guard's own redirects and 403 included, and marks it.
 */
export const guardiaDelPanel: MiddlewareFunction<Response>[] = [
  async (_args, next) => {
    const respuesta = await next();
    respuesta.headers.set('cache-control', SIN_CACHE['cache-control']);
    return respuesta;
  },
  // The session is read from the database: one that cannot answer is the panel's 503, not a 500.
  (args) =>
    siLaBaseResponde(args.context, async () => {
      const sesion = await requireSesion(args);
      const { secciones } = args.context.get(appContext);
      const seccion = seccionDeRuta(secciones, args.pattern);
      if (!seccion?.roles.includes(sesion.actor.rol)) throw data({ mensaje: PROHIBIDO, marco: marcoDelPanel(sesion, secciones) }, { status: 403 });
      args.context.set(sesionDelPanel, sesion);
    }),
];

/** The signed-in person, for a loader or action under /admin (the guard already let them in). */
export const sesionPanel = (context: Readonly<RouterContextProvider>): SesionLeida => context.get(sesionDelPanel);

/** The signed-in `Actor`, as commands take it, for a loader or action under /admin. */
export const actorPanel = (context: Readonly<RouterContextProvider>): Actor => context.get(sesionDelPanel).actor;

/** The session, or the redirect to sign in (or to set up a required second factor). */
async function requireSesion(args: Args): Promise<SesionLeida> {
  const sesion = await sesionActual(args);
  if (!sesion) throw redirect(`/login?siguiente=${encodeURIComponent(rutaDe(args.request))}`);
  if (!sesion.totpActivo && new URL(args.request.url).pathname.replace(/\.data$/, '') !== '/admin/cuenta') {
    const exigido = await getRolesConSegundoFactor(args.context.get(appContext).db);
    if (exigido.includes(sesion.actor.rol)) throw redirect('/admin/cuenta?segundo-factor=obligatorio');
  }
  return sesion;
}

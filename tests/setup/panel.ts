import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { auditoria } from '#db/schema/index.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from './app.ts';
import type { Engine } from './database.ts';

/**
 * Signed-in requests to the back-office's pages for HTTP tests: the demo's account of
 * each role signs in through /login, as a browser does, and the requests carry its cookie and this
 * site's Origin (the CSRF check of docs/decisions/012-sesiones-y-roles.md).
 */

export const [ADMIN, EDITOR, MESA] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];

/** A form post from this site. */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL } as const;

let direccion = 1;

/** Signs the account in from an address of its own (the per-address limit counts sign-ins) and answers its session cookie. */
export async function ingresar(t: TestApp, cuenta: { email: string; clave: string }): Promise<string> {
  const n = direccion++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/login',
    headers: FORM,
    payload: new URLSearchParams({ paso: 'clave', email: cuenta.email, clave: cuenta.clave }).toString(),
    remoteAddress: `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
  });
  const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-vla_sesion='));
  if (res.statusCode !== 302 || !linea) throw new Error(`no se pudo ingresar como ${cuenta.email}: ${res.statusCode}`);
  return linea.split(';')[0]!.slice('__Host-vla_sesion='.length);
}

/**
 * A back-office test file's app and sessions, called inside its `describe`: the app on a copy of
 * the demo, built before the file's tests and closed after them, with the demo's administrator,
 * editor and front desk signed in; `auditado` lists the audit entries of an action on an entity.
 */
export function panelDePrueba(engine: Engine) {
  let abierto: { t: TestApp; admin: string; editor: string; mesa: string } | undefined;
  beforeAll(async () => {
    const t = await createTestApp(engine);
    const [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
    abierto = { t, admin, editor, mesa };
  });
  afterAll(() => abierto?.t.close());
  const actual = () => {
    if (!abierto) throw new Error('el panel de prueba todavía no está abierto');
    return abierto;
  };
  return {
    get t() {
      return actual().t;
    },
    get admin() {
      return actual().admin;
    },
    get editor() {
      return actual().editor;
    },
    get mesa() {
      return actual().mesa;
    },
    auditado: (accion: string, entidadId: string | number) =>
      actual()
        .t.database.db.select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, accion), eq(auditoria.entidadId, String(entidadId)))),
  };
}

/** A signed-in GET (or an anonymous one, without a cookie). */
export const ver = (t: TestApp, url: string, sesion?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ url, headers: sesion ? { cookie: `__Host-vla_sesion=${sesion}` } : {} });

/** A signed-in form post of `campos` (or a raw body). */
export const enviar = (t: TestApp, url: string, sesion: string, campos: Record<string, string> | string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, cookie: `__Host-vla_sesion=${sesion}` },
    payload: typeof campos === 'string' ? campos : new URLSearchParams(campos).toString(),
  });

/** The text of a page without its tags, whitespace collapsed: what a reader sees, to search in. */
export const textoDe = (html: string): string =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

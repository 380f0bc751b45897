import type { LightMyRequestResponse } from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type RouteObject, matchRoutes } from 'react-router';
import routes from '#app/routes.ts';
import { TEST_SITE_URL, type TestApp } from './app.ts';
import { FORM } from './panel.ts';
import type { Documento } from './validador-html.ts';

/**
 * A crawl of the site as the server sends it, for checks that must hold on every page (valid HTML,
 * docs/architecture.md, "HTML válido"): from some first addresses it follows every link of this
 * site to a page of app/routes.ts, a few addresses of each page and query shape, and submits every
 * form once as a hurried visitor would: GET forms as they are and with words that find nothing,
 * POST forms with a required field left empty (their error state). Pages answered with any status
 * (403, 404, 400 with errors) count: their HTML is what someone sees.
 */

type Ruta = { id?: string; file: string; path?: string; index?: boolean; children?: Ruta[] };

/** Every route of the route table, depth first, with the id React Router gives it (its file without extension when none is set). */
function todasLasRutas(lista: readonly Ruta[]): Ruta[] {
  return lista.flatMap((r) => [r, ...todasLasRutas(r.children ?? [])]);
}
const idDe = (r: Ruta) => r.id ?? r.file.replace(/\.[^.]+$/, '');

/** Route modules that answer a page (not JSON, CSV or a redirect: those are `.ts` resource routes). */
export const RUTAS_DE_PAGINA: readonly string[] = todasLasRutas(routes as Ruta[])
  .filter((r) => (r.path !== undefined || r.index) && !r.children?.length && r.file.endsWith('.tsx'))
  .map(idDe);

const tablaDeRutas = routes as unknown as RouteObject[];

/** The route that answers `pathname` (the page's, not its layout's), or undefined for one Fastify serves or none. */
export function rutaDe(pathname: string): Ruta | undefined {
  const coincidencias = matchRoutes(tablaDeRutas, pathname);
  return coincidencias?.at(-1)?.route as Ruta | undefined;
}

export type Visita = Documento & { url: string; ruta: string; estado: number; quien: string };

type Opciones = {
  /** Who browses: the session cookie's value, or none for a visitor. */
  sesion?: string;
  quien: string;
  /** The first addresses: a few of each route and query shape are opened, like the links found. */
  semillas: readonly string[];
  /** Addresses opened whatever their shape's count (states of a page that its links do not reach). */
  estados?: readonly string[];
  /** Which addresses of this site to follow (all by default). */
  seguir?: (url: URL) => boolean;
  /** Addresses of each route and query shape to open (2). */
  porForma?: number;
};

const ORIGEN = new URL(TEST_SITE_URL).origin;
const VISIBLE_VACIO = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', 'date', 'month', 'time', 'datetime-local', '']);
const NUNCA = /^\/(assets|api|feeds|documentos|datos\/|downloadArchivoAppTurismo|Ordenanzas|health)/;

/** Crawls from `semillas` and answers every HTML document it saw, in order. */
export async function recorrer(t: TestApp, opciones: Opciones): Promise<Visita[]> {
  const { sesion, quien, porForma = 2 } = opciones;
  const visitas: Visita[] = [];
  const vistas = new Set<string>();
  const porClave = new Map<string, number>();
  const formularios = new Set<string>();
  const estados = opciones.estados ?? [];
  const pendientes: string[] = [...estados, ...opciones.semillas];
  // The states asked for and the submissions of GET forms are opened whatever their shape's count.
  const siempre = new Set<string>(estados);
  const cookie = sesion ? { cookie: `__Host-vla_sesion=${sesion}` } : {};

  const guardar = (url: string, res: LightMyRequestResponse, como: string) => {
    if (!String(res.headers['content-type'] ?? '').startsWith('text/html')) return undefined;
    const u = new URL(url, ORIGEN);
    const ruta = rutaDe(u.pathname);
    const visita: Visita = {
      nombre: `${como} ${u.pathname}${u.search} (${quien}, ${res.statusCode})`,
      html: res.body,
      url: u.pathname + u.search,
      ruta: ruta ? idDe(ruta) : 'fastify',
      estado: res.statusCode,
      quien,
    };
    visitas.push(visita);
    return visita;
  };

  while (pendientes.length > 0) {
    const url = pendientes.shift()!;
    if (vistas.has(url)) continue;
    vistas.add(url);
    const u = new URL(url, ORIGEN);
    const ruta = rutaDe(u.pathname);
    if (!ruta || !ruta.file.endsWith('.tsx')) continue;
    // A few of each route and query shape: the pages differ by their data, not by their address.
    const clave = `${idDe(ruta)}?${[...new Set(u.searchParams.keys())].sort().join('&')}`;
    const vez = (porClave.get(clave) ?? 0) + 1;
    porClave.set(clave, vez);
    if (vez > porForma && !siempre.has(url)) continue;

    const res = await t.app.inject({ url, headers: cookie });
    const visita = guardar(url, res, 'GET');
    if (!visita) continue;
    const doc = parseDocument(res.body);

    for (const a of DomUtils.getElementsByTagName('a', doc)) {
      const destino = enlaceDelSitio(a.attribs.href, u);
      if (destino && (!opciones.seguir || opciones.seguir(destino))) pendientes.push(destino.pathname + destino.search);
    }

    for (const form of DomUtils.getElementsByTagName('form', doc)) {
      const accion = enlaceDelSitio(form.attribs.action ?? '', u) ?? new URL(u);
      const metodo = (form.attribs.method ?? 'get').toLowerCase();
      const controles = DomUtils.findAll(
        (e) => ['input', 'select', 'textarea', 'button'].includes(e.name) && e.attribs.name !== undefined && e.attribs.disabled === undefined,
        form.children,
      );
      const ocultos = controles.filter((c) => c.name === 'input' && c.attribs.type === 'hidden');
      const boton = controles.find((c) => c.name === 'button' || (c.name === 'input' && c.attribs.type === 'submit'));
      const visibles = controles.filter(
        (c) => !ocultos.includes(c) && c !== boton && !['checkbox', 'radio', 'submit', 'button', 'file'].includes(c.attribs.type ?? ''),
      );
      const clave = `${quien} ${metodo} ${idDe(ruta)} ${accion.pathname} ${ocultos.map((c) => `${c.attribs.name}=${c.attribs.value ?? ''}`).join('&')} ${boton?.attribs.value ?? ''}`;
      if (formularios.has(clave)) continue;
      formularios.add(clave);

      const campos = (relleno: (c: (typeof controles)[number]) => string) => {
        const datos = new URLSearchParams();
        for (const c of ocultos) datos.append(c.attribs.name!, c.attribs.value ?? '');
        if (boton?.attribs.name) datos.append(boton.attribs.name, boton.attribs.value ?? '');
        for (const c of visibles) datos.append(c.attribs.name!, relleno(c));
        return datos;
      };

      if (metodo === 'get') {
        // As it comes, and with words that find nothing in every text box: the results and the empty list.
        const comoViene = campos((c) => c.attribs.value ?? DomUtils.textContent(c));
        const sinResultados = campos((c) =>
          c.name === 'input' && ['text', 'search', ''].includes(c.attribs.type ?? '') ? 'zzqxw sin resultados' : (c.attribs.value ?? ''),
        );
        for (const datos of [comoViene, sinResultados]) {
          const destino = `${accion.pathname}?${datos.toString()}`;
          siempre.add(destino);
          pendientes.push(destino);
        }
        continue;
      }
      // A POST form: only one that refuses an empty required field (a button that deletes or signs out is never pressed).
      const obligatorio = visibles.some((c) => c.attribs.required !== undefined && VISIBLE_VACIO.has(c.attribs.type ?? ''));
      if (!obligatorio) continue;
      const datos = campos(() => '');
      const multipart = (form.attribs.enctype ?? '').toLowerCase() === 'multipart/form-data';
      const cuerpo = multipart ? await comoMultipart(datos) : { payload: datos.toString(), tipo: FORM['content-type'] };
      const respuesta = await t.app.inject({
        method: 'POST',
        url: accion.pathname + accion.search,
        headers: { ...cookie, origin: TEST_SITE_URL, 'content-type': cuerpo.tipo },
        payload: cuerpo.payload,
      });
      guardar(accion.pathname + accion.search, respuesta, `POST vacío desde ${u.pathname}${u.search} a`);
    }
  }
  return visitas;
}

/** A link's address when it is a page of this site (its fragment dropped), or undefined. */
function enlaceDelSitio(href: string | undefined, base: URL): URL | undefined {
  if (!href || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) return undefined;
  let destino: URL;
  try {
    destino = new URL(href, base);
  } catch {
    return undefined;
  }
  if (destino.origin !== ORIGEN || NUNCA.test(destino.pathname) || /\.(csv|json|xml|pdf|txt)$/i.test(destino.pathname)) return undefined;
  destino.hash = '';
  return destino;
}

/** The same fields as multipart/form-data, as a browser sends a form with a file input. */
async function comoMultipart(datos: URLSearchParams): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [k, v] of datos) form.append(k, v);
  const req = new Request(TEST_SITE_URL, { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), tipo: req.headers.get('content-type')! };
}

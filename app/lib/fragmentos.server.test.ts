import { type ReactNode, createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type SiteSettings, defaultSiteSettings } from '#domain/sitio/settings.ts';
import { SiteFooter } from '#app/components/layout/site-footer.tsx';
import { SiteHeader } from '#app/components/layout/site-header.tsx';
import { type Fragmentos, FragmentosContext } from './fragmento.tsx';
import { recordarFragmentos, separarPrecargas } from './fragmentos.server.ts';

/** The site's header and footer at an address, rendered by React Router on the server. */
async function pagina(url: string, settings: SiteSettings, fragmentos: Fragmentos | null): Promise<string> {
  const handler = createStaticHandler([{ path: '*', Component: () => h('div', null, h(SiteHeader, { settings }), h(SiteFooter, { settings })) }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error('respuesta inesperada');
  const router = createStaticRouter(handler.dataRoutes, context);
  const arbol: ReactNode = h(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(h(FragmentosContext, { value: fragmentos }, arbol));
}

const PRECARGA_DE_IMAGEN = /<link rel="preload" (?:as="image" href="([^"]*)"|href="([^"]*)" as="image")\/>/g;

/** The HTML without its image preloads, and those preloads: React writes their attributes in another order when asked by code. */
function separar(html: string) {
  return {
    html: html.replace(PRECARGA_DE_IMAGEN, ''),
    imagenes: [...html.matchAll(PRECARGA_DE_IMAGEN)].map((m) => m[1] ?? m[2]),
  };
}

describe('fragmentos recordados (el encabezado y el pie)', () => {
  it('escriben lo mismo que un render completo, en cada dirección y con cada versión de los ajustes', async () => {
    const fragmentos = recordarFragmentos(50);
    const otros: SiteSettings = { ...defaultSiteSettings, municipio: { ...defaultSiteSettings.municipio, telefono: '+54 294 400-0000' } };
    // Addresses whose menu link is current, none is, or another spelling of one; each twice, so the
    // second comes from memory after another address used another key.
    const direcciones = ['/areas', '/ejecutivo', '/AREAS', '/areas/no-existe', '/home', '/no-existe', '/consulta-ordenanzas?pattern=agua', '/'];
    for (const settings of [defaultSiteSettings, otros, defaultSiteSettings]) {
      for (const url of [...direcciones, ...direcciones.toReversed()]) {
        const completo = separar(await pagina(url, settings, null));
        const recordado = separar(await pagina(url, settings, fragmentos));
        expect(recordado, url).toEqual(completo);
      }
    }
    const areas = await pagina('/areas', defaultSiteSettings, fragmentos);
    expect(areas.match(/aria-current="page"/g)).toHaveLength(1);
    expect(areas).toMatch(/<a aria-current="page" class="desplegable__enlace active" href="\/areas"/);
    expect(await pagina('/no-existe', defaultSiteSettings, fragmentos)).not.toContain('aria-current');
    expect(await pagina('/home', otros, fragmentos)).toContain('+54 294 400-0000');
    expect(separar(areas).imagenes).toEqual(['/logo-municipalidad.svg']);
  });

  it('sacan del principio las precargas de imágenes, y ningún otro recurso se pierde en silencio', () => {
    expect(separarPrecargas('<link rel="preload" as="image" href="/logo.svg"/><div>x</div>')).toEqual({ html: '<div>x</div>', imagenes: ['/logo.svg'] });
    expect(separarPrecargas('<div>sin precargas</div>')).toEqual({ html: '<div>sin precargas</div>', imagenes: [] });
    expect(() => separarPrecargas('<link rel="stylesheet" href="/a.css"/><div>x</div>')).toThrow(/no se sabe mover/);
  });
});

import { describe, expect, it } from 'vitest';
import { MODULE_SCRIPT_ID, deferAppScripts } from './deferred-scripts.server.ts';

// The shape React Router 8 and React 19 write: module preloads hoisted into <head>, then at the end of
// <body> the classic script with the router context, the module script, and the streamed data.
const MODULE_BODY = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const PAGINA =
  '<!DOCTYPE html><html lang="es-AR"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/main.css" data-precedence="default"/>' +
  '<title>Inicio | Municipalidad</title><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-1.js"/></head>' +
  '<body><main><h1>Inicio</h1><p>Ñandú &lt;texto&gt; con acentos: áéíóú</p></main>' +
  '<script nonce="abc123">window.__reactRouterContext = {"basename":"/"};</script>' +
  `<script type="module" async="" nonce="abc123">${MODULE_BODY}</script>` +
  '<script nonce="abc123">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';
const ESTATICA = '<!DOCTYPE html><html><head><title>Áreas</title></head><body><p>Áreas</p><script nonce="n">console.info("v")</script></body></html>';

describe('deferAppScripts', () => {
  it('takes the module preloads out and leaves an inert copy of the module script with a loader that carries the nonce', () => {
    const { html, deferred } = deferAppScripts(PAGINA);
    expect(deferred).toBe(true);
    expect(html).not.toContain('modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script type="text/plain" id="${MODULE_SCRIPT_ID}">${MODULE_BODY}</script><script nonce="abc123">`);
    // Everything else is as rendered, in order: the router context runs as it is parsed, before the streamed data.
    expect(html.indexOf('window.__reactRouterContext = ')).toBeLessThan(html.indexOf(MODULE_SCRIPT_ID));
    expect(html.indexOf(MODULE_SCRIPT_ID)).toBeLessThan(html.indexOf('streamController.enqueue'));
    expect(html).toContain('<link rel="stylesheet" href="/assets/main.css" data-precedence="default"/>');
  });

  it('leaves a page without scripts as it is', () => {
    expect(deferAppScripts(ESTATICA)).toEqual({ html: ESTATICA, deferred: false });
  });
});

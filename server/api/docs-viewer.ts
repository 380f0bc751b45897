import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The API's description at /api/docs: the OpenAPI document as JSON for programs, and a page for
 * people with Swagger UI (swagger-ui-dist), whose files are served from node_modules under
 * /api/docs/, never from a CDN. The page runs under the site's CSP as it is: its scripts are
 * files of this origin, and Swagger UI sets styles through the DOM, which `style-src 'self'`
 * allows (docs/architecture.md, "API y su descripción").
 */
const ARCHIVOS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

// Swagger UI leaves the server list and enum parameters' selects without an accessible name
// (axe: select-name); the observer names each one after its parameter as it appears.
const INICIAR = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/docs.json', dom_id: '#swagger-ui', deepLinking: false, validatorUrl: null, defaultModelsExpandDepth: 0 });
  function nombrar() {
    document.querySelectorAll('#swagger-ui select:not([aria-label])').forEach(function (select) {
      var fila = select.closest('tr[data-param-name]');
      select.setAttribute('aria-label', select.id === 'servers' ? 'Servidor' : fila ? 'Valor de ' + fila.getAttribute('data-param-name') : 'Opción');
    });
  }
  new MutationObserver(nombrar).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
});
`;

/**
 * Swagger UI's colours that fall short of WCAG 2.2 AA contrast (4.5:1) against their background,
 * darkened (or, on the dark code blocks, lightened) until axe finds none (tests/e2e/api-docs.spec.ts).
 */
const CONTRASTE = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f6fbf; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #177245; }
.swagger-ui .info .title small.version-stamp { background: #4d6b02; }
.swagger-ui .info .title small pre.version, .swagger-ui .info .title small { background: #5a606b; }
.swagger-ui .info .base-url, .swagger-ui .info a, .swagger-ui .url { color: #1f5fa8; }
.swagger-ui .parameter__in, .swagger-ui .parameter__extension { color: #555555; }
.swagger-ui .microlight span[style*="211, 99, 99"], .swagger-ui .microlight span[style*="d36363"] { color: #ff9e9e !important; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #177245; border-color: #177245; }
.swagger-ui .btn.authorize svg { fill: #177245; }
.swagger-ui .authorization__btn svg, .swagger-ui .authorization__btn.unlocked { fill: #555555; }
`;

const PAGINA = [
  '<!DOCTYPE html>',
  '<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>API de datos abiertos | Municipalidad de Villa La Angostura</title>',
  '<link rel="stylesheet" href="/api/docs/swagger-ui.css"><link rel="stylesheet" href="/api/docs/contraste.css"><link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<script src="/api/docs/swagger-ui-bundle.js" defer></script><script src="/api/docs/iniciar.js" defer></script></head>',
  // Swagger UI writes the document's title as the page's h1.
  '<body><header><p><a href="/">Municipalidad de Villa La Angostura</a> · La descripción OpenAPI en JSON está en <a href="/api/docs.json">/api/docs.json</a>.</p></header>',
  '<main id="swagger-ui"><p>Cargando la descripción de la API…</p></main></body></html>',
].join('');

/** A browser asks for HTML first; programs (and Accept: application/json) get the JSON. */
function quierePagina(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

export function registerApiDocs(app: FastifyInstance, documento: () => unknown): void {
  const require = createRequire(import.meta.url);
  const cache = new Map<string, Promise<Buffer>>();
  const leer = (archivo: string) => {
    let contenido = cache.get(archivo);
    if (!contenido) {
      contenido = readFile(require.resolve(`swagger-ui-dist/${archivo}`));
      cache.set(archivo, contenido);
    }
    return contenido;
  };

  app.get('/api/docs', async (request, reply) => {
    reply.header('vary', 'Accept');
    if (quierePagina(request)) return reply.type('text/html; charset=utf-8').send(PAGINA);
    return documento();
  });
  app.get('/api/docs.json', async () => documento());
  app.get('/api/docs/contraste.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CONTRASTE),
  );
  app.get('/api/docs/iniciar.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(INICIAR),
  );
  for (const [archivo, tipo] of Object.entries(ARCHIVOS)) {
    app.get(`/api/docs/${archivo}`, async (_request, reply) =>
      reply
        .type(tipo)
        .header('cache-control', 'public, max-age=86400')
        .send(await leer(archivo)),
    );
  }
}

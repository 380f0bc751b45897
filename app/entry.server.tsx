import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter, isRouteErrorResponse } from 'react-router';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { NonceContext } from './components/inline-script.tsx';
import { FragmentosContext } from './lib/fragmento.tsx';
import { fragmentos } from './lib/fragmentos.server.ts';
import { appContext } from './context.ts';
import { deferAppScripts } from './lib/deferred-scripts.server.ts';

/**
 * Errors of loaders, actions and rendering go to the app's log, whose serializer drops a database
 * error's parameters (React Router's default prints the whole error). A database that cannot answer
 * turns the page's 500 into a 503.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context.get(appContext);
  if (isDatabaseUnavailable(error)) ctx.respuesta.baseNoDisponible = true;
  // The 503 of a database that cannot answer, already logged with its cause (app/lib/base-disponible.server.ts).
  if (isRouteErrorResponse(error) && error.status === 503) return;
  // A visitor's mistake the router answers itself (a POST to a page without a form: 405; an
  // address no route has: 404) is not an error of ours: info, with what it was, so real errors stand out.
  if (isRouteErrorResponse(error) && error.status < 500) {
    ctx.log.info(
      { status: error.status, metodo: request.method, ruta: new URL(request.url).pathname },
      `pedido que la página no atiende: ${error.status} ${error.statusText}`,
    );
    return;
  }
  ctx.log.error({ err: error }, 'error al atender una página');
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The nonce goes on every inline script, streamed chunks included.
  const { nonce, respuesta, log } = loadContext.get(appContext);
  if (responseStatusCode === 500 && respuesta.baseNoDisponible) responseStatusCode = 503;
  // A page that cannot answer now says when to try again, as the API's 503s do (server/errors.ts).
  if (responseStatusCode === 503 && !responseHeaders.has('Retry-After')) responseHeaders.set('Retry-After', '30');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page's own inline scripts (app/components/inline-script.tsx) read the nonce from NonceContext.
    const app = (
      <FragmentosContext value={fragmentos}>
        <NonceContext value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext>
      </FragmentosContext>
    );
    // Every page is rendered whole and sent in one piece (nothing suspends, and the server reads the
    // page whole to compress it): one buffer instead of a chain of streams that each chunk crosses.
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const page = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // The application's scripts wait until the page has loaded and painted (docs/decisions/010-lighthouse.md).
            const { html } = deferAppScripts(Buffer.concat(chunks).toString('utf8'));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(page);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error({ err: error }, 'error al renderizar una página');
      },
    });
  });
}

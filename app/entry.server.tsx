import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { NonceContext } from './components/inline-script.tsx';
import { appContext } from './context.ts';
import { deferAppScriptsStream } from './lib/deferred-scripts.server.ts';

/**
 * Errors of loaders, actions and rendering go to the app's log, whose serializer drops a database
 * error's parameters (React Router's default prints the whole error). A database that cannot answer
 * turns the page's 500 into a 503 (issue 8).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context.get(appContext);
  if (isDatabaseUnavailable(error)) ctx.respuesta.baseNoDisponible = true;
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
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The nonce goes on every inline script, streamed chunks included.
  const { nonce, respuesta, log, paraCache } = loadContext.get(appContext);
  if (responseStatusCode === 500 && respuesta.baseNoDisponible) responseStatusCode = 503;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and the render cache get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      paraCache || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page's own inline scripts (app/components/inline-script.tsx) read the nonce from NonceContext.
    const app = (
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // The application's scripts wait until the page has loaded and painted (docs/decisions/010-lighthouse.md).
        // pipeline: a visitor who leaves closes both streams, and React stops rendering for them.
        const scripts = deferAppScriptsStream();
        pipeline(scripts, body, () => {});
        pipe(scripts);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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

import { type RouterContextProvider, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';

/**
 * The work of a loader, an action or a middleware, with a database that cannot answer turned into
 * the error page's 503: its status and its Spanish sentence, in the page and in the copy the
 * browser hydrates alike. Left to the router, the same error is an unexpected one, sanitized before
 * it reaches the page, which then says «Código del error: 500» under a 503 status
 * (app/entry.server.tsx). The error itself goes to the log, as handleError would have sent it.
 */
export async function siLaBaseResponde<T>(context: Readonly<RouterContextProvider>, trabajo: () => Promise<T>): Promise<T> {
  try {
    return await trabajo();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.get(appContext).log.error({ err: error }, 'la base de datos no responde: la página contesta 503');
    throw data(httpErrorMessage(503), { status: 503, statusText: 'Servicio no disponible', headers: { 'Retry-After': '30' } });
  }
}

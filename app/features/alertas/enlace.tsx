import { SITE_NAME } from '#app/lib/meta.ts';

/**
 * The token pages (confirm, manage, unsubscribe): never stored by a cache (the secret is in the
 * address) and never telling another site where the visitor was. Not no-referrer: under it a
 * browser posts the page's form with `Origin: null`, which server/pages.ts refuses.
 */
export const CABECERAS_ENLACE = { 'cache-control': 'no-store', 'referrer-policy': 'same-origin' } as const;

/** 404 for a secret nobody has (or a subscription already deleted), 410 for a request past its week. */
export const estadoDeEnlace = (tipo: 'no_encontrado' | 'vencido') => (tipo === 'vencido' ? 410 : 404);

/** The page of a link that opens nothing: what happened and what to do. */
export function EnlaceInvalido({ tipo }: { tipo: 'no_encontrado' | 'vencido' }) {
  const titulo = tipo === 'vencido' ? 'El enlace venció' : 'Enlace no válido';
  return (
    <>
      <title>{`${titulo} | ${SITE_NAME}`}</title>
      <h1>{titulo}</h1>
      <p>
        {tipo === 'vencido'
          ? 'Pasaron más de 7 días desde que pediste la alerta y ya no se puede confirmar. Pedila de nuevo desde la consulta de ordenanzas o los boletines oficiales.'
          : 'Este enlace de alertas no existe o la suscripción ya se borró. Revisá que esté completo (a veces el correo lo corta en dos líneas) o pedí una alerta nueva.'}
      </p>
      <p>
        <a href="/consulta-ordenanzas">Consulta de ordenanzas</a> · <a href="/boletines-oficiales">Boletines oficiales</a>
      </p>
    </>
  );
}

/** The token read from the address: the one value these pages take from it. */
export const tokenDe = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

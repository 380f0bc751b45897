import { appContext } from '#app/context.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { vistaPrevia } from '#domain/publicaciones/commands.ts';
import type { Route } from './+types/publicacion-vista-previa';

/**
 * The preview of a pending publication (docs/decisions/053-borradores-y-publicacion-programada.md):
 * under /admin, so the back-office guard applies (anonymous → login). The publication is applied
 * through its command in a transaction that is rolled back, and the public page is rendered by
 * React Router inside it, reading that transaction: exactly what the public will see. It goes out
 * with a banner, `noindex` and `no-store`, and never through the render cache (it bypasses
 * anything with a session, and this render does not pass through the cache at all).
 */

const texto = (cuerpo: string, status: number) =>
  new Response(cuerpo, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : NaN;
  if (Number.isNaN(id)) return texto('No existe esa publicación pendiente: volvé a la lista de publicaciones.', 404);
  const r = await vistaPrevia(ctx, actor, id, async (tx, ruta) => {
    const respuesta = await ctx.renderPublica(ruta, tx);
    // Read whole inside the transaction: every query of the page ran before it is rolled back.
    return { status: respuesta.status, html: await respuesta.text() };
  });
  if (r.tipo !== 'vista') {
    if (r.tipo === 'rechazado') return texto(`Así no se puede publicar, y por eso no hay vista previa: ${r.mensaje}`, 409);
    return texto(r.mensaje, r.tipo === 'prohibido' ? 403 : 404);
  }
  const aviso =
    `<div class="vista-previa" role="status"><p><strong>Vista previa: todavía no está publicado.</strong> ` +
    `<a href="/admin/publicaciones/${id}">Volver a la publicación pendiente</a></p></div>`;
  const html = r.valor.html
    .replace(/<head>/, '<head><meta name="robots" content="noindex"/>')
    .replace(/<main id="contenido"[^>]*>/, (apertura: string) => apertura + aviso);
  return new Response(html, {
    status: r.valor.status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}

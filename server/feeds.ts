import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import { listBoletinesOficiales, ultimoCambioBoletines } from '#domain/boletines/queries.ts';
import { listOrdenanzasRecientes, listPermalinksOrdenanzas, tituloDeBusqueda } from '#domain/ordenanzas/publicacion.ts';
import { parseFiltrosOrdenanzas } from '#domain/ordenanzas/schemas.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { rutaOrdenanza, urlBusqueda, urlFeedBusqueda } from '#domain/ordenanzas/enlaces.ts';
import {
  getCategoriaNombre,
  listPermalinksReclamos,
  listReclamosRecientes,
  parseFiltrosReclamos,
  rutaReclamo,
  urlFeedReclamos,
  urlListaReclamos,
} from '#domain/reclamos/publico.ts';
import { querystring, sendFiltrosError } from './api/ordenanzas.ts';
import { noModificado } from './documentos.ts';

/**
 * Public pages of the site (docs/sitio-original.md §2 route table, inside the layout), for the sitemap.
 */
export const PAGINAS_PUBLICAS = [
  '/',
  '/solicitud-decretos',
  '/solicitud-decretos/estado',
  '/consulta-ordenanzas',
  '/seguimiento-vehiculos',
  '/mi-calle',
  '/reclamos',
  '/reclamos/nuevo',
  '/boletines-oficiales',
  '/areas',
  '/ejecutivo',
  '/concejo-deliverante',
  '/observatorio-vial',
  '/plan-estrategico',
  '/estados-contables',
  '/sueldos',
  '/accesibilidad',
  '/datos',
];

/** Entries of an ordinance feed, the newest first: a feed reader needs no more (docs/decisions/025-datos-abiertos.md). */
const ENTRADAS_FEED = 50;

/**
 * A generated document (feed, catalogue) with a strong ETag of its bytes and, when known,
 * Last-Modified: a reader that polls with If-None-Match or If-Modified-Since gets 304 without a body.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  d: { type: string; body: string; cacheControl: string; modified?: Date | undefined },
) {
  const etag = `"${createHash('sha256').update(d.body).digest('base64url').slice(0, 27)}"`;
  reply.type(d.type).header('cache-control', d.cacheControl).header('etag', etag);
  if (d.modified) reply.header('last-modified', d.modified.toUTCString());
  // Without a date, If-Modified-Since alone never answers 304.
  if (noModificado(request, etag, d.modified ?? new Date(8.64e15))) return reply.status(304).send();
  return reply.send(d.body);
}

const escapar = (texto: string) => texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const AUTOR = { name: 'Municipalidad de Villa La Angostura' };

/**
 * Atom feeds of new bulletins and ordinances, the sitemap and robots.txt, with absolute URLs from
 * the configured origin only (docs/architecture.md).
 */
export function registerFeeds(app: FastifyInstance, ctx: AppContext): void {
  const xml = 'application/atom+xml; charset=utf-8';
  // A feed of one page of the site: its id and link are the page, its self link the feed.
  const atomFeed = (d: { pagina: string; archivo: string; title: string; description: string; updated: Date }) =>
    new Feed({
      id: ctx.url(d.pagina),
      link: ctx.url(d.pagina),
      feedLinks: { atom: ctx.url(d.archivo) },
      title: d.title,
      description: d.description,
      updated: d.updated,
      language: 'es-AR',
      copyright: 'Municipalidad de Villa La Angostura',
      author: AUTOR,
      generator: false,
    });

  app.get('/feeds/boletines.xml', async (request, reply) => {
    const [boletines, cambio] = await Promise.all([listBoletinesOficiales(ctx.db, 50), ultimoCambioBoletines(ctx.db)]);
    const feed = atomFeed({
      pagina: '/boletines-oficiales',
      archivo: '/feeds/boletines.xml',
      title: 'Boletines Oficiales de la Municipalidad de Villa La Angostura',
      description: 'Cada Boletín Oficial municipal publicado, con su documento.',
      // A change or a deletion in the back-office is news too.
      updated: cambio ?? new Date(0),
    });
    for (const b of boletines) {
      const titulo = `Boletín Oficial N° ${b.numeroBoletinOficial} - ${b.mesAsString} ${b.anioDocumentoAsString}`;
      feed.addItem({
        id: ctx.url(`/api/v1/documentos/${b.documento.id}`),
        title: titulo,
        link: ctx.url(`/api/v1/documentos/${b.documento.id}`),
        date: new Date(b.fechaCreacion),
        description: `${titulo}, publicado por ${b.usuarioCreacion}.`,
        author: [AUTOR],
      });
    }
    return sendWithEtag(request, reply, { type: xml, body: feed.atom1(), cacheControl: 'public, max-age=300', modified: cambio });
  });

  // New ordinances, or those of a saved search: the search page's filters, validated by its schema
  // and found with its WHERE, newest first (docs/decisions/025-datos-abiertos.md).
  app.get('/feeds/ordenanzas.xml', async (request, reply) => {
    const parsed = parseFiltrosOrdenanzas(querystring(request.url));
    if (!parsed.ok) return sendFiltrosError(reply, parsed.errores);
    const { pagina: _pagina, ...filtros } = parsed.filtros;
    const busqueda = tituloDeBusqueda(filtros);
    const ordenanzas = await listOrdenanzasRecientes(ctx.db, ENTRADAS_FEED, busqueda ? filtros : undefined);
    const updated = ordenanzas.reduce<Date | undefined>((max, o) => (!max || o.updatedAt > max ? o.updatedAt : max), undefined);
    const feed = atomFeed({
      pagina: busqueda ? urlBusqueda(parsed.valores, { pagina: undefined }) : '/consulta-ordenanzas',
      archivo: busqueda ? urlFeedBusqueda(parsed.valores) : '/feeds/ordenanzas.xml',
      title: busqueda ?? 'Ordenanzas nuevas de Villa La Angostura',
      description: busqueda
        ? `Las ordenanzas que encuentra esta búsqueda en la Consulta de Ordenanzas, de la más reciente a la más antigua (las ${ENTRADAS_FEED} últimas).`
        : 'Las ordenanzas incorporadas al registro municipal, de la más reciente a la más antigua.',
      updated: updated ?? new Date(0),
    });
    for (const o of ordenanzas) {
      const link = ctx.url(rutaOrdenanza(o));
      feed.addItem({
        id: link,
        title: `Ordenanza N° ${o.numero}/${o.anio}`,
        link,
        date: o.updatedAt,
        published: o.createdAt,
        description: `${o.descripcion} (${o.estadoEtiqueta})`,
        author: [AUTOR],
      });
    }
    // ETag only: a withdrawn ordinance changes the feed without a newer date.
    return sendWithEtag(request, reply, { type: xml, body: feed.atom1(), cacheControl: 'public, max-age=300' });
  });

  // Citizen reports of a filter of the list (docs/decisions/057-reclamos.md), newest first: the list's
  // filters, validated by its schema; never a hidden report, never who reported it.
  app.get('/reclamos/feed.atom', async (request, reply) => {
    const parsed = parseFiltrosReclamos(querystring(request.url));
    if (!parsed.ok) return sendFiltrosError(reply, parsed.errores);
    const { pagina: _pagina, ...filtros } = parsed.filtros;
    const categoria = filtros.categoria ? await getCategoriaNombre(ctx.db, filtros.categoria) : undefined;
    if (filtros.categoria && !categoria) return sendFiltrosError(reply, { categoria: 'Elegí una categoría de la lista.' });
    const reclamos = await listReclamosRecientes(ctx.db, filtros, ENTRADAS_FEED);
    const updated = reclamos.reduce<Date | undefined>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), undefined);
    const filtrada = Object.values(filtros).some((v) => v !== undefined);
    const feed = atomFeed({
      pagina: urlListaReclamos(parsed.valores, { pagina: '' }),
      archivo: urlFeedReclamos(parsed.valores),
      title: filtrada ? `Reclamos de Villa La Angostura${categoria ? `: ${categoria}` : ''} (filtrados)` : 'Reclamos de Villa La Angostura',
      description: `Los reclamos de vecinos publicados${filtrada ? ' con estos filtros' : ''}, del más reciente al más antiguo (los ${ENTRADAS_FEED} últimos).`,
      updated: updated ?? new Date(0),
    });
    for (const r of reclamos) {
      const link = ctx.url(rutaReclamo(r.codigo));
      const lugar = [r.direccion, r.barrio].filter((x) => x !== '').join(', ');
      feed.addItem({
        id: link,
        title: `${r.codigo}: ${r.categoria}${lugar ? ` en ${lugar}` : ''}`,
        link,
        date: r.updatedAt,
        published: r.createdAt,
        description: `${r.descripcion} (${r.estadoEtiqueta})`,
        author: [AUTOR],
      });
    }
    // ETag only: a hidden report changes the feed without a newer date.
    return sendWithEtag(request, reply, { type: xml, body: feed.atom1(), cacheControl: 'public, max-age=300' });
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [ordenanzas, boletines, reclamos] = await Promise.all([
      listPermalinksOrdenanzas(ctx.db),
      ultimoCambioBoletines(ctx.db),
      listPermalinksReclamos(ctx.db),
    ]);
    // The pages whose content staff change in the back-office carry when it last changed.
    const lastmods: Record<string, Date | undefined> = { '/boletines-oficiales': boletines };
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${escapar(ctx.url(loc))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const cuerpo = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PAGINAS_PUBLICAS.map((p) => url(p, lastmods[p])),
      ...ordenanzas.map((o) => url(rutaOrdenanza(o), o.updatedAt)),
      ...reclamos.map((r) => url(rutaReclamo(r.codigo), r.updatedAt)),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(cuerpo);
  });

  // The site search for browsers' address bars (OpenSearch 1.1, docs/decisions/049-buscador-del-sitio.md).
  app.get('/opensearch.xml', async (_request, reply) => {
    const cuerpo = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
      '  <ShortName>Municipio VLA</ShortName>',
      '  <Description>Buscá en el sitio de la Municipalidad de Villa La Angostura: ordenanzas, boletines, decretos, áreas, datos abiertos y páginas.</Description>',
      '  <InputEncoding>UTF-8</InputEncoding>',
      '  <Language>es-AR</Language>',
      `  <Image height="16" width="16" type="image/svg+xml">${escapar(ctx.url('/favicon.svg'))}</Image>`,
      `  <Url type="text/html" method="get" template="${escapar(ctx.url('/buscar'))}?q={searchTerms}"/>`,
      `  <Url type="application/opensearchdescription+xml" rel="self" template="${escapar(ctx.url('/opensearch.xml'))}"/>`,
      `  <moz:SearchForm>${escapar(ctx.url('/buscar'))}</moz:SearchForm>`,
      '</OpenSearchDescription>',
      '',
    ].join('\n');
    return reply.type('application/opensearchdescription+xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(cuerpo);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const cuerpo = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Allow: /', '', `Sitemap: ${ctx.url('/sitemap.xml')}`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(cuerpo);
  });
}

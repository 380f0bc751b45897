import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import { listBoletinesOficiales, ultimoCambioBoletines } from '#domain/boletines/queries.ts';
import { listOrdenanzasRecientes, listPermalinksOrdenanzas } from '#domain/ordenanzas/publicacion.ts';
import type { AppContext } from '#domain/shared/context.ts';

/**
 * Public pages of the site (docs/sitio-original.md §2 route table, inside the layout), for the sitemap.
 */
export const PAGINAS_PUBLICAS = [
  '/',
  '/solicitud-decretos',
  '/solicitud-decretos/estado',
  '/consulta-ordenanzas',
  '/seguimiento-vehiculos',
  '/boletines-oficiales',
  '/areas',
  '/ejecutivo',
  '/concejo-deliverante',
  '/observatorio-vial',
  '/plan-estrategico',
  '/estados-contables',
  '/sueldos',
  '/accesibilidad',
];

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

  app.get('/feeds/boletines.xml', async (_request, reply) => {
    const [boletines, cambio] = await Promise.all([listBoletinesOficiales(ctx.db, 50), ultimoCambioBoletines(ctx.db)]);
    const feed = atomFeed({
      pagina: '/boletines-oficiales',
      archivo: '/feeds/boletines.xml',
      title: 'Boletines Oficiales de la Municipalidad de Villa La Angostura',
      description: 'Cada Boletín Oficial municipal publicado, con su documento.',
      // A change or a deletion in the back-office is news too (issue 14).
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
    return reply.type(xml).header('cache-control', 'public, max-age=300').send(feed.atom1());
  });

  app.get('/feeds/ordenanzas.xml', async (_request, reply) => {
    const ordenanzas = await listOrdenanzasRecientes(ctx.db, 50);
    const feed = atomFeed({
      pagina: '/consulta-ordenanzas',
      archivo: '/feeds/ordenanzas.xml',
      title: 'Ordenanzas nuevas de Villa La Angostura',
      description: 'Las ordenanzas incorporadas al registro municipal, de la más reciente a la más antigua.',
      updated: ordenanzas[0]?.updatedAt ?? new Date(0),
    });
    for (const o of ordenanzas) {
      const link = ctx.url(`/consulta-ordenanzas/${o.anio}/${o.numero}`);
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
    return reply.type(xml).header('cache-control', 'public, max-age=300').send(feed.atom1());
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [ordenanzas, boletines] = await Promise.all([listPermalinksOrdenanzas(ctx.db), ultimoCambioBoletines(ctx.db)]);
    // The pages whose content staff change in the back-office carry when it last changed (issue 14).
    const lastmods: Record<string, Date | undefined> = { '/boletines-oficiales': boletines };
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${escapar(ctx.url(loc))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const cuerpo = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PAGINAS_PUBLICAS.map((p) => url(p, lastmods[p])),
      ...ordenanzas.map((o) => url(`/consulta-ordenanzas/${o.anio}/${o.numero}`, o.updatedAt)),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(cuerpo);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const cuerpo = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Allow: /', '', `Sitemap: ${ctx.url('/sitemap.xml')}`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(cuerpo);
  });
}

import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getBoletinVigente, listBoletinesOficiales, listDecretosBoletin, listOrdenanzasBoletin } from '#domain/boletines/queries.ts';
import { listEstadosContables, listSueldos } from '#domain/finanzas/queries.ts';
import {
  getConcejo,
  getEjecutivo,
  getObservatorio,
  listAreas,
  listDocumentosObservatorio,
  listEnlacesPlan,
  listImagenesGaleria,
  listSecretarias,
} from '#domain/gobierno/queries.ts';
import { type RouteKey, contract } from './contract.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { querystring, quiereCsv } from './ordenanzas.ts';
import { celdaSegura } from '#domain/shared/csv.ts';

/** Public documents: only the id is part of the spec's contract (documento.id). */
const doc = (d: { id: number }) => ({ id: d.id });

/** The spec's calls (section 7), one GET each; field names as in section 3. */
export async function gobiernoApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** Every route's response schemas come from the contract (contract.ts). */
  const esquemas = (ruta: string) => contract(`GET ${ruta}` as RouteKey);
  const url = (id: number) => ctx.url(`/api/v1/documentos/${id}`);

  /** JSON, or CSV (Accept: text/csv or ?formato=csv) of the same rows with the given columns. */
  function tabla<T>(
    ruta: string,
    archivo: string,
    cargar: (request: FastifyRequest, params: URLSearchParams) => Promise<T[]>,
    json: (fila: T) => unknown,
    csv: { columnas: string[]; fila: (fila: T) => (string | number)[] },
  ) {
    app.get(ruta, esquemas(ruta), async (request: FastifyRequest, reply: FastifyReply) => {
      const params = querystring(request.url);
      const filas = await cargar(request, params);
      reply.header('cache-control', 'public, max-age=60');
      if (quiereCsv(request.headers.accept, params.get('formato'))) {
        reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${archivo}.csv"`);
        return stringify(
          filas.map((f) => csv.fila(f).map(celdaSegura)),
          { header: true, columns: csv.columnas, bom: true },
        );
      }
      return filas.map((f) => json(f));
    });
  }

  const objeto = (ruta: string, cargar: () => Promise<unknown>) =>
    app.get(ruta, esquemas(ruta), async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return cargar();
    });

  objeto('/boletin-vigente', () => getBoletinVigente(ctx.db));
  tabla(
    '/boletin-vigente/ordenanzas',
    'boletin-vigente-ordenanzas',
    (_r, p) => listOrdenanzasBoletin(ctx.db, p.get('pattern') ?? undefined),
    (o) => o,
    {
      columnas: ['numero', 'titulo', 'link'],
      fila: (o) => [o.numero, o.titulo, o.link],
    },
  );
  tabla(
    '/boletin-vigente/decretos',
    'boletin-vigente-decretos',
    (_r, p) => listDecretosBoletin(ctx.db, p.get('pattern') ?? undefined),
    (d) => d,
    {
      columnas: ['numero', 'descripcion', 'area'],
      fila: (d) => [d.numero, d.descripcion, d.area],
    },
  );
  tabla(
    '/boletines-oficiales',
    'boletines-oficiales',
    () => listBoletinesOficiales(ctx.db),
    (b) => ({
      id: b.id,
      documento: doc(b.documento),
      numeroBoletinOficial: b.numeroBoletinOficial,
      mesAsString: b.mesAsString,
      anioDocumentoAsString: b.anioDocumentoAsString,
      usuarioCreacion: b.usuarioCreacion,
      fechaCreacion: b.fechaCreacion,
    }),
    {
      columnas: ['numeroBoletinOficial', 'mesAsString', 'anioDocumentoAsString', 'usuarioCreacion', 'fechaCreacion', 'documentoURL'],
      fila: (b) => [b.numeroBoletinOficial, b.mesAsString, b.anioDocumentoAsString, b.usuarioCreacion, b.fechaCreacion, url(b.documento.id)],
    },
  );
  tabla(
    '/areas',
    'areas',
    (_r, p) => listAreas(ctx.db, p.get('pattern') ?? undefined),
    (a) => a,
    {
      columnas: ['nombre', 'domicilio', 'telefono', 'email'],
      fila: (a) => [a.nombre, a.domicilio, a.telefono, a.email],
    },
  );
  app.get('/ejecutivo', esquemas('/ejecutivo'), async (_request, reply) => {
    const e = await getEjecutivo(ctx.db);
    if (!e) return reply.status(404).send({ error: 'Todavía no se cargaron los datos del Ejecutivo.' });
    reply.header('cache-control', 'public, max-age=60');
    return e;
  });
  app.get('/secretarias', esquemas('/secretarias'), async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listSecretarias(ctx.db, querystring(request.url).get('pattern') ?? undefined);
  });
  objeto('/concejo-deliberante', () => getConcejo(ctx.db));
  app.get('/observatorio-vial', esquemas('/observatorio-vial'), async (_request, reply) => {
    const o = await getObservatorio(ctx.db);
    if (!o) return reply.status(404).send({ error: 'Todavía no se cargó el Observatorio Vial.' });
    reply.header('cache-control', 'public, max-age=60');
    return o;
  });
  app.get('/observatorio-vial/galeria', esquemas('/observatorio-vial/galeria'), async (request, reply) => {
    const galeria = querystring(request.url).get('gallery');
    if (!galeria) return reply.status(400).send({ error: 'Indicá el nombre de la galería en el parámetro gallery.' });
    reply.header('cache-control', 'public, max-age=60');
    return listImagenesGaleria(ctx.db, galeria);
  });
  for (const [ruta, tipo, archivo] of [
    ['/observatorio-vial/movimiento-terminal', 'MOVIMIENTO_TERMINAL', 'movimiento-terminal'],
    ['/observatorio-vial/informes-estadisticos', 'INFORME_ESTADISTICO', 'informes-estadisticos'],
  ] as const) {
    tabla(
      ruta,
      archivo,
      () => listDocumentosObservatorio(ctx.db, tipo),
      (d) => ({ id: d.id, documento: doc(d.documento), mesAsString: d.mesAsString, anioDocumentoAsString: d.anioDocumentoAsString }),
      { columnas: ['mesAsString', 'anioDocumentoAsString', 'documentoURL'], fila: (d) => [d.mesAsString, d.anioDocumentoAsString, url(d.documento.id)] },
    );
  }
  tabla(
    '/estados-contables',
    'estados-contables',
    () => listEstadosContables(ctx.db),
    (e) => ({
      id: e.id,
      tipoEstadoContable: e.tipoEstadoContable,
      tipoEstadoContableAsString: e.tipoEstadoContableAsString,
      documento: doc(e.documento),
      mesAsString: e.mesAsString,
      anioDocumentoAsString: e.anioDocumentoAsString,
      usuarioCreacion: e.usuarioCreacion,
      fechaCreacion: e.fechaCreacion,
    }),
    {
      columnas: ['tipoEstadoContable', 'nombre', 'mesAsString', 'anioDocumentoAsString', 'usuarioCreacion', 'fechaCreacion', 'documentoURL'],
      fila: (e) => [
        e.tipoEstadoContable,
        e.tipoEstadoContableAsString,
        e.mesAsString,
        e.anioDocumentoAsString,
        e.usuarioCreacion,
        e.fechaCreacion,
        url(e.documento.id),
      ],
    },
  );
  tabla(
    '/sueldos',
    'sueldos',
    () => listSueldos(ctx.db),
    (s) => ({ id: s.id, documento: doc(s.documento), periodoSueldoAsString: s.periodoSueldoAsString, anioDocumentoAsString: s.anioDocumentoAsString }),
    {
      columnas: ['periodoSueldoAsString', 'anioDocumentoAsString', 'documentoURL'],
      fila: (s) => [s.periodoSueldoAsString, s.anioDocumentoAsString, url(s.documento.id)],
    },
  );
  tabla(
    '/plan-estrategico',
    'plan-estrategico',
    () => listEnlacesPlan(ctx.db),
    (e) => e,
    {
      columnas: ['titulo', 'descripcion', 'url'],
      fila: (e) => [e.titulo, e.descripcion, e.url],
    },
  );
}

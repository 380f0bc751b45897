// Citizen reports (docs/decisions/057-reclamos.md) with the database not answering: every public
// page, the Atom feed, the form and the links of the reporter's mails, the Open311 API and the
// staff's pages answer a 503 with Retry-After that says so in Spanish (the site's error page, or
// the standard's list of errors in JSON and XML), never a 500, a stack trace or a wait. The staff
// signed in before the database went away: the session's own check is a 503 too, not a redirect.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clavesOpen311, documentos, fotosReclamo } from '#db/schema/index.ts';
import { generarCodigoReclamo } from '#domain/shared/codigo-seguimiento.ts';
import { hashToken } from '#domain/usuarios/tokens.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, ingresar, textoDe } from '#tests/setup/panel.ts';
import { insertCategoriaReclamo, insertReclamo } from '#tests/setup/reclamos.ts';

/** A key as the back-office hands them out (`vla311_` and random characters), stored as its hash. */
const CLAVE = 'vla311_clave-de-la-prueba-sin-base-0123456789abc';
/** What a person (or a program) is told: the service is not available now. */
const NO_DISPONIBLE = /no está disponible|No pudimos/;
/** What must never reach anybody: the database's or the framework's insides. */
const INTERNO = /Failed query|PGlite|pool|ECONNREFUSED|Unexpected Server Error|Internal Server Error|Código del error: 500| {4}at /;

type Pedido = { url: string; method?: 'GET' | 'POST'; payload?: string; tipo?: string; origen?: boolean; sesion?: boolean; accept?: string };

describe.each(engines)('Reclamos sin base de datos (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let codigo: string;
  let fotoId: number;
  let secreto: string;
  let categoriaId: number;
  let categoria: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await ingresar(t, ADMIN);
    const cat = await insertCategoriaReclamo(t.database.db);
    categoriaId = cat.id;
    categoria = cat.codigo;
    const reclamo = await insertReclamo(t.context, { categoriaId, codigo: generarCodigoReclamo(2026) });
    ({ codigo, secreto } = reclamo);
    const [foto] = await t.database.db
      .insert(documentos)
      .values({
        nombreArchivo: 'bache.jpg',
        tipoContenido: 'image/jpeg',
        tamano: 1000,
        sha256: 'b'.repeat(64),
        clave: 'fotos/bache',
        claveWeb: 'fotos/bache-web',
        claveMiniatura: 'fotos/bache-mini',
      })
      .returning();
    fotoId = foto!.id;
    await t.database.db.insert(fotosReclamo).values({ reclamoId: reclamo.id, orden: 1, documentoId: fotoId });
    await t.database.db.insert(clavesOpen311).values({ nombre: 'App de la prueba', claveHash: hashToken(CLAVE) });
    // Both answer while the database does, so what follows is the database's doing. The public page
    // is asked with a cookie, so it does not go into the render cache: a page already there is sent
    // from it without the database (docs/decisions/007-cache-de-paginas.md).
    expect((await t.app.inject({ url: `/reclamos/${codigo}`, headers: { cookie: 'prueba=1' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/admin/reclamos/${codigo}`, headers: { cookie: `__Host-vla_sesion=${admin}` } })).statusCode).toBe(200);
    await t.database.close();
  });
  afterAll(async () => {
    await t?.app.close();
    t?.storage.remove();
  });

  async function fallasDe(pedidos: Pedido[], revisar: (res: Awaited<ReturnType<TestApp['app']['inject']>>, donde: string) => string | undefined) {
    const fallas: string[] = [];
    for (const { url, method = 'GET', payload, tipo = 'application/x-www-form-urlencoded', origen = true, sesion, accept = 'text/html' } of pedidos) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: {
          accept,
          ...(payload !== undefined ? { 'content-type': tipo, ...(origen ? { origin: TEST_SITE_URL } : {}) } : {}),
          ...(sesion ? { cookie: `__Host-vla_sesion=${admin}` } : {}),
        },
      });
      const donde = `${method} ${url}`;
      const texto = /html/.test(String(res.headers['content-type'])) ? textoDe(res.body) : res.body;
      if (res.statusCode !== 503) fallas.push(`${donde}: ${res.statusCode} ${texto.slice(0, 200)}`);
      else if (res.headers['retry-after'] === undefined) fallas.push(`${donde}: sin Retry-After`);
      else if (!NO_DISPONIBLE.test(texto)) fallas.push(`${donde}: no dice en castellano que el servicio no está disponible: ${texto.slice(0, 300)}`);
      else if (INTERNO.test(res.body)) fallas.push(`${donde}: muestra un error interno o un 500: ${res.body.slice(0, 300)}`);
      else {
        const otra = revisar(res, donde);
        if (otra) fallas.push(otra);
      }
    }
    return fallas;
  }

  it('las páginas públicas, las fotos, el feed, el formulario y los enlaces de los correos responden 503 en castellano', async () => {
    const token = encodeURIComponent(secreto);
    const pedidos: Pedido[] = [
      { url: '/reclamos' },
      { url: `/reclamos?categoria=${categoria}` },
      { url: `/reclamos/${codigo}` },
      // The report's photo, in the sizes its page links.
      { url: `/api/v1/documentos/${fotoId}?tamano=web`, accept: 'image/webp,image/*' },
      { url: `/api/v1/documentos/${fotoId}?tamano=miniatura`, accept: 'image/webp,image/*' },
      { url: `/api/v1/documentos/${fotoId}`, accept: 'image/*' },
      { url: '/reclamos/feed.atom', accept: 'application/atom+xml' },
      { url: `/reclamos/feed.atom?categoria=${categoria}`, accept: 'application/atom+xml' },
      { url: '/reclamos/nuevo' },
      { url: `/reclamos/nuevo?categoria=${categoria}` },
      {
        url: '/reclamos/nuevo',
        method: 'POST',
        payload: new URLSearchParams({
          categoria,
          descripcion: 'Un pozo grande frente a la escuela',
          latitud: '-40.7625',
          longitud: '-71.6463',
          direccion: 'Av. Arrayanes 100',
          email: 'vecina@correo.com.ar',
          nombre: 'Rosa Quintana',
        }).toString(),
      },
      { url: `/reclamos/baja?token=${token}` },
      { url: `/reclamos/baja?token=${token}`, method: 'POST', payload: '' },
      // The mail provider's one-click unsubscribe (RFC 8058): no Origin.
      { url: `/reclamos/baja?token=${token}`, method: 'POST', payload: 'List-Unsubscribe=One-Click', origen: false },
      // The mail's links carry the answer; without one the link is not valid whatever the database says (404).
      { url: `/reclamos/consulta?token=${token}&respuesta=si` },
      { url: `/reclamos/consulta?token=${token}&respuesta=no` },
      { url: `/reclamos/consulta?token=${token}&respuesta=no`, method: 'POST', payload: 'respuesta=no' },
    ];
    const fallas = await fallasDe(pedidos, (res, donde) => {
      if (!/html/.test(String(res.headers['content-type']))) return undefined;
      return res.body.includes('lang="es-AR"') ? undefined : `${donde}: la página no es del sitio`;
    });
    expect(fallas, fallas.join('\n')).toEqual([]);
  });

  it('Open311 responde 503 en la forma del estándar, en JSON y en XML', async () => {
    const parser = new XMLParser({ parseTagValue: false, isArray: (nombre) => nombre === 'error' });
    const solicitud = new URLSearchParams({
      api_key: CLAVE,
      service_code: categoria,
      lat: '-40.7625',
      long: '-71.6463',
      description: 'Un pozo grande frente a la escuela.',
    }).toString();
    const pedidos: Pedido[] = [
      { url: '/open311/v2/services.json', accept: 'application/json' },
      { url: '/open311/v2/services.xml', accept: 'application/xml' },
      { url: `/open311/v2/services/${categoria}.json`, accept: 'application/json' },
      { url: `/open311/v2/services/${categoria}.xml`, accept: 'application/xml' },
      { url: '/open311/v2/requests.json', accept: 'application/json' },
      { url: '/open311/v2/requests.xml', accept: 'application/xml' },
      { url: `/open311/v2/requests.json?service_code=${categoria}&status=open`, accept: 'application/json' },
      { url: `/open311/v2/requests/${codigo}.json`, accept: 'application/json' },
      { url: `/open311/v2/requests/${codigo}.xml`, accept: 'application/xml' },
      { url: `/open311/v2/tokens/${codigo}.json`, accept: 'application/json' },
      { url: '/open311/v2/requests.json', method: 'POST', payload: solicitud, origen: false, accept: 'application/json' },
      { url: '/open311/v2/requests.xml', method: 'POST', payload: solicitud, origen: false, accept: 'application/xml' },
      {
        url: '/open311/v2/requests.json',
        method: 'POST',
        payload: JSON.stringify(Object.fromEntries(new URLSearchParams(solicitud))),
        tipo: 'application/json',
        origen: false,
        accept: 'application/json',
      },
    ];
    const fallas = await fallasDe(pedidos, (res, donde) => {
      if (res.headers['access-control-allow-origin'] !== '*') return `${donde}: sin CORS`;
      if (res.headers['cache-control'] !== 'no-store') return `${donde}: se podría guardar en caché (${String(res.headers['cache-control'])})`;
      if (donde.includes('.xml')) {
        if (!/^application\/xml/.test(String(res.headers['content-type']))) return `${donde}: no es XML (${String(res.headers['content-type'])})`;
        const errores = (parser.parse(res.body) as { errors?: { error?: { code?: string; description?: string }[] } }).errors?.error;
        return errores?.[0]?.code === '503' && NO_DISPONIBLE.test(errores[0].description ?? '')
          ? undefined
          : `${donde}: no es la lista de errores: ${res.body}`;
      }
      if (!/^application\/json/.test(String(res.headers['content-type']))) return `${donde}: no es JSON (${String(res.headers['content-type'])})`;
      const errores = res.json() as unknown;
      return Array.isArray(errores) && errores.length === 1 && (errores[0] as { code?: unknown }).code === 503
        ? undefined
        : `${donde}: no es la lista de errores del estándar: ${res.body}`;
    });
    expect(fallas, fallas.join('\n')).toEqual([]);
  });

  it('las páginas del panel, con la sesión abierta antes, responden 503 en castellano, no al ingreso ni 500', async () => {
    const pedidos: Pedido[] = [
      { url: '/admin/reclamos', sesion: true },
      { url: '/admin/reclamos?estado=recibido&q=pozo', sesion: true },
      { url: `/admin/reclamos/${codigo}`, sesion: true },
      { url: `/admin/reclamos/${codigo}`, method: 'POST', payload: 'intent=ocultar&motivo=Texto%20ofensivo', sesion: true },
      { url: '/admin/reclamos.csv', sesion: true, accept: 'text/csv' },
      { url: '/admin/reclamos/mapa-de-calor', sesion: true },
      { url: '/admin/reclamos/categorias', sesion: true },
      { url: '/admin/reclamos/categorias/nueva', sesion: true },
      { url: `/admin/reclamos/categorias/${categoriaId}`, sesion: true },
      { url: '/admin/reclamos/organismos', sesion: true },
      { url: '/admin/reclamos/plantillas', sesion: true },
      { url: '/admin/reclamos/claves-open311', sesion: true },
      { url: '/admin/reclamos/claves-open311', method: 'POST', payload: 'intent=crear&nombre=Otra%20app', sesion: true },
    ];
    const fallas = await fallasDe(pedidos, (res, donde) => {
      if (!/html/.test(String(res.headers['content-type']))) return undefined;
      return res.body.includes('lang="es-AR"') ? undefined : `${donde}: la página no es del sitio`;
    });
    expect(fallas, fallas.join('\n')).toEqual([]);
  });

  it('/data.json responde (o dice 503 en castellano) y /health/live sigue en 200', async () => {
    const datos = await t.app.inject({ url: '/data.json' });
    expect([200, 503], datos.body.slice(0, 300)).toContain(datos.statusCode);
    expect(datos.body).not.toMatch(INTERNO);
    if (datos.statusCode === 503) {
      expect(datos.headers['retry-after']).toBeDefined();
      expect((datos.json() as { error: string }).error).toMatch(NO_DISPONIBLE);
    }
    expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
  });
});

import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { readContentVersion } from '#server/content-version.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { insertEnlacePlan } from '#tests/factories/gobierno.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The CSP's script sources and the hash of every inline script of the body. */
function scripts(csp: unknown, body: string) {
  const scriptSrc = String(csp)
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))!;
  const inline = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]!))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  return { scriptSrc, inline };
}

/**
 * Tables no cached page shows: they need no content-version trigger. Any other table must have one
 * (docs/decisions/007-cache-de-paginas.md), or pages would not change when it does. The status page
 * of a request, never cached, shows the request and its history; the holidays it counts the due
 * date with are also on Mi calle's cached months and calendars, so `feriados` has the trigger.
 */
const TABLES_NO_PAGE_SHOWS = [
  // The back-office's people and sessions (docs/decisions/012-sesiones-y-roles.md) and its audit log.
  'ajustes_seguridad',
  'auditoria',
  'codigos_recuperacion',
  'direcciones_conocidas',
  'intentos_ingreso',
  'intentos_ingreso_lugar',
  'invitaciones',
  'sesiones',
  'tokens_api',
  'usuarios',
  'claves_servidor',
  'datos_demo',
  // Live data: /seguimiento-vehiculos is never cached, and a position every few seconds would empty the cache.
  'posiciones_vehiculo',
  'vehiculos',
  'historial_solicitudes_decreto',
  'limites_uso',
  'outbox',
  'solicitudes_decreto',
  // The desk's mail previews not yet confirmed (docs/decisions/052-confirmar-antes-de-escribir.md).
  'vistas_previas_envio',
  // Alert subscriptions: their pages are never cached (docs/decisions/024-alertas.md).
  'suscripciones_alertas',
  // Mi calle (docs/decisions/056-mi-calle.md): a street stretch shows only as a look-up's answer,
  // which is never cached; subscriptions, what was sent to them and the staff's coverage, on no public page.
  'calles_recoleccion',
  'suscripciones_recoleccion',
  'avisos_recoleccion',
  'cobertura_recoleccion',
  'version_contenido',
  // The site search (docs/decisions/049-buscador-del-sitio.md): its index is rebuilt from tables that have
  // the trigger when the version changes (a trigger here would change it again, forever); the searches
  // that found nothing are shown only in the back-office.
  'busqueda_sitio',
  'busqueda_sitio_estado',
  'busquedas_sin_resultados',
  // Drafts and scheduled publications: no public page shows them; publishing writes the content tables (docs/decisions/053).
  'publicaciones_pendientes',
  // What staff removed, kept 90 days to restore: only «Retirados» in the back-office shows it; restoring writes
  // the content tables (docs/decisions/054-retirados-restaurables.md).
  'contenidos_restaurables',
  // Reclamos (docs/decisions/057-reclamos.md): staff's answer templates and the Open311 keys, on no public page.
  'plantillas_reclamo',
  'claves_open311',
];

describe.each(engines)('caché de páginas (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('la segunda visita sale de la caché, sin nonce: la CSP nombra cada script en línea por su hash', async () => {
    const first = await t.app.inject({ url: '/areas' });
    const second = await t.app.inject({ url: '/areas' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.body).not.toContain('nonce=');
    const { scriptSrc, inline } = scripts(second.headers['content-security-policy'], second.body);
    expect(inline.length).toBeGreaterThan(0);
    expect(scriptSrc).not.toContain('nonce-');
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc.trim().split(/\s+/).sort()).toEqual(['script-src', "'self'", ...new Set(inline)].sort());
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400');
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(second.headers['x-frame-options']).toBe('DENY');
  });

  it('guarda brotli y gzip: cada codificación su ETag, el mismo HTML; If-None-Match da 304 sin cuerpo', async () => {
    const plain = await t.app.inject({ url: '/ejecutivo' });
    const br = await t.app.inject({ url: '/ejecutivo', headers: { 'accept-encoding': 'gzip;q=0.8, br' } });
    const gz = await t.app.inject({ url: '/ejecutivo', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const etags = [plain, br, gz].map((r) => String(r.headers.etag));
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-br5|-br|-gz)?"$/);

    const notModified = await t.app.inject({ url: '/ejecutivo', headers: { 'accept-encoding': 'gzip', 'if-none-match': `"otra", ${gz.headers.etag}` } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(gz.headers.etag);
    expect(notModified.headers['cache-control']).toContain('s-maxage=60');
    // Another encoding's ETag names other bytes.
    const other = await t.app.inject({ url: '/ejecutivo', headers: { 'if-none-match': String(gz.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(plain.body);
  });

  it('la dirección se normaliza: el orden de los parámetros no hace otra entrada', async () => {
    const a = await t.app.inject({ url: '/consulta-ordenanzas?anio=2020&estado=2' });
    const b = await t.app.inject({ url: '/consulta-ordenanzas?estado=2&anio=2020' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-cache']).toBe('miss');
    expect(b.headers['x-cache']).toBe('hit');
    expect(b.body).toBe(a.body);
  });

  it('un comando que cambia el contenido invalida la página en esta instancia, sin esperar', async () => {
    await t.app.inject({ url: '/home' });
    expect((await t.app.inject({ url: '/home' })).headers['x-cache']).toBe('hit');
    const before = t.app.contentVersion.current()!;
    await ajustar(t.database.db, { municipio: { direccion: 'Bv. Nahuel Huapi 1911', telefono: '+54 294 400-1234' } });
    expect(t.app.contentVersion.current()).toBeGreaterThan(before);
    const after = await t.app.inject({ url: '/home' });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('+54 294 400-1234');

    const filtro = '/consulta-ordenanzas?anio=1999';
    expect((await t.app.inject({ url: filtro })).body).not.toContain('Ordenanza de la caché');
    expect((await t.app.inject({ url: filtro })).headers['x-cache']).toBe('hit');
    await insertOrdenanza(t.context, { anio: 1999, descripcion: 'Ordenanza de la caché' });
    const listed = await t.app.inject({ url: filtro });
    expect(listed.headers['x-cache']).toBe('miss');
    expect(listed.body).toContain('Ordenanza de la caché');
  });

  it('una escritura directa en la base, sin comando, también invalida (el trigger)', async () => {
    await t.app.inject({ url: '/plan-estrategico' });
    expect((await t.app.inject({ url: '/plan-estrategico' })).headers['x-cache']).toBe('hit');
    await t.database.db.execute(sql`update plan_estrategico_enlaces set titulo = 'Guía renovada del inversor' where titulo = 'Guía del inversor'`);
    const page = await t.app.inject({ url: '/plan-estrategico' });
    expect(page.headers['x-cache']).toBe('miss');
    expect(page.body).toContain('Guía renovada del inversor');
  });

  it('anotar que un cambio puntual ya se avisó no vacía la caché; cambiar su motivo sí', async () => {
    // The notices job marks each change as mailed (docs/decisions/056-mi-calle.md): bookkeeping, not content.
    const [cambio] = await queryRows<{ fecha: string }>(t.database.db, sql`select fecha::text as fecha from cambios_recoleccion limit 1`);
    const url = `/recoleccion/puerto-manzano?mes=${cambio!.fecha.slice(0, 7)}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    await t.database.db.execute(sql`update cambios_recoleccion set avisado_en = now()`);
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    await t.database.db.execute(sql`update cambios_recoleccion set motivo = 'Sin recolección por la tormenta de nieve.'`);
    const page = await t.app.inject({ url });
    expect(page.headers['x-cache']).toBe('miss');
    expect(page.body).toContain('tormenta de nieve');
  });

  it('toda tabla tiene el trigger de la versión del contenido, salvo las que ninguna página muestra', async () => {
    const rows = await queryRows<{ tabla: string; con_trigger: boolean }>(
      t.database.db,
      sql`select c.relname as tabla, exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'version_contenido') as con_trigger
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    expect(rows.length).toBeGreaterThan(TABLES_NO_PAGE_SHOWS.length);
    for (const { tabla, con_trigger } of rows) expect(con_trigger, tabla).toBe(!TABLES_NO_PAGE_SHOWS.includes(tabla));
  });

  it('nunca guarda la página de estado, la respuesta a un POST, un 404 ni un pedido con sesión', async () => {
    for (let i = 0; i < 2; i++) {
      const estado = await t.app.inject({ url: '/solicitud-decretos/estado?codigo=SD-2026-7KQ-3XM-9PK' });
      expect(estado.headers['x-cache']).toBe('bypass');
      expect(estado.headers['cache-control']).toBe('no-store');
      expect(estado.headers['content-security-policy']).toContain("'nonce-");
      const vacio = await t.app.inject({ url: '/solicitud-decretos/estado' });
      expect(vacio.headers['x-cache']).toBe('bypass');
      const missing = await t.app.inject({ url: '/no-existe' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-cache']).toBe('bypass');
      expect(missing.headers['cache-control']).toBeUndefined();
    }
    const post = await t.app.inject({ method: 'POST', url: '/solicitud-decretos', headers: FORM, payload: 'nombre=' });
    expect(post.headers['x-cache']).toBe('bypass');
    expect(String(post.headers['cache-control'] ?? '')).not.toContain('public');
    expect((await t.app.inject({ url: '/solicitud-decretos' })).headers['x-cache']).toBe('miss');

    await t.app.inject({ url: '/sueldos' });
    for (const headers of [{ cookie: 'sesion=abc' }, { cookie: '_ga=GA1.1.1; sid=1' }, { authorization: 'Bearer x' }]) {
      const res = await t.app.inject({ url: '/sueldos', headers });
      expect(res.headers['x-cache'], JSON.stringify(headers)).toBe('bypass');
      expect(res.headers['content-security-policy']).toContain("'nonce-");
      expect(res.headers['cache-control']).toBeUndefined();
    }
    // Analytics cookies that another municipal site set for the whole domain carry no session.
    expect((await t.app.inject({ url: '/sueldos', headers: { cookie: '_ga=GA1.1.1; _gid=GA1.2.3' } })).headers['x-cache']).toBe('hit');
  });

  it('HEAD responde de la caché cuando la página está guardada', async () => {
    await t.app.inject({ url: '/concejo-deliverante' });
    const head = await t.app.inject({ method: 'HEAD', url: '/concejo-deliverante' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-cache']).toBe('hit');
    expect(head.body).toBe('');
  });

  it('con pocos lugares se va la página usada hace más tiempo', async () => {
    const small = await createTestApp(engine, { env: { RENDER_CACHE_MAX_ENTRIES: '2' }, sameDatabaseAs: t });
    try {
      for (const url of ['/areas', '/ejecutivo', '/areas', '/sueldos']) await small.app.inject({ url });
      expect(small.app.renderCache!.stats().entries).toBe(2);
      expect((await small.app.inject({ url: '/areas' })).headers['x-cache']).toBe('hit');
      expect((await small.app.inject({ url: '/ejecutivo' })).headers['x-cache']).toBe('miss');
    } finally {
      await small.close();
    }
  });

  it('con RENDER_CACHE=false cada página se renderiza con su nonce', async () => {
    const off = await createTestApp(engine, { env: { RENDER_CACHE: 'false' }, sameDatabaseAs: t });
    try {
      const a = await off.app.inject({ url: '/areas' });
      const b = await off.app.inject({ url: '/areas' });
      expect(off.app.renderCache).toBeUndefined();
      expect(a.headers['x-cache']).toBeUndefined();
      expect(a.headers['cache-control']).toBeUndefined();
      expect(a.headers['content-security-policy']).toContain("'nonce-");
      expect(b.headers['content-security-policy']).not.toBe(a.headers['content-security-policy']);
    } finally {
      await off.close();
    }
  });

  it.runIf(engine === 'postgresql')('dos instancias en la misma base: una escritura en una invalida la otra por NOTIFY', async () => {
    const b = await createTestApp(engine, { sameDatabaseAs: t });
    try {
      expect((await b.app.inject({ url: '/plan-estrategico' })).headers['x-cache']).toBe('miss');
      expect((await b.app.inject({ url: '/plan-estrategico' })).headers['x-cache']).toBe('hit');
      await insertEnlacePlan(t.context, { titulo: 'Enlace cargado en la otra instancia', descripcion: '', url: 'https://ejemplo.org/plan' });
      // The write reaches b through its listening connection; it is awaited, not slept on.
      await b.app.contentVersion.reached(await readContentVersion(t.database));
      const page = await b.app.inject({ url: '/plan-estrategico' });
      expect(page.headers['x-cache']).toBe('miss');
      expect(page.body).toContain('Enlace cargado en la otra instancia');

      // Settings too: b forgets the settings it read within its 10 s.
      await b.app.inject({ url: '/home' });
      await ajustar(t.database.db, { emailContacto: 'mesa.nueva@villalaangostura.gob.ar' });
      await b.app.contentVersion.reached(await readContentVersion(t.database));
      expect((await b.app.inject({ url: '/home' })).body).toContain('mesa.nueva@villalaangostura.gob.ar');
    } finally {
      await b.close();
    }
  });

  it.runIf(engine === 'postgresql')('sin la conexión que escucha no se usa la caché; al recuperarla se relee la versión', async () => {
    const b = await createTestApp(engine, { sameDatabaseAs: t });
    try {
      await b.app.inject({ url: '/areas' });
      expect((await b.app.inject({ url: '/areas' })).headers['x-cache']).toBe('hit');
      const changes: (number | undefined)[] = [];
      const lost = new Promise<void>((resolve) =>
        b.app.contentVersion.onChange((version) => {
          changes.push(version);
          if (version === undefined) resolve();
        }),
      );
      const back = new Promise<void>((resolve) => b.app.contentVersion.onChange((version) => version !== undefined && resolve()));
      const version = await readContentVersion(t.database);
      // The connections that listen while the pool may have none (b's, and t's as well) are cut.
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'vla-listen-version_contenido' and pid <> pg_backend_pid()`,
      );
      await lost;
      expect((await b.app.inject({ url: '/areas' })).headers['x-cache']).toBe('bypass');
      await back;
      expect(b.app.contentVersion.current()).toBe(version);
      expect((await b.app.inject({ url: '/areas' })).headers['x-cache']).toBe('miss');
      expect(changes).toEqual([undefined, version]);
    } finally {
      await b.close();
    }
  });
});

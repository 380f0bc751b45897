// What the log never carries (docs/decisions/004-datos-personales.md): a decree request's journey —
// the request, its status looked up by code, staff opening it, the mail about it — and addresses
// with an e-mail or a token in them, with every log line captured: no tracking code, e-mail address
// or token in any of them, in request paths or mail subjects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nuevoToken } from '#domain/usuarios/tokens.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { MESA, ingresar, ver } from '#tests/setup/panel.ts';
import { waitFor } from '#tests/setup/proceso.ts';

describe.each(engines)('los logs no guardan códigos, correos ni tokens (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { logs: true });
  });
  afterAll(() => t?.close());

  it('el recorrido de una solicitud, con su correo, deja en el log rutas y asuntos sin el código ni el correo', async () => {
    const email = 'rocio.huenchul@correo.test';
    const alta = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', remoteAddress: '198.51.100.7', payload: solicitudValida({ email }) });
    expect(alta.statusCode).toBe(201);
    const { codigo } = alta.json<{ codigo: string }>();
    expect(codigo).toMatch(/^SD-/);

    const consulta = await t.app.inject({ url: `/api/v1/solicitudes-decreto/${codigo}`, remoteAddress: '198.51.100.8' });
    expect(consulta.statusCode).toBe(200);
    // Written in lower case, or with its dashes escaped, it is the same code.
    await t.app.inject({ url: `/api/v1/solicitudes-decreto/${codigo.toLowerCase()}`, remoteAddress: '198.51.100.8' });
    await t.app.inject({ url: `/api/v1/solicitudes-decreto/${codigo.replaceAll('-', '%2D')}`, remoteAddress: '198.51.100.8' });
    const mesa = await ingresar(t, MESA);
    expect((await ver(t, `/admin/solicitudes/${codigo}`, mesa)).statusCode).toBe(200);
    expect((await ver(t, `/admin/solicitudes/${codigo}-X`, mesa)).statusCode).toBe(404);

    // An e-mail address and a token where a path has none: both end in the log as they came.
    const token = nuevoToken('al_');
    await t.app.inject({ url: `/alertas/${encodeURIComponent(email)}` });
    await t.app.inject({ url: `/alertas/${email}/gestion` });
    await t.app.inject({ url: `/api/v1/documentos/${token}` });

    // The outbox (no SMTP_URL here) logs each mail it holds, with its subject.
    t.context.mailer.wake();
    await waitFor(() => t.logs.some((l) => typeof l.asunto === 'string'), 'el correo en el log', 10_000);

    const rutas = t.logs.flatMap((l) => ((l.req as { path?: string } | undefined)?.path ? [(l.req as { path: string }).path] : []));
    expect(rutas).toContain('/api/v1/solicitudes-decreto/…');
    expect(rutas).toContain('/admin/solicitudes/…');
    expect(rutas).toContain('/alertas/…@…');
    expect(rutas).toContain('/api/v1/documentos/…');
    const asuntos = t.logs.flatMap((l) => (typeof l.asunto === 'string' ? [l.asunto] : []));
    expect(asuntos.some((a) => a.includes('SD-…'))).toBe(true);

    const todo = JSON.stringify(t.logs);
    const sinGuiones = codigo.replace(/^SD-/, '');
    for (const dato of [codigo, codigo.toLowerCase(), sinGuiones, sinGuiones.toLowerCase(), email, 'rocio.huenchul', token, token.slice(3)]) {
      expect(todo, dato).not.toContain(dato);
    }
  });
});

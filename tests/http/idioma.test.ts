// Spanish everywhere a citizen reads, in the HTML the server renders: the spec's fixed
// English texts keep their words and say so with lang="en"; error pages and validation messages
// are Spanish and never show an internal message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { problemasDeIdioma } from '#tests/setup/idioma.ts';

const escapar = (texto: string) => texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The opening tags of the elements whose whole text is `texto`. */
function etiquetasCon(html: string, texto: string): string[] {
  const re = new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*>\\s*${escapar(texto)}\\s*</\\1>`, 'g');
  return [...html.matchAll(re)].map((m) => /^<[^>]*>/.exec(m[0])![0]);
}

/** The page's visible text, without the elements marked lang="en", scripts and styles. */
function textoEnCastellano(html: string): string {
  const cuerpo = html.slice(html.indexOf('<body'));
  return cuerpo
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<([a-z][a-z0-9]*)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The error lines the app logged since `desde` (an index into its log). */
const erroresRegistrados = (desde: number) => t.logs.slice(desde).filter((linea) => (linea.level as number) >= 50);

/** zod's and React Router's English, and what an internal error would leak. */
const FUGAS =
  /Too (big|small)|Invalid input|expected|received|Required|Unexpected Server Error|Internal Server Error|Method Not Allowed|No route matches|You made a|Failed query|select |relation |\bat \w+ \(|\/work\/|node_modules|\.tsx?\b/i;

// One app for the whole file, without demo content: no test here needs data (invalid filters are
// answered before any query), and seeding is the slow part on a shared machine. Every test only
// reads, except the internal-error one, which puts the table back.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('pglite', { seed: false, logs: true });
});
afterAll(() => t.close());

describe('textos del spec en inglés, marcados lang="en"', () => {
  it.each([
    // 'Back to Login' shows there after the sign-out's POST (tests/http/sesiones.test.ts).
    ['/sign-out', ['Signing out...']],
    ['/unauthorized', ['403 - You Shall Not Pass', 'Back to Login']],
    ['/notfound', ['404 - Ooops, Something Went Wrong', 'Back to Home']],
    ['/una-pagina-que-no-existe', ['404 - Ooops, Something Went Wrong', 'Back to Home']],
  ])('%s', async (url, textos) => {
    const res = await t.app.inject({ url });
    expect(res.body).toContain('<html lang="es-AR"');
    for (const texto of textos) {
      const etiquetas = etiquetasCon(res.body, texto);
      expect(etiquetas, texto).not.toEqual([]);
      for (const etiqueta of etiquetas) expect(etiqueta, texto).toMatch(/\blang="en"/);
    }
  });

  it('la página de error: el título del spec en inglés, el detalle en castellano, sin el mensaje interno', async () => {
    // A POST to a page without an action: React Router answers 405 with an English explanation
    // naming the route module; the page must show neither. A visitor's mistake, not ours: the log
    // says it at info, with the status and the path, never at error level.
    const desde = t.logs.length;
    const res = await t.app.inject({ method: 'POST', url: '/home', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(erroresRegistrados(desde)).toEqual([]);
    expect(t.logs.slice(desde)).toContainEqual(expect.objectContaining({ level: 30, status: 405, metodo: 'POST', ruta: '/home' }));
    expect(res.statusCode).toBe(405);
    const etiquetas = etiquetasCon(res.body, 'Unexpected Application Error!');
    expect(etiquetas).toHaveLength(1);
    expect(etiquetas[0]).toMatch(/^<h1\b[^>]*\blang="en"/);
    const texto = textoEnCastellano(res.body);
    expect(texto).toContain(httpErrorMessage(405));
    expect(texto).not.toMatch(FUGAS);
    expect(texto).not.toContain('routes/home');
  });
});

describe('mensajes de validación y errores en castellano', () => {
  const PAGINA = 'Escribí un número de página entre 1 y 100.000, o dejalo vacío para ver la primera.';

  it('/consulta-ordenanzas?pagina=999999: 400, el mensaje en castellano y lo escrito en su campo', async () => {
    const res = await t.app.inject({ url: '/consulta-ordenanzas?pattern=residuos&pagina=999999' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<title>Error: /);
    const texto = textoEnCastellano(res.body);
    expect(texto).toContain(`Página: ${PAGINA}`);
    expect(texto).not.toMatch(FUGAS);
    // The summary links to a field that exists and keeps what came in the address.
    expect(res.body).toContain('href="#pagina"');
    const campo = /<input\b[^>]*\bid="pagina"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(campo).toContain('value="999999"');
    expect(campo).toContain('aria-invalid="true"');
    expect(campo).toContain('aria-describedby="pagina-error"');
    expect(/<input\b[^>]*\bid="pattern"[^>]*>/.exec(res.body)?.[0]).toContain('value="residuos"');
  });

  it.each(['numero=12a', 'numero=99999999999', 'anio=dosmil', `pattern=${'x'.repeat(300)}`, 'estado=7', 'pagina=-1', 'pagina=abc'])(
    '/consulta-ordenanzas?%s: mensajes en castellano',
    async (query) => {
      const res = await t.app.inject({ url: `/consulta-ordenanzas?${query}` });
      expect(res.statusCode).toBe(400);
      const resumen = /<div class="resumen-errores"[\s\S]*?<\/ul>/.exec(res.body)?.[0] ?? '';
      const mensajes = [...resumen.matchAll(/<a href="#[a-z]+">([\s\S]*?)<\/a>/g)].map((m) => m[1]!.replace(/<!-- -->/g, ''));
      expect(mensajes).toHaveLength(1);
      for (const mensaje of mensajes) expect(problemasDeIdioma(mensaje)).toEqual([]);
      expect(textoEnCastellano(res.body)).not.toMatch(FUGAS);
    },
  );

  it('la API de ordenanzas da el mismo mensaje en castellano', async () => {
    const res = await t.app.inject({ url: '/api/v1/ordenanzas?pagina=999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errores: { pagina: PAGINA } });
  });

  it('un error interno: 500 en castellano, sin SQL, mensaje ni ruta de archivo', async () => {
    // The ordinance page's loader reads the table directly; without it, the query fails.
    await t.database.db.execute(sql`alter table ordenanzas rename to ordenanzas_fuera_de_servicio`);
    try {
      const desde = t.logs.length;
      const res = await t.app.inject({ url: '/consulta-ordenanzas/2024/100?pattern=secreto' });
      // The operators get the error in the log, without the query string or the query's parameters.
      const errores = erroresRegistrados(desde);
      expect(errores).not.toEqual([]);
      expect(JSON.stringify(t.logs.slice(desde))).not.toContain('secreto');
      expect(res.statusCode).toBe(500);
      expect(etiquetasCon(res.body, 'Unexpected Application Error!')[0]).toMatch(/\blang="en"/);
      const texto = textoEnCastellano(res.body);
      expect(texto).toContain(httpErrorMessage(500));
      expect(texto).not.toMatch(FUGAS);
      expect(res.body).not.toMatch(/ordenanzas_fuera_de_servicio|does not exist|no existe la relación/);
    } finally {
      await t.database.db.execute(sql`alter table ordenanzas_fuera_de_servicio rename to ordenanzas`);
    }
  });
});

// Every field of the public forms, as the server renders them, with and without errors
//: a label whose text is the field's name, aria-describedby pointing only at ids that
// exist in the page, aria-invalid with an error to read, and the required mark hidden from the
// accessible name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('pglite', { seed: false });
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The opening tags of the controls a person fills in (hidden inputs and buttons are not). */
function controles(html: string): string[] {
  const formularios = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).join('');
  return [...formularios.matchAll(/<(input|select|textarea)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\btype="(hidden|submit|button)"/.test(tag));
}

const atributo = (tag: string, nombre: string) => new RegExp(`\\s${nombre}="([^"]*)"`).exec(tag)?.[1];

/** A label's text as a screen reader reads it: without what is aria-hidden. */
function etiqueta(html: string, id: string): string | undefined {
  const label = new RegExp(`<label\\b[^>]*\\sfor="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html)?.[1];
  if (label === undefined) return undefined;
  return label
    .replace(/<(\w+)\b[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
}

function revisar(html: string, esperadas: Record<string, string>) {
  const vistos: Record<string, string> = {};
  for (const tag of controles(html)) {
    const id = atributo(tag, 'id');
    expect(id, tag).toBeTruthy();
    const texto = etiqueta(html, id!);
    expect(texto, `etiqueta de #${id}`).toBeTruthy();
    vistos[id!] = texto!;
    const describe = atributo(tag, 'aria-describedby');
    for (const ref of describe?.split(' ') ?? []) expect(html, `#${id} describe con #${ref}`).toMatch(new RegExp(`\\sid="${ref}"`));
    if (atributo(tag, 'aria-invalid') === 'true') expect(describe ?? '', `#${id} inválido`).toContain(`${id}-error`);
  }
  // Pages in the site's layout also carry the header's site search (docs/decisions/049-buscador-del-sitio.md).
  const cabecera = html.includes('aria-label="En todo el sitio"') ? { 'buscar-en-el-sitio': 'Buscar en el sitio' } : {};
  expect(vistos).toEqual({ ...cabecera, ...esperadas });
}

const DECRETO = {
  nombre: 'Nombre',
  dni: 'DNI',
  email: 'Email',
  numero: 'Número de Decreto',
  ordenanza: 'Ordenanza',
  aclaraciones: 'Aclaraciones',
  sitio_web: 'No completes este campo',
};
const FILTROS = { estado: 'Estado', numero: 'Numero', anio: 'Año', pattern: 'Buscar en la descripción' };
const ALERTA = { email: 'Tu email', frecuencia: 'Cada cuánto' };

describe('cada campo de los formularios tiene su etiqueta y describe con ids que existen', () => {
  it('solicitud de decretos, vacía: los obligatorios con asterisco oculto, required y la leyenda', async () => {
    const res = await t.app.inject({ url: '/solicitud-decretos' });
    revisar(res.body, DECRETO);
    expect(res.body).toContain('Los campos con * son obligatorios.');
    for (const id of ['nombre', 'dni', 'email', 'numero']) {
      const tag = controles(res.body).find((c) => atributo(c, 'id') === id)!;
      expect(tag, id).toMatch(/\srequired=""/);
    }
    for (const id of ['ordenanza', 'aclaraciones'])
      expect(
        controles(res.body).find((c) => atributo(c, 'id') === id),
        id,
      ).not.toMatch(/\srequired/);
    expect(
      atributo(
        controles(res.body).find((c) => atributo(c, 'id') === 'ordenanza')!,
        'aria-describedby',
      ),
    ).toBe('ordenanza-ayuda');
  });

  it('solicitud de decretos con errores: ayuda y error, en ese orden', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/solicitud-decretos',
      headers: FORM,
      payload: 'nombre=&dni=&email=&numero=&ordenanzaNumero=abc',
      remoteAddress: '198.51.100.201',
    });
    expect(res.statusCode).toBe(400);
    revisar(res.body, DECRETO);
    const ordenanza = controles(res.body).find((c) => atributo(c, 'id') === 'ordenanza')!;
    expect(atributo(ordenanza, 'aria-describedby')).toBe('ordenanza-ayuda ordenanza-error');
    expect(atributo(ordenanza, 'aria-invalid')).toBe('true');
  });

  it('estado de la solicitud, con y sin error', async () => {
    const vacia = await t.app.inject({ url: '/solicitud-decretos/estado' });
    revisar(vacia.body, { codigo: 'Código de seguimiento' });
    expect(
      atributo(
        controles(vacia.body).find((c) => c.includes('id="codigo"'))!,
        'aria-describedby',
      ),
    ).toBe('codigo-ayuda');
    const desconocida = await t.app.inject({ url: '/solicitud-decretos/estado?codigo=SD-2026-AAA-BBB-CCC' });
    expect(desconocida.statusCode).toBe(404);
    revisar(desconocida.body, { codigo: 'Código de seguimiento' });
    expect(
      atributo(
        controles(desconocida.body).find((c) => c.includes('id="codigo"'))!,
        'aria-describedby',
      ),
    ).toBe('codigo-ayuda codigo-error');
    expect(desconocida.body).toMatch(/<p id="codigo-error" class="campo__error" role="alert">/);
  });

  it('aviso de una barrera (declaración de accesibilidad), con y sin errores', async () => {
    const BARRERA = {
      pagina: 'Página donde encontraste la barrera',
      descripcion: 'Qué pasó',
      tecnologia: 'Tecnología de apoyo que usás',
      nombre: 'Nombre',
      email: 'Correo electrónico',
      sitio_web: 'No completes este campo',
    };
    revisar((await t.app.inject({ url: '/accesibilidad' })).body, BARRERA);
    const res = await t.app.inject({ method: 'POST', url: '/accesibilidad', headers: FORM, payload: 'descripcion=&email=x', remoteAddress: '198.51.100.202' });
    expect(res.statusCode).toBe(400);
    revisar(res.body, BARRERA);
    const email = controles(res.body).find((c) => atributo(c, 'id') === 'email')!;
    expect(atributo(email, 'aria-describedby')).toBe('email-ayuda email-error');
  });

  it('alertas por correo, con y sin errores', async () => {
    revisar((await t.app.inject({ url: '/alertas' })).body, ALERTA);
    const errores = await t.app.inject({
      method: 'POST',
      url: '/alertas',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'tipo=boletines&email=no&frecuencia=x',
    });
    expect(errores.statusCode).toBe(400);
    revisar(errores.body, ALERTA);
    const email = controles(errores.body).find((c) => atributo(c, 'id') === 'email')!;
    expect(atributo(email, 'aria-describedby')).toBe('email-error');
    expect(atributo(email, 'autoComplete')).toBe('email');
  });

  it('buscador del sitio, con y sin errores (y el campo de página sólo con su error)', async () => {
    revisar((await t.app.inject({ url: '/buscar?q=sueldos' })).body, { q: 'Qué buscás' });
    const errores = await t.app.inject({ url: `/buscar?q=${'x'.repeat(201)}&pagina=40` });
    expect(errores.statusCode).toBe(400);
    expect(errores.body).toContain('aria-invalid="true"');
    revisar(errores.body, { q: 'Qué buscás', pagina: 'Página' });
  });

  it('consulta de ordenanzas, con y sin errores (y el campo de página sólo con su error)', async () => {
    const res = await t.app.inject({ url: '/consulta-ordenanzas' });
    // With results, the alert form follows them (docs/decisions/024-alertas.md).
    revisar(res.body, { ...FILTROS, ...ALERTA });
    const errores = await t.app.inject({ url: '/consulta-ordenanzas?estado=x&numero=a&anio=19&pattern=residuos&pagina=0' });
    expect(errores.statusCode).toBe(400);
    revisar(errores.body, { ...FILTROS, pagina: 'Página' });
    const pattern = controles(errores.body).find((c) => atributo(c, 'id') === 'pattern')!;
    expect(atributo(pattern, 'aria-describedby')).toBe('pattern-ayuda');
    expect(atributo(pattern, 'aria-invalid')).toBeUndefined();
  });
});

// Every page the server sends is valid HTML (docs/architecture.md, "HTML válido"): the sitemap's
// pages and every page a visitor reaches from them, every back-office page as each role sees it
// (the 403 of a section it may not open included), each with its forms' error and empty states,
// checked by the W3C's Nu Html Checker in one start. A page added to app/routes.ts that no crawl
// reaches fails here until it is: the check covers the next services' pages by construction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCategoriaPorCodigo, listPlantillas } from '#domain/reclamos/catalogo.ts';
import { valorFechaYHora } from '#domain/shared/fechas.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { ADMIN, EDITOR, FORM, MESA, ingresar } from '#tests/setup/panel.ts';
import { insertReclamo } from '#tests/setup/reclamos.ts';
import { RUTAS_DE_PAGINA, type Visita, recorrer } from '#tests/setup/recorrido.ts';
import { type ServidorSmtp, esperarHasta, iniciarSmtp, legible } from '#tests/setup/smtp.ts';
import { validarHtml } from '#tests/setup/validador-html.ts';

const form = (campos: Record<string, unknown>) => new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();

/** A document with the error that filled the back-office lists, so the check proves it still sees one. */
const TESTIGO = {
  nombre: 'testigo: un rol en una celda',
  html: '<!DOCTYPE html><html lang="es"><head><title>Testigo</title></head><body><table><tr><td role="cell">1</td></tr></table></body></html>',
};

describe('HTML válido en cada página (Nu Html Checker)', () => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  beforeAll(async () => {
    smtp = await iniciarSmtp();
    t = await createTestApp('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.cerrar();
  });

  it('el sitio público y el panel de cada rol, en cada estado que sus tests abren, no tienen errores', async () => {
    const post = (url: string, campos: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: FORM, payload: form(campos) });
    const extras: Visita[] = [];
    const anotar = (url: string, html: string, estado: number) =>
      extras.push({ nombre: `POST ${url} (visitante, ${estado})`, html, url, ruta: '', estado, quien: 'visitante' });

    // The answers of a citizen's forms done right: the decree request's tracking page, an alert, a barrier report.
    const solicitud = await post('/solicitud-decretos', solicitudValida());
    expect(solicitud.statusCode).toBe(200);
    anotar('/solicitud-decretos', solicitud.body, solicitud.statusCode);
    const codigo = /SD-\d{4}(-[2-9A-HJ-NP-Z]{3}){3}/.exec(solicitud.body)?.[0];
    expect(codigo).toBeDefined();
    const alerta = await post('/alertas', { tipo: 'ordenanzas', email: 'vecina.alertas@correo.com.ar', frecuencia: 'inmediata', pattern: 'residuos' });
    anotar('/alertas', alerta.body, alerta.statusCode);
    // The subscription's own pages with the secret its mail carries: to confirm, confirmed, and to manage.
    let token: string | undefined;
    await esperarHasta(() => {
      const mail = smtp.mensajes.find((m) => m.para.includes('vecina.alertas@correo.com.ar'));
      token = mail && /alertas\/confirmar\?token=([A-Za-z0-9_-]+)/.exec(legible(mail.datos))?.[1];
      return token !== undefined;
    });
    const confirmada = await post(`/alertas/confirmar?token=${token}`, {});
    anotar('/alertas/confirmar', confirmada.body, confirmada.statusCode);
    const barrera = await post('/accesibilidad', {
      pagina: '/consulta-ordenanzas',
      descripcion: 'La tabla de resultados no se lee con el lector de pantalla.',
      tecnologia: 'NVDA con Firefox',
      nombre: 'Marta Ríos',
      email: 'marta.rios@correo.com.ar',
    });
    anotar('/accesibilidad', barrera.body, barrera.statusCode);

    // A scheduled ordinance, so the crawl opens the pending publication's page, its steps and its preview
    // (docs/decisions/053-borradores-y-publicacion-programada.md).
    const programada = await t.app.inject({
      method: 'POST',
      url: '/admin/ordenanzas/nueva',
      headers: { ...FORM, cookie: `__Host-vla_sesion=${await ingresar(t, ADMIN)}` },
      payload: form({
        intent: 'guardar',
        numero: 9901,
        anio: 2026,
        estado: 2,
        descripcion: 'Ordenanza programada para la prueba de HTML',
        publicacion: 'programar',
        publicarEn: valorFechaYHora(new Date(Date.now() + 7 * 86_400_000)),
      }),
    });
    expect(programada.statusCode).toBe(303);

    // The reports' catalogue (docs/decisions/057-reclamos.md): a category with a question, so its edit page shows a filled row;
    // the category form with its errors, and the Open311 key shown once.
    const sesionAdmin = await ingresar(t, ADMIN);
    const comoAdmin = (url: string, campos: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: `__Host-vla_sesion=${sesionAdmin}` }, payload: form(campos) });
    const anotarAdmin = (url: string, html: string, estado: number) =>
      extras.push({ nombre: `POST ${url} (administrador, ${estado})`, html, url, ruta: '', estado, quien: 'administrador' });
    const categoria = await comoAdmin('/admin/reclamos/categorias/nueva', {
      nombre: 'Categoría de la prueba de HTML',
      pregunta_etiqueta_1: 'Tamaño',
      pregunta_tipo_1: 'opcion',
      pregunta_opciones_1: 'Chico\nGrande',
    });
    expect(categoria.statusCode).toBe(303);
    const categoriaMal = await comoAdmin('/admin/reclamos/categorias/nueva', { nombre: '', radioDuplicadosM: '0', pregunta_etiqueta_1: 'Sin tipo' });
    expect(categoriaMal.statusCode).toBe(400);
    anotarAdmin('/admin/reclamos/categorias/nueva', categoriaMal.body, categoriaMal.statusCode);
    const clave = await comoAdmin('/admin/reclamos/claves-open311', { intent: 'emitir', nombre: 'Prueba de HTML' });
    expect(clave.statusCode).toBe(200);
    anotarAdmin('/admin/reclamos/claves-open311', clave.body, clave.statusCode);
    const plantillaMal = await comoAdmin('/admin/reclamos/plantillas', { intent: 'crear', estado: '', nombre: '', texto: '{otro}' });
    expect(plantillaMal.statusCode).toBe(400);
    anotarAdmin('/admin/reclamos/plantillas', plantillaMal.body, plantillaMal.statusCode);
    // The staff's desk of reports: a report the queue links to (the crawl opens its page), its forms
    // answered with errors and with a template filled in, and the filters refused.
    const bache = await getCategoriaPorCodigo(t.database.db, 'bache');
    const reclamo = await insertReclamo(t.context, { categoriaId: bache!.id, barrio: 'El Cruce' });
    const urlReclamo = `/admin/reclamos/${reclamo.codigo}`;
    const estadoMal = await comoAdmin(urlReclamo, { intent: 'estado', estadoEsperado: 'recibido', estado: 'no_corresponde' });
    expect(estadoMal.statusCode).toBe(400);
    anotarAdmin(urlReclamo, estadoMal.body, estadoMal.statusCode);
    const [plantillaEnCurso] = (await listPlantillas(t.database.db, 'en_curso')) ?? [];
    const conPlantilla = await comoAdmin(urlReclamo, { intent: 'usar-plantilla', plantilla: String(plantillaEnCurso!.id) });
    expect(conPlantilla.statusCode).toBe(200);
    anotarAdmin(urlReclamo, conPlantilla.body, conPlantilla.statusCode);
    const fusionMal = await comoAdmin(urlReclamo, { intent: 'fusionar', original: 'RC-2026-NO-EXISTE' });
    anotarAdmin(urlReclamo, fusionMal.body, fusionMal.statusCode);
    for (const url of ['/admin/reclamos?estado=borrado&desde=ayer', '/admin/reclamos/mapa-de-calor?desde=2026-02-31']) {
      const mal = await t.app.inject({ url, headers: { cookie: `__Host-vla_sesion=${sesionAdmin}` } });
      expect(mal.statusCode, url).toBe(400);
      extras.push({ nombre: `GET ${url} (administrador, 400)`, html: mal.body, url, ruta: '', estado: 400, quien: 'administrador' });
    }

    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    const delSitemap = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(delSitemap.length).toBeGreaterThan(15);
    const publico = await recorrer(t, {
      quien: 'visitante',
      semillas: delSitemap,
      estados: [
        `/solicitud-decretos/estado?codigo=${codigo}`,
        '/solicitud-decretos/estado?codigo=SD-2020-999999',
        '/solicitud-decretos/estado?codigo=hola',
        '/consulta-ordenanzas?pattern=residuos',
        '/consulta-ordenanzas?anio=1800',
        '/login',
        '/unauthorized',
        '/sign-out',
        '/notfound',
        '/una-pagina-que-no-existe',
        '/alertas',
        `/alertas/confirmar?token=${token}`,
        `/alertas/gestion?token=${token}`,
        '/alertas/confirmar?token=no-es-un-token',
        '/alertas/gestion?token=no-es-un-token',
        '/alertas/baja?token=no-es-un-token',
        '/admin/clave?token=no-es-un-token',
        '/recoleccion/centro',
        '/recoleccion/centro?mes=2026-13',
        '/mi-calle/avisos/confirmar?token=no-es-un-token',
        '/mi-calle/avisos/gestion?token=no-es-un-token',
        '/mi-calle/avisos/baja?token=no-es-un-token',
        '/reclamos?estado=abierto',
        '/reclamos?codigo=hola',
        '/reclamos/RC-2026-ZZZ-ZZZ-ZZZ',
        '/reclamos/nuevo',
        '/reclamos/nuevo?categoria=luminaria-apagada',
        '/reclamos/nuevo?categoria=no-existe',
        '/reclamos/baja?token=no-es-un-token',
        '/reclamos/consulta?token=no-es-un-token&respuesta=si',
      ],
      seguir: (u) => !u.pathname.startsWith('/admin'),
    });

    // The administrator reaches every section; the others open the same addresses (a 403 where their role may not) and their own links.
    const panel: Visita[] = [];
    let direccionesDelPanel: string[] = ['/admin'];
    for (const [quien, cuenta] of [
      ['administrador', ADMIN],
      ['editor', EDITOR],
      ['mesa-de-entradas', MESA],
    ] as const) {
      const visitas = await recorrer(t, {
        quien,
        sesion: await ingresar(t, cuenta),
        semillas: direccionesDelPanel,
        seguir: (u) => u.pathname.startsWith('/admin') || u.pathname === '/sign-out',
      });
      if (quien === 'administrador') direccionesDelPanel = [...new Set(visitas.filter((v) => v.url.startsWith('/admin')).map((v) => v.url.split('?')[0]!))];
      panel.push(...visitas);
    }

    const documentos = [TESTIGO, ...publico, ...extras, ...panel];
    const inicio = performance.now();
    const informe = await validarHtml(documentos);
    const segundos = ((performance.now() - inicio) / 1000).toFixed(1);

    // The check sees an error when there is one.
    expect(informe.get(TESTIGO.nombre)?.map((e) => e.mensaje)).toEqual([expect.stringContaining('The “role” attribute must not be used on a “td” element')]);

    // Every page of the route table was opened by someone (a new page needs a link, a form or a first address here).
    const abiertas = new Set([...publico, ...panel].map((v) => v.ruta));
    expect(RUTAS_DE_PAGINA.filter((ruta) => !abiertas.has(ruta))).toEqual([]);

    const paginas = documentos.filter((d) => d !== TESTIGO);
    const conErrores = paginas
      .map((d) => ({ nombre: d.nombre, errores: informe.get(d.nombre) ?? [] }))
      .filter((p) => p.errores.length > 0)
      .map(
        (p) =>
          `${p.nombre}: ${p.errores.length} errores\n${p.errores.map((e) => `  ${e.linea}:${e.columna} ${e.mensaje}\n    ${e.fragmento ?? ''}`).join('\n')}`,
      );
    console.log(
      `Nu Html Checker: ${paginas.length} documentos (${publico.length + extras.length} públicos, ${panel.length} del panel con los tres roles), ` +
        `${abiertas.size} rutas, ${paginas.length - conErrores.length} sin errores, ${conErrores.length} con errores (validados en ${segundos} s).`,
    );
    expect(conErrores.join('\n')).toBe('');
  }, 300_000);
});

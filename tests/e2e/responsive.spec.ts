// Phones and desktops: no public page scrolls sideways at 320, 390 or 1366 px, tables
// stack into cards on phones, dates and file numbers never break. Axe runs here at 320 px; each
// page's own spec runs it at 390 and 1366 px.
import type { Page } from '@playwright/test';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const ANCHOS = [
  { nombre: '320 px', width: 320, height: 640 },
  { nombre: '390 px', width: 390, height: 844 },
  { nombre: '1366 px', width: 1366, height: 900 },
] as const;

// Every public page of the sitemap, the others people reach, and the states that change a
// page's layout: results, errors, a long word.
const PAGINAS = [
  ...PAGINAS_PUBLICAS,
  '/consulta-ordenanzas?pattern=residuos',
  `/consulta-ordenanzas?anio=19&pattern=${'palabrasinespaciosquenocabe'.repeat(4)}`,
  '/consulta-ordenanzas/2024/100',
  '/solicitud-decretos/estado?codigo=SD-2000-000001',
  '/reclamos/nuevo?categoria=bache',
  '/login',
  '/sign-out',
  '/unauthorized',
  '/una-pagina-que-no-existe',
];

/** What sticks out sideways: the page itself, or any box that scrolls sideways inside it. */
async function desbordes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raiz = document.documentElement;
    const problemas: string[] = [];
    const nombre = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
    if (raiz.scrollWidth > raiz.clientWidth) {
      const culpables = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > raiz.clientWidth + 0.5).map(nombre);
      problemas.push(`la página mide ${raiz.scrollWidth} px de ancho en ${raiz.clientWidth} px: ${culpables.slice(-5).join(', ')}`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        problemas.push(`${nombre(el)} se desplaza de costado (${el.scrollWidth} px en ${el.clientWidth} px)`);
    }
    return problemas;
  });
}

// One load per page: the page opens at 320 px (where axe runs) and is then widened, since the
// styles at each width are what is checked; three loads per page were a third of this suite's time.
for (const ruta of PAGINAS) {
  test(`${ruta}: sin desplazamiento lateral a 320, 390 y 1366 px, y accesible a 320 px`, async ({ page }) => {
    for (const [i, ancho] of ANCHOS.entries()) {
      await test.step(ancho.nombre, async () => {
        await page.setViewportSize({ width: ancho.width, height: ancho.height });
        if (i === 0) await page.goto(ruta);
        expect(await desbordes(page), `a ${ancho.nombre}`).toEqual([]);
        if (i === 0) await expectAccessible(page);
      });
    }
  });
}

test.describe('sin JavaScript, en un teléfono de 320 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

  for (const ruta of ['/', '/consulta-ordenanzas?pattern=residuos', '/boletines-oficiales', '/observatorio-vial']) {
    test(`${ruta}: sin desplazamiento lateral`, async ({ page }) => {
      await page.goto(ruta);
      expect(await desbordes(page)).toEqual([]);
    });
  }
});

test.describe('en computadora', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('fechas y expedientes nunca se cortan en dos renglones', async ({ page }) => {
    for (const ruta of ['/consulta-ordenanzas', '/consulta-ordenanzas?pattern=residuos', '/estados-contables']) {
      await page.goto(ruta);
      const cortadas = await page.evaluate(() =>
        [...document.querySelectorAll('td')]
          .filter((td) => /^\s*(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}|[\p{L}\d]+[-/][\d/-]+)\s*$/u.test(td.textContent ?? ''))
          .filter((td) => {
            const rango = document.createRange();
            rango.selectNodeContents(td);
            return new Set([...rango.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          })
          .map((td) => td.textContent),
      );
      expect(cortadas, ruta).toEqual([]);
    }
  });
});

test.describe('el botón Consultar del estado de la solicitud', () => {
  test('queda en la línea del campo del código', async ({ page, request }) => {
    const res = await request.post('/api/v1/solicitudes-decreto', { data: solicitudValida() });
    expect(res.status()).toBe(201);
    const { codigo } = (await res.json()) as { codigo: string };
    for (const ancho of [ANCHOS[1], ANCHOS[2]]) {
      await page.setViewportSize(ancho);
      await page.goto(`/solicitud-decretos/estado?codigo=${codigo}`);
      await expect(page.getByRole('heading', { level: 2, name: `Solicitud ${codigo}` })).toBeVisible();
      const campo = (await page.getByLabel('Código de seguimiento').boundingBox())!;
      const boton = (await page.getByRole('button', { name: 'Consultar' }).boundingBox())!;
      // Side by side with the same top and height, or (on a narrow phone) right below it.
      const alLado = Math.abs(boton.y - campo.y) <= 1 && Math.abs(boton.height - campo.height) <= 1 && boton.x >= campo.x + campo.width;
      const debajo = Math.abs(boton.x - campo.x) <= 1 && boton.y >= campo.y + campo.height;
      expect(alLado || debajo, `${ancho.nombre}: campo ${JSON.stringify(campo)}, botón ${JSON.stringify(boton)}`).toBe(true);
      if (ancho.width >= 390) expect(alLado, ancho.nombre).toBe(true);
      await expectAccessible(page);
    }
  });
});

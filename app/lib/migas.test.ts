import { describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { migasDe, migasJsonLd } from './migas.ts';

type Ruta = { file: string; path?: string; index?: boolean; children?: Ruta[] };

/**
 * Pages of the site's layout with no trail of their own: the home, and the employees' door, which
 * moves on to an external service at once.
 */
const SIN_MIGAS = new Set(['routes/home.tsx', 'routes/acceso-empleados.ts']);

describe('migas de pan', () => {
  it('cada página del diseño público, salvo el inicio, tiene su camino (una página nueva sin él hace fallar este test)', () => {
    const publico = (routes as Ruta[]).find((r) => r.file === 'routes/layout.tsx')!;
    // A layout without an address (the alerts' column, app/routes/alertas/marco.tsx) adds pages, not a step.
    const aplanar = (rutas: Ruta[]): Ruta[] => rutas.flatMap((r) => (r.path === undefined && !r.index && r.children ? aplanar(r.children) : [r]));
    const paginas = aplanar(publico.children!).filter((r) => !SIN_MIGAS.has(r.file));
    expect(paginas.length).toBeGreaterThan(10);
    for (const r of paginas) {
      const ruta = `/${r.path!.replace(/:\w+/g, '2026')}`;
      const migas = migasDe(ruta);
      expect(migas, `${r.file} (${ruta})`).not.toBeNull();
      expect(migas![0], ruta).toEqual({ titulo: 'Inicio', href: '/' });
      expect(migas!.at(-1)!.href, ruta).toBeUndefined();
    }
    expect(migasDe('/')).toBeNull();
    expect(migasDe('/home')).toBeNull();
    expect(migasDe('/no-existe')).toBeNull();
    expect(migasDe('/areas/')).toEqual(migasDe('/areas'));
  });

  it('el JSON-LD no puede cerrar su elemento script', () => {
    const texto = migasJsonLd([{ titulo: 'Inicio', href: '/' }, { titulo: '</script><script>alert(1)</script>' }], '/x', (p) => `https://sitio${p}`);
    expect(texto).not.toContain('<');
    expect(JSON.parse(texto)).toMatchObject({
      itemListElement: [{ item: 'https://sitio/' }, { name: '</script><script>alert(1)</script>', item: 'https://sitio/x' }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { SECCIONES } from './secciones.ts';
import { SECCIONES_CON_RETIRADOS } from './retirados.server.ts';

// The «Retirados» page is declared in the sections' registry and served by one loader that knows
// each section's kinds (docs/decisions/054-retirados-restaurables.md): the two lists must agree.
describe('las páginas de retirados', () => {
  it('cada sección que restaura declara su página en el registro, con su dirección, y ninguna otra la declara', () => {
    const ARCHIVO = 'routes/admin/retirados.tsx';
    const declaradas = SECCIONES.filter((s) => s.paginas.some((p) => p.archivo === ARCHIVO));
    expect(declaradas.map((s) => s.id).sort()).toEqual([...SECCIONES_CON_RETIRADOS].sort());
    for (const s of declaradas) expect(s.paginas.find((p) => p.archivo === ARCHIVO)!.ruta, s.id).toBe(`${s.id}/retirados`);
  });
});

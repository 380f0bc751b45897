import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration, applied to code as if it were in the named file.
const eslint = new ESLint();
async function problemas(archivo: string, codigo: string): Promise<string[]> {
  const [resultado] = await eslint.lintText(codigo, { filePath: archivo });
  return resultado!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('fronteras entre capas y módulos (eslint)', () => {
  it('un módulo de domain/ usa sólo domain/shared, sí mismo y lo que declara en su module.json', async () => {
    // domain/gobierno declares documentos and auditoria (its back-office audits each change) and sitio (withdrawn content).
    const [mensaje] = await problemas(
      'domain/gobierno/nuevo.ts',
      "import { getOrdenanza } from '#domain/ordenanzas/queries.ts';\nexport const f = getOrdenanza;",
    );
    expect(mensaje).toMatch(
      /domain\/gobierno usa sólo domain\/shared, sí mismo y lo que declara en domain\/gobierno\/module.json \(documentos, auditoria, sitio\)/,
    );
    expect(
      await problemas(
        'domain/gobierno/nuevo.ts',
        "import { storeDocumento } from '#domain/documentos/commands.ts';\nimport { systemClock } from '#domain/shared/context.ts';\nexport const f = [storeDocumento, systemClock];",
      ),
    ).toEqual([]);
    // decretos declares correo, ordenanzas and sitio.
    expect(
      await problemas('domain/decretos/nuevo.ts', "import { getSiteSettings } from '#domain/sitio/settings.ts';\nexport const f = getSiteSettings;"),
    ).toEqual([]);
    expect(await problemas('domain/decretos/nuevo.ts', "import { listAreas } from '#domain/gobierno/queries.ts';\nexport const f = listAreas;")).toHaveLength(
      1,
    );
  });

  it('domain/ no importa páginas, servidor, React ni Fastify; nadie sube con ../ en lugar del alias', async () => {
    expect(await problemas('domain/ordenanzas/nuevo.ts', "import { useState } from 'react';\nexport const f = useState;")).toHaveLength(1);
    expect(await problemas('domain/ordenanzas/nuevo.ts', "import Fastify from 'fastify';\nexport const f = Fastify;")).toHaveLength(1);
    expect(await problemas('domain/ordenanzas/nuevo.ts', "import { SITE_NAME } from '#app/lib/meta.ts';\nexport const f = SITE_NAME;")).toHaveLength(1);
    const [subir] = await problemas('server/nuevo.ts', "import { getOrdenanza } from '../domain/ordenanzas/queries.ts';\nexport const f = getOrdenanza;");
    expect(subir).toContain('Usá el alias (#domain/…, #db/…, #app/…) en lugar de ../');
    expect(await problemas('server/nuevo.ts', "import { getOrdenanza } from '#domain/ordenanzas/queries.ts';\nexport const f = getOrdenanza;")).toEqual([]);
    expect(await problemas('db/nuevo.ts', "import { getOrdenanza } from '#domain/ordenanzas/queries.ts';\nexport const f = getOrdenanza;")).toHaveLength(1);
  });
});

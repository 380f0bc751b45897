import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import * as schema from '#db/schema/index.ts';

// The project's own lint configuration, applied to code as if it were in the named file.
const eslint = new ESLint();
async function problemas(archivo: string, codigo: string): Promise<string[]> {
  const [resultado] = await eslint.lintText(codigo, { filePath: archivo });
  return resultado!.messages.filter((m) => m.ruleId === 'modulos/tablas-propias').map((m) => m.message);
}

type Manifiesto = { uses: string[]; tables?: string[]; reads?: string[]; writes?: string[] };
const manifiestos = Object.fromEntries(
  fs
    .readdirSync('domain', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => [d.name, JSON.parse(fs.readFileSync(path.join('domain', d.name, 'module.json'), 'utf8')) as Manifiesto]),
);

describe('cada tabla tiene un módulo dueño (eslint)', () => {
  it('toda tabla de db/schema está en "tables" de exactamente un módulo', () => {
    const tablas = Object.entries(schema)
      .filter(([, valor]) => is(valor, PgTable))
      .map(([nombre]) => nombre)
      .sort();
    const declaradas = Object.values(manifiestos)
      .flatMap((m) => m.tables ?? [])
      .sort();
    expect(declaradas).toEqual(tablas);
  });

  it('lo que un módulo lee o escribe de otro es de un módulo que declara en "uses"', () => {
    const duenos = new Map(Object.entries(manifiestos).flatMap(([modulo, m]) => (m.tables ?? []).map((t) => [t, modulo] as const)));
    for (const [modulo, m] of Object.entries(manifiestos)) {
      for (const tabla of [...(m.reads ?? []), ...(m.writes ?? [])]) {
        const dueno = duenos.get(tabla);
        expect(dueno, `${modulo} declara ${tabla}`).toBeDefined();
        expect(dueno === 'shared' || m.uses.includes(dueno!), `domain/${modulo} lee ${tabla} de domain/${dueno} sin declararlo en "uses"`).toBe(true);
      }
    }
  });

  it('un módulo no consulta la tabla de otro: usa sus funciones', async () => {
    const [mensaje] = await problemas(
      'domain/gobierno/nuevo.ts',
      "import { ordenanzas } from '#db/schema/index.ts';\nexport const f = (db) => db.select().from(ordenanzas);",
    );
    expect(mensaje).toBe(
      'domain/gobierno no consulta la tabla ordenanzas de domain/ordenanzas: usá las funciones que exporta domain/ordenanzas (o declarala en "reads" de domain/gobierno/module.json si sólo la une en una lectura).',
    );
    // The owner, a type or a constant of the schema, and a test setting up data are fine.
    expect(await problemas('domain/ordenanzas/nuevo.ts', "import { ordenanzas } from '#db/schema/index.ts';\nexport const f = ordenanzas;")).toEqual([]);
    expect(
      await problemas('domain/alertas/nuevo.ts', "import type { BusquedaGuardada } from '#db/schema/index.ts';\nexport type B = BusquedaGuardada;"),
    ).toEqual([]);
    expect(await problemas('domain/plazos/nuevo.ts', "import { TIPOS_FERIADO } from '#db/schema/plazos.ts';\nexport const f = TIPOS_FERIADO;")).toEqual([]);
    expect(await problemas('domain/gobierno/nuevo.test.ts', "import { ordenanzas } from '#db/schema/index.ts';\nexport const f = ordenanzas;")).toEqual([]);
    // The whole schema at once cannot be checked, so it is refused.
    expect(await problemas('domain/gobierno/nuevo.ts', "import * as schema from '#db/schema/index.ts';\nexport const f = schema;")).toHaveLength(1);
  });

  it('una tabla declarada en "reads" se une en una lectura pero no se escribe', async () => {
    // domain/finanzas reads documentos (the size and type of each statement's PDF).
    const lectura =
      "import { eq } from 'drizzle-orm';\nimport { documentos, sueldos } from '#db/schema/index.ts';\n" +
      'export const f = (db) => db.select({ tamano: documentos.tamano }).from(sueldos).innerJoin(documentos, eq(documentos.id, sueldos.documentoId));';
    expect(await problemas('domain/finanzas/nuevo.ts', lectura)).toEqual([]);
    for (const escritura of ['tx.delete(documentos)', 'tx.update(documentos).set({ publico: false })', 'tx.insert(documentos).values({})']) {
      const codigo = `import { documentos } from '#db/schema/index.ts';\nexport const f = (tx) => ${escritura};`;
      expect(await problemas('domain/finanzas/nuevo.ts', codigo)).toEqual([
        'domain/finanzas no escribe la tabla documentos de domain/documentos: usá los comandos de domain/documentos.',
      ]);
    }
  });
});

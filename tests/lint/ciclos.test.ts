import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Strongly connected groups of more than one node: each is at least one cycle.
function ciclos(grafo: ReadonlyMap<string, readonly string[]>): string[][] {
  let siguiente = 0;
  const indice = new Map<string, number>();
  const bajo = new Map<string, number>();
  const pila: string[] = [];
  const enPila = new Set<string>();
  const grupos: string[][] = [];
  const visitar = (v: string) => {
    indice.set(v, siguiente);
    bajo.set(v, siguiente++);
    pila.push(v);
    enPila.add(v);
    for (const w of grafo.get(v) ?? []) {
      if (!indice.has(w)) {
        visitar(w);
        bajo.set(v, Math.min(bajo.get(v)!, bajo.get(w)!));
      } else if (enPila.has(w)) bajo.set(v, Math.min(bajo.get(v)!, indice.get(w)!));
    }
    if (bajo.get(v) === indice.get(v)) {
      const grupo: string[] = [];
      let w: string;
      do {
        w = pila.pop()!;
        enPila.delete(w);
        grupo.push(w);
      } while (w !== v);
      if (grupo.length > 1) grupos.push(grupo.sort());
    }
  };
  for (const v of grafo.keys()) if (!indice.has(v)) visitar(v);
  return grupos;
}

describe('sin ciclos de dependencias', () => {
  it('entre módulos de domain/ (los "uses" de cada module.json)', () => {
    const grafo = new Map(
      fs
        .readdirSync('domain', { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => [d.name, (JSON.parse(fs.readFileSync(path.join('domain', d.name, 'module.json'), 'utf8')) as { uses: string[] }).uses]),
    );
    expect(ciclos(grafo)).toEqual([]);
  });

  it('entre archivos de app/, domain/, server/ y db/, contando los import type', () => {
    // TypeScript's own resolution, which reads the #app/, #domain/… aliases of package.json.
    const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const archivos = config.fileNames.filter((f) => /^(app|domain|server|db)\//.test(path.relative('.', f)) && !/\.test\.tsx?$/.test(f));
    const conocidos = new Set(archivos.map((f) => path.resolve(f)));
    const grafo = new Map<string, string[]>();
    for (const archivo of archivos) {
      const fuente = ts.createSourceFile(archivo, fs.readFileSync(archivo, 'utf8'), ts.ScriptTarget.Latest, false);
      const destinos: string[] = [];
      for (const sentencia of fuente.statements) {
        if (!(ts.isImportDeclaration(sentencia) || ts.isExportDeclaration(sentencia)) || !sentencia.moduleSpecifier) continue;
        const nombre = (sentencia.moduleSpecifier as ts.StringLiteral).text;
        const resuelto = ts.resolveModuleName(nombre, archivo, config.options, ts.sys).resolvedModule;
        if (resuelto && conocidos.has(path.resolve(resuelto.resolvedFileName))) destinos.push(path.relative('.', resuelto.resolvedFileName));
      }
      grafo.set(path.relative('.', archivo), destinos);
    }
    expect(grafo.size).toBeGreaterThan(300);
    expect(ciclos(grafo)).toEqual([]);
  });
});

// docs/decisions/028-cierre-ordenado.md, «Migraciones compatibles»: during a rolling upgrade the
// version still running reads and writes the migrated database, so a migration only expands (new
// tables, nullable columns or columns with a default, indexes). What removes or changes what the
// running version uses (the contraction) goes in a later release, one statement at a time, each
// preceded by a `-- contracción: …` comment that says which release stopped using it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const carpeta = path.resolve('db/migrations');
/** The migrations written before the rule: grandfathered by name, every later one is checked. */
const ULTIMA_ANTERIOR_A_LA_REGLA = '0016_decretos_publicados.sql';
const MARCA_CONTRACCION = /^\s*--\s*contracción:\s*\S/im;

const DESTRUCTIVAS: [RegExp, string][] = [
  [/\bdrop\s+(table|schema|type|view|materialized\s+view|function|sequence|extension)\b/i, 'borra un objeto que la versión en marcha puede usar'],
  [/\bdrop\s+column\b/i, 'borra una columna que la versión en marcha puede leer o escribir'],
  [/\brename\b/i, 'cambia un nombre que la versión en marcha usa'],
  [/\balter\s+column\s+("[^"]+"|\w+)\s+(set\s+data\s+)?type\b/i, 'cambia el tipo de una columna'],
  [/\bset\s+not\s+null\b/i, 'vuelve obligatoria una columna que la versión en marcha puede dejar vacía'],
  [/\bdrop\s+default\b/i, 'quita un valor por defecto con el que la versión en marcha cuenta'],
  // A statement that starts with it: a trigger fires «on insert or … or truncate» without emptying anything.
  [/^truncate\b/i, 'vacía una tabla'],
];

/** A new column NOT NULL without a DEFAULT: the version in service inserts rows without it. */
const columnaObligatoriaSinDefecto = (sentencia: string) =>
  /\badd\s+column\b/i.test(sentencia) && /\bnot\s+null\b/i.test(sentencia) && !/\b(default|generated)\b/i.test(sentencia);

/** Why each statement of `texto` would break the version still running; empty if it only expands. */
export function problemasDeCompatibilidad(texto: string): string[] {
  const problemas: string[] = [];
  for (const bruta of texto.split('--> statement-breakpoint')) {
    if (MARCA_CONTRACCION.test(bruta)) continue;
    // Comments and quoted literals are not statements: a trigger's comment may say "rename".
    const sentencia = bruta
      .replace(/--[^\n]*/g, ' ')
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .replace(/'(?:[^']|'')*'/g, "''")
      .trim();
    if (!sentencia) continue;
    const resumen = sentencia.replace(/\s+/g, ' ').slice(0, 120);
    for (const [patron, motivo] of DESTRUCTIVAS) if (patron.test(sentencia)) problemas.push(`${motivo}: ${resumen}`);
    if (columnaObligatoriaSinDefecto(sentencia)) problemas.push(`agrega una columna NOT NULL sin DEFAULT: ${resumen}`);
  }
  return problemas;
}

describe('migraciones compatibles con la versión que sigue en marcha', () => {
  it('reconoce cada sentencia destructiva y deja pasar las que solo agregan', () => {
    const destructivas = [
      'DROP TABLE "ordenanzas";',
      'ALTER TABLE "ordenanzas" DROP COLUMN "descripcion";',
      'ALTER TABLE "ordenanzas" RENAME COLUMN "numero" TO "nro";',
      'ALTER TABLE "ordenanzas" RENAME TO "normas";',
      'ALTER TABLE "ordenanzas" ALTER COLUMN "anio" SET DATA TYPE integer;',
      'ALTER TABLE "ordenanzas" ALTER COLUMN "anio" TYPE bigint;',
      'ALTER TABLE "ordenanzas" ALTER COLUMN "expediente" SET NOT NULL;',
      'ALTER TABLE "ordenanzas" ALTER COLUMN "estado" DROP DEFAULT;',
      'ALTER TABLE "ordenanzas" ADD COLUMN "tema" text NOT NULL;',
      'TRUNCATE "outbox";',
      'drop view vista_publica',
    ];
    // A content-version trigger names TRUNCATE among its events: it empties nothing.
    expect(
      problemasDeCompatibilidad(
        'CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.t FOR EACH STATEMENT EXECUTE FUNCTION f();',
      ),
    ).toEqual([]);
    for (const sentencia of destructivas) expect(problemasDeCompatibilidad(sentencia), sentencia).toHaveLength(1);
    const expansiones = [
      'CREATE TABLE "temas" ("id" serial PRIMARY KEY NOT NULL, "nombre" text NOT NULL);',
      'ALTER TABLE "ordenanzas" ADD COLUMN "tema" text;',
      `ALTER TABLE "ordenanzas" ADD COLUMN "origen" text DEFAULT 'panel' NOT NULL;`,
      'CREATE INDEX "ordenanzas_tema_idx" ON "ordenanzas" USING btree ("tema");',
      `-- the old name is kept until the next release; nothing here renames it\nCOMMENT ON COLUMN ordenanzas.tema IS 'drop column later';`,
    ];
    for (const sentencia of expansiones) expect(problemasDeCompatibilidad(sentencia), sentencia).toEqual([]);
    // A contraction says so, statement by statement; the statement next to it is still checked.
    const contraccion = [
      '-- contracción: la versión 0.2 ya no lee "descripcion_vieja" (se expandió en la 0.1)\nALTER TABLE "ordenanzas" DROP COLUMN "descripcion_vieja";',
      'ALTER TABLE "ordenanzas" DROP COLUMN "otra";',
    ].join('--> statement-breakpoint\n');
    expect(problemasDeCompatibilidad(contraccion)).toEqual([expect.stringContaining('"otra"')]);
  });

  it('ninguna migración posterior a la regla rompe la versión anterior', () => {
    const archivos = fs
      .readdirSync(carpeta)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    // The grandfathered name is still there: a renumbering would otherwise exempt nothing, silently.
    expect(archivos).toContain(ULTIMA_ANTERIOR_A_LA_REGLA);
    const nuevas = archivos.filter((f) => f > ULTIMA_ANTERIOR_A_LA_REGLA);
    const problemas = nuevas.flatMap((f) => problemasDeCompatibilidad(fs.readFileSync(path.join(carpeta, f), 'utf8')).map((p) => `${f}: ${p}`));
    expect(problemas).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tablasPropias } from './eslint-rules/tablas.js';

// zod only through domain/shared/zod.ts, which installs the Spanish error map. Every
// no-restricted-imports block below repeats these, because a later block replaces the rule's
// options rather than adding to them.
const zodMessage = 'Importá z desde domain/shared/zod.ts: configura los mensajes de error en castellano.';
const zodPaths = [{ name: 'zod', message: zodMessage }];
const zodPatterns = [{ group: ['zod/*'], message: zodMessage }];
// Dependencies point one way: domain/ knows nothing of pages, the server or React.
const domainLayers = {
  regex: '^(#app/|#server/|(\\.\\./)+(app|server)/|react$|react-dom|react-router|fastify)',
  message: 'domain/ no importa app/, server/, React ni Fastify.',
};
// Outside a folder's own files, imports use the path aliases (#app, #domain, #db, #server, #tests).
const noClimbing = { group: ['../*'], message: 'Usá el alias (#domain/…, #db/…, #app/…) en lugar de ../' };

// Each domain module uses only itself, domain/shared and the modules its module.json declares
// (docs/architecture.md, "Módulos").
const domainModules = fs
  .readdirSync('domain', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'shared')
  .map((d) => d.name);
const moduleBoundary = (name) => {
  const { uses } = JSON.parse(fs.readFileSync(path.join('domain', name, 'module.json'), 'utf8'));
  const allowed = ['shared', name, ...uses];
  return {
    regex: `^#domain/(?!(${allowed.join('|')})/)`,
    message: `domain/${name} usa sólo domain/shared, sí mismo y lo que declara en domain/${name}/module.json (${uses.join(', ') || 'nada más'}).`,
  };
};

// Each table of db/schema has one owner module ("tables" in its module.json); a module queries only its
// own, and joins another's in a read only if it declares it in "reads" (docs/decisions/043-tablas-y-formatos.md).
const manifests = Object.fromEntries(
  [...domainModules, 'shared'].map((name) => [name, JSON.parse(fs.readFileSync(path.join('domain', name, 'module.json'), 'utf8'))]),
);
const owners = {};
for (const [name, { tables = [] }] of Object.entries(manifests)) {
  for (const table of tables) {
    if (owners[table]) throw new Error(`La tabla ${table} tiene dos dueños: domain/${owners[table]} y domain/${name}.`);
    owners[table] = name;
  }
}
const tableOwnership = (name) => ({
  files: [`domain/${name}/**/*.ts`],
  ignores: ['domain/**/*.test.ts'],
  plugins: { modulos: { rules: { 'tablas-propias': tablasPropias } } },
  rules: {
    'modulos/tablas-propias': [
      'error',
      { modulo: name, tables: manifests[name].tables ?? [], reads: manifests[name].reads ?? [], writes: manifests[name].writes ?? [], duenos: owners },
    ],
  },
});

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns: zodPatterns }] },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['domain/**'],
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns: [noClimbing, ...zodPatterns] }] },
  },
  {
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns: [domainLayers, noClimbing, ...zodPatterns] }] },
  },
  ...domainModules.map((name) => ({
    files: [`domain/${name}/**/*.ts`],
    // Tests may set up data with other modules' commands.
    ignores: ['domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns: [domainLayers, noClimbing, moduleBoundary(name), ...zodPatterns] }] },
  })),
  ...Object.keys(manifests).map(tableOwnership),
  {
    // Dates and numbers for people come from domain/shared/formato.ts: es-AR, in Argentina's zone, made on first use.
    files: ['app/**/*.{ts,tsx}', 'domain/**/*.ts', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'domain/shared/formato.ts', 'domain/shared/fechas.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]",
          message: 'Usá los formatos de domain/shared/formato.ts (es-AR, zona de Argentina).',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Usá los formatos de domain/shared/formato.ts (es-AR, zona de Argentina).',
        })),
      ],
    },
  },
  {
    // The one module allowed to import zod itself.
    files: ['domain/shared/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainLayers, noClimbing] }] },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: zodPaths, patterns: [{ regex: '^(#domain|#app|#server)/', message: 'db/ no depende de capas superiores.' }, noClimbing, ...zodPatterns] },
      ],
    },
  },
);

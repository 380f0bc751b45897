import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// zod only through domain/shared/zod.ts, which installs the Spanish error map (issue 8). Every
// no-restricted-imports block below repeats these, because a later block replaces the rule's
// options rather than adding to them.
const zodMessage = 'Importá z desde domain/shared/zod.ts: configura los mensajes de error en castellano.';
const zodPaths = [{ name: 'zod', message: zodMessage }];
const zodPatterns = [{ group: ['zod/*'], message: zodMessage }];
// Dependencies point one way: domain/ knows nothing of pages, the server or React.
const domainLayers = { group: ['**/app/**', '**/server/**', 'react', 'react-router', 'fastify'], message: 'domain/ no importa app/, server/, React ni Fastify.' };

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
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: zodPaths, patterns: [domainLayers, ...zodPatterns] }] },
  },
  {
    // The one module allowed to import zod itself.
    files: ['domain/shared/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainLayers] }] },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: zodPaths, patterns: [{ group: ['**/domain/**', '**/app/**', '**/server/**'], message: 'db/ no depende de capas superiores.' }, ...zodPatterns] },
      ],
    },
  },
);

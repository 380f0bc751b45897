import { execFileSync } from 'node:child_process';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** Version, build number (commits on the branch) and date, shown in the console and /health/live. */
function buildInfo() {
  let build = '0';
  try {
    build = execFileSync('git', ['rev-list', '--count', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout (an exported tarball): the build number stays 0.
  }
  return { version: pkg.version, build, date: new Date().toISOString() };
}

export default defineConfig({
  plugins: [reactRouter()],
  define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    // Assets are files of their own (cached immutable), but for the home page's mountains: 359
    // bytes that paint its largest element, written into the stylesheet so the first paint does
    // not wait for one more request (docs/decisions/010-lighthouse.md).
    assetsInlineLimit: (file) => file.endsWith('/montanas.svg'),
    rolldownOptions: {
      // `npm start` shows the address and the demo accounts, not pages of notices that are not
      // ours to act on: the bundler's timing report, server-only Node modules it leaves out of the
      // browser bundle, and the embedded database's own `eval`. Every other warning and error stays.
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        const texto = log.message ?? '';
        if (level === 'warn' && (texto.includes('externalized for browser compatibility') || (log.code === 'EVAL' && texto.includes('@electric-sql/pglite'))))
          return;
        handler(level, log);
      },
    },
  },
  environments: {
    // The SSR entry is the Fastify app itself, so the router context key is one object (docs/architecture.md, "Contexto").
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  ssr: {
    // Bundling drizzle-orm avoids reading its huge package.json at start-up (about 450 ms).
    noExternal: ['drizzle-orm'],
  },
});

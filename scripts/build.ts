// Builds the app (client and server) and precompresses the hashed assets. With --if-needed it
// builds only when a source file is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = process.cwd();
const stamp = path.join(root, 'build/.stamp');
const sources = ['app', 'server', 'domain', 'db', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsCurrent(): boolean {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'build/server/index.js'))) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.every((source) => newestMtime(path.join(root, source)) <= built);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function precompress(dir: string): Promise<void> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await precompress(file);
    else if (/\.(js|css|svg|json|txt|xml|map)$/.test(entry.name)) {
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, await gzip(content, { level: 9 }));
      fs.writeFileSync(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

/** `quiet` (what `npm start` asks): only warnings and errors, not the list of every file built. */
export async function build(options: { quiet?: boolean } = {}): Promise<void> {
  const started = Date.now();
  const args = [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build', ...(options.quiet ? ['--logLevel', 'warn'] : [])];
  execFileSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await precompress(path.join(root, 'build/client'));
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log(`Compilación lista en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) {
  if (process.argv.includes('--if-needed') && buildIsCurrent()) {
    console.log('La compilación está al día.');
  } else {
    await build();
  }
}

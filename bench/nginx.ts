import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/free-port.ts';

/** Debian's nginx (`apt-get install -y nginx-light`); the benchmark skips the comparison without it. */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type StaticCopy = { url(page: string): string; stop(): Promise<void> };

/**
 * nginx serving, as plain files, the very bytes the site answered for each page (brotli, with
 * `Content-Encoding: br`): the ceiling a cached page can approach. One worker process, as the site
 * is one Node process. Undefined when nginx is not installed.
 */
export async function startStaticCopy(pages: Map<string, Uint8Array>): Promise<StaticCopy | undefined> {
  if (!fs.existsSync(NGINX)) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-nginx-'));
  const www = path.join(dir, 'www');
  fs.mkdirSync(www);
  const names = new Map<string, string>();
  [...pages].forEach(([page, bytes], i) => {
    names.set(page, `/p${i}.html`);
    fs.writeFileSync(path.join(www, `p${i}.html`), bytes);
  });
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    [
      // The temporary folder is private to this user: the worker runs as the same one.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};`,
      `  server { listen 127.0.0.1:${port}; root ${www}; location / { default_type 'text/html; charset=utf-8'; add_header Content-Encoding br; } }`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('nginx terminó antes de estar listo');
    try {
      if ((await fetch(`${base}${names.values().next().value}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('nginx no estuvo listo en 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (page) => `${base}${names.get(page)}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

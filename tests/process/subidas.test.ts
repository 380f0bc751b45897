// Uploads and files on disk against the built server in its own process, started under a 022 umask
// (the usual default): DATA_DIR owner-only (docs/operacion.md, «Permisos de DATA_DIR») and a PDF that
// inflates to 1 GiB, read within its budget (docs/decisions/037-extraccion-de-texto.md) while the
// site keeps answering.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf, generarPdfQueSeInfla } from '#db/factories/pdf.ts';
import { freePort } from '#scripts/free-port.ts';
import { waitFor } from '#tests/setup/proceso.ts';

const ADMIN = { email: 'admin@subidas.prueba', clave: 'Lago-Espejo-Chico-Bahia-2026' };

/** Every folder and file under `raiz` with its mode, as `ruta 0644`. */
function modos(raiz: string): { carpetas: string[]; archivos: string[] } {
  const carpetas = [`. ${(fs.statSync(raiz).mode & 0o777).toString(8)}`];
  const archivos: string[] = [];
  for (const entrada of fs.readdirSync(raiz, { recursive: true, withFileTypes: true })) {
    const ruta = path.join(entrada.parentPath, entrada.name);
    const linea = `${path.relative(raiz, ruta)} ${(fs.lstatSync(ruta).mode & 0o777).toString(8)}`;
    if (entrada.isDirectory()) carpetas.push(linea);
    else if (entrada.isFile()) archivos.push(linea);
  }
  return { carpetas, archivos };
}

/** The resident memory of a process, in bytes (/proc/PID/status). */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('subidas y archivos en disco, con el servidor en su proceso y umask 022', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-subidas-'));
  let child: ChildProcess;
  let salida = '';
  let base = '';
  let sesion = '';

  beforeAll(async () => {
    // What an older version or a restored copy left: readable by everyone.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'archivos', '2025'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'archivos', '2025', 'viejo.pdf'), await generarPdf({ titulo: 'Viejo', parrafos: ['Un PDF de antes.'] }), {
      mode: 0o666,
    });
    fs.chmodSync(path.join(dataDir, 'archivos', '2025', 'viejo.pdf'), 0o666);
    fs.chmodSync(path.join(dataDir, 'archivos', '2025'), 0o777);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn('/bin/sh', ['-c', 'umask 022 && exec "$0" server/index.ts', process.execPath], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.clave,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => (salida += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (salida += c.toString()));
    await waitFor(() => salida.includes(base), 'el servidor', 90_000);
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ paso: 'clave', email: ADMIN.email, clave: ADMIN.clave }),
      redirect: 'manual',
    });
    const cookie = login.headers.getSetCookie().find((c) => /^[^=]*sesion=/.test(c));
    expect(cookie, `${login.status} ${salida}`).toBeDefined();
    sesion = cookie!.split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const subirBoletin = (numero: number, pdf: Uint8Array) => {
    const form = new FormData();
    form.append('numero', String(numero));
    form.append('mes', '3');
    form.append('anio', '2026');
    form.append('archivo', new File([new Uint8Array(pdf)], `boletin-${numero}.pdf`, { type: 'application/pdf' }));
    return fetch(`${base}/admin/boletines`, { method: 'POST', headers: { origin: base, cookie: sesion }, body: form, redirect: 'manual' });
  };

  it('un PDF que se infla a 1 GiB: /health/live responde en menos de 1 s todo el tiempo, la subida en menos de 20 s, la memoria crece menos de 300 MB y la página lo avisa', async () => {
    // Warm: the extraction thread and the page, so the growth measured is the bomb's.
    expect((await subirBoletin(1, await generarPdf({ titulo: 'BOLETÍN OFICIAL N° 1', parrafos: ['Arrayanes.'] }))).status).toBe(303);
    const pid = child.pid!;
    const antes = rss(pid);
    let pico = antes;
    let peorSalud = 0;
    let subiendo = true;
    const vigilar = (async () => {
      while (subiendo) {
        pico = Math.max(pico, rss(pid));
        const inicio = Date.now();
        const salud = await fetch(`${base}/health/live`, { signal: AbortSignal.timeout(5_000) });
        peorSalud = Math.max(peorSalud, Date.now() - inicio);
        expect(salud.status).toBe(200);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const inicio = Date.now();
    const res = await subirBoletin(2, generarPdfQueSeInfla(1024 ** 3));
    const demora = Date.now() - inicio;
    await new Promise((r) => setTimeout(r, 300));
    subiendo = false;
    await vigilar;
    pico = Math.max(pico, rss(pid));
    expect(res.status, await res.clone().text()).toBe(303);
    expect(demora).toBeLessThan(20_000);
    expect(peorSalud).toBeLessThan(1_000);
    expect(pico - antes).toBeLessThan(300 * 1024 * 1024);

    const pagina = await fetch(new URL(res.headers.get('location')!, base), { headers: { cookie: sesion } });
    expect(pagina.status).toBe(200);
    const html = await pagina.text();
    expect(html).toContain('Publicamos el boletín');
    expect(html).toContain('Guardamos el PDF, pero no pudimos leer su texto a tiempo');
    // The bulletin read normally says nothing of the kind.
    const lista = await (await fetch(`${base}/admin/boletines`, { headers: { cookie: sesion } })).text();
    const primero = /href="(\/admin\/boletines\/\d+)"[^>]*>[^<]*N° 1\b/.exec(lista)?.[1];
    expect(primero).toBeDefined();
    expect(await (await fetch(`${base}${primero}`, { headers: { cookie: sesion } })).text()).not.toContain('no pudimos leer su texto');
  }, 120_000);

  it('DATA_DIR y todo lo de adentro (la base embebida, las subidas, lo que ya estaba) sólo para su dueño: carpetas 0700, archivos 0600', () => {
    const { carpetas, archivos } = modos(dataDir);
    expect(archivos.some((a) => a.startsWith(`pglite${path.sep}`))).toBe(true);
    expect(archivos.filter((a) => a.startsWith(`archivos${path.sep}`)).length).toBeGreaterThanOrEqual(3);
    expect(carpetas.filter((c) => !c.endsWith(' 700'))).toEqual([]);
    expect(archivos.filter((a) => !a.endsWith(' 600'))).toEqual([]);
  });
});

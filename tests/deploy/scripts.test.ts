// The deployment's scripts and the Caddyfile they generate, checked by the tools an operator's
// machine has: shellcheck on every script, Debian's Caddy on every Caddyfile (docs/operacion.md,
// "Instalación en un servidor Debian").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caddyEnv as carpetasDeCaddy, run } from '#tests/setup/despliegue.ts';

const GENERAR = path.resolve('deploy/caddy/generar.sh');

/** Every shell script under deploy/. */
function scripts(folder = 'deploy'): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return scripts(file);
    return entry.name.endsWith('.sh') ? [file] : [];
  });
}

describe('scripts de despliegue', () => {
  it('shellcheck no encuentra nada en ninguno, y todos usan set -euo pipefail', () => {
    const lista = scripts();
    expect(lista).toEqual(expect.arrayContaining(['deploy/instalar.sh', 'deploy/caddy/generar.sh', 'deploy/imagen/construir.sh', 'deploy/imagen/probar.sh']));
    const result = run('shellcheck', ['--severity=info', ...lista]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const script of lista) {
      expect(fs.readFileSync(script, 'utf8'), script).toMatch(/^#!\/usr\/bin\/env bash\n(#.*\n)*set -euo pipefail$/m);
      expect(fs.statSync(script).mode & 0o111, `${script} es ejecutable`).not.toBe(0);
    }
  });
});

describe('Caddyfile generado', () => {
  const hogar = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-caddy-'));
  const caddyEnv = carpetasDeCaddy(hogar);
  afterAll(() => fs.rmSync(hogar, { recursive: true, force: true }));

  function generar(...args: string[]): string {
    const result = run(GENERAR, args);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return result.stdout;
  }

  /** The Caddyfile as JSON (caddy adapt), after `caddy validate` accepted it. */
  function validar(caddyfile: string): { apps: { http: { servers: Record<string, CaddyServer> } } } {
    const archivo = path.join(hogar, `Caddyfile-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(archivo, caddyfile);
    const validado = run('caddy', ['validate', '--adapter', 'caddyfile', '--config', archivo], caddyEnv);
    expect(validado.stdout + validado.stderr).toContain('Valid configuration');
    expect(validado.status).toBe(0);
    const adaptado = run('caddy', ['adapt', '--adapter', 'caddyfile', '--config', archivo], caddyEnv);
    expect(adaptado.status).toBe(0);
    return JSON.parse(adaptado.stdout) as ReturnType<typeof validar>;
  }

  type CaddyServer = { listen: string[]; routes: { match: { host: string[] }[]; handle: { routes: { handle: Proxy[] }[] }[] }[] };
  type Proxy = {
    handler: string;
    upstreams: { dial: string }[];
    load_balancing: { selection_policy: { policy: string }; try_duration: number };
    health_checks: { active: { uri: string; interval: number; expect_status: number }; passive?: unknown };
  };

  function proxy(config: ReturnType<typeof validar>): { host: string; proxy: Proxy } {
    const [servidor] = Object.values(config.apps.http.servers);
    const ruta = servidor!.routes[0]!;
    return { host: ruta.match[0]!.host[0]!, proxy: ruta.handle[0]!.routes[0]!.handle[0]! };
  }

  it('un dominio real: Let’s Encrypt, las dos instancias en round robin con chequeo activo de /health/ready cada 1 s y reintentos', () => {
    const caddyfile = generar('www.villalaangostura.gob.ar');
    expect(caddyfile).not.toContain('tls internal');
    expect(caddyfile).not.toMatch(/@[A-Z]+@/);
    const config = validar(caddyfile);
    const { host, proxy: rp } = proxy(config);
    expect(host).toBe('www.villalaangostura.gob.ar');
    expect(rp.handler).toBe('reverse_proxy');
    expect(rp.upstreams).toEqual([{ dial: '127.0.0.1:3001' }, { dial: '127.0.0.1:3002' }]);
    expect(rp.load_balancing.selection_policy.policy).toBe('least_conn');
    expect(rp.load_balancing.try_duration).toBeGreaterThanOrEqual(5e9);
    expect(rp.health_checks.active).toMatchObject({ uri: '/health/ready', interval: 1e9, expect_status: 200 });
    // No passive check: with Caddy 2.6 it could leave a POST with no instance during a restart.
    expect(rp.health_checks.passive).toBeUndefined();
    // No internal CA: Caddy's automatic HTTPS asks Let's Encrypt (no tls app policy of its own).
    expect(JSON.stringify(config)).not.toContain('"internal"');
  });

  it.each(['localhost', 'sitio.test', 'municipalidad.local', '192.168.1.20', '::1'])('%s: la CA interna de Caddy', (dominio) => {
    const caddyfile = generar(dominio);
    expect(caddyfile).toMatch(/^\ttls internal$/m);
    expect(JSON.stringify(validar(caddyfile))).toContain('"internal"');
  });

  it('las instancias del compose por nombre y puerto', () => {
    const { proxy: rp } = proxy(validar(generar('www.villalaangostura.gob.ar', 'sitio-1:3000', 'sitio-2:3000')));
    expect(rp.upstreams).toEqual([{ dial: 'sitio-1:3000' }, { dial: 'sitio-2:3000' }]);
  });

  it('rechaza en castellano un dominio o una instancia inválidos, y la falta de dominio', () => {
    const sinDominio = run(GENERAR, []);
    expect(sinDominio.status).toBe(2);
    expect(sinDominio.stderr).toContain('Uso:');
    const malo = run(GENERAR, ['sitio.gob.ar {\n}\nevil.com']);
    expect(malo.status).toBe(2);
    expect(malo.stderr).toContain('no es un nombre válido');
    const instancia = run(GENERAR, ['sitio.gob.ar', '127.0.0.1']);
    expect(instancia.status).toBe(2);
    expect(instancia.stderr).toContain('no es HOST:PUERTO');
  });
});

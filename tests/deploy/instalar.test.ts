// deploy/instalar.sh as far as a machine without systemd as PID 1 allows (docs/operacion.md,
// "Instalación en un servidor Debian"): under a temporary root prefix, without apt-get and
// systemctl, against this machine's PostgreSQL (a throwaway role and database) and with a real
// system user, both removed afterwards. Then the site starts exactly as its unit says.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env.ts';
import { freePort } from '#scripts/free-port.ts';
import { run } from '#tests/setup/despliegue.ts';
import { waitFor } from '#tests/setup/proceso.ts';
import { adminQuery } from '#tests/setup/templates.ts';

const SCRIPT = path.resolve('deploy/instalar.sh');
const DOMINIO = 'instalar.test';
const UNIDADES = [
  'municipalidad-vla@.service',
  'municipalidad-vla-respaldo.service',
  'municipalidad-vla-respaldo.timer',
  'municipalidad-vla-verificacion.service',
  'municipalidad-vla-verificacion.timer',
];

/** key=value lines, without comments; quotes are not used by the files under test. */
function leerEntorno(texto: string): Record<string, string> {
  const entorno: Record<string, string> = {};
  for (const linea of texto.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(linea.trim());
    if (m) entorno[m[1]!] = m[2]!;
  }
  return entorno;
}

/** Every file and folder under `raiz`: content hash, mode, owner and modification time. */
function foto(raiz: string): Record<string, string> {
  const salida: Record<string, string> = {};
  const recorrer = (carpeta: string) => {
    for (const entrada of fs.readdirSync(carpeta, { withFileTypes: true })) {
      const ruta = path.join(carpeta, entrada.name);
      const stat = fs.statSync(ruta);
      const contenido = entrada.isFile() ? fs.readFileSync(ruta).toString('base64') : '';
      salida[path.relative(raiz, ruta)] = `${stat.mode.toString(8)} ${stat.uid}:${stat.gid} ${stat.mtimeMs} ${contenido.length}:${contenido.slice(0, 64)}`;
      if (entrada.isDirectory()) recorrer(ruta);
    }
  };
  recorrer(raiz);
  return salida;
}

const conPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!conPostgres)('deploy/instalar.sh en una raíz temporal, contra el PostgreSQL de esta máquina', () => {
  const sufijo = randomBytes(4).toString('hex');
  const usuario = `vla-prueba-${sufijo}`;
  const base = `vla_instalar_${sufijo}`;
  const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-instalar-'));
  const config = path.join(raiz, 'etc/municipalidad-vla');
  const clave = path.join(config, 'clave-datos');
  const postgres = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/x');
  const opciones = {
    RAIZ: raiz,
    SIN_SISTEMA: '1',
    SIN_COMPILAR: '1',
    USUARIO: usuario,
    BASE: base,
    PGHOST: postgres.hostname,
    PGPORT: postgres.port || '5432',
  };
  const instalar = (dominio = DOMINIO, env: Record<string, string> = opciones) => run(SCRIPT, [dominio], env);
  let primera: ReturnType<typeof run>;
  const procesos: ChildProcess[] = [];

  beforeAll(() => {
    primera = instalar();
    if (primera.status !== 0) throw new Error(`instalar.sh falló:\n${primera.stdout}\n${primera.stderr}`);
  });

  afterAll(async () => {
    for (const proceso of procesos) proceso.kill('SIGKILL');
    await adminQuery(`drop database if exists ${base} with (force)`);
    await adminQuery(`drop role if exists ${base}`);
    run('userdel', [usuario]);
    fs.rmSync(raiz, { recursive: true, force: true });
  });

  it('crea el usuario de sistema, las carpetas con sus dueños y la clave 0600 de root fuera de los datos, y la muestra una vez', () => {
    const uid = Number(run('id', ['-u', usuario]).stdout.trim());
    const gid = Number(run('id', ['-g', usuario]).stdout.trim());
    expect(uid).toBeGreaterThan(0);
    expect(run('getent', ['passwd', usuario]).stdout).toMatch(/:\/usr\/sbin\/nologin\n$/);

    const modo = (ruta: string) => {
      const stat = fs.statSync(path.join(raiz, ruta));
      return { modo: (stat.mode & 0o7777).toString(8), uid: stat.uid, gid: stat.gid };
    };
    expect(modo('etc/municipalidad-vla')).toEqual({ modo: '750', uid: 0, gid });
    expect(modo('etc/municipalidad-vla/clave-datos')).toEqual({ modo: '600', uid: 0, gid: 0 });
    expect(modo('etc/municipalidad-vla/clave-base')).toEqual({ modo: '600', uid: 0, gid: 0 });
    expect(modo('etc/municipalidad-vla/entorno')).toEqual({ modo: '640', uid: 0, gid });
    expect(modo('etc/municipalidad-vla/local')).toEqual({ modo: '640', uid: 0, gid });
    expect(modo('var/lib/municipalidad-vla')).toEqual({ modo: '750', uid, gid });
    expect(modo('var/backups/municipalidad-vla')).toEqual({ modo: '750', uid, gid });

    const texto = fs.readFileSync(clave, 'utf8');
    expect(texto).toMatch(/^[0-9a-f]{64}\n$/);
    // Shown once, with the advice to keep a copy elsewhere.
    expect(primera.stdout.split(texto.trim()).length - 1).toBe(1);
    expect(primera.stdout).toContain('Guardá una copia fuera de este servidor');
    // The service user cannot read it: systemd hands it over as a credential.
    expect(run('runuser', ['-u', usuario, '--', 'cat', clave]).status).not.toBe(0);

    const entorno = leerEntorno(fs.readFileSync(path.join(config, 'entorno'), 'utf8'));
    const datos = path.resolve(entorno.DATA_DIR!);
    expect(datos).toBe(path.join(raiz, 'var/lib/municipalidad-vla'));
    expect(path.relative(datos, clave).startsWith('..')).toBe(true);
  });

  it('escribe un entorno que el sitio acepta en producción: SITE_URL, TRUST_PROXY, la base con su rol y la clave por archivo', async () => {
    const entorno = leerEntorno(fs.readFileSync(path.join(config, 'entorno'), 'utf8'));
    expect(entorno).toMatchObject({ NODE_ENV: 'production', SITE_URL: `https://${DOMINIO}`, TRUST_PROXY: 'loopback', HOST: '127.0.0.1' });
    expect(entorno).not.toHaveProperty('DATA_KEY');
    const configuracion = loadConfig({ ...entorno, DATA_KEY_FILE: clave });
    expect(configuracion.siteUrl).toBe(`https://${DOMINIO}`);
    expect(configuracion.trustProxy).toEqual(['loopback']);
    expect(configuracion.dataKeys?.current).toEqual(Buffer.from(fs.readFileSync(clave, 'utf8').trim(), 'hex'));

    // The role logs in with its own password and owns its database.
    const cliente = new pg.Client({ connectionString: entorno.DATABASE_URL });
    await cliente.connect();
    try {
      const { rows } = await cliente.query<{ usuario: string; duenio: string }>(
        'select current_user as usuario, pg_get_userbyid(datdba) as duenio from pg_database where datname = current_database()',
      );
      expect(rows).toEqual([{ usuario: base, duenio: base }]);
    } finally {
      await cliente.end();
    }
  });

  it('instala unidades de systemd que systemd-analyze verify acepta sin avisos, y el Caddyfile del dominio', () => {
    const carpeta = path.join(raiz, 'etc/systemd/system');
    expect(fs.readdirSync(carpeta).sort()).toEqual([...UNIDADES].sort());
    const rutas = [
      ...UNIDADES.filter((u) => !u.includes('@')).map((u) => path.join(carpeta, u)),
      path.join(carpeta, 'municipalidad-vla@1.service'),
      path.join(carpeta, 'municipalidad-vla@2.service'),
    ];
    const verificado = run('systemd-analyze', ['verify', ...rutas]);
    expect(verificado.stdout + verificado.stderr).toBe('');
    expect(verificado.status).toBe(0);
    for (const unidad of UNIDADES) expect(fs.readFileSync(path.join(carpeta, unidad), 'utf8')).not.toMatch(/@[A-Z]+@/);
    const instancia = fs.readFileSync(path.join(carpeta, 'municipalidad-vla@.service'), 'utf8');
    expect(instancia).toContain(`User=${usuario}`);
    expect(instancia).toMatch(/^TimeoutStopSec=30$/m);
    expect(instancia).toMatch(/^Restart=on-failure$/m);
    expect(instancia).toMatch(/^ProtectSystem=strict$/m);
    expect(instancia).toContain(`LoadCredential=clave-datos:${clave}`);

    expect(fs.readFileSync(path.join(raiz, 'etc/caddy/Caddyfile'), 'utf8')).toBe(run('deploy/caddy/generar.sh', [DOMINIO]).stdout);
  });

  it(
    'el sitio arranca como lo dice su unidad: su usuario, su entorno y la clave como credencial; migra la base y cierra con 0',
    { timeout: 120_000 },
    async () => {
      const unidad = fs.readFileSync(path.join(raiz, 'etc/systemd/system/municipalidad-vla@.service'), 'utf8');
      const valor = (clave: string) => [...unidad.matchAll(new RegExp(`^${clave}=(.*)$`, 'gm'))].map((m) => m[1]!);
      // What systemd does with LoadCredential: a copy the service user can read, in a folder of its own.
      const credenciales = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-credenciales-'));
      fs.copyFileSync(clave, path.join(credenciales, 'clave-datos'));
      run('chown', ['-R', usuario, credenciales]);
      fs.chmodSync(path.join(credenciales, 'clave-datos'), 0o400);

      let entorno: Record<string, string> = { PATH: process.env.PATH ?? '' };
      for (const linea of valor('Environment'))
        for (const par of linea.split(/\s+/)) {
          const [nombre, ...resto] = par.split('=');
          entorno[nombre!] = resto.join('=').replaceAll('%i', '1').replaceAll('%d', credenciales);
        }
      // As systemd does: what the environment files say overrides Environment=.
      for (const archivo of valor('EnvironmentFile')) {
        const ruta = archivo.replace(/^-/, '');
        if (fs.existsSync(ruta)) entorno = { ...entorno, ...leerEntorno(fs.readFileSync(ruta, 'utf8')) };
      }
      expect(entorno).toMatchObject({ PORT: '3001', DATA_KEY_FILE: path.join(credenciales, 'clave-datos') });
      // Ports of its own here: 3001 may be taken on a shared machine.
      const puerto = await freePort();
      entorno = { ...entorno, PORT: String(puerto), METRICS_PORT: String(await freePort()), LOG_LEVEL: 'warn' };

      // As systemd expands ExecStart: a lone $NAME becomes its words (none when empty), ${NAME} one word.
      const [ejecutable, ...argumentos] = valor('ExecStart')[0]!
        .split(' ')
        .flatMap((palabra) => {
          const sola = /^\$(\w+)$/.exec(palabra);
          if (sola) return (entorno[sola[1]!] ?? '').split(/\s+/).filter(Boolean);
          return [palabra.replace(/\$\{(\w+)\}/g, (_, nombre: string) => entorno[nombre] ?? '')];
        });
      expect(argumentos).toEqual(['--optimize-for-size', 'server/index.ts']);
      const proceso = spawn('setpriv', ['--reuid', usuario, '--regid', usuario, '--init-groups', '--', ejecutable!, ...argumentos], {
        cwd: valor('WorkingDirectory')[0],
        env: entorno,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      procesos.push(proceso);
      let salida = '';
      proceso.stdout.on('data', (d: Buffer) => (salida += d.toString()));
      proceso.stderr.on('data', (d: Buffer) => (salida += d.toString()));
      const termino = new Promise<number | null>((resolve) => proceso.on('exit', resolve));
      try {
        await waitFor(() => salida.includes(`http://127.0.0.1:${puerto}`) || proceso.exitCode !== null, 'el sitio', 45_000);
        expect(proceso.exitCode, salida).toBeNull();
        const listo = await fetch(`http://127.0.0.1:${puerto}/health/ready`);
        expect(listo.status).toBe(200);
        expect(await listo.json()).toMatchObject({ status: 'ok', database: 'postgresql' });
        proceso.kill('SIGTERM');
        expect(await termino).toBe(0);
      } finally {
        fs.rmSync(credenciales, { recursive: true, force: true });
      }
    },
  );

  it('otra corrida no cambia nada: ni archivos, ni modos, ni la clave, que no vuelve a mostrar', () => {
    const antes = foto(raiz);
    const clavePrevia = fs.readFileSync(clave, 'utf8');
    const segunda = instalar();
    expect(segunda.stderr).toBe('');
    expect(segunda.status).toBe(0);
    expect(segunda.stdout).toContain('ya existe en');
    expect(segunda.stdout).toContain('Nada cambió.');
    expect(segunda.stdout).not.toContain(clavePrevia.trim());
    expect(foto(raiz)).toEqual(antes);
  });

  it('otro dominio cambia SITE_URL y el Caddyfile, y conserva la clave, la base y los ajustes locales', () => {
    const clavePrevia = fs.readFileSync(clave, 'utf8');
    const local = path.join(config, 'local');
    fs.appendFileSync(local, 'SMTP_URL=smtp://127.0.0.1:2525\n');
    const otra = instalar('www.otro.test');
    expect(otra.status).toBe(0);
    expect(leerEntorno(fs.readFileSync(path.join(config, 'entorno'), 'utf8')).SITE_URL).toBe('https://www.otro.test');
    expect(fs.readFileSync(path.join(raiz, 'etc/caddy/Caddyfile'), 'utf8')).toContain('www.otro.test {');
    expect(fs.readFileSync(clave, 'utf8')).toBe(clavePrevia);
    expect(fs.readFileSync(local, 'utf8')).toContain('SMTP_URL=smtp://127.0.0.1:2525');
    expect(otra.stdout).not.toContain(clavePrevia.trim());
  });

  it('rechaza en castellano: sin dominio, un dominio inválido (sin escribir nada), sin root y una clave dañada (sin reemplazarla)', () => {
    const sinDominio = run(SCRIPT, [], opciones);
    expect(sinDominio.status).toBe(2);
    expect(sinDominio.stderr).toContain('Uso:');

    const otraRaiz = path.join(raiz, 'otra');
    const invalido = instalar('sitio.gob.ar;rm -rf /', { ...opciones, RAIZ: otraRaiz });
    expect(invalido.status).toBe(2);
    expect(invalido.stderr).toContain('no es un nombre válido');
    expect(fs.existsSync(otraRaiz)).toBe(false);

    const sinRoot = run('setpriv', ['--reuid', usuario, '--regid', usuario, '--clear-groups', '--', SCRIPT, DOMINIO], opciones);
    expect(sinRoot.status).toBe(1);
    expect(sinRoot.stderr).toContain('Corré este script como root');

    const buena = fs.readFileSync(clave, 'utf8');
    fs.writeFileSync(clave, 'no es una clave\n');
    try {
      const danada = instalar();
      expect(danada.status).toBe(1);
      expect(danada.stderr).toContain('no tiene una clave de 64 dígitos hexadecimales. No la reemplazo');
      expect(fs.readFileSync(clave, 'utf8')).toBe('no es una clave\n');
    } finally {
      fs.writeFileSync(clave, buena);
    }
  });
});

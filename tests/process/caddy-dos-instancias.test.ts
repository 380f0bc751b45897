// Debian's Caddy, with the Caddyfile deploy/caddy/generar.sh writes (tls internal, its CA in a
// temporary folder), in front of two built instances on PostgreSQL, as deploy/instalar.sh runs
// them: HTTPS trusted through Caddy's CA, then a rolling restart (SIGTERM one instance, start it
// again, wait until it is ready, then the other) under 50 connections of pages and decree-copy
// requests. Nothing may fail and every acknowledged request must be stored
// (docs/decisions/032-puesta-en-produccion.md).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type tls from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { createServerDataDir } from '#tests/setup/database.ts';
import { caddyEnv, run } from '#tests/setup/despliegue.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

const CONEXIONES = 50;
const PAGINAS = ['/', '/consulta-ordenanzas', '/boletines-oficiales', '/consulta-ordenanzas?pattern=residuos'];

type Resultado = { tipo: 'pagina' | 'solicitud'; estado?: number; error?: string; codigo?: string; texto?: string };

describe.skipIf(!process.env.TEST_DATABASE_URL)('Caddy delante de dos instancias en PostgreSQL', () => {
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-caddy-dos-'));
  const dataDir = path.join(carpeta, 'datos');
  const env: Record<string, string> = {};
  const instancias: { puerto: number; run: Run }[] = [];
  let caddy: ChildProcess | undefined;
  let caddyOutput = '';
  let origen = '';
  let agente: https.Agent;
  let ca = '';
  let databaseUrl = '';
  let drop: () => Promise<void> = async () => {};

  /** Every instance started, also the ones a restart replaced: their logs explain a failed request. */
  const arrancadas: Run[] = [];
  function arrancar(puerto: number): Run {
    const run = startServer({ ...env, PORT: String(puerto) });
    arrancadas.push(run);
    return run;
  }

  async function lista(puerto: number, run: Run): Promise<void> {
    await waitFor(() => {
      if (run.child.exitCode !== null) throw new Error(`la instancia terminó al arrancar:\n${run.output()}`);
      return run.output().includes(`http://127.0.0.1:${puerto}`);
    }, 'la instancia');
    const hasta = Date.now() + 20_000;
    while ((await fetch(`http://127.0.0.1:${puerto}/health/ready`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > hasta) throw new Error(`la instancia en ${puerto} no quedó lista`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** One HTTPS request through Caddy, trusting only Caddy's internal CA. */
  function pedir(metodo: 'GET' | 'POST', ruta: string, cuerpo?: string): Promise<{ estado: number; texto: string; certificado?: tls.PeerCertificate }> {
    return new Promise((resolve, reject) => {
      const pedido = https.request(
        `${origen}${ruta}`,
        {
          method: metodo,
          agent: agente,
          headers: cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) } : {},
          timeout: 20_000,
        },
        (respuesta) => {
          // The socket goes back to the agent at the end: its certificate is read now.
          const certificado = (respuesta.socket as tls.TLSSocket).getPeerCertificate();
          let texto = '';
          respuesta.setEncoding('utf8');
          respuesta.on('data', (d: string) => (texto += d));
          respuesta.on('end', () => resolve({ estado: respuesta.statusCode ?? 0, texto, certificado }));
          respuesta.on('error', reject);
        },
      );
      pedido.on('timeout', () => pedido.destroy(new Error('sin respuesta en 20 s')));
      pedido.on('error', reject);
      pedido.end(cuerpo);
    });
  }

  beforeAll(async () => {
    const base = await createServerDataDir('postgresql', dataDir, 'demo');
    databaseUrl = base.databaseUrl;
    drop = base.drop;
    const puertoHttps = await freePort();
    origen = `https://localhost:${puertoHttps}`;
    // What deploy/instalar.sh writes into the environment file, plus limits a load test needs.
    Object.assign(env, {
      NODE_ENV: 'production',
      SITE_URL: origen,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DATA_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      SOLICITUDES_POR_IP: '1000000',
      SOLICITUDES_POR_PERSONA: '1000',
      // Every request comes from this test's one address, so each decree request waits for the
      // previous one's address counter; on a machine busy with other tests a commit can take
      // seconds to come. The subject is that a restart loses nothing, not the 5 s bounds.
      DB_CONNECT_TIMEOUT_MS: '30000',
      DB_STATEMENT_TIMEOUT_MS: '30000',
      HANDLER_TIMEOUT_MS: '45000',
      // A closing instance keeps serving 10 s after its readiness turns 503, not 3: on a busy machine
      // Caddy's check (every 1 s) can take seconds to see it, and a POST sent on a connection the
      // instance closes meanwhile gets a 502 that Caddy may not retry.
      SHUTDOWN_DELAY_MS: '10000',
    });
    for (let i = 0; i < 2; i++) {
      const puerto = await freePort();
      instancias.push({ puerto, run: arrancar(puerto) });
    }
    await Promise.all(instancias.map(({ puerto, run }) => lista(puerto, run)));

    const generado = run('deploy/caddy/generar.sh', ['localhost', ...instancias.map(({ puerto }) => `127.0.0.1:${puerto}`)]);
    expect(generado.status).toBe(0);
    const caddyfile = path.join(carpeta, 'Caddyfile');
    fs.writeFileSync(caddyfile, generado.stdout);
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      env: {
        ...process.env,
        ...caddyEnv(carpeta),
        CADDY_ADMIN: 'off',
        CADDY_HTTP_PORT: String(await freePort()),
        CADDY_HTTPS_PORT: String(puertoHttps),
        // The instance that stays answers its health check late on a machine busy with the other
        // tests; past 5 s Caddy would count it down and, with the other one restarting, answer a
        // POST 503 at once (see the template). A dead or closing instance still leaves at once.
        CADDY_HEALTH_TIMEOUT: '30s',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
    caddy.stderr?.on('data', (d: Buffer) => (caddyOutput += d.toString()));
    const raizCa = path.join(carpeta, 'datos/caddy/pki/authorities/local/root.crt');
    await waitFor(
      () => {
        if (caddy?.exitCode !== null) throw new Error(`Caddy terminó:\n${caddyOutput}`);
        return fs.existsSync(raizCa);
      },
      'la CA interna de Caddy',
      20_000,
    );
    ca = fs.readFileSync(raizCa, 'utf8');
    agente = new https.Agent({ keepAlive: true, maxSockets: CONEXIONES, ca });
    // Caddy issues the site's certificate and marks both instances healthy.
    const hasta = Date.now() + 20_000;
    while ((await pedir('GET', '/health/ready').catch(() => undefined))?.estado !== 200) {
      if (Date.now() > hasta) throw new Error(`Caddy no respondió por HTTPS:\n${caddyOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(async () => {
    agente?.destroy();
    caddy?.kill('SIGKILL');
    for (const { run } of instancias) run.child.kill('SIGKILL');
    await Promise.all(instancias.map(({ run }) => run.exited));
    await drop();
    fs.rmSync(carpeta, { recursive: true, force: true });
  });

  it('responde por HTTPS con un certificado de la CA interna de Caddy, que un cliente sin esa CA rechaza', async () => {
    const respuesta = await pedir('GET', '/health/ready');
    expect(respuesta.estado).toBe(200);
    expect(JSON.parse(respuesta.texto)).toMatchObject({ status: 'ok', database: 'postgresql' });
    expect(respuesta.certificado?.issuer.CN).toMatch(/Caddy Local Authority/);
    const sinCa = await fetch(`${origen}/health/ready`).then(
      () => 'aceptado',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(sinCa).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER_CERT/);
    // The page's absolute links come from SITE_URL, the address Caddy serves.
    expect((await pedir('GET', '/robots.txt')).texto).toContain(`Sitemap: ${origen}/sitemap.xml`);
  });

  it('un reinicio escalonado bajo 50 conexiones de páginas y solicitudes no pierde ningún pedido', { timeout: 120_000 }, async () => {
    const resultados: Resultado[] = [];
    let seguir = true;
    let n = 0;
    const trabajador = async (i: number) => {
      while (seguir) {
        const solicitud = (n++ + i) % 4 === 0;
        try {
          if (solicitud) {
            const r = await pedir('POST', '/api/v1/solicitudes-decreto', JSON.stringify(solicitudValida()));
            resultados.push(
              r.estado === 201
                ? { tipo: 'solicitud', estado: r.estado, codigo: (JSON.parse(r.texto) as { codigo: string }).codigo }
                : { tipo: 'solicitud', estado: r.estado, texto: r.texto.slice(0, 120) },
            );
          } else {
            const r = await pedir('GET', PAGINAS[n % PAGINAS.length]!);
            resultados.push({ tipo: 'pagina', estado: r.estado, texto: r.estado === 200 ? undefined : r.texto.slice(0, 120) });
          }
        } catch (error) {
          resultados.push({ tipo: solicitud ? 'solicitud' : 'pagina', error: (error as Error & { code?: string }).code ?? (error as Error).message });
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const carga = Promise.all(Array.from({ length: CONEXIONES }, (_, i) => trabajador(i)));
    const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const cierres: { codigo: number | null; ms: number }[] = [];
    try {
      await esperar(1_500);
      for (const instancia of instancias) {
        const inicio = performance.now();
        instancia.run.child.kill('SIGTERM');
        cierres.push({ codigo: await instancia.run.exited, ms: Math.round(performance.now() - inicio) });
        instancia.run = arrancar(instancia.puerto);
        await lista(instancia.puerto, instancia.run);
        // Caddy's active check (every 1 s) takes it back before the other one goes: the same 5 s
        // deploy/instalar.sh waits, so a check slowed by a busy machine still lands in time.
        await esperar(5_000);
      }
      await esperar(1_000);
    } finally {
      seguir = false;
      await carga;
    }

    const fallidos = resultados.filter((r) => r.error !== undefined || (r.tipo === 'pagina' ? r.estado !== 200 : r.estado !== 201));
    const resumen = new Map<string, number>();
    // Kind, status or error, and the start of the answer: a proxy's 502 and the site's 503 read apart.
    for (const r of fallidos) {
      const clave = `${r.tipo} ${r.error ?? r.estado}${r.texto ? ` ${r.texto}` : ''}`;
      resumen.set(clave, (resumen.get(clave) ?? 0) + 1);
    }
    console.log(
      `reinicio escalonado: ${resultados.length} pedidos (${resultados.filter((r) => r.tipo === 'solicitud').length} solicitudes), ` +
        `${fallidos.length} fallidos; cierres ${cierres.map((c) => `${c.codigo} en ${c.ms} ms`).join(', ')}`,
    );
    if (fallidos.length > 0) {
      // The instances' errors (pino level 50 and up), so a failure here says which of our parts failed.
      const errores = arrancadas.flatMap((run) => run.output().split('\n')).filter((linea) => /"level":([4-6])\d/.test(linea));
      console.log(`errores de las instancias:\n${errores.join('\n').slice(0, 8_000)}`);
    }
    expect(cierres.map((c) => c.codigo)).toEqual([0, 0]);
    expect(Object.fromEntries(resumen)).toEqual({});
    expect(resultados.length).toBeGreaterThan(200);

    // Every acknowledged request is stored.
    const codigos = resultados.flatMap((r) => (r.codigo ? [r.codigo] : []));
    expect(codigos.length).toBeGreaterThan(20);
    const cliente = new pg.Client({ connectionString: databaseUrl });
    await cliente.connect();
    try {
      const { rows } = await cliente.query<{ codigo: string }>('select codigo from solicitudes_decreto where codigo = any($1)', [codigos]);
      expect(new Set(rows.map((r) => r.codigo))).toEqual(new Set(codigos));
    } finally {
      await cliente.end();
    }
  });
});

// Backups that are restored, not only made (docs/decisions/031-respaldos.md): `npm run respaldo`
// taken while the site serves decree requests, `npm run restaurar` into an empty target, the
// restored site serving the same files, every refusal, and the weekly check that mails the
// administrators. PGlite with the local folder; PostgreSQL with an S3 bucket.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres, queryRows } from '#db/client.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { freePort } from '#scripts/free-port.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { createScratchDatabase, createServerDataDir, engines } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';
import { type ServidorS3, almacenamientoS3, iniciarS3 } from '#tests/setup/s3.ts';
import { esperarHasta, iniciarSmtp, legible } from '#tests/setup/smtp.ts';

const ADMINISTRADOR = 'administracion@demo.villalaangostura.gob.ar';

/** `npm run respaldo` / `npm run restaurar` as the operator runs them, with exactly these settings. */
function cli(script: 'respaldo' | 'restaurar', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', TZ: 'America/Argentina/Buenos_Aires', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** The manifest inside a backup file, read with Debian's tar as an operator would. */
function manifiestoDe(archivo: string): { tablas: Record<string, number>; archivos: { clave: string; sha256: string }[]; migraciones: number } {
  return JSON.parse(execFileSync('tar', ['--zstd', '-xOf', archivo, 'manifiesto.json'], { encoding: 'utf8' }));
}

/** The same backup with its manifest changed: what a newer version or a forged count would give. */
function conManifiesto(archivo: string, destino: string, cambiar: (m: Record<string, unknown>) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-manifiesto-'));
  execFileSync('tar', ['--zstd', '-xf', archivo, '-C', dir]);
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifiesto.json'), 'utf8')) as Record<string, unknown>;
  cambiar(m);
  fs.writeFileSync(path.join(dir, 'manifiesto.json'), JSON.stringify(m));
  execFileSync('tar', ['--zstd', '-cf', destino, '-C', dir, 'manifiesto.json', 'base', 'archivos']);
  fs.rmSync(dir, { recursive: true, force: true });
}

async function filas(database: Database, consulta: string): Promise<Record<string, unknown>[]> {
  return queryRows(database.db, sql.raw(consulta));
}

describe.each(engines)('respaldo y restauración (%s)', (engine) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `vla-respaldo-${engine}-`));
  const limpiar: (() => Promise<void> | void)[] = [];
  const procesos: Run[] = [];
  afterAll(async () => {
    for (const run of procesos) run.child.kill('SIGKILL');
    for (const paso of limpiar.reverse()) await paso();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const clave = randomBytes(32).toString('hex');
  const cipher = createCipher(Buffer.from(clave, 'hex'));
  let origen: Record<string, string>;
  let s3Origen: ServidorS3 | undefined;
  const respaldo = path.join(tmp, 'respaldos', 'respaldo-2026-11-28T030000Z.tar.zst');
  let aceptadas = 0;

  /** A new empty target: a DATA_DIR (PGlite) or an empty database and bucket (PostgreSQL). */
  async function destinoVacio(nombre: string): Promise<Record<string, string>> {
    const dataDir = path.join(tmp, nombre);
    if (engine === 'pglite') return { DATA_DIR: dataDir };
    const base = await createScratchDatabase();
    limpiar.push(base.drop);
    const s3 = await iniciarS3(`vla-${nombre}`);
    limpiar.push(() => s3.cerrar());
    return { DATA_DIR: dataDir, DATABASE_URL: base.url, ...s3.env() };
  }

  async function abrir(env: Record<string, string>): Promise<Database> {
    return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR);
  }

  it('un respaldo tomado mientras el sitio recibe solicitudes se restaura idéntico en un destino vacío', { timeout: 300_000 }, async () => {
    const dataDir = path.join(tmp, 'origen');
    fs.mkdirSync(dataDir);
    const { databaseUrl, drop } = await createServerDataDir(engine, dataDir, 'demo');
    limpiar.push(drop);
    origen = { DATA_DIR: dataDir, DATA_KEY: clave };
    if (engine === 'postgresql') {
      // The demo's files go to a bucket: PostgreSQL is tested with S3, PGlite with the local folder.
      s3Origen = await iniciarS3('vla-origen');
      limpiar.push(() => s3Origen!.cerrar());
      const bucket = almacenamientoS3(s3Origen);
      const local = path.join(dataDir, 'archivos');
      for (const nombre of fs.readdirSync(local, { recursive: true }) as string[]) {
        const ruta = path.join(local, nombre);
        if (fs.statSync(ruta).isFile()) await bucket.put(nombre.split(path.sep).join('/'), fs.readFileSync(ruta));
      }
      bucket.close();
      fs.rmSync(local, { recursive: true });
      origen = { ...origen, DATABASE_URL: databaseUrl, ...s3Origen.env() };
    }
    const port = await freePort();
    const sitio = startServer(
      { ...origen, PORT: String(port), SEED_DEMO: 'false', SOLICITUDES_POR_IP: '1000000', SOLICITUDES_POR_PERSONA: '1000' },
      { inherit: false },
    );
    procesos.push(sitio);
    await waitFor(() => sitio.output().includes(`http://127.0.0.1:${port}`), 'el sitio de origen', 120_000);
    const base = `http://127.0.0.1:${port}`;

    // Alerts with personal data, before the backup.
    for (const email of ['vecina@correo.test', 'vecino@correo.test']) {
      const alta = await fetch(`${base}/alertas`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tipo: 'boletines', email, frecuencia: 'inmediata' }),
        redirect: 'manual',
      });
      expect(alta.status).toBeLessThan(400);
    }

    // Decree requests keep arriving while the backup is taken.
    let seguir = true;
    const enviar = async () => {
      while (seguir) {
        const res = await fetch(`${base}/api/v1/solicitudes-decreto`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(solicitudValida()),
        }).catch(() => undefined);
        if (res?.status === 201) aceptadas++;
        await res?.arrayBuffer();
        // A steady stream, not a flood: the backup is under test, and a flood only took the CPU
        // the rest of the suite needs.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const enviando = [enviar(), enviar(), enviar()];
    await waitFor(() => aceptadas >= 3, 'las primeras solicitudes');
    const antes = aceptadas;
    const hecho = await cli('respaldo', ['--archivo', respaldo], origen);
    const despues = aceptadas;
    seguir = false;
    await Promise.all(enviando);
    expect(hecho.output).toContain('Respaldo escrito en');
    expect(hecho.code).toBe(0);
    // The site kept answering while the backup was taken.
    expect(despues).toBeGreaterThan(antes);

    const manifiesto = manifiestoDe(respaldo);
    // Every request acknowledged before the backup started is in it.
    expect(manifiesto.tablas['public.solicitudes_decreto']).toBeGreaterThanOrEqual(antes);
    expect(manifiesto.tablas['public.suscripciones_alertas']).toBe(2);
    // Never the key: neither its text nor its file is in the backup.
    const contenido = execFileSync('tar', ['--zstd', '-tf', respaldo], { encoding: 'utf8' });
    expect(contenido).not.toContain('clave-datos.key');
    expect(execFileSync('zstd', ['-dc', respaldo], { maxBuffer: 1024 ** 3 }).includes(Buffer.from(clave))).toBe(false);

    sitio.child.kill('SIGTERM');
    expect(await sitio.exited).toBe(0);

    const destino = { ...(await destinoVacio('destino')), DATA_KEY: clave };
    const restaurado = await cli('restaurar', [respaldo], destino);
    expect(restaurado.output).toContain('restaurado en');
    expect(restaurado.code).toBe(0);

    const copia = await abrir(destino);
    let documentos: { id: number; sha256: string }[];
    try {
      // Counts as the manifest says, table by table.
      for (const [tabla, n] of Object.entries(manifiesto.tablas)) {
        const [esquema, nombre] = tabla.split('.');
        const [{ filas: cuenta }] = (await filas(copia, `select count(*) as filas from "${esquema}"."${nombre}"`)) as [{ filas: number | string }];
        expect(Number(cuenta), tabla).toBe(n);
      }
      // Consistent at one instant: every request has its acknowledgement mail, and decrypts.
      const solicitudes = (await filas(copia, 'select codigo, dni, email from solicitudes_decreto')) as { codigo: string; dni: string; email: string }[];
      const referencias = new Set(((await filas(copia, 'select referencia from outbox')) as { referencia: string }[]).map((r) => r.referencia));
      for (const s of solicitudes) {
        expect(referencias.has(s.codigo), s.codigo).toBe(true);
        expect(cipher.decrypt(s.dni)).toMatch(/^\d+$/);
        expect(cipher.decrypt(s.email)).toContain('@');
      }
      const alertas = (await filas(copia, 'select email from suscripciones_alertas order by id')) as { email: string }[];
      expect(alertas.map((a) => cipher.decrypt(a.email))).toEqual(['vecina@correo.test', 'vecino@correo.test']);
      const tipos = ((await filas(copia, 'select distinct tipo_contenido from documentos')) as { tipo_contenido: string }[]).map((t) => t.tipo_contenido);
      expect(tipos).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
      documentos = (await filas(copia, 'select id, sha256 from documentos where publico order by id')) as { id: number; sha256: string }[];
      expect(documentos.length).toBeGreaterThan(0);
    } finally {
      await copia.close();
    }

    // The restored site serves every document with the bytes it had.
    const puerto2 = await freePort();
    const restaurada = startServer({ ...destino, PORT: String(puerto2), SEED_DEMO: 'false' }, { inherit: false });
    procesos.push(restaurada);
    await waitFor(() => restaurada.output().includes(`http://127.0.0.1:${puerto2}`), 'el sitio restaurado', 120_000);
    for (const doc of documentos) {
      const res = await fetch(`http://127.0.0.1:${puerto2}/downloadArchivoAppTurismo?id=${doc.id}`);
      expect(res.status, `documento ${doc.id}`).toBe(200);
      expect(
        createHash('sha256')
          .update(Buffer.from(await res.arrayBuffer()))
          .digest('hex'),
      ).toBe(doc.sha256);
    }
    restaurada.child.kill('SIGTERM');
    expect(await restaurada.exited).toBe(0);

    // A second restore into the same, now full, target is refused and changes nothing.
    const otraVez = await cli('restaurar', [respaldo], destino);
    expect(otraVez.code).toBe(1);
    expect(otraVez.output).toMatch(/ya tiene una base|no está vacía/);
  });

  it('una copia que no coincide con su manifiesto no deja nada restaurado', { timeout: 180_000 }, async () => {
    const falsificado = path.join(tmp, 'falsificado.tar.zst');
    conManifiesto(respaldo, falsificado, (m) => {
      const tablas = m.tablas as Record<string, number>;
      tablas['public.ordenanzas'] = (tablas['public.ordenanzas'] ?? 0) + 1;
    });
    const destino: Record<string, string> = { ...(await destinoVacio('falsificado')), DATA_KEY: clave };
    const res = await cli('restaurar', [falsificado], destino);
    expect(res.code).toBe(1);
    expect(res.output).toContain('La copia restaurada no coincide con el manifiesto: public.ordenanzas tiene');
    if (engine === 'pglite') {
      expect(fs.existsSync(path.join(destino.DATA_DIR!, 'pglite'))).toBe(false);
      expect(fs.readdirSync(destino.DATA_DIR!).filter((n) => n !== 'clave-datos.key')).toEqual([]);
    } else {
      const db = await openPostgresSinMigrar(destino.DATABASE_URL!);
      expect(db).toBe(0);
    }
    // The same target takes the right backup afterwards.
    const bien = await cli('restaurar', [respaldo], destino);
    expect(bien.output).toContain('restaurado en');
    expect(bien.code).toBe(0);
  });

  it.runIf(engine === 'pglite')(
    'rechaza en castellano una clave ajena, un archivo cortado o alterado y uno de una versión más nueva',
    { timeout: 180_000 },
    async () => {
      const casos: [string, string, Record<string, string>][] = [];
      const otroDestino = (n: string) => ({ DATA_DIR: path.join(tmp, n) });
      casos.push(['clave ajena', respaldo, { ...otroDestino('ajena'), DATA_KEY: randomBytes(32).toString('hex') }]);
      casos.push(['sin clave', respaldo, otroDestino('sin-clave')]);
      const cortado = path.join(tmp, 'cortado.tar.zst');
      fs.writeFileSync(cortado, fs.readFileSync(respaldo).subarray(0, Math.floor(fs.statSync(respaldo).size / 2)));
      casos.push(['cortado', cortado, { ...otroDestino('cortado'), DATA_KEY: clave }]);
      const alterado = path.join(tmp, 'alterado.tar.zst');
      const bytes = fs.readFileSync(respaldo);
      const medio = Math.floor(bytes.length / 2);
      bytes[medio] = bytes[medio]! ^ 0xff;
      fs.writeFileSync(alterado, bytes);
      casos.push(['alterado', alterado, { ...otroDestino('alterado'), DATA_KEY: clave }]);
      const nuevo = path.join(tmp, 'nuevo.tar.zst');
      conManifiesto(respaldo, nuevo, (m) => {
        m.migraciones = Number(m.migraciones) + 1;
        m.version = '9.9.9';
      });
      casos.push(['más nuevo', nuevo, { ...otroDestino('nuevo'), DATA_KEY: clave }]);
      const mensajes: Record<string, RegExp> = {
        'clave ajena': /La clave de los datos personales no es la del respaldo/,
        'sin clave': /Falta la clave de los datos personales/,
        cortado: /El archivo de respaldo está incompleto o dañado/,
        alterado: /incompleto o dañado|El respaldo está dañado/,
        'más nuevo': /El respaldo es de una versión más nueva del sitio \(9\.9\.9/,
      };
      const resultados = await Promise.all(casos.map(([, archivo, env]) => cli('restaurar', [archivo], env)));
      casos.forEach(([nombre, , env], i) => {
        expect(resultados[i]!.output, nombre).toMatch(mensajes[nombre]!);
        expect(resultados[i]!.code, nombre).toBe(1);
        expect(resultados[i]!.output, nombre).not.toMatch(/\n\s+at /);
        expect(fs.existsSync(path.join(env.DATA_DIR!, 'pglite')), nombre).toBe(false);
      });
    },
  );

  it('la verificación semanal restaura el último respaldo en una base descartable y avisa a los administradores si falla', { timeout: 180_000 }, async () => {
    const smtp = await iniciarSmtp();
    limpiar.push(() => smtp.cerrar());
    const env = { ...origen, SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` };
    const bien = await cli('respaldo', ['--verificar', path.dirname(respaldo)], env);
    expect(bien.output).toContain('Verificación correcta');
    expect(bien.code).toBe(0);
    expect(smtp.mensajes).toHaveLength(0);

    // A newer backup, damaged: the check takes the last one, fails and mails the administrator.
    const carpeta = path.join(tmp, 'respaldos-danados');
    fs.mkdirSync(carpeta);
    const bytes = fs.readFileSync(respaldo);
    fs.writeFileSync(path.join(carpeta, 'respaldo-2026-11-29T030000Z.tar.zst'), bytes.subarray(0, bytes.length - 1000));
    const mal = await cli('respaldo', ['--verificar', carpeta], env);
    expect(mal.code).toBe(1);
    expect(mal.output).toContain('La verificación semanal del respaldo falló');
    const avisos = () => smtp.mensajes.filter((m) => legible(m.datos).includes('La verificación semanal del respaldo falló'));
    await esperarHasta(() => avisos().length === 1, 30_000);
    expect(legible(avisos()[0]!.datos)).toContain('incompleto o dañado');
    // Only to the administrators, never to the other staff.
    expect(avisos()[0]!.para).toEqual([ADMINISTRADOR]);

    if (engine === 'pglite') {
      // With the embedded site running, the site writes the mail to its outbox and sends it.
      const port = await freePort();
      const sitio = startServer({ ...env, PORT: String(port), SEED_DEMO: 'false' }, { inherit: false });
      procesos.push(sitio);
      await waitFor(() => sitio.output().includes(`http://127.0.0.1:${port}`), 'el sitio', 120_000);
      const otra = await cli('respaldo', ['--verificar', carpeta], env);
      expect(otra.code).toBe(1);
      await esperarHasta(() => avisos().length === 2, 30_000);
      expect(avisos()[1]!.para).toEqual([ADMINISTRADOR]);
      sitio.child.kill('SIGTERM');
      expect(await sitio.exited).toBe(0);
    }
  });
});

/** Relations of a PostgreSQL database outside the system schemas (an empty target has none). */
async function openPostgresSinMigrar(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    return Number(rows[0]?.n);
  } finally {
    await cliente.end();
  }
}

// A SIGTERM while the outbox is sending loses no mail and sends none twice. The built
// server runs in its own process, as `npm start` runs it, against a real SMTP server on loopback.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCipher } from '#domain/shared/cipher.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres, queryRows } from '#db/client.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import { freePort } from '#scripts/free-port.ts';
import { type Run, startServer } from '#tests/setup/proceso.ts';
import { esperarHasta, iniciarSmtp, type ServidorSmtp } from '#tests/setup/smtp.ts';
import { createServerDataDir, engines } from '#tests/setup/database.ts';

const CORREOS = 300;
/** The close's wait and its bound on requests in flight (docs/decisions/028-cierre-ordenado.md), short here. */
const ESPERA_MS = 500;
const PLAZO_MS = 3_000;
/** A close that reaches the bound ends this soon after it: the outbox and the database close in time. */
const MARGEN_MS = 6_000;

type Proceso = Run;

const iniciarServidor = (env: Record<string, string>): Proceso => startServer({ LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env });

async function escuchando(proceso: Proceso, port: number): Promise<void> {
  await esperarHasta(() => {
    if (proceso.child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${proceso.output()}`);
    return proceso.output().includes(`http://127.0.0.1:${port}`);
  }, 120_000);
}

/** SIGTERM, and how long the process took to exit. */
async function terminar(proceso: Proceso): Promise<{ codigo: number | null; ms: number }> {
  const inicio = performance.now();
  proceso.child.kill('SIGTERM');
  const codigo = await proceso.exited;
  return { codigo, ms: performance.now() - inicio };
}

type FilaOutbox = { message_id: string; estado: string; intentos: number | string; vencido: boolean };

describe.each(engines)('SIGTERM con correos pendientes en la bandeja de salida (%s)', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-outbox-'));
  let databaseUrl = '';
  let baseDeDatos: Awaited<ReturnType<typeof createServerDataDir>> | undefined;
  let smtp: ServidorSmtp;
  const procesos: Proceso[] = [];
  const clave = randomBytes(32);

  /** The database, opened while no server process holds it. */
  const abrir = (): Promise<Database> => (engine === 'postgresql' ? openPostgres(databaseUrl) : openPglite(dataDir));
  async function filas(): Promise<FilaOutbox[]> {
    const database = await abrir();
    try {
      return await queryRows<FilaOutbox>(database.db, sql`select message_id, estado, intentos, proximo_intento <= now() as vencido from outbox order by id`);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    // A copy of this run's migrated empty database: no migration of a new one here.
    baseDeDatos = await createServerDataDir(engine, dataDir, 'empty');
    databaseUrl = baseDeDatos.databaseUrl;
    // The mails are written straight into the server's database before it starts.
    const database = await abrir();
    try {
      await enqueueMail(
        database.db,
        createCipher(clave),
        Array.from({ length: CORREOS }, (_, i) => ({
          destinatario: `vecino${i}@correo.test`,
          asunto: `Aviso ${i}`,
          texto: `Aviso número ${i}.`,
          referencia: 'cierre',
        })),
      );
    } finally {
      await database.close();
    }
    // 50 ms per message and five connections: about three seconds for all of them, so a SIGTERM
    // soon after the first ones arrive finds most still pending.
    smtp = await iniciarSmtp(0, { demoraDatos: 50 });
  }, 120_000);

  afterAll(async () => {
    for (const proceso of procesos) proceso.child.kill('SIGKILL');
    await smtp?.cerrar();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await baseDeDatos?.drop();
  }, 30_000);

  it('sale con 0 antes del watchdog, con los correos no enviados devueltos; un segundo proceso envía el resto, cada correo una sola vez', async () => {
    const env = (port: number) => ({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}`,
      // One key for both processes: the second must read what the first left, and the mails
      // written before the start are encrypted with it.
      DATA_KEY: clave.toString('hex'),
      SHUTDOWN_DELAY_MS: String(ESPERA_MS),
      SHUTDOWN_TIMEOUT_MS: String(PLAZO_MS),
      ...(engine === 'postgresql' ? { SITE_URL: `http://127.0.0.1:${port}` } : {}),
    });

    const port = await freePort();
    const primero = iniciarServidor(env(port));
    procesos.push(primero);
    await escuchando(primero, port);
    // An idle keep-alive connection must not hold the close.
    const agente = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/health/live', agent: agente }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
    // Nor a request in flight that never ends: its body never arrives (cut after SHUTDOWN_TIMEOUT_MS).
    const lento = net.connect(port, '127.0.0.1');
    lento.on('error', () => {});
    lento.write(
      `POST /api/v1/solicitudes-decreto HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"nombre":`,
    );
    await esperarHasta(() => smtp.mensajes.length >= 20, 30_000);

    const cierre = await terminar(primero);
    const recibidosAntes = smtp.mensajes.map((m) => m.messageId);
    console.log(`${engine}: cerró en ${cierre.ms.toFixed(0)} ms con ${CORREOS - recibidosAntes.length} de ${CORREOS} correos sin enviar`);
    agente.destroy();
    lento.destroy();
    expect(cierre.codigo, primero.output()).toBe(0);
    expect(cierre.ms).toBeLessThan(ESPERA_MS + PLAZO_MS + MARGEN_MS);
    expect(primero.output()).not.toContain('salida forzada');
    expect(primero.output()).not.toMatch(/"level":50/);
    // Mails were still pending when the signal came (otherwise this test proves nothing).
    expect(recibidosAntes.length).toBeLessThan(CORREOS);

    // What the server accepted is marked sent; everything else is due now, its attempt uncounted.
    const despues = await filas();
    expect(
      despues
        .filter((f) => f.estado === 'enviado')
        .map((f) => f.message_id)
        .sort(),
    ).toEqual([...recibidosAntes].sort());
    const pendientes = despues.filter((f) => f.estado === 'pendiente');
    expect(pendientes).toHaveLength(CORREOS - recibidosAntes.length);
    expect(pendientes.filter((f) => Number(f.intentos) !== 0 || !f.vencido)).toEqual([]);

    const segundoPort = await freePort();
    const segundo = iniciarServidor(env(segundoPort));
    procesos.push(segundo);
    await escuchando(segundo, segundoPort);
    await esperarHasta(() => smtp.mensajes.length >= CORREOS, 60_000);
    // A moment more: nothing arrives twice (intentional pause: an absence cannot be awaited).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const segundoCierre = await terminar(segundo);
    expect(segundoCierre.codigo, segundo.output()).toBe(0);

    const porId = new Map<string | undefined, number>();
    for (const m of smtp.mensajes) porId.set(m.messageId, (porId.get(m.messageId) ?? 0) + 1);
    expect([...porId.entries()].filter(([, veces]) => veces !== 1)).toEqual([]);
    const final = await filas();
    expect(final).toHaveLength(CORREOS);
    expect(final.filter((f) => f.estado !== 'enviado')).toEqual([]);
    expect(final.map((f) => f.message_id).sort()).toEqual([...porId.keys()].sort());
  }, 180_000);
});

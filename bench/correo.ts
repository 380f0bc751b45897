// How fast the outbox delivers to an SMTP server on loopback, and how long the real
// process takes to stop on SIGTERM while mails are still being sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '#db/client.ts';
import { type NewMail, createMailWorker, enqueueMail } from '#domain/correo/outbox.ts';
import { SMTP_CONNECTIONS, smtpTransport } from '#domain/correo/smtp.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { iniciarSmtp } from '#tests/setup/smtp.ts';
import { scratchDatabases } from './postgres.ts';
import { startBenchServer } from './server.ts';

export const CORREOS = Number(process.env.BENCH_CORREOS ?? 1000);
/** Mails pending when the process is stopped. */
const PENDIENTES_AL_CIERRE = 300;
/** The SMTP server of the shutdown run takes this long per message: mails are still pending at SIGTERM. */
const DEMORA_SMTP_MS = 100;

const FROM = 'Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>';
const silencio = { info() {}, warn() {}, error() {} };

function correos(cantidad: number): NewMail[] {
  return Array.from({ length: cantidad }, (_, i) => ({
    destinatario: `vecino${i}@correo.test`,
    asunto: `Solicitud de copia de decreto SD-2026-${String(i).padStart(6, '0')}`,
    texto: `Hola:\n\nRecibimos su solicitud de copia del decreto ${i}/2026. Estamos procesando su solicitud.\n`,
    referencia: 'bench',
  }));
}

/** The data key of every bench database and server: mails are stored encrypted, as in production. */
const CLAVE = 'ab'.repeat(32);
const cipher = createCipher(Buffer.from(CLAVE, 'hex'));

const porSegundo = (cantidad: number, ms: number) => (cantidad / (ms / 1000)).toFixed(0);

/**
 * `cantidad` mails enqueued at once, sent by one worker with `conexiones` SMTP connections to a
 * server that takes `demoraMs` to accept each (a relay's latency; 0: at once).
 */
async function entrega(database: Database, cantidad: number, conexiones: number, demoraMs = 0): Promise<void> {
  const smtp = await iniciarSmtp(0, { demoraDatos: demoraMs });
  await enqueueMail(database.db, cipher, correos(cantidad));
  const worker = createMailWorker({
    db: database.db,
    cipher,
    log: silencio,
    transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`, { connections: conexiones }),
    from: FROM,
    pollMs: 60_000,
  });
  try {
    const inicio = performance.now();
    const enviados = await worker.runOnce();
    const ms = performance.now() - inicio;
    const distintos = new Set(smtp.mensajes.map((m) => m.messageId)).size;
    const caso = `${conexiones} conexi${conexiones === 1 ? 'ón' : 'ones'}, SMTP ${demoraMs ? `a ${demoraMs} ms por correo` : 'inmediato'}:`;
    console.log(
      `${caso.padEnd(40)} ${String(enviados).padStart(5)} correos en ${(ms / 1000).toFixed(2)} s: ${porSegundo(enviados, ms)} correos/s (${distintos} Message-ID distintos recibidos)`,
    );
  } finally {
    await worker.stop();
    await smtp.cerrar();
  }
}

/**
 * The built server on a database with PENDIENTES_AL_CIERRE mails and an SMTP server that accepts
 * slowly; SIGTERM once the first ones arrive, timed until the process exits.
 */
async function cierre(env: Record<string, string>, abrir: () => Promise<Database>): Promise<void> {
  const database = await abrir();
  await enqueueMail(database.db, cipher, correos(PENDIENTES_AL_CIERRE));
  await database.close();
  const smtp = await iniciarSmtp(0, { demoraDatos: DEMORA_SMTP_MS });
  try {
    const server = await startBenchServer({ ...env, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` });
    const hasta = Date.now() + 60_000;
    while (smtp.mensajes.length < 20 && Date.now() < hasta) await new Promise((resolve) => setTimeout(resolve, 20));
    const antes = smtp.mensajes.length;
    const { ms, code } = await server.stop();
    console.log(
      `Cierre con SIGTERM: ${ms.toFixed(0)} ms hasta la salida (código ${code}), con ${PENDIENTES_AL_CIERRE - antes} de ${PENDIENTES_AL_CIERRE} correos pendientes (SMTP a ${DEMORA_SMTP_MS} ms por correo, ${SMTP_CONNECTIONS} conexiones; ${smtp.mensajes.length - antes} terminaron durante el cierre)`,
    );
  } finally {
    await smtp.cerrar();
  }
}

/** The pool against one connection, with a server that answers at once and one with a relay's latency. */
async function entregas(database: Database): Promise<void> {
  const pocos = Math.min(CORREOS, 300);
  await entrega(database, CORREOS, SMTP_CONNECTIONS);
  await entrega(database, pocos, 1);
  await entrega(database, pocos, SMTP_CONNECTIONS, 20);
  await entrega(database, pocos, 1, 20);
}

export async function benchCorreoPglite(): Promise<void> {
  console.log(`\n## Bandeja de salida en PGlite (SMTP en loopback)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-correo-'));
  try {
    const database = await openPglite(dataDir);
    try {
      await entregas(database);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const cierreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-cierre-'));
  try {
    await cierre({ DATA_DIR: cierreDir, DATA_KEY: CLAVE }, () => openPglite(cierreDir));
  } finally {
    fs.rmSync(cierreDir, { recursive: true, force: true });
  }
}

export async function benchCorreoPostgres(url: string): Promise<void> {
  console.log(`\n## Bandeja de salida en PostgreSQL (SMTP en loopback)`);
  const bases = await scratchDatabases(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-cierre-'));
  try {
    const database = await openPostgres(await bases.create());
    try {
      await entregas(database);
    } finally {
      await database.close();
    }
    const cierreUrl = await bases.create();
    await cierre({ DATABASE_URL: cierreUrl, DATA_DIR: dataDir, DATA_KEY: CLAVE }, () => openPostgres(cierreUrl));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await bases.drop();
  }
}

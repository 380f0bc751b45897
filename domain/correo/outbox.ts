import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { type AdjuntoCorreo, type CabecerasCorreo, outbox } from '#db/schema/index.ts';
import { getArchivoDocumento } from '#domain/documentos/queries.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import type { Log, Storage } from '#domain/shared/context.ts';
import { ocultarDatos } from '#domain/shared/ocultar.ts';
import { maskEmail, maskText } from './masking.ts';

export type { AdjuntoCorreo };

export type NewMail = {
  destinatario: string;
  responderA?: string;
  asunto: string;
  texto: string;
  referencia?: string;
  /** Stored documents sent with it; the worker reads them from storage when it sends. */
  adjuntos?: AdjuntoCorreo[];
  /** Extra headers, only those of CABECERAS_PERMITIDAS (an alert's one-click unsubscribe, RFC 8058). */
  cabeceras?: CabecerasCorreo;
};

/**
 * The headers a mail may add to those the transport writes: an alert's unsubscribe (RFC 2369 and
 * RFC 8058) and list name (Auto-Submitted the transport writes on every mail). Nothing else: no From, To or Subject by
 * the back door. Values are single lines.
 */
const CABECERAS_PERMITIDAS = ['List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Id'] as const;

const cifrarCabeceras = (cipher: Cipher, cabeceras: CabecerasCorreo, como: 'encrypt' | 'open'): CabecerasCorreo =>
  Object.fromEntries(Object.entries(cabeceras).map(([nombre, valor]) => [nombre, cipher[como](valor)]));

/** The allowed headers of `cabeceras`, others dropped; throws on a value with a line break (our bug). */
function cabecerasPermitidas(cabeceras: CabecerasCorreo | undefined): CabecerasCorreo {
  const permitidas: CabecerasCorreo = {};
  for (const nombre of CABECERAS_PERMITIDAS) {
    const valor = cabeceras?.[nombre];
    if (valor === undefined) continue;
    if (/[\r\n]/.test(valor)) throw new Error(`la cabecera ${nombre} tiene un salto de línea`);
    permitidas[nombre] = valor;
  }
  return permitidas;
}

const MESSAGE_ID_DOMAIN = 'villalaangostura.gob.ar';

/**
 * Writes mails to the outbox; call it inside the transaction of the record that causes them.
 * Recipient, reply-to and body are stored encrypted: they hold e-mail addresses and DNI.
 */
export async function enqueueMail(tx: Db, cipher: Cipher, correos: NewMail[]): Promise<void> {
  if (correos.length === 0) return;
  await tx.insert(outbox).values(
    correos.map((c) => ({
      // Fixed now, so every retry of this mail carries the same Message-ID (receivers can dedupe).
      messageId: `<outbox-${randomUUID()}@${MESSAGE_ID_DOMAIN}>`,
      destinatario: cipher.encrypt(c.destinatario),
      responderA: c.responderA === undefined ? null : cipher.encrypt(c.responderA),
      asunto: c.asunto,
      texto: cipher.encrypt(c.texto),
      referencia: c.referencia ?? null,
      adjuntos: c.adjuntos ?? [],
      // Encrypted too: an unsubscribe address carries the subscription's secret (docs/decisions/024-alertas.md).
      cabeceras: cifrarCabeceras(cipher, cabecerasPermitidas(c.cabeceras), 'encrypt'),
    })),
  );
}

type Attachment = { filename: string; content: Buffer; contentType: string };
type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  messageId: string;
  attachments?: Attachment[];
  /** Headers of this mail, already limited to CABECERAS_PERMITIDAS. */
  headers?: CabecerasCorreo;
};
/** Sends mail over SMTP. Nodemailer's pool in production (domain/correo/smtp.ts), the same in tests. */
export type MailTransport = {
  /** Sends one mail or throws; aborting `signal` ends a delivery in progress, which then throws. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  /** Checks that the server answers (connects and greets) or throws: the outbox's probe while paused. */
  verify?(): Promise<void>;
  close?(): void;
  /** Connections the transport keeps open: how many mails the worker sends at once by default. */
  connections?: number;
};

export type MailWorkerOptions = {
  db: Db;
  log: Log;
  /** Opens recipient, reply-to and body, stored encrypted. */
  cipher: Cipher;
  /** Where attached documents are read from; a mail with attachments fails without it. */
  storage?: Storage;
  /** Undefined: no SMTP_URL; mails wait in the outbox and are written to the log. */
  transport: MailTransport | undefined;
  from: string;
  /** Poll period (ms). */
  pollMs?: number;
  /** First retry delay (ms); doubles each attempt up to `esperaMaxima`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a claimed mail is reserved for one sender before it is due again (ms). The sender
   * renews it every third of this while it holds the mail, so a process killed with `kill -9`
   * leaves its mails due this soon after its last renewal (docs/decisions/029-fallas.md).
   */
  leaseMs?: number;
  /** Mails claimed per query. */
  batchSize?: number;
  /** Mails in flight at once; by default as many as the transport's connections. */
  concurrency?: number;
  /** On stop, how long a mail in the middle of its SMTP transaction may take to finish before it is aborted and released (ms). */
  graceMs?: number;
  /** After this many failed attempts a mail is `fallido` and waits for staff to retry it (about a day with the default delays). */
  maxAttempts?: number;
  /** Told of each mail sent and recorded as sent (the metrics, docs/decisions/030-metricas.md). */
  onSent?: () => void;
};

/** The lease of a claimed mail: a mail held by a process that died is due again within this (ms). */
export const RESERVA_MS = 15_000;

/**
 * Errors of the connection to the SMTP server, not of one mail (nodemailer's codes and the
 * system's): the server is down or unreachable, so every mail would fail alike. The outbox pauses
 * and probes the server instead of backing off each mail (docs/decisions/029-fallas.md).
 */
const FALLAS_DE_CONEXION = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);

const esFallaDeConexion = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && FALLAS_DE_CONEXION.has(code) && (error as { responseCode?: unknown }).responseCode === undefined;
};

/** Attempts before a mail is given up as `fallido`: 30 s, 1, 2… 32 min, then hourly, about 24 h in all. */
export const MAX_INTENTOS = 30;

/** A claimed mail, as the worker sends it. */
type ClaimedMail = {
  id: number;
  messageId: string;
  destinatario: string;
  responderA: string | null;
  asunto: string;
  texto: string;
  /** Attempts counted so far, this one included. */
  intentos: number;
  adjuntos: AdjuntoCorreo[];
  cabeceras: CabecerasCorreo;
};

type Fila = {
  id: number;
  message_id: string;
  destinatario: string;
  responder_a: string | null;
  asunto: string;
  texto: string;
  intentos: number | string;
  adjuntos: AdjuntoCorreo[] | string | null;
  cabeceras: CabecerasCorreo | string | null;
};

const COLUMNAS = sql.raw('id, message_id, destinatario, responder_a, asunto, texto, intentos, adjuntos, cabeceras');

/**
 * The one place where a stored outbox row becomes a mail to send: every read the worker makes
 * goes through it (the staff view, domain/correo/bandeja.ts, shows rows without their bodies).
 * Recipient, reply-to and body are decrypted here (docs/decisions/004-datos-personales.md).
 */
function leerCorreo(cipher: Cipher, fila: Fila): ClaimedMail {
  return {
    id: Number(fila.id),
    messageId: fila.message_id,
    destinatario: cipher.open(fila.destinatario),
    responderA: fila.responder_a === null ? null : cipher.open(fila.responder_a),
    asunto: fila.asunto,
    texto: cipher.open(fila.texto),
    intentos: Number(fila.intentos),
    adjuntos: typeof fila.adjuntos === 'string' ? (JSON.parse(fila.adjuntos) as AdjuntoCorreo[]) : (fila.adjuntos ?? []),
    cabeceras: cifrarCabeceras(
      cipher,
      cabecerasPermitidas(typeof fila.cabeceras === 'string' ? (JSON.parse(fila.cabeceras) as CabecerasCorreo) : (fila.cabeceras ?? {})),
      'open',
    ),
  };
}

/** A failure that no retry can mend: an SMTP 5xx answer (the mailbox does not exist), an attachment whose document is gone. */
class PermanentMailError extends Error {}

const esPermanente = (error: unknown) =>
  error instanceof PermanentMailError ||
  (typeof (error as { responseCode?: unknown })?.responseCode === 'number' && (error as { responseCode: number }).responseCode >= 500);

async function leerBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const trozos: Buffer[] = [];
  for await (const trozo of stream) trozos.push(typeof trozo === 'string' ? Buffer.from(trozo) : trozo);
  return Buffer.concat(trozos);
}

/** The attachments' bytes, read from storage at sending time (the outbox row only names the document). */
async function leerAdjuntos(db: Db, storage: Storage | undefined, adjuntos: AdjuntoCorreo[]): Promise<Attachment[]> {
  if (adjuntos.length === 0) return [];
  if (!storage) throw new Error('el correo tiene adjuntos y la bandeja de salida no tiene almacenamiento de archivos');
  const archivos: Attachment[] = [];
  for (const adjunto of adjuntos) {
    const documento = await getArchivoDocumento(db, adjunto.documentoId);
    if (!documento) throw new PermanentMailError(`el documento adjunto ${adjunto.documentoId} ya no existe`);
    archivos.push({ filename: adjunto.nombreArchivo, contentType: adjunto.tipoContenido, content: await leerBytes(await storage.get(documento.clave)) });
  }
  return archivos;
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped. */
export function retryDelay(intentos: number, base: number, maxima: number): number {
  return Math.min(maxima, base * 2 ** Math.max(0, Math.min(30, intentos - 1)));
}

/**
 * Claims due mails: one short transaction that pushes each claimed row `reserva` ms into the future
 * (the lease) and counts the attempt. FOR UPDATE SKIP LOCKED lets several instances poll at once
 * without claiming the same row; no transaction stays open while SMTP talks.
 */
async function claimMail(db: Db, cipher: Cipher, lote: number, reservaMs: number): Promise<ClaimedMail[]> {
  const filas = await queryRows<Fila>(
    db,
    sql`update outbox set intentos = intentos + 1, proximo_intento = now() + ${reservaMs} * interval '1 millisecond'
        where id in (select id from outbox where estado = 'pendiente' and proximo_intento <= now()
                     order by proximo_intento, id limit ${lote} for update skip locked)
        returning ${COLUMNAS}`,
  );
  return filas.map((fila) => leerCorreo(cipher, fila));
}

/**
 * Gives claimed, unsent mails back (docs/architecture.md, "Correo"): due at once, and the attempt
 * that never reached the server is not counted, so the next worker, here or in another process,
 * sends them without waiting for the lease or a back-off.
 */
async function releaseMail(db: Db, ids: number[], ultimoError?: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ intentos: sql`greatest(${outbox.intentos} - 1, 0)`, proximoIntento: sql`now()`, ...(ultimoError ? { ultimoError } : {}) })
    .where(and(eq(outbox.estado, 'pendiente'), inArray(outbox.id, ids)));
}

/** Pushes the lease of mails this sender still holds (claimed, queued or being sent). */
async function renewLease(db: Db, ids: number[], reservaMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ proximoIntento: sql`now() + ${reservaMs} * interval '1 millisecond'` })
    .where(and(eq(outbox.estado, 'pendiente'), inArray(outbox.id, ids)));
}

/** Pending mails, for the log when there is no SMTP server. */
async function listarPendientes(db: Db, cipher: Cipher, limite: number): Promise<ClaimedMail[]> {
  const filas = await queryRows<Fila>(db, sql`select ${COLUMNAS} from outbox where estado = 'pendiente' order by id limit ${limite}`);
  return filas.map((fila) => leerCorreo(cipher, fila));
}

export type MailWorker = {
  start(): void;
  /**
   * Stops claiming, releases what it claimed and has not started, lets the mails in the middle of
   * a delivery finish for `graceMs` ms, then aborts and releases those too. Resolves when every
   * claimed mail is sent or released (or, if the database does not answer, shortly after).
   */
  stop(): Promise<void>;
  /** Look now (e.g. right after a submission) instead of at the next poll. */
  nudge(): void;
  /** One pass: sends what is due; answers how many were sent. */
  runOnce(): Promise<number>;
};

const textoDeError = (error: unknown) => ocultarDatos(maskText(error instanceof Error ? error.message : String(error))).slice(0, 500);

/** True if `promesa` settled within `ms`. */
function dentroDe(promesa: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plazo = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([
    promesa.then(
      () => true,
      () => true,
    ),
    plazo,
  ]).finally(() => clearTimeout(timer));
}

/**
 * The outbox worker: polls every few seconds and whenever nudged, sends due mails over a pool of
 * SMTP connections with several in flight at once, marks each sent or records its (masked) last
 * error and the next attempt with exponential back-off. All its state is in the database, so it
 * survives restarts; delivery is at-least-once (docs/architecture.md, "Correo").
 */
export function createMailWorker(opciones: MailWorkerOptions): MailWorker {
  const { db, log, transport: transporte, from, cipher } = opciones;
  const intervalo = opciones.pollMs ?? 5000;
  const base = opciones.baseDelayMs ?? 30_000;
  const maxima = opciones.maxDelayMs ?? 60 * 60_000;
  const reserva = opciones.leaseMs ?? RESERVA_MS;
  const concurrencia = Math.max(1, opciones.concurrency ?? transporte?.connections ?? 1);
  const lote = opciones.batchSize ?? Math.max(10, 2 * concurrencia);
  const gracia = opciones.graceMs ?? 1000;
  const maxIntentos = Math.max(1, opciones.maxAttempts ?? MAX_INTENTOS);
  const registrados = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let corriendo: Promise<number> | undefined;
  let otraVez = false;
  let activo = false;
  /** Set by stop(): nothing more is claimed or started. */
  let parando = false;
  /** Claimed and not started yet. */
  const enCola: ClaimedMail[] = [];
  /** Being delivered, each with the means to abort its SMTP transaction. */
  const enVuelo = new Map<number, AbortController>();
  /**
   * Set while the SMTP server does not answer: nothing is claimed, and each poll probes the server
   * instead; the first answer resumes everything at once (docs/decisions/029-fallas.md).
   */
  let pausa: { desde: number; error: string } | undefined;
  // The lease of what this sender holds is renewed while it holds it (from start() to stop()), so
  // a long send keeps it and a dead process gives it up soon.
  let renovacion: ReturnType<typeof setInterval> | undefined;
  const renovar = () => {
    const ids = [...enCola.map((c) => c.id), ...enVuelo.keys()];
    renewLease(db, ids, reserva).catch((error: unknown) =>
      log.warn({ err: textoDeError(error) }, 'bandeja de salida: no se pudo renovar la reserva de los correos'),
    );
  };

  function pausar(mensaje: string) {
    if (pausa) return;
    pausa = { desde: Date.now(), error: mensaje };
    log.warn({ error: mensaje, sondeoMs: intervalo }, 'el servidor SMTP no responde: la bandeja de salida se pausa y lo prueba cada pocos segundos');
  }

  /** While paused: true once the server answers again. */
  async function probar(t: MailTransport): Promise<boolean> {
    try {
      await t.verify?.();
    } catch {
      return false;
    }
    log.info({ pausaMs: Date.now() - (pausa?.desde ?? Date.now()) }, 'el servidor SMTP volvió: la bandeja de salida sigue');
    pausa = undefined;
    return true;
  }

  async function liberar(correos: ClaimedMail[]): Promise<void> {
    if (correos.length === 0) return;
    try {
      await releaseMail(
        db,
        correos.map((c) => c.id),
      );
      log.info({ correos: correos.length, motivo: parando ? 'cierre' : 'SMTP sin respuesta' }, 'correos reservados devueltos a la bandeja de salida');
    } catch (error) {
      // They stay reserved: due again when the lease ends.
      log.error({ err: textoDeError(error), correos: correos.length }, 'bandeja de salida: no se pudieron devolver correos reservados');
    }
  }

  /** Sends one claimed mail and records the outcome; true if it was sent. */
  async function enviar(t: MailTransport, correo: ClaimedMail): Promise<boolean> {
    const control = new AbortController();
    enVuelo.set(correo.id, control);
    try {
      try {
        const attachments = await leerAdjuntos(db, opciones.storage, correo.adjuntos);
        await t.send(
          {
            from,
            to: correo.destinatario,
            replyTo: correo.responderA ?? undefined,
            subject: correo.asunto,
            text: correo.texto,
            messageId: correo.messageId,
            ...(attachments.length > 0 ? { attachments } : {}),
            ...(Object.keys(correo.cabeceras).length > 0 ? { headers: correo.cabeceras } : {}),
          },
          control.signal,
        );
      } catch (error) {
        if (control.signal.aborted) {
          // Cut by stop(): not a failure of the mail; the next sender takes it at once.
          await liberar([correo]);
          return false;
        }
        const mensaje = textoDeError(error);
        if (esFallaDeConexion(error)) {
          // The server, not this mail: back, due at once and its attempt uncounted, with the error
          // staff see; the whole outbox pauses until the server answers.
          pausar(mensaje);
          await releaseMail(db, [correo.id], mensaje).catch(() => {});
          return false;
        }
        const demora = retryDelay(correo.intentos, base, maxima);
        // Given up: staff see it among the failed mails and may retry it (domain/correo/bandeja.ts).
        const fallido = esPermanente(error) || correo.intentos >= maxIntentos;
        await db
          .update(outbox)
          .set({ ultimoError: mensaje, proximoIntento: sql`now() + ${demora} * interval '1 millisecond'`, ...(fallido ? { estado: 'fallido' } : {}) })
          .where(and(eq(outbox.id, correo.id), eq(outbox.estado, 'pendiente')))
          .catch(() => {});
        if (fallido) log.error({ correo: correo.id, intentos: correo.intentos, error: mensaje }, 'correo fallido: no se reintentará hasta que se pida');
        else log.warn({ correo: correo.id, intentos: correo.intentos, reintentoEnMs: demora, error: mensaje }, 'correo no enviado; se reintentará');
        return false;
      }
      await db
        .update(outbox)
        // Once sent, the body (which may hold a DNI) and the headers (an unsubscribe secret) are no longer kept.
        .set({ estado: 'enviado', enviadoEn: sql`now()`, ultimoError: null, texto: '', cabeceras: {} })
        .where(and(eq(outbox.id, correo.id), eq(outbox.estado, 'pendiente')));
      log.info({ correo: correo.id, asunto: ocultarDatos(correo.asunto), destino: maskEmail(correo.destinatario) }, 'correo enviado');
      opciones.onSent?.();
      return true;
    } finally {
      enVuelo.delete(correo.id);
    }
  }

  /**
   * Sends until nothing is due: `concurrencia` lanes share the claimed mails, and a lane that finds
   * none claims the next batch (one claim at a time), so every connection of the pool stays busy.
   */
  async function enviarPendientes(t: MailTransport): Promise<number> {
    let enviados = 0;
    let agotado = false;
    let reclamando: Promise<void> | undefined;
    const reclamar = () =>
      (reclamando ??= (async () => {
        try {
          const correos = await claimMail(db, cipher, lote, reserva);
          if (correos.length === 0) agotado = true;
          if (parando) {
            // stop() came while this claim was under way.
            agotado = true;
            await liberar(correos);
          } else {
            enCola.push(...correos);
          }
        } catch (error) {
          agotado = true;
          throw error;
        }
      })().finally(() => (reclamando = undefined)));
    const carril = async () => {
      while (!parando && !pausa) {
        const correo = enCola.shift();
        if (correo) {
          if (await enviar(t, correo)) enviados++;
        } else if (agotado) {
          return;
        } else {
          await reclamar();
        }
      }
    };
    const resultados = await Promise.allSettled(Array.from({ length: concurrencia }, carril));
    // Paused: what was claimed and not started goes back, due as soon as the server answers.
    if (pausa) await liberar(enCola.splice(0));
    const falla = resultados.find((r) => r.status === 'rejected');
    if (falla) throw falla.reason;
    return enviados;
  }

  async function pasada(): Promise<number> {
    if (transporte) {
      if (pausa && !(await probar(transporte))) return 0;
      return enviarPendientes(transporte);
    }
    for (const p of await listarPendientes(db, cipher, 100)) {
      if (registrados.has(p.id)) continue;
      registrados.add(p.id);
      log.info({ correo: p.id, asunto: ocultarDatos(p.asunto), destino: maskEmail(p.destinatario) }, 'correo en espera en la bandeja de salida (sin SMTP_URL)');
    }
    return 0;
  }

  function correr(): Promise<number> {
    if (corriendo) {
      otraVez = true;
      return corriendo;
    }
    corriendo = pasada()
      .catch((error: unknown) => {
        log.error({ err: textoDeError(error) }, 'bandeja de salida: falla al leer la base');
        return 0;
      })
      .finally(() => {
        corriendo = undefined;
        if (otraVez && activo) {
          otraVez = false;
          void correr();
        }
      });
    return corriendo;
  }

  function programar() {
    if (!activo) return;
    timer = setTimeout(() => {
      void correr().finally(programar);
    }, intervalo);
    timer.unref?.();
  }

  return {
    start() {
      if (activo) return;
      activo = true;
      parando = false;
      renovacion = setInterval(renovar, Math.max(50, Math.floor(reserva / 3)));
      renovacion.unref?.();
      if (!transporte) log.warn({}, 'SMTP_URL vacía: los correos quedan en la bandeja de salida y se registran en el log');
      void correr();
      programar();
    },
    async stop() {
      activo = false;
      parando = true;
      clearTimeout(timer);
      // Claimed but not started: back at once, for whichever process sends next.
      const devueltos = liberar(enCola.splice(0));
      const enCurso = corriendo;
      if (enCurso && !(await dentroDe(enCurso, gracia))) {
        for (const control of enVuelo.values()) control.abort(new Error('envío interrumpido al detener la bandeja de salida'));
        // An aborted delivery fails at once and is released; a database that does not answer
        // must not hold the shutdown: its rows come back when their lease ends.
        await dentroDe(enCurso, 500);
      }
      await devueltos;
      clearInterval(renovacion);
      transporte?.close?.();
    },
    nudge() {
      if (activo) void correr();
    },
    runOnce: () => correr(),
  };
}

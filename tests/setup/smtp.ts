import net from 'node:net';
import { SMTPServer } from 'smtp-server';

type MensajeRecibido = { de: string; para: string[]; datos: string; messageId: string | undefined };

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type OpcionesSmtp = {
  /**
   * How long the server takes to answer each message after receiving it (ms), or 'nunca' to never
   * answer. A message counts as received only when the server answers 250, as in SMTP: one whose
   * connection closed before that answer is not kept.
   */
  demoraDatos?: number | 'nunca';
  /** Recipients the server refuses for good (550 at RCPT TO), as a mailbox that does not exist. */
  rechazar?: (direccion: string) => boolean;
  /** Recipients the server refuses for now (451 at RCPT TO), as a mailbox over its quota: that mail is retried later. */
  aplazar?: (direccion: string) => boolean;
};

export type ServidorSmtp = {
  puerto: number;
  mensajes: MensajeRecibido[];
  /** Most sessions (connections) open at once. */
  maxSesiones(): number;
  /** Most messages being received at once (between the end of DATA and the server's answer). */
  maxDatos(): number;
  cerrar(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1, plain text, no authentication: it keeps every message it receives. */
export async function iniciarSmtp(puerto = 0, opciones: OpcionesSmtp = {}): Promise<ServidorSmtp> {
  const mensajes: MensajeRecibido[] = [];
  const cerradas = new Set<string>();
  let sesiones = 0;
  let maxSesiones = 0;
  let datos = 0;
  let maxDatos = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Sessions a client left hanging do not hold the test's close for the default 30 s.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (opciones.rechazar?.(address.address)) {
        const error = Object.assign(new Error('5.1.1 la casilla no existe'), { responseCode: 550 });
        callback(error);
        return;
      }
      if (opciones.aplazar?.(address.address)) {
        callback(Object.assign(new Error('4.2.2 la casilla está llena, probá más tarde'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onConnect(_session, callback) {
      maxSesiones = Math.max(maxSesiones, ++sesiones);
      callback();
    },
    onClose(session) {
      sesiones--;
      cerradas.add(session.id);
    },
    onData(stream, session, callback) {
      const trozos: Buffer[] = [];
      stream.on('data', (c: Buffer) => trozos.push(c));
      stream.on('error', () => {});
      stream.on('end', () => {
        const datosRecibidos = Buffer.concat(trozos).toString('utf8');
        const mensaje: MensajeRecibido = {
          de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          para: session.envelope.rcptTo.map((r) => r.address),
          datos: datosRecibidos,
          messageId: /^Message-ID:\s*(.+)$/im.exec(datosRecibidos)?.[1]?.trim(),
        };
        maxDatos = Math.max(maxDatos, ++datos);
        const responder = () => {
          datos--;
          if (cerradas.has(session.id)) return;
          mensajes.push(mensaje);
          callback();
        };
        const demora = opciones.demoraDatos ?? 0;
        if (demora === 'nunca') return;
        if (demora > 0) setTimeout(responder, demora);
        else responder();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(puerto, '127.0.0.1', () => resolve());
  });
  // A client killed mid-session (kill -9 in tests/process/correo-kill.test.ts) resets its
  // connection; smtp-server reports that on the server, where nobody listening would end the run.
  server.on('error', () => {});
  const address = server.server.address() as net.AddressInfo;
  return {
    puerto: address.port,
    mensajes,
    maxSesiones: () => maxSesiones,
    maxDatos: () => maxDatos,
    cerrar: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `condicion` holds, or fails after `ms`. */
export async function esperarHasta(condicion: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const limite = Date.now() + ms;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error('tiempo de espera agotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Quoted-printable undone, enough to read a received mail. */
export const legible = (datos: string) =>
  datos
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'))
    .replace(/\r\n[ \t]+/g, ' ');

export type AdjuntoRecibido = { nombre: string; tipo: string; bytes: Buffer };

/** The attachments of a received message (nodemailer's multipart/mixed, base64 parts), decoded. */
export function adjuntosDe(datos: string): AdjuntoRecibido[] {
  const limite = /boundary="?([^";\r\n]+)"?/i.exec(datos)?.[1];
  if (!limite) return [];
  const adjuntos: AdjuntoRecibido[] = [];
  for (const parte of datos.split(`--${limite}`)) {
    const corte = parte.indexOf('\r\n\r\n');
    if (corte < 0) continue;
    const cabeceras = parte.slice(0, corte).replace(/\r\n[ \t]+/g, ' ');
    if (!/^Content-Disposition:\s*attachment/im.test(cabeceras)) continue;
    adjuntos.push({
      nombre: /filename="?([^";\r\n]+)"?/i.exec(cabeceras)?.[1] ?? '',
      tipo: /^Content-Type:\s*([^;\r\n]+)/im.exec(cabeceras)?.[1]?.trim() ?? '',
      bytes: Buffer.from(parte.slice(corte + 4).replace(/\s+/g, ''), 'base64'),
    });
  }
  return adjuntos;
}

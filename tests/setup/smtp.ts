import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type MensajeRecibido = { de: string; para: string[]; datos: string; messageId: string | undefined };

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

/** A real SMTP server on 127.0.0.1, plain text, no authentication: it keeps every message it receives. */
export async function iniciarSmtp(puerto = 0): Promise<{ puerto: number; mensajes: MensajeRecibido[]; cerrar(): Promise<void> }> {
  const mensajes: MensajeRecibido[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const trozos: Buffer[] = [];
      stream.on('data', (c: Buffer) => trozos.push(c));
      stream.on('end', () => {
        const datos = Buffer.concat(trozos).toString('utf8');
        mensajes.push({
          de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          para: session.envelope.rcptTo.map((r) => r.address),
          datos,
          messageId: /^Message-ID:\s*(.+)$/im.exec(datos)?.[1]?.trim(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(puerto, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return { puerto: address.port, mensajes, cerrar: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits until `condicion` holds, or fails after `ms`. */
export async function esperarHasta(condicion: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const limite = Date.now() + ms;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error('tiempo de espera agotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

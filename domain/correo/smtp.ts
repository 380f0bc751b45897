import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox.ts';

/** SMTP connections the outbox keeps open by default, and so mails in flight at once. */
export const SMTP_CONNECTIONS = 5;

export type SmtpOptions = {
  /** Connections in nodemailer's pool (docs/architecture.md, "Correo"). */
  connections?: number;
};

/**
 * Nodemailer's pooled SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL):
 * a few connections kept open and reused, each mail on the next free one. Closing it closes the
 * pool; a later send opens a new one.
 */
export function smtpTransport(smtpUrl: string, opciones: SmtpOptions = {}): MailTransport {
  const connections = Math.max(1, opciones.connections ?? SMTP_CONNECTIONS);
  const crear = () =>
    nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      // Short timeouts: a server that does not answer pauses the outbox (docs/decisions/029-fallas.md).
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  let transport: ReturnType<typeof crear> | undefined;
  return {
    connections: connections,
    async send(mail, signal) {
      transport ??= crear();
      // Every mail is automatic (RFC 3834); a mail's own headers (an alert's List-Unsubscribe) come on top.
      await transport.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers }, signal });
    },
    async verify() {
      transport ??= crear();
      await transport.verify();
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}

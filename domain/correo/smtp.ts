import nodemailer from 'nodemailer';
import type { Transporte } from './outbox.ts';

/** Nodemailer's SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function transporteSmtp(smtpUrl: string): Transporte {
  // Short timeouts: a mail is reserved for its sender for two minutes (the outbox lease).
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated' } });
    },
    close: () => transport.close(),
  };
}

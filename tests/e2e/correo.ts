import fs from 'node:fs';
import path from 'node:path';

type Mensaje = { de: string; para: string[]; datos: string; messageId: string | undefined };

/** Quoted-printable, as Nodemailer writes bodies with long lines or accents. */
function decodificarQp(texto: string): string {
  const sinCortes = texto.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < sinCortes.length; i++) {
    const m = /^=([0-9A-F]{2})/.exec(sinCortes.slice(i, i + 3));
    if (m) {
      bytes.push(parseInt(m[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(sinCortes[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The messages the e2e run's SMTP server received (tests/setup/smtp-e2e.ts). */
function recibidos(): (Mensaje & { cuerpo: string })[] {
  const carpeta = process.env.E2E_MAIL_DIR!;
  if (!fs.existsSync(carpeta)) return [];
  return fs
    .readdirSync(carpeta)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(carpeta, f), 'utf8')) as Mensaje)
    .map((m) => ({ ...m, cuerpo: /quoted-printable/i.test(m.datos) ? decodificarQp(m.datos) : m.datos }));
}

/** Waits for a message to `para` whose decoded text matches, and answers it whole: `datos` as received (attachments in base64), `cuerpo` decoded. */
export async function esperarMensaje(para: string, coincide: (cuerpo: string) => boolean = () => true, ms = 20_000): Promise<Mensaje & { cuerpo: string }> {
  const limite = Date.now() + ms;
  for (;;) {
    const mensaje = recibidos().find((m) => m.para.includes(para) && coincide(m.cuerpo));
    if (mensaje) return mensaje;
    if (Date.now() > limite) throw new Error(`no llegó el correo a ${para}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for a message to `para` that matches, and answers its decoded text. */
export async function esperarCorreo(para: string, coincide: (cuerpo: string) => boolean = () => true, ms = 20_000): Promise<string> {
  return (await esperarMensaje(para, coincide, ms)).cuerpo;
}

// The SMTP server of the end-to-end run (playwright.config.ts starts it before the site): a real
// server on 127.0.0.1 that keeps every message it receives as a file in E2E_MAIL_DIR, so the
// tests, in other processes, can read the mail the site sent (tests/e2e/correo.ts).
import fs from 'node:fs';
import path from 'node:path';
import { iniciarSmtp } from './smtp.ts';

const carpeta = process.env.E2E_MAIL_DIR;
const puerto = Number(process.env.E2E_SMTP_PORT);
if (!carpeta || !puerto) throw new Error('faltan E2E_MAIL_DIR y E2E_SMTP_PORT');
fs.mkdirSync(carpeta, { recursive: true });

const servidor = await iniciarSmtp(puerto);
let escritos = 0;
const timer = setInterval(() => {
  while (escritos < servidor.mensajes.length) {
    const mensaje = servidor.mensajes[escritos]!;
    const archivo = path.join(carpeta, `${String(++escritos).padStart(5, '0')}.json`);
    // Written whole, then renamed: a reader never sees half a message.
    fs.writeFileSync(`${archivo}.tmp`, JSON.stringify(mensaje));
    fs.renameSync(`${archivo}.tmp`, archivo);
  }
}, 50);

const cerrar = () => {
  clearInterval(timer);
  void servidor.cerrar().then(() => process.exit(0));
};
process.once('SIGTERM', cerrar);
process.once('SIGINT', cerrar);

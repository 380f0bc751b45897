// After the end-to-end run: the server's whole output (E2E_LOG, playwright.config.ts) holds no
// e-mail address (only masked ones, ***@domain) and no password typed during the run
// (docs/decisions/004-datos-personales.md, 012-sesiones-y-roles.md). The demo credentials that
// `npm start` prints on purpose at start (the lines under 'Back-office de demostración') are the
// one exception.
import fs from 'node:fs';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { CLAVE_INVITADA } from './claves.ts';

export default function revisarRegistro(): void {
  const archivo = process.env.E2E_LOG;
  if (!archivo || !fs.existsSync(archivo)) throw new Error('no se encontró la salida del servidor de la corrida (E2E_LOG)');
  const lineas = fs.readFileSync(archivo, 'utf8').split('\n');
  const inicio = lineas.findIndex((l) => l.startsWith('Back-office de demostración'));
  // The banner's lines, found by what they say: the server's own log line («Server listening…») is
  // written by another stream and may land between them.
  const cercanas = inicio < 0 ? [] : lineas.slice(inicio + 1, inicio + 1 + DEMO_USUARIOS.length + 5);
  const credenciales = cercanas.filter((l) => DEMO_USUARIOS.some((u) => l.includes(u.email) && l.trimEnd().endsWith(`contraseña: ${u.clave}`)));
  const demo = new Set(inicio < 0 ? [] : [lineas[inicio]!, ...credenciales]);
  const revisadas = lineas.filter((l) => !demo.has(l));
  if (revisadas.filter((l) => l.startsWith('{')).length < 20) throw new Error('la salida del servidor casi no tiene líneas de log: ¿se guardó?');
  const problemas: string[] = [];
  for (const linea of revisadas) {
    for (const [, local] of linea.matchAll(/([A-Za-z0-9._%+*-]+)@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g)) {
      if (local !== '***') problemas.push(`correo en el log: ${linea.slice(0, 300)}`);
    }
    for (const clave of [CLAVE_INVITADA, ...DEMO_USUARIOS.map((u) => u.clave)]) {
      if (linea.includes(clave)) problemas.push(`contraseña en el log: ${linea.slice(0, 120)}`);
    }
    if (/token=[\w-]{20,}|vla_sesion=[\w-]{20,}/.test(linea)) problemas.push(`token en el log: ${linea.slice(0, 200)}`);
  }
  if (problemas.length > 0) throw new Error(`La salida del servidor tiene datos que no debe tener:\n${[...new Set(problemas)].slice(0, 20).join('\n')}`);
  console.log(`Log del servidor revisado: ${revisadas.length} líneas sin correos ni contraseñas.`);
}

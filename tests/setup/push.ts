/*
 * A Web Push service on loopback for tests and the bench (docs/architecture.md, «Mi calle: avisos»):
 * it takes the POSTs the server makes (RFC 8030), and a browser's side made by hand: an ECDH P-256
 * key pair and an auth secret, whose subscription the test registers through the page's form, and
 * the decryption of what arrives (RFC 8291, aes128gcm, RFC 8188) with node:crypto.
 */
import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type MensajeRecibido = { ruta: string; cabeceras: http.IncomingHttpHeaders; cuerpo: Buffer; recibidoEn: number };

export type ServicioPush = {
  puerto: number;
  mensajes: MensajeRecibido[];
  /** Endpoints (paths) that answer 410 Gone: the subscription expired at the push service. */
  vencidos: Set<string>;
  /** Called with every message as it arrives (the bench times them). */
  alRecibir?: (m: MensajeRecibido) => void;
  cerrar(): Promise<void>;
};

export async function iniciarServicioPush(): Promise<ServicioPush> {
  const servicio: ServicioPush = { puerto: 0, mensajes: [], vencidos: new Set(), cerrar: async () => {} };
  const server = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const ruta = req.url ?? '/';
      if (servicio.vencidos.has(ruta)) {
        res.writeHead(410).end();
        return;
      }
      const m = { ruta, cabeceras: req.headers, cuerpo: Buffer.concat(partes), recibidoEn: performance.now() };
      servicio.mensajes.push(m);
      servicio.alRecibir?.(m);
      res.writeHead(201, { location: `${ruta}/m/${servicio.mensajes.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servicio.puerto = (server.address() as AddressInfo).port;
  servicio.cerrar = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return servicio;
}

export type NavegadorDePrueba = {
  /** What `JSON.stringify(pushSubscription)` gives in a browser. */
  suscripcion: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  descifrar(cuerpo: Buffer): string;
};

/** A browser's push subscription at `ruta` of the loopback service, with the keys to read what it gets. */
export function navegadorDePrueba(servicio: Pick<ServicioPush, 'puerto'>, ruta = `/push/${randomBytes(8).toString('hex')}`): NavegadorDePrueba {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publica = ecdh.getPublicKey();
  const auth = randomBytes(16);
  return {
    suscripcion: {
      endpoint: `http://127.0.0.1:${servicio.puerto}${ruta}`,
      expirationTime: null,
      keys: { p256dh: publica.toString('base64url'), auth: auth.toString('base64url') },
    },
    descifrar(cuerpo) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the server's public key).
      const salt = cuerpo.subarray(0, 16);
      const largoId = cuerpo.readUInt8(20);
      const publicaServidor = cuerpo.subarray(21, 21 + largoId);
      const cifrado = cuerpo.subarray(21 + largoId);
      const hmac = (clave: Buffer, datos: Buffer) => createHmac('sha256', clave).update(datos).digest();
      const secreto = ecdh.computeSecret(publicaServidor);
      // RFC 8291 §3.3-3.4: IKM from the auth secret and both public keys, then RFC 8188's key and nonce.
      const prkClave = hmac(auth, secreto);
      const ikm = hmac(prkClave, Buffer.concat([Buffer.from('WebPush: info\0'), publica, publicaServidor, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const descifrador = createDecipheriv('aes-128-gcm', cek, nonce);
      descifrador.setAuthTag(cifrado.subarray(cifrado.length - 16));
      const claro = Buffer.concat([descifrador.update(cifrado.subarray(0, cifrado.length - 16)), descifrador.final()]);
      // The last record ends with the delimiter 0x02 and zero padding.
      let fin = claro.length - 1;
      while (fin >= 0 && claro[fin] === 0) fin--;
      if (claro[fin] !== 2) throw new Error('el mensaje no termina con el delimitador del último registro');
      return claro.subarray(0, fin).toString('utf8');
    },
  };
}

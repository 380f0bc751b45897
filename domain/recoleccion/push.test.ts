import { describe, expect, it } from 'vitest';
import { contactoVapid, endpointAdmitido } from './push.ts';

describe('endpointAdmitido: a dónde puede postear el servidor', () => {
  it('un servicio push HTTPS público, sí', () => {
    expect(endpointAdmitido('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(endpointAdmitido('https://updates.push.services.mozilla.com/wpush/v2/xyz', false)).toBe(true);
  });
  it('direcciones internas, nombres sin dominio, credenciales y otros esquemas, no', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.1/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://localhost/x',
      'https://intranet/x',
      'https://usuario:clave@push.example.com/x',
      'http://push.example.com/x',
      'ftp://push.example.com/x',
      'no es una dirección',
    ])
      expect(endpointAdmitido(url, false), url).toBe(false);
  });
  it('HTTP en loopback sólo con PUSH_SERVICIOS_LOCALES', () => {
    expect(endpointAdmitido('http://127.0.0.1:4321/push/1', false)).toBe(false);
    expect(endpointAdmitido('http://127.0.0.1:4321/push/1', true)).toBe(true);
    expect(endpointAdmitido('http://10.0.0.1:4321/push/1', true)).toBe(false);
  });
});

describe('contactoVapid: el «sub» de VAPID es https: o mailto:, como pide RFC 8292 y exige web-push', () => {
  const con = (sitio: string) => ({ url: (ruta: string) => `${sitio}${ruta}` });
  it('un sitio https da su página de Mi calle', () => {
    expect(contactoVapid(con('https://www.villalaangostura.gob.ar'))).toBe('https://www.villalaangostura.gob.ar/mi-calle');
  });
  it('un sitio en http (desarrollo, los servidores de e2e y del benchmark) da un mailto: con su host', () => {
    expect(contactoVapid(con('http://127.0.0.1:4321'))).toBe('mailto:mi-calle@127.0.0.1');
    expect(contactoVapid(con('http://localhost:3000'))).toBe('mailto:mi-calle@localhost');
  });
});

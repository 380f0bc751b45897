import { describe, expect, it } from 'vitest';
import { SIN_SERVIDOR, explicarCorreo, motivoEnCastellano } from './estado.ts';

// Whether a mail left, in words for the desk (docs/decisions/052-confirmar-antes-de-escribir.md).
describe('el estado de un correo, en palabras', () => {
  const pendiente = { estado: 'pendiente', ultimoError: null, enviadoEn: null, proximoIntento: null };

  it('sin servidor de correo, pendiente dice por qué espera; con servidor, que está saliendo', () => {
    expect(explicarCorreo(pendiente, { smtpConfigurado: false })).toBe(SIN_SERVIDOR);
    expect(explicarCorreo(pendiente, { smtpConfigurado: true })).toBe('Está saliendo: quedó en la bandeja de salida y se envía en unos segundos.');
  });

  it('enviado, con la hora de Buenos Aires; fallido y reintentando, con el motivo en castellano', () => {
    expect(explicarCorreo({ ...pendiente, estado: 'enviado', enviadoEn: new Date('2026-11-28T13:14:00Z') }, {})).toBe('Salió el 28/11/2026, 10:14.');
    expect(explicarCorreo({ ...pendiente, estado: 'fallido', ultimoError: "Can't send mail - all recipients were rejected: 550 5.1.1 ***@x.com" }, {})).toBe(
      'No salió: el servidor del destinatario rechazó la dirección: la casilla no existe o no recibe correo. No se reintenta solo: la mesa de entradas o administración puede reintentarlo desde la bandeja de salida.',
    );
    expect(
      explicarCorreo(
        { ...pendiente, ultimoError: 'connect ECONNREFUSED 127.0.0.1:25', proximoIntento: new Date('2026-11-28T13:20:00Z') },
        { smtpConfigurado: true },
      ),
    ).toBe(
      'Todavía no salió: el último intento falló porque no pudimos conectarnos con el servidor de correo. Lo volvemos a intentar solos el 28/11/2026, 10:20.',
    );
  });

  it('los motivos: casilla llena, demasiado grande, credenciales, adjunto borrado; lo desconocido, citado', () => {
    expect(motivoEnCastellano('452 4.2.2 Mailbox full')).toBe('el servidor del destinatario no lo aceptó por ahora (casilla llena u ocupada)');
    expect(motivoEnCastellano('552 5.3.4 Message size exceeds fixed limit')).toBe('el correo es más grande de lo que acepta el servidor de correo');
    expect(motivoEnCastellano('Invalid login: 535 Authentication failed')).toBe(
      'el servidor de correo no aceptó el usuario o la contraseña con que el sitio se conecta',
    );
    expect(motivoEnCastellano('el documento adjunto 12 ya no existe')).toBe('el archivo adjunto ya no está guardado en el sitio');
    expect(motivoEnCastellano('Algo raro\nsegunda línea')).toBe('el servidor de correo respondió «Algo raro»');
    expect(motivoEnCastellano(null)).toBe('el servidor de correo no dijo por qué');
  });
});

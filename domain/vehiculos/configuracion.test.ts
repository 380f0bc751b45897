import { describe, expect, it } from 'vitest';
import { createAppContext } from '#domain/shared/context.ts';
import { AJUSTES_SUGERIDOS, codigoQr, direccionesIngesta, enlaceAppTraccar, enlaceQrTraccar, plantillaOsmAnd } from './configuracion.ts';

const ctx = (siteUrl: string) => createAppContext({ config: { siteUrl } } as Parameters<typeof createAppContext>[0]);

describe('la configuración de Traccar Client y OsmAnd', () => {
  it('la dirección de ingesta sale de SITE_URL; la del puerto propio, por HTTP al mismo host', () => {
    expect(direccionesIngesta(ctx('https://www.villalaangostura.gob.ar'))).toEqual({
      principal: 'https://www.villalaangostura.gob.ar/api/v1/posiciones',
      puerto: null,
    });
    expect(direccionesIngesta(ctx('https://www.villalaangostura.gob.ar/'), 5055)).toEqual({
      principal: 'https://www.villalaangostura.gob.ar/api/v1/posiciones',
      puerto: 'http://www.villalaangostura.gob.ar:5055',
    });
    expect(direccionesIngesta(ctx('http://[::1]:3000'), 5055).puerto).toBe('http://[::1]:5055');
  });

  it('el QR: la dirección del servidor y los ajustes como parámetros, que Traccar Client separa', () => {
    const texto = enlaceQrTraccar('https://sitio.test/api/v1/posiciones', 'rec:1');
    expect(texto).toBe('https://sitio.test/api/v1/posiciones?id=rec%3A1&accuracy=high&distance=0&interval=10&fastest_interval=10');
    // What the app keeps (origin and path) and reads (the query), as Dart's Uri does.
    const url = new URL(texto);
    expect(`${url.origin}${url.pathname}`).toBe('https://sitio.test/api/v1/posiciones');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: 'rec:1',
      accuracy: AJUSTES_SUGERIDOS.precision,
      distance: '0',
      interval: '10',
      fastest_interval: '10',
    });
  });

  it('el enlace que abre la app lleva la dirección en `url`', () => {
    const enlace = new URL(enlaceAppTraccar('https://sitio.test/api/v1/posiciones', 'rec-1'));
    expect(enlace.protocol).toBe('org.traccar.client:');
    expect(enlace.searchParams.get('url')).toBe('https://sitio.test/api/v1/posiciones');
    expect(enlace.searchParams.get('id')).toBe('rec-1');
    expect(enlace.searchParams.get('interval')).toBe('10');
  });

  it('OsmAnd: la plantilla con sus marcadores y el identificador codificado, sin comillas que MessageFormat lea', () => {
    expect(plantillaOsmAnd('https://sitio.test/api/v1/posiciones', 'rec-1')).toBe(
      'https://sitio.test/api/v1/posiciones?id=rec-1&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}&batt={11}',
    );
    expect(plantillaOsmAnd('https://s.test/p', "a'b{c}")).toMatch(/^https:\/\/s\.test\/p\?id=a%27b%7Bc%7D&lat=/);
  });

  it('el QR es un SVG en una dirección data:, el mismo para el mismo texto', async () => {
    const qr = await codigoQr('https://sitio.test/api/v1/posiciones?id=1');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(await codigoQr('https://sitio.test/api/v1/posiciones?id=1')).toBe(qr);
    expect(await codigoQr('https://sitio.test/api/v1/posiciones?id=2')).not.toBe(qr);
  });
});

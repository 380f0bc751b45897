import { describe, expect, it } from 'vitest';
import type { AppConfig } from '#domain/shared/context.ts';
import { puertoDeIngesta } from './ingesta.server.ts';

const config = { siteUrl: 'https://sitio.test' } as AppConfig;

describe('el puerto propio de la ingesta (INGEST_PORT)', () => {
  it('de la configuración, cuando la tiene; si no, del entorno', () => {
    expect(puertoDeIngesta({ ...config, ingestPort: 5055 } as AppConfig, {})).toBe(5055);
    expect(puertoDeIngesta({ ...config, ingestPort: 0 } as AppConfig, { INGEST_PORT: '6000' })).toBeUndefined();
    expect(puertoDeIngesta(config, { INGEST_PORT: ' 5055 ' })).toBe(5055);
    expect(puertoDeIngesta(config, {})).toBeUndefined();
  });

  it('sólo un número entero de 1 a 65535 cuenta', () => {
    for (const valor of ['', '0', '65536', '99999999', '-1', '50.5', 'cinco', '5055a', '0x13bf']) {
      expect(puertoDeIngesta(config, { INGEST_PORT: valor }), valor).toBeUndefined();
    }
    expect(puertoDeIngesta(config, { INGEST_PORT: '65535' })).toBe(65535);
  });
});

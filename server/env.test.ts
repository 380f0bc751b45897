import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('configuración', () => {
  it('tiene valores por defecto que funcionan en modo embebido', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('UPLOAD_MAX_BYTES: 25 MB por defecto, un número de bytes si se da, y un mensaje si no lo es', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '10485760' }).uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'mucho' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '10' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('con DATABASE_URL no carga demostración salvo que se pida', () => {
    const clave = { DATA_KEY: 'ab'.repeat(32) };
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ...clave }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true', ...clave }).seedDemo).toBe(true);
  });

  it('explica en castellano cada variable inválida', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', ADMIN_EMAIL: 'x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuración inválida:/);
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('ADMIN_EMAIL');
    }
  });

  it('en producción exige SITE_URL y DATA_KEY, con un mensaje claro', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SITE_URL: en producción \(NODE_ENV=production\) es obligatoria/);
    expect(() => loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://sitio.gob.ar' })).toThrow(/DATA_KEY: en producción y con PostgreSQL es obligatoria/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/DATA_KEY/);
    const config = loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://sitio.gob.ar/', DATA_KEY: 'ab'.repeat(32) });
    expect(config.siteUrl).toBe('https://sitio.gob.ar');
    expect(config.dataKeys?.current).toEqual(Buffer.alloc(32, 0xab));
  });

  it('sin NODE_ENV=production, SITE_URL es la dirección donde escucha', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080', HOST: '127.0.0.1' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '192.0.2.7' }).siteUrl).toBe('http://192.0.2.7:8080');
    expect(loadConfig({}).dataKeys).toBeUndefined();
  });

  it('DATA_KEY: 256 bits en hexadecimal o base64; las anteriores se leen para rotar', () => {
    const b64 = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ DATA_KEY: b64, DATA_KEY_PREVIOUS: `${'cd'.repeat(32)}, ${'ef'.repeat(32)}` });
    expect(config.dataKeys?.current).toEqual(Buffer.alloc(32, 7));
    expect(config.dataKeys?.previous).toEqual([Buffer.alloc(32, 0xcd), Buffer.alloc(32, 0xef)]);
    expect(() => loadConfig({ DATA_KEY: 'corta' })).toThrow(/DATA_KEY: Debe ser una clave de 256 bits/);
    expect(() => loadConfig({ DATA_KEY: 'ab'.repeat(32), DATA_KEY_PREVIOUS: 'x' })).toThrow(/DATA_KEY_PREVIOUS/);
  });

  it('TRUST_PROXY: false, saltos o direcciones; "true" es un salto, nunca confiar en todos', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: Escribí false, una cantidad de proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('seguimiento de vehículos: INGEST_PORT apagado si está vacío, el simulador según la demo salvo que se diga, y los límites de los streams', () => {
    const { vehiculos } = loadConfig({});
    expect(vehiculos).toEqual({
      ingestPort: undefined,
      simulador: { activo: undefined, intervaloMs: 5_000 },
      streams: { max: 1_000, porDireccion: 10, porRed: 250 },
    });
    expect(loadConfig({ INGEST_PORT: '' }).vehiculos.ingestPort).toBeUndefined();
    expect(loadConfig({ INGEST_PORT: '5055' }).vehiculos.ingestPort).toBe(5055);
    expect(loadConfig({ INGEST_PORT: '0' }).vehiculos.ingestPort).toBe(0);
    expect(() => loadConfig({ INGEST_PORT: '70000' })).toThrow(/INGEST_PORT/);
    expect(() => loadConfig({ INGEST_PORT: 'cinco' })).toThrow(/INGEST_PORT/);
    expect(() => loadConfig({ PORT: '5055', INGEST_PORT: '5055' })).toThrow(/INGEST_PORT: tiene que ser otro puerto que PORT/);
    expect(loadConfig({ SIMULADOR_VEHICULOS: 'false' }).vehiculos.simulador.activo).toBe(false);
    expect(loadConfig({ SIMULADOR_VEHICULOS: 'true', SIMULADOR_INTERVALO_MS: '2000' }).vehiculos.simulador).toEqual({ activo: true, intervaloMs: 2_000 });
    expect(() => loadConfig({ SIMULADOR_INTERVALO_MS: '10' })).toThrow(/SIMULADOR_INTERVALO_MS/);
    expect(loadConfig({ MAX_STREAMS: '50', MAX_STREAMS_PER_IP: '3' }).vehiculos.streams).toEqual({ max: 50, porDireccion: 3, porRed: 13 });
    expect(loadConfig({ MAX_STREAMS: '50', MAX_STREAMS_PER_IP: '3', MAX_STREAMS_PER_NETWORK: '5' }).vehiculos.streams.porRed).toBe(5);
  });

  it('RECLAMOS_CONSULTA_DIAS y RECLAMOS_CONSULTAS_INTERVALO_MS: 28 días y una hora por defecto, 0 días permitido, y un mensaje en castellano si no son válidos', () => {
    const config = loadConfig({});
    expect([config.reclamosConsultaDias, config.reclamosConsultasIntervaloMs]).toEqual([28, 3_600_000]);
    const e2e = loadConfig({ RECLAMOS_CONSULTA_DIAS: '0', RECLAMOS_CONSULTAS_INTERVALO_MS: '1000' });
    expect([e2e.reclamosConsultaDias, e2e.reclamosConsultasIntervaloMs]).toEqual([0, 1_000]);
    expect(loadConfig({ RECLAMOS_CONSULTA_DIAS: '365' }).reclamosConsultaDias).toBe(365);
    expect(() => loadConfig({ RECLAMOS_CONSULTA_DIAS: 'un mes' })).toThrow(/RECLAMOS_CONSULTA_DIAS: Escribí cuántos días después de resuelto se pregunta/);
    expect(() => loadConfig({ RECLAMOS_CONSULTA_DIAS: '1.5' })).toThrow(/RECLAMOS_CONSULTA_DIAS: Escribí los días como un número entero/);
    expect(() => loadConfig({ RECLAMOS_CONSULTA_DIAS: '-1' })).toThrow(/RECLAMOS_CONSULTA_DIAS: Los días no pueden ser negativos/);
    expect(() => loadConfig({ RECLAMOS_CONSULTA_DIAS: '366' })).toThrow(/RECLAMOS_CONSULTA_DIAS: Los días pueden ser hasta 365/);
    expect(() => loadConfig({ RECLAMOS_CONSULTAS_INTERVALO_MS: 'seguido' })).toThrow(/RECLAMOS_CONSULTAS_INTERVALO_MS: Escribí cada cuánto/);
    expect(() => loadConfig({ RECLAMOS_CONSULTAS_INTERVALO_MS: '99' })).toThrow(
      /RECLAMOS_CONSULTAS_INTERVALO_MS: El intervalo tiene que ser de al menos 100 ms/,
    );
    expect(() => loadConfig({ RECLAMOS_CONSULTAS_INTERVALO_MS: '3600001' })).toThrow(
      /RECLAMOS_CONSULTAS_INTERVALO_MS: El intervalo puede ser de hasta 3\.600\.000 ms/,
    );
  });

  it('SHUTDOWN_DELAY_MS y SHUTDOWN_TIMEOUT_MS: 3 s y 15 s por defecto, 0 permitido para la espera, y un mensaje en castellano si no son válidos', () => {
    expect(loadConfig({}).cierre).toEqual({ esperaMs: 3_000, plazoMs: 15_000 });
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '2000' }).cierre).toEqual({ esperaMs: 0, plazoMs: 2_000 });
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: 'pronto' })).toThrow(/SHUTDOWN_DELAY_MS: Escribí la espera en milisegundos/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS: La espera no puede ser negativa/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '120000' })).toThrow(/SHUTDOWN_DELAY_MS: La espera puede ser de hasta 60\.000 ms/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS: El plazo tiene que ser de al menos 100 ms/);
  });
});

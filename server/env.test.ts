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

  it('con DATABASE_URL no carga demostración salvo que se pida', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
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
});

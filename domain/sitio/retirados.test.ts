import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { findRetirado, republicarRuta, retirarContenido } from './retirados.ts';

describe.each(engines)('contenidos retirados (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('recuerda la dirección con su título; una dirección que nunca existió no está', async () => {
    await retirarContenido(database.db, { ruta: '/consulta-ordenanzas/2026/9001', titulo: 'Ordenanza 9001/2026', actor: null });
    expect(await findRetirado(database.db, '/consulta-ordenanzas/2026/9001')).toMatchObject({ titulo: 'Ordenanza 9001/2026' });
    expect(await findRetirado(database.db, '/consulta-ordenanzas/2026/9002')).toBeUndefined();
  });

  it('retirar de nuevo la misma dirección guarda el último título; republicarla la olvida', async () => {
    await retirarContenido(database.db, { ruta: '/api/v1/documentos/77', titulo: 'Boletín Oficial Nº 1', actor: null });
    await retirarContenido(database.db, { ruta: '/api/v1/documentos/77', titulo: 'Boletín Oficial Nº 2', actor: null });
    expect((await findRetirado(database.db, '/api/v1/documentos/77'))?.titulo).toBe('Boletín Oficial Nº 2');
    await republicarRuta(database.db, '/api/v1/documentos/77');
    expect(await findRetirado(database.db, '/api/v1/documentos/77')).toBeUndefined();
  });

  it('rechaza una ruta sin barra inicial o con query', async () => {
    await expect(retirarContenido(database.db, { ruta: 'consulta-ordenanzas', titulo: 'x', actor: null })).rejects.toThrow(RangeError);
    await expect(retirarContenido(database.db, { ruta: '/a?b=1', titulo: 'x', actor: null })).rejects.toThrow(RangeError);
  });
});

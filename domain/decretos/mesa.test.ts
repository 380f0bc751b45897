import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { solicitudesDecreto } from '#db/schema/index.ts';
import { readForm } from '#domain/shared/form.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, createSolicitud, editor, logEspia, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { getSolicitudMesa, listSolicitudesMesa } from './mesa.ts';
import { changeEstadoSolicitud } from './mesa-commands.ts';
import { type FiltrosMesa, filtrosMesaSchema } from './mesa-schemas.ts';

const cipher = testCipher();

/** The filters as the list page reads them from its URL. */
function filtros(params: Record<string, string>, porPagina?: number): FiltrosMesa {
  const leido = readForm(filtrosMesaSchema, new URLSearchParams(params));
  if (!leido.ok) throw new Error(JSON.stringify(leido.errores));
  return { ...leido.datos, ...(porPagina ? { porPagina } : {}) };
}

describe('filtros de la lista de la mesa', () => {
  it('vacíos: la primera página sin filtros; errores en castellano', () => {
    expect(filtros({ estado: '', desde: '', hasta: '', texto: '  ', pagina: '' })).toEqual({ pagina: 1 });
    const malo = readForm(filtrosMesaSchema, new URLSearchParams({ estado: 'perdida', desde: '2026-02-30', hasta: 'ayer', pagina: '0' }));
    expect(malo).toMatchObject({
      ok: false,
      errores: {
        estado: 'Elegí un estado de la lista.',
        desde: 'Escribí la fecha «desde» como AAAA-MM-DD, por ejemplo 2026-03-10.',
        hasta: 'Escribí la fecha «hasta» como AAAA-MM-DD, por ejemplo 2026-03-31.',
        pagina: 'Escribí un número de página entre 1 y 10.000, o dejalo vacío para ver la primera.',
      },
    });
    expect(readForm(filtrosMesaSchema, new URLSearchParams({ desde: '2026-03-10', hasta: '2026-03-01' }))).toMatchObject({
      ok: false,
      errores: { hasta: 'La fecha «desde» tiene que ser anterior o igual a la fecha «hasta».' },
    });
  });
});

describe.each(engines)('mesa de entradas: lista y detalle (%s)', (engine) => {
  let database: Database;
  const log = logEspia();
  let ctx: ReturnType<typeof testContext>;
  let julian: Awaited<ReturnType<typeof createSolicitud>>;
  let maria: Awaited<ReturnType<typeof createSolicitud>>;
  let pedro: Awaited<ReturnType<typeof createSolicitud>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db, cipher }), log };
    julian = await createSolicitud(ctx, { nombre: 'Julián Álvarez', dni: '31.222.333', email: 'Julian.Alvarez@Correo.com.ar', numero: '812/2025' });
    maria = await createSolicitud(ctx, { nombre: 'María José Núñez', numero: '45/2024', aclaraciones: 'Es sobre el camping municipal.' });
    pedro = await createSolicitud(ctx, { nombre: 'Pedro Gómez', numero: '9/2023' });
    // Received on three different days (Buenos Aires): 1, 5 and 10 March 2026.
    const dias: [string, string][] = [
      [julian.codigo, '2026-03-01T12:00:00-03:00'],
      [maria.codigo, '2026-03-05T23:30:00-03:00'],
      [pedro.codigo, '2026-03-10T00:10:00-03:00'],
    ];
    for (const [codigo, fecha] of dias) {
      await database.db
        .update(solicitudesDecreto)
        .set({ createdAt: new Date(fecha) })
        .where(eq(solicitudesDecreto.codigo, codigo));
    }
    await changeEstadoSolicitud(ctx, mesa, maria.codigo, { estado: 'en_proceso' });
  });
  afterAll(() => database.close());

  const codigos = async (params: Record<string, string>, actor = mesa) => (await listSolicitudesMesa(ctx, actor, filtros(params))).items.map((s) => s.codigo);

  it('lista de la más nueva a la más vieja, con nombre, número, estado y fecha; sin DNI ni correo', async () => {
    const lista = await listSolicitudesMesa(ctx, mesa, filtros({}));
    expect(lista.total).toBe(3);
    expect(lista.items.map((s) => s.codigo)).toEqual([pedro.codigo, maria.codigo, julian.codigo]);
    expect(lista.items[1]).toMatchObject({
      nombre: 'María José Núñez',
      numero: '45/2024',
      estado: 'en_proceso',
      estadoEtiqueta: 'En proceso',
      anonimizada: false,
    });
    expect(lista.items[1]!.createdAt.toISOString()).toBe('2026-03-06T02:30:00.000Z');
    expect(JSON.stringify(lista)).not.toMatch(/31222333|Julian\.Alvarez|dni|email/i);
  });

  it('filtra por estado y por días de recepción (los dos inclusive, en hora de Buenos Aires)', async () => {
    expect(await codigos({ estado: 'en_proceso' })).toEqual([maria.codigo]);
    expect(await codigos({ estado: 'recibida' })).toEqual([pedro.codigo, julian.codigo]);
    expect(await codigos({ estado: 'enviada' })).toEqual([]);
    expect(await codigos({ desde: '2026-03-05' })).toEqual([pedro.codigo, maria.codigo]);
    expect(await codigos({ hasta: '2026-03-05' })).toEqual([maria.codigo, julian.codigo]);
    expect(await codigos({ desde: '2026-03-05', hasta: '2026-03-05' })).toEqual([maria.codigo]);
    expect(await codigos({ desde: '2026-03-06', hasta: '2026-03-09' })).toEqual([]);
    expect(await codigos({ desde: '2026-03-10', estado: 'recibida' })).toEqual([pedro.codigo]);
  });

  it('busca por código, nombre (sin importar acentos ni mayúsculas), número de decreto, DNI y correo', async () => {
    expect(await codigos({ texto: julian.codigo.toLowerCase().replace(/-/g, ' ') })).toEqual([julian.codigo]);
    expect(await codigos({ texto: 'nunez' })).toEqual([maria.codigo]);
    expect(await codigos({ texto: 'JOSÉ' })).toEqual([maria.codigo]);
    expect(await codigos({ texto: 'alvarez julian' })).toEqual([]);
    expect(await codigos({ texto: '812/2025' })).toEqual([julian.codigo]);
    expect(await codigos({ texto: '/2024' })).toEqual([maria.codigo]);
    // The DNI and the e-mail, whole, through their keyed hashes.
    expect(await codigos({ texto: '31.222.333' })).toEqual([julian.codigo]);
    expect(await codigos({ texto: '31222333' })).toEqual([julian.codigo]);
    expect(await codigos({ texto: '3122233' })).toEqual([]);
    expect(await codigos({ texto: ' julian.alvarez@correo.com.ar ' })).toEqual([julian.codigo]);
    expect(await codigos({ texto: 'julian.alvarez@correo.com' })).toEqual([]);
    // LIKE's own signs are plain text.
    expect(await codigos({ texto: '%' })).toEqual([]);
    expect(await codigos({ texto: '_' })).toEqual([]);
    expect(await codigos({ texto: '---' })).toEqual([]);
  });

  it('pagina con el total', async () => {
    const primera = await listSolicitudesMesa(ctx, mesa, filtros({}, 2));
    const segunda = await listSolicitudesMesa(ctx, admin, filtros({ pagina: '2' }, 2));
    expect([primera.total, segunda.total]).toEqual([3, 3]);
    expect(primera.items.map((s) => s.codigo)).toEqual([pedro.codigo, maria.codigo]);
    expect(segunda.items.map((s) => s.codigo)).toEqual([julian.codigo]);
    expect(segunda).toMatchObject({ pagina: 2, porPagina: 2 });
    expect((await listSolicitudesMesa(ctx, mesa, filtros({ pagina: '9' }))).items).toEqual([]);
  });

  it('el detalle muestra DNI y correo descifrados a la mesa y a administración, con el historial y lo que se puede hacer', async () => {
    const detalle = await getSolicitudMesa(ctx, mesa, maria.codigo);
    expect(detalle).toMatchObject({
      codigo: maria.codigo,
      nombre: 'María José Núñez',
      dni: maria.dni,
      email: maria.email,
      numero: '45/2024',
      ordenanza: null,
      aclaraciones: 'Es sobre el camping municipal.',
      estado: 'en_proceso',
      cerradaEn: null,
      prorrogadaEn: null,
      decreto: null,
      anonimizadaEn: null,
      siguientes: ['enviada', 'rechazada'],
      puedeProrrogar: true,
    });
    expect(detalle?.historial.map((h) => [h.estado, h.estadoEtiqueta, h.actorEmail])).toEqual([
      ['recibida', 'Recibida', null],
      ['en_proceso', 'En proceso', mesa.email],
    ]);
    expect((await getSolicitudMesa(ctx, admin, julian.codigo))?.dni).toBe('31222333');
    expect((await getSolicitudMesa(ctx, admin, julian.codigo))?.siguientes).toEqual(['en_proceso', 'rechazada']);
    expect(await getSolicitudMesa(ctx, mesa, 'SD-2026-222-222-222')).toBeUndefined();
    expect(await getSolicitudMesa(ctx, mesa, 'no es un código')).toBeUndefined();
  });

  it('un editor no ve la lista ni el detalle', async () => {
    await expect(listSolicitudesMesa(ctx, editor, filtros({}))).rejects.toThrow(PermisoDenegadoError);
    await expect(getSolicitudMesa(ctx, editor, julian.codigo)).rejects.toThrow(
      'Tu usuario no puede ver las solicitudes de decretos: son de la mesa de entradas y de administración.',
    );
  });

  it('las búsquedas no descifran filas ni dejan datos personales en el log', async () => {
    // A row whose ciphertext nobody could open is still listed and found by its hash.
    await database.db.execute(sql`update solicitudes_decreto set email = 'v1.000000000000.roto' where codigo = ${pedro.codigo}`);
    expect(await codigos({})).toContain(pedro.codigo);
    expect(await codigos({ texto: pedro.dni })).toEqual([pedro.codigo]);
    expect(log.texto()).not.toMatch(new RegExp(`${julian.dni}|${maria.dni}|@correo`, 'i'));
  });
});

import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/database.ts';
import { type Database, queryRows, withoutBlocking } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** The longest pause of this thread's event loop while `during` runs, sampled every 5 ms. */
async function longestPause(during: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await during;
  } finally {
    clearInterval(timer);
  }
  return longest;
}

/** A statement that keeps PGlite busy for a few hundred milliseconds (longer on a busy machine). */
const LARGA = sql`select count(*) as n from generate_series(1, 1000000) a where a % 7 = 3`;

describe('PGlite en su propio hilo (docs/decisions/009-pglite-en-su-hilo.md)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', undefined, { connectTimeoutMs: 300 });
    await database.db.execute(sql`create table prueba (id int primary key, texto text not null)`);
  });
  afterAll(() => database.close());

  it('una consulta larga no detiene este hilo: un servidor HTTP sigue respondiendo mientras corre', async () => {
    const server = http.createServer((_, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const started = performance.now();
      let terminada = false;
      const larga = queryRows<{ n: string | number }>(database.db, LARGA).finally(() => (terminada = true));
      let respuestasDurante = 0;
      const pausa = await longestPause(
        (async () => {
          // While the statement runs, the server answers; inline, it could not answer at all.
          while (!terminada) {
            expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
            if (!terminada) respuestasDurante++;
          }
        })(),
      );
      const duracion = performance.now() - started;
      expect(Number((await larga)[0]!.n)).toBe(142857);
      // Relative to the statement's own time, so that a busy machine slows both alike: answers came
      // while it ran, and this thread never stopped for more than a fraction of it.
      expect(respuestasDurante).toBeGreaterThan(0);
      expect(pausa).toBeLessThan(duracion / 3);
    } finally {
      server.close();
    }
  }, 90_000);

  it('los errores de PostgreSQL cruzan el hilo con su código y su restricción', async () => {
    await database.db.execute(sql`insert into prueba values (1, 'uno')`);
    const error = await database.db.execute(sql`insert into prueba values (1, 'otra vez')`).catch((e: unknown) => e);
    const causa = (error as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
    expect(causa?.code).toBe('23505');
    expect(causa?.constraint).toBe('prueba_pkey');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('una transacción que falla no deja nada; una que termina deja todo, con sus savepoints', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prueba values (10, 'diez')`);
        await tx.execute(sql`insert into prueba values (10, 'repetida')`);
      }),
    ).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prueba values (11, 'once')`);
      await tx
        .transaction(async (interna) => {
          await interna.execute(sql`insert into prueba values (12, 'doce')`);
          interna.rollback();
        })
        .catch(() => {});
      await tx.execute(sql`insert into prueba values (13, 'trece')`);
    });
    const filas = await queryRows<{ id: number }>(database.db, sql`select id from prueba where id >= 10 order by id`);
    expect(filas.map((f) => f.id)).toEqual([11, 13]);
  });

  it('una escritura que esperó de más su turno responde 503 y nunca se aplica, ni después', async () => {
    let retenida!: () => void;
    const empezo = new Promise<void>((resolve) => (retenida = resolve));
    const transaccion = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      retenida();
      await new Promise((r) => setTimeout(r, 700));
    });
    await empezo;
    const error = await database.db.execute(sql`insert into prueba values (20, 'tarde')`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await transaccion;
    // The database answers again, and the insert given up on was never run.
    expect(await queryRows(database.db, sql`select id from prueba where id = 20`)).toEqual([]);
  });

  it('una transacción sin bloquear no detiene este hilo mientras escribe, y deja todo o nada como las demás', async () => {
    let terminada = false;
    const escritura = withoutBlocking(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prueba values (30, 'treinta')`);
        const [fila] = await queryRows<{ n: string | number }>(tx as unknown as Database['db'], LARGA);
        await tx.execute(sql`insert into prueba values (31, 'treinta y uno')`);
        return Number(fila!.n);
      }),
    ).finally(() => (terminada = true));
    const started = performance.now();
    let vueltas = 0;
    const pausa = await longestPause(
      (async () => {
        while (!terminada) {
          await new Promise((r) => setTimeout(r, 1));
          vueltas++;
        }
      })(),
    );
    const duracion = performance.now() - started;
    expect(await escritura).toBe(142857);
    // A blocking transaction would hold this thread for the whole statement: no turn at all.
    expect(vueltas).toBeGreaterThan(5);
    expect(pausa).toBeLessThan(duracion / 3);

    await expect(
      withoutBlocking(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into prueba values (32, 'treinta y dos')`);
          await tx.execute(sql`insert into prueba values (30, 'repetida')`);
        }),
      ),
    ).rejects.toThrow();
    const filas = await queryRows<{ id: number }>(database.db, sql`select id from prueba where id between 30 and 39 order by id`);
    expect(filas.map((f) => f.id)).toEqual([30, 31]);
  }, 90_000);

  it('mientras una transacción sin bloquear espera entre sentencias, nada más entra en ella: lo demás espera su turno', async () => {
    let seguir!: () => void;
    const pausa = new Promise<void>((resolve) => (seguir = resolve));
    let dentro!: () => void;
    const adentro = new Promise<void>((resolve) => (dentro = resolve));
    const transaccion = withoutBlocking(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prueba values (40, 'cuarenta')`);
        dentro();
        await pausa;
        await tx.execute(sql`update prueba set texto = 'cuarenta, confirmada' where id = 40`);
      }),
    );
    await adentro;
    // Another request while the transaction waits on this thread: it runs after the COMMIT, and
    // sees the transaction's work whole, never half of it.
    const lectura = queryRows<{ texto: string }>(database.db, sql`select texto from prueba where id = 40`);
    setTimeout(seguir, 50);
    await transaccion;
    expect(await lectura).toEqual([{ texto: 'cuarenta, confirmada' }]);
  });

  it('las fechas llegan como el texto de PostgreSQL, como con PGlite en el mismo hilo', async () => {
    const [fila] = await queryRows<{ d: unknown; t: unknown }>(database.db, sql`select date '2026-03-01' as d, timestamptz '2026-03-01 10:00:00+00' as t`);
    expect(fila).toEqual({ d: '2026-03-01', t: '2026-03-01 10:00:00+00' });
  });

  it('las respuestas que llegan juntas se entregan de a una por vuelta del bucle de eventos, con la E/S en medio', async () => {
    let vueltas = 0;
    let girando = true;
    const girar = () => {
      vueltas++;
      if (girando) setImmediate(girar);
    };
    setImmediate(girar);
    const vueltaDe: number[] = [];
    const consultas = [1, 2, 3, 4, 5].map((n) => queryRows(database.db, sql`select ${n}::int as n`).then(() => vueltaDe.push(vueltas)));
    // Once the five are sent, this thread is busy while the answers arrive: all five are waiting when it looks again.
    await new Promise((resolve) => setImmediate(resolve));
    const hasta = performance.now() + 300;
    while (performance.now() < hasta);
    await Promise.all(consultas);
    girando = false;
    expect(vueltaDe).toHaveLength(5);
    expect(new Set(vueltaDe).size).toBe(5);
  });

  it('cerrada la base, cada consulta dice que no está disponible (503), sin colgarse', async () => {
    const otra = await createTestDatabase('pglite');
    await otra.close();
    const error = await queryRows(otra.db, sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

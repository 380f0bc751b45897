import type { FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';
import { espacioLibre } from '#db/disco.ts';
import type { Storage } from '#db/storage.ts';

export const buildInfo = __BUILD_INFO__;

/** Whether this instance is closing (docs/decisions/028-cierre-ordenado.md): set once, on SIGTERM. */
export type EstadoCierre = { iniciado: boolean };

/** The disk readiness watches: DATA_DIR, and the free space below which it says `espacio: "bajo"`. */
export type VigilanciaDisco = { carpeta: string; minimoBytes: number };

const MB = 1024 * 1024;

/**
 * The free space of the data disk for the readiness answer. Low space keeps the answer 200: the
 * site still serves reads, and a proxy that took the instance out would drop them too
 * (docs/decisions/029-fallas.md); the body and a logged warning tell the operator.
 */
async function informeEspacio(disco: VigilanciaDisco): Promise<{ espacio: 'ok' | 'bajo'; libreMb: number } | undefined> {
  const medido = await espacioLibre(disco.carpeta);
  if (!medido) return undefined;
  return { espacio: medido.libre < disco.minimoBytes ? 'bajo' : 'ok', libreMb: Math.floor(medido.libre / MB) };
}

export function registerHealth(app: FastifyInstance, database: Database, storage: Storage, disco: VigilanciaDisco): void {
  app.get('/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', ...buildInfo };
  });

  app.get('/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Closing: the proxy's next check takes this instance out while it still serves what comes.
    if (app.cierre.iniciado) return reply.status(503).header('retry-after', '5').send({ status: 'cerrando', database: database.engine });
    try {
      const ready = await database.migrationsApplied();
      if (!ready) return reply.status(503).send({ status: 'migraciones pendientes', database: database.engine });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'base de datos inaccesible', database: database.engine });
    }
    // Object storage answers too (docs/decisions/016-almacenamiento-s3.md); the local folder has no check.
    const almacenamiento = storage.check ? 's3' : 'local';
    try {
      await storage.check?.();
    } catch (error) {
      request.log.error({ err: error }, 'health check: storage unreachable');
      return reply.status(503).header('retry-after', '30').send({ status: 'almacenamiento inaccesible', database: database.engine, almacenamiento });
    }
    const espacio = await informeEspacio(disco);
    if (espacio?.espacio === 'bajo') {
      request.log.warn(
        { carpeta: disco.carpeta, libreMb: espacio.libreMb, minimoMb: Math.floor(disco.minimoBytes / MB) },
        'health check: poco espacio libre en disco',
      );
    }
    return { status: 'ok', database: database.engine, almacenamiento, ...espacio };
  });
}

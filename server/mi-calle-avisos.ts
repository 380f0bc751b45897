import type { FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';
import { avisarCambios, enviarRecordatorios } from '#domain/recoleccion/avisos.ts';
import { crearCercania, escucharCercania } from '#domain/recoleccion/cercania.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { scheduleJob } from './scheduled-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mi calle's proximity notifications: the last position id heard, and a promise that every one heard so far was handled (tests, the bench). */
    cercania: { ultimaOida: () => number; ocioso: () => Promise<void> };
  }
}

/**
 * The notices of Mi calle's subscriptions (docs/architecture.md, «Mi calle: avisos»): every
 * instance runs the mail jobs (a reminder is written once with its mail, a change is claimed with
 * SKIP LOCKED) and listens for positions to send «el camión está cerca».
 */
export async function registerAvisosMiCalle(app: FastifyInstance, context: AppContext, database: Database, intervaloMs: number): Promise<void> {
  // One-off changes go out on the alerts' period (ALERTAS_INTERVALO_MS, a minute by default).
  scheduleJob(app, { name: 'cambios de recolección por correo', firstAfterMs: intervaloMs, everyMs: intervaloMs, run: () => avisarCambios(context) });
  scheduleJob(app, { name: 'recordatorios de recolección', firstAfterMs: 45_000, everyMs: 5 * 60_000, run: () => enviarRecordatorios(context) });
  const cercania = crearCercania(context);
  // A zone, service or one-off change written here or on another instance raises the content version.
  const dejarVersion = app.contentVersion.onChange(() => cercania.olvidarVentanas());
  const escucha = await escucharCercania(database, cercania, app.log);
  app.decorate('cercania', { ultimaOida: escucha.ultimaOida, ocioso: escucha.ocioso });
  app.addHook('onClose', async () => {
    dejarVersion();
    cercania.detener();
    await escucha.detener();
    await escucha.ocioso();
  });
}

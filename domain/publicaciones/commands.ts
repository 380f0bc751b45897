import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import type { Storage } from '#db/storage.ts';
import { documentos, publicacionesPendientes } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { removeDocumento, storeDocumento } from '#domain/documentos/commands.ts';
import { archivoDe, readArchivo } from '#domain/documentos/panel.ts';
import { SubidaRechazadaError, removeArchivos } from '#domain/documentos/subidas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { firstValues, type FormInput } from '#domain/shared/form.ts';
import { puede } from '#domain/shared/permisos.ts';
import { actorActivo } from '#domain/usuarios/queries.ts';
import { type Aplicado, type TipoId, TIPOS_PUBLICACION } from './tipos.ts';

/**
 * Drafts and scheduled publications (docs/decisions/053-borradores-y-publicacion-programada.md).
 * The content tables stay what is public; a pending publication keeps the submitted form apart
 * and is applied later through the same staff command the form uses, so there is one write path
 * per kind. A draft is checked when saved by running that command in a transaction that is rolled
 * back (a dry run): what it would refuse is refused now, with the same messages.
 */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'clock'> & { config?: Pick<AppContext['config'], 'subidaMaxBytes'> };

export type Pendiente = typeof publicacionesPendientes.$inferSelect;

/** Whose command ran, and what it answered: thrown to roll a dry run back. */
class Ensayo<T> extends Error {
  readonly valor: T;
  constructor(valor: T) {
    super('ensayo deshecho');
    this.valor = valor;
  }
}

/** A storage that remembers the keys written through it, so a rolled-back run can remove them. */
function grabadora(storage: Storage): { storage: Storage; limpiar(): Promise<void> } {
  const claves: string[] = [];
  return {
    storage: {
      put: async (key, data) => {
        claves.push(key);
        await storage.put(key, data);
      },
      get: (key, range) => storage.get(key, range),
      delete: (key) => storage.delete(key),
    },
    limpiar: () => removeArchivos({ storage }, claves.splice(0)),
  };
}

/**
 * Runs `trabajo` in a transaction that is always rolled back, with a storage whose writes are
 * removed afterwards: nothing it did stays, in the database or in storage.
 */
export async function enTransaccionDeshecha<T>(ctx: Pick<AppContext, 'db' | 'storage'>, trabajo: (tx: Db, storage: Storage) => Promise<T>): Promise<T> {
  const g = grabadora(ctx.storage);
  try {
    await ctx.db.transaction(async (tx) => {
      throw new Ensayo(await trabajo(tx, g.storage));
    });
    throw new Error('la transacción del ensayo no se deshizo');
  } catch (error) {
    if (error instanceof Ensayo) return error.valor as T;
    throw error;
  } finally {
    await g.limpiar();
  }
}

export const sinPermiso = (etiqueta: string) => `Tu rol no puede cambiar este contenido (${etiqueta.toLowerCase()}): pedíselo a un editor o a administración.`;
const NO_ENCONTRADA = 'No existe esa publicación pendiente: puede que ya se haya publicado o descartado. Volvé a la lista de publicaciones.';

/** The form a pending publication sends to its command: the kept fields and its hidden file, when it has one. */
async function formularioDe(ctx: Pick<AppContext, 'db' | 'storage'>, p: Pendiente): Promise<FormData> {
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  const form = new FormData();
  for (const [campo, valor] of Object.entries(p.campos)) form.append(campo, valor);
  if (def?.archivo && p.documentoId !== null) {
    const [doc] = await ctx.db
      .select({ clave: documentos.clave, nombreArchivo: documentos.nombreArchivo, tipoContenido: documentos.tipoContenido })
      .from(documentos)
      .where(eq(documentos.id, p.documentoId));
    if (doc) {
      const partes: Buffer[] = [];
      for await (const parte of await ctx.storage.get(doc.clave)) partes.push(Buffer.from(parte as Uint8Array));
      form.append(def.archivo, new File([Buffer.concat(partes)], doc.nombreArchivo, { type: doc.tipoContenido }));
    }
  }
  return form;
}

/** The kept fields of a form: the kind's own, as text; never the file or the controls. */
function camposDe(campos: readonly string[], input: FormInput, largo = 10_000): Record<string, string> {
  const valores = firstValues(input);
  const kept: Record<string, string> = {};
  for (const campo of campos) if (typeof valores[campo] === 'string') kept[campo] = (valores[campo] as string).slice(0, largo);
  return kept;
}

export type ResultadoPendiente =
  | { tipo: 'guardada'; id: number }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'no_encontrado' | 'prohibido'; mensaje: string };

/** A pending publication of `tipo` that may still change (not published). */
async function pendienteAbierta(db: Db, id: number, tipo?: TipoId): Promise<Pendiente | undefined> {
  const [p] = await db
    .select()
    .from(publicacionesPendientes)
    .where(and(eq(publicacionesPendientes.id, id), inArray(publicacionesPendientes.estado, ['borrador', 'programada', 'fallida'])));
  return p && (tipo === undefined || p.tipo === tipo) ? p : undefined;
}

/**
 * Saves what a content form sent as a draft (`publicarEn` null) or scheduled at `publicarEn`,
 * new or over the pending publication `pendienteId`. The command is run first as a dry run: a
 * form it would refuse is refused with its errors and nothing is kept. A file goes through the
 * upload pipeline as a hidden document, never served until publication; one kept before stays
 * when no new one is chosen.
 */
export async function guardarPendiente(
  ctx: Ctx,
  actor: Actor,
  args: { tipo: TipoId; entidadId: number | null; pendienteId: number | null; input: FormData; publicarEn: Date | null },
): Promise<ResultadoPendiente> {
  const def = TIPOS_PUBLICACION[args.tipo];
  if (!def) throw new Error(`tipo de publicación desconocido: ${args.tipo}`);
  if (!puede(actor, def.permiso)) return { tipo: 'prohibido', mensaje: sinPermiso(def.etiqueta) };
  const anterior = args.pendienteId === null ? undefined : await pendienteAbierta(ctx.db, args.pendienteId, args.tipo);
  if (args.pendienteId !== null && (!anterior || anterior.entidadId !== args.entidadId)) return { tipo: 'no_encontrado', mensaje: NO_ENCONTRADA };
  const elegido = def.archivo ? archivoDe(args.input, def.archivo) : undefined;
  const nuevo = elegido instanceof File ? elegido : undefined;
  const campos = camposDe(def.campos, args.input, def.largo);
  const ensayo = new FormData();
  for (const [k, v] of Object.entries(campos)) ensayo.append(k, v);
  if (nuevo && def.archivo) ensayo.append(def.archivo, nuevo);
  else if (anterior?.documentoId && def.archivo) {
    const conArchivo = await formularioDe(ctx, anterior);
    const archivo = conArchivo.get(def.archivo);
    if (archivo) ensayo.append(def.archivo, archivo);
  }
  const r = await enTransaccionDeshecha(ctx, (tx, storage) => def.aplicar({ ...ctx, db: tx, storage }, actor, args.entidadId, ensayo));
  if (r.tipo === 'invalido') return r;
  if (r.tipo === 'rechazado') return { tipo: 'no_encontrado', mensaje: r.mensaje };

  let documentoId = anterior?.documentoId ?? null;
  if (nuevo) {
    try {
      documentoId = (await storeDocumento(ctx, { ...(await readArchivo(nuevo)), publico: false })).id;
    } catch (error) {
      if (error instanceof SubidaRechazadaError && def.archivo) return { tipo: 'invalido', errores: { [def.archivo]: error.message }, valores: campos };
      throw error;
    }
  }
  const publicarEn = args.publicarEn;
  const fila = {
    titulo: def.titulo(campos),
    campos,
    documentoId,
    publicarEn,
    estado: publicarEn ? 'programada' : 'borrador',
    error: null,
    updatedBy: actor.usuarioId,
    updatedAt: ctx.clock.now(),
  };
  const { id, claves } = await ctx.db.transaction(async (tx) => {
    let claves: (string | null)[] = [];
    let id: number;
    if (anterior) {
      await tx.update(publicacionesPendientes).set(fila).where(eq(publicacionesPendientes.id, anterior.id));
      id = anterior.id;
      if (nuevo && anterior.documentoId !== null) claves = await removeDocumento(tx, anterior.documentoId);
    } else {
      const [nueva] = await tx
        .insert(publicacionesPendientes)
        .values({ ...fila, tipo: args.tipo, entidadId: args.entidadId, createdBy: actor.usuarioId, createdAt: ctx.clock.now() })
        .returning({ id: publicacionesPendientes.id });
      id = nueva!.id;
    }
    await registrarAuditoria(tx, {
      actor,
      accion: publicarEn ? 'publicacion.programada' : 'publicacion.borrador',
      entidad: 'publicacion',
      entidadId: id,
      despues: { tipo: args.tipo, titulo: fila.titulo, entidadId: args.entidadId, publicarEn: publicarEn?.toISOString() ?? null },
    });
    return { id, claves };
  });
  await removeArchivos(ctx, claves);
  return { tipo: 'guardada', id };
}

/**
 * Applies a pending publication inside `tx` through its kind's command, as `actor`: published,
 * or failed with the command's Spanish reason; either way recorded and audited in `tx`. The
 * command's own writes happen in a savepoint, so a refused one leaves nothing half-written.
 */
async function aplicarPendiente(ctx: Ctx, tx: Db, storage: Storage, p: Pendiente, actor: Actor | null): Promise<Aplicado> {
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  const fallar = async (mensaje: string): Promise<Aplicado> => {
    await tx.update(publicacionesPendientes).set({ estado: 'fallida', error: mensaje, updatedAt: ctx.clock.now() }).where(eq(publicacionesPendientes.id, p.id));
    if (actor)
      await registrarAuditoria(tx, {
        actor,
        accion: 'publicacion.fallida',
        entidad: 'publicacion',
        entidadId: p.id,
        despues: { titulo: p.titulo, error: mensaje },
      });
    return { tipo: 'rechazado', mensaje };
  };
  if (!def) return fallar('Este tipo de contenido ya no se puede publicar desde aquí: descartalo y cargalo de nuevo.');
  if (!actor) return fallar('La cuenta de quien la programó está desactivada: publicala vos desde el panel o descartala.');
  const form = await formularioDe({ db: tx, storage }, p);
  const r = await def.aplicar({ ...ctx, db: tx, storage }, actor, p.entidadId, form);
  if (r.tipo === 'invalido') return fallar(`No se pudo publicar: ${Object.values(r.errores).join(' ')}`);
  if (r.tipo === 'rechazado') return fallar(r.mensaje);
  await tx
    .update(publicacionesPendientes)
    .set({ estado: 'publicada', error: null, publicadaId: r.id, updatedAt: ctx.clock.now() })
    .where(eq(publicacionesPendientes.id, p.id));
  await registrarAuditoria(tx, {
    actor,
    accion: 'publicacion.publicada',
    entidad: 'publicacion',
    entidadId: p.id,
    despues: { tipo: p.tipo, titulo: p.titulo, publicadaId: r.id, ruta: r.ruta },
  });
  return r;
}

/** The hidden file of a published or discarded publication is no longer needed: its row goes in `tx`, its keys are answered. */
const soltarDocumento = (tx: Db, p: Pendiente) => (p.documentoId === null ? Promise.resolve([]) : removeDocumento(tx, p.documentoId));

/**
 * Publishes one pending publication now, as `actor` (who must be allowed its kind). Answers what
 * the command did; a refusal is kept on the publication as `fallida` with its reason.
 */
export async function publicarAhora(ctx: Ctx, actor: Actor, id: number): Promise<Aplicado | { tipo: 'no_encontrado' | 'prohibido'; mensaje: string }> {
  const p = await pendienteAbierta(ctx.db, id);
  if (!p) return { tipo: 'no_encontrado', mensaje: NO_ENCONTRADA };
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  if (def && !puede(actor, def.permiso)) return { tipo: 'prohibido', mensaje: sinPermiso(def.etiqueta) };
  return publicarConBloqueo(ctx, id, false, () => actor) as Promise<Aplicado | { tipo: 'no_encontrado'; mensaje: string }>;
}

/**
 * Claims the publication (FOR UPDATE; the job skips a locked one) and applies it in one
 * transaction. Files the command wrote are removed if the transaction does not commit; the hidden
 * file is removed after it commits.
 */
async function publicarConBloqueo(
  ctx: Ctx,
  id: number,
  vencida: boolean,
  quien: (tx: Db, p: Pendiente) => Actor | null | Promise<Actor | null>,
): Promise<Aplicado | { tipo: 'no_encontrado'; mensaje: string } | null> {
  const g = grabadora(ctx.storage);
  let soltar: (string | null)[] = [];
  try {
    const r = await ctx.db.transaction(async (tx) => {
      const condiciones = vencida
        ? and(eq(publicacionesPendientes.id, id), eq(publicacionesPendientes.estado, 'programada'), lte(publicacionesPendientes.publicarEn, ctx.clock.now()))
        : and(eq(publicacionesPendientes.id, id), inArray(publicacionesPendientes.estado, ['borrador', 'programada', 'fallida']));
      const consulta = tx.select().from(publicacionesPendientes).where(condiciones);
      const [p] = vencida ? await consulta.for('update', { skipLocked: true }) : await consulta.for('update');
      if (!p) return vencida ? null : { tipo: 'no_encontrado' as const, mensaje: NO_ENCONTRADA };
      const r = await aplicarPendiente(ctx, tx, g.storage, p, await quien(tx, p));
      if (r.tipo === 'publicado') soltar = await soltarDocumento(tx, p);
      return r;
    });
    await removeArchivos(ctx, soltar);
    return r;
  } catch (error) {
    await g.limpiar();
    throw error;
  }
}

/**
 * The scheduler's job: publishes every scheduled publication whose time came (up to `limite` per
 * run), each in its own transaction, as the person who scheduled it. Two instances never publish
 * one twice: the row is claimed with FOR UPDATE SKIP LOCKED and must still be `programada` and due.
 */
export async function publicarVencidas(ctx: Ctx, limite = 50): Promise<number> {
  const vencidas = await ctx.db
    .select({ id: publicacionesPendientes.id })
    .from(publicacionesPendientes)
    .where(and(eq(publicacionesPendientes.estado, 'programada'), lte(publicacionesPendientes.publicarEn, ctx.clock.now())))
    .orderBy(publicacionesPendientes.publicarEn, publicacionesPendientes.id)
    .limit(limite);
  let publicadas = 0;
  for (const { id } of vencidas) {
    try {
      const r = await publicarConBloqueo(ctx, id, true, (tx, p) => actorActivo(tx, p.updatedBy));
      if (r?.tipo === 'publicado') publicadas++;
    } catch (error) {
      // Not retried every minute: it waits, failed, for a person to look at it.
      await ctx.db
        .update(publicacionesPendientes)
        .set({ estado: 'fallida', error: 'No se pudo publicar por un problema del sistema: probá «Publicar ahora» o avisá a administración.' })
        .where(and(eq(publicacionesPendientes.id, id), eq(publicacionesPendientes.estado, 'programada')));
      throw error;
    }
  }
  return publicadas;
}

/** Moves a pending publication to another time, or back to draft (`publicarEn` null). */
export async function reprogramar(ctx: Ctx, actor: Actor, id: number, publicarEn: Date | null): Promise<ResultadoPendiente> {
  const p = await pendienteAbierta(ctx.db, id);
  if (!p) return { tipo: 'no_encontrado', mensaje: NO_ENCONTRADA };
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  if (def && !puede(actor, def.permiso)) return { tipo: 'prohibido', mensaje: sinPermiso(def.etiqueta) };
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(publicacionesPendientes)
      .set({ publicarEn, estado: publicarEn ? 'programada' : 'borrador', error: null, updatedBy: actor.usuarioId, updatedAt: ctx.clock.now() })
      .where(eq(publicacionesPendientes.id, id));
    await registrarAuditoria(tx, {
      actor,
      accion: publicarEn ? 'publicacion.programada' : 'publicacion.borrador',
      entidad: 'publicacion',
      entidadId: id,
      antes: { titulo: p.titulo, publicarEn: p.publicarEn?.toISOString() ?? null },
      despues: { titulo: p.titulo, publicarEn: publicarEn?.toISOString() ?? null },
    });
  });
  return { tipo: 'guardada', id };
}

/** Discards a pending publication: its row and its hidden file go; the audit keeps what it was. */
export async function descartarPendiente(ctx: Ctx, actor: Actor, id: number): Promise<ResultadoPendiente> {
  const p = await pendienteAbierta(ctx.db, id);
  if (!p) return { tipo: 'no_encontrado', mensaje: NO_ENCONTRADA };
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  if (def && !puede(actor, def.permiso)) return { tipo: 'prohibido', mensaje: sinPermiso(def.etiqueta) };
  const claves = await ctx.db.transaction(async (tx) => {
    await tx.delete(publicacionesPendientes).where(eq(publicacionesPendientes.id, id));
    const claves = await soltarDocumento(tx, p);
    await registrarAuditoria(tx, {
      actor,
      accion: 'publicacion.descarte',
      entidad: 'publicacion',
      entidadId: id,
      antes: { tipo: p.tipo, titulo: p.titulo, campos: p.campos },
    });
    return claves;
  });
  await removeArchivos(ctx, claves);
  return { tipo: 'guardada', id };
}

/**
 * The public page of a pending publication as it will look: its command applied in a transaction
 * that is rolled back, `render` called inside it with that transaction and the public address.
 */
export async function vistaPrevia<T>(
  ctx: Ctx,
  actor: Actor,
  id: number,
  render: (db: Db, ruta: string) => Promise<T>,
): Promise<{ tipo: 'vista'; valor: T } | { tipo: 'no_encontrado' | 'prohibido' | 'rechazado'; mensaje: string }> {
  const p = await pendienteAbierta(ctx.db, id);
  if (!p) return { tipo: 'no_encontrado', mensaje: NO_ENCONTRADA };
  const def = TIPOS_PUBLICACION[p.tipo as TipoId];
  if (!def || !puede(actor, def.permiso)) return { tipo: 'prohibido', mensaje: sinPermiso(def?.etiqueta ?? 'contenido') };
  return enTransaccionDeshecha(ctx, async (tx, storage) => {
    const form = await formularioDe({ db: tx, storage }, p);
    const r = await def.aplicar({ ...ctx, db: tx, storage }, actor, p.entidadId, form);
    if (r.tipo === 'publicado') return { tipo: 'vista' as const, valor: await render(tx, r.ruta) };
    return { tipo: 'rechazado' as const, mensaje: r.tipo === 'rechazado' ? r.mensaje : Object.values(r.errores).join(' ') };
  });
}

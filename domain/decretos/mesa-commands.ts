import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { historialSolicitudesDecreto, solicitudesDecreto } from '#db/schema/index.ts';
import type { AccionAuditoria } from '#domain/auditoria/acciones.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { type AdjuntoCorreo, enqueueMail } from '#domain/correo/outbox.ts';
import { SubidaRechazadaError, saveSubida } from '#domain/documentos/subidas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import type { z } from '#domain/shared/zod.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { verificarProrroga } from '#domain/plazos/calendario.ts';
import { getCalendarioPlazos } from '#domain/plazos/queries.ts';
import { LIMITES_MESA } from './campos.ts';
import { parseCodigo } from './codigo.ts';
import { type EstadoSolicitud, esCerrada, etiquetaEstadoSolicitud, motivoTransicionInvalida } from './estados.ts';
import { cambioEstadoSchema, envioDecretoSchema, envioPublicadoSchema, prorrogaSchema } from './mesa-schemas.ts';
import { findDecretoPublicado } from './publicados.ts';

/**
 * The decree-copy desk's writes (docs/decisions/013-mesa-de-entradas.md). Each one, in
 * one transaction with the request's row locked: the change, its history row with who did it, the
 * mail to the citizen in the outbox and the audit entry. The audit holds the tracking code and
 * what changed, never the citizen's DNI, e-mail nor the text of a message.
 */

const SIN_PERMISO = 'Tu usuario no puede atender solicitudes de decretos: es tarea de la mesa de entradas y de administración.';

export type ResultadoMesa =
  | { tipo: 'hecho'; codigo: string; estado: string }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'no_encontrado' }
  /** The request is not in a state that allows it (already closed, already extended…). */
  | { tipo: 'conflicto'; mensaje: string };

type Bloqueada = {
  id: number;
  codigo: string;
  email: string;
  numero: string;
  estado: string;
  createdAt: Date;
  prorrogadaEn: Date | null;
  anonimizadaEn: Date | null;
};

/** The request's row, locked until the transaction ends: two desk members cannot both move it. */
async function bloquear(t: Db, codigo: string): Promise<Bloqueada | undefined> {
  const s = solicitudesDecreto;
  const [fila] = await t
    .select({
      id: s.id,
      codigo: s.codigo,
      email: s.email,
      numero: s.numero,
      estado: s.estado,
      createdAt: s.createdAt,
      prorrogadaEn: s.prorrogadaEn,
      anonimizadaEn: s.anonimizadaEn,
    })
    .from(s)
    .where(eq(s.codigo, codigo))
    .for('update');
  return fila;
}

const ANONIMIZADA = 'Los datos de esta solicitud se anonimizaron: ya no se le puede escribir al solicitante.';

/** What the citizen typed, quoted as data in the mail: never read as the municipality's words. */
const citar = (valor: string) => `«${valor}»`;

function cuerpo(ctx: Pick<AppContext, 'url'>, s: Bloqueada, lineas: string[]): string {
  const enlace = ctx.url(`/solicitud-decretos/estado?codigo=${encodeURIComponent(s.codigo)}`);
  return [
    ...lineas,
    '',
    `Número de decreto solicitado: ${citar(s.numero)}`,
    `Código de seguimiento: ${s.codigo}`,
    `Puede consultar el estado de su solicitud en ${enlace}`,
    '',
    'Municipalidad de Villa La Angostura',
  ].join('\n');
}

const mensajeDeLaMesa = (mensaje: string) => (mensaje === '' ? [] : ['', 'Mensaje de la mesa de entradas:', '', mensaje]);

type Cambio = {
  estado: EstadoSolicitud;
  mensaje: string;
  asunto: string;
  lineas: string[];
  adjuntos?: AdjuntoCorreo[];
  documentoId?: number;
  accion: AccionAuditoria;
};

/** Sending the decree's PDF (uploaded, or the bulletin that published it): «Documento enviado», the PDF attached to the mail. */
const envio = (
  s: Bloqueada,
  documento: { id: number; nombreArchivo: string; tipoContenido: string },
  mensaje: string,
  accion: AccionAuditoria,
  lineas: string[],
): Cambio => ({
  estado: 'enviada',
  mensaje,
  accion,
  documentoId: documento.id,
  adjuntos: [{ documentoId: documento.id, nombreArchivo: documento.nombreArchivo, tipoContenido: documento.tipoContenido }],
  asunto: `Le enviamos el decreto que solicitó (${s.codigo})`,
  lineas: [...lineas, `Estado de la solicitud: ${etiquetaEstadoSolicitud('enviada')}.`],
});

/** Applies a status change to a locked request: row, history, mail, audit. */
async function aplicarCambio(t: Db, ctx: Pick<AppContext, 'cipher' | 'url'>, actor: Actor, s: Bloqueada, cambio: Cambio): Promise<void> {
  const cierra = esCerrada(cambio.estado);
  await t
    .update(solicitudesDecreto)
    .set({
      estado: cambio.estado,
      ...(cierra ? { cerradaEn: sql`now()` } : {}),
      ...(cambio.documentoId !== undefined ? { decretoDocumentoId: cambio.documentoId } : {}),
    })
    .where(eq(solicitudesDecreto.id, s.id));
  await t.insert(historialSolicitudesDecreto).values({
    solicitudId: s.id,
    estado: cambio.estado,
    usuarioId: actor.usuarioId,
    actorEmail: actor.email,
    mensaje: cambio.mensaje === '' ? null : cambio.mensaje,
  });
  await enqueueMail(t, ctx.cipher, [
    {
      destinatario: ctx.cipher.open(s.email),
      asunto: cambio.asunto,
      referencia: s.codigo,
      texto: cuerpo(ctx, s, [...cambio.lineas, ...mensajeDeLaMesa(cambio.mensaje)]),
      ...(cambio.adjuntos ? { adjuntos: cambio.adjuntos } : {}),
    },
  ]);
  await registrarAuditoria(t, {
    actor,
    accion: cambio.accion,
    entidad: 'solicitud_decreto',
    entidadId: s.codigo,
    antes: { estado: s.estado },
    despues: {
      estado: cambio.estado,
      mensajeAlSolicitante: cambio.mensaje !== '',
      ...(cambio.documentoId !== undefined ? { documentoId: cambio.documentoId } : {}),
    },
  });
}

function invalida(errores: Record<string, string | undefined>, valores: Record<string, string | undefined>, general?: string): ResultadoMesa {
  const limpios = (o: Record<string, string | undefined>) => Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));
  return { tipo: 'invalido', errores: limpios({ ...errores, ...(general ? { general } : {}) }), valores: limpios(valores) };
}

/** What every command does first: the role, the form, the code. Either its data or the answer already. */
function leer<S extends z.ZodObject>(
  actor: Actor,
  esquema: S,
  input: FormInput,
  codigoTexto: string,
): { ok: true; datos: z.output<S>; valores: Record<string, string | undefined>; codigo: string } | { ok: false; resultado: ResultadoMesa } {
  if (!puede(actor, 'mesa')) throw new PermisoDenegadoError(SIN_PERMISO);
  const leido = readForm(esquema, input);
  if (!leido.ok) return { ok: false, resultado: invalida(leido.errores, leido.valores, leido.general) };
  const codigo = parseCodigo(codigoTexto);
  if (!codigo) return { ok: false, resultado: { tipo: 'no_encontrado' } };
  return { ok: true, datos: leido.datos, valores: leido.valores, codigo };
}

/** Runs `cambio` in a transaction with the request locked, unless it does not exist or was anonymised. */
function conLaSolicitud(ctx: Pick<AppContext, 'db'>, codigo: string, cambio: (t: Db, s: Bloqueada) => Promise<ResultadoMesa>): Promise<ResultadoMesa> {
  return ctx.db.transaction((tx) => enLaSolicitud(tx as unknown as Db, codigo, cambio));
}

/** The same inside a transaction that is already open (the decree's upload, whose document row shares it). */
async function enLaSolicitud(t: Db, codigo: string, cambio: (t: Db, s: Bloqueada) => Promise<ResultadoMesa>): Promise<ResultadoMesa> {
  const s = await bloquear(t, codigo);
  if (!s) return { tipo: 'no_encontrado' };
  if (s.anonimizadaEn) return { tipo: 'conflicto', mensaje: ANONIMIZADA };
  return cambio(t, s);
}

/** A change that could not be made after the decree's PDF was prepared: thrown to roll its document back. */
class EnvioNoHecho extends Error {
  readonly resultado: ResultadoMesa;
  constructor(resultado: ResultadoMesa) {
    super('envío no hecho');
    this.resultado = resultado;
  }
}

/** Committed: logged (the code, never the person) and the outbox worker woken. */
function hecho(ctx: Pick<AppContext, 'log' | 'mailer'>, resultado: ResultadoMesa, mensaje: string, datos: object = {}): ResultadoMesa {
  if (resultado.tipo === 'hecho') {
    ctx.log.info({ codigo: resultado.codigo, estado: resultado.estado, ...datos }, mensaje);
    ctx.mailer.wake();
  }
  return resultado;
}

/**
 * Moves a request to «En proceso» or «Rechazada» (a message is required to reject), mailing the
 * citizen. «Enviada» is reached only by sending the decree (enviarDecreto).
 */
export async function changeEstadoSolicitud(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, cambioEstadoSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { estado, mensaje } = leido.datos;
  const resultado = await conLaSolicitud(ctx, leido.codigo, async (t, s) => {
    const motivo = motivoTransicionInvalida(s.estado, estado);
    if (motivo) return { tipo: 'conflicto', mensaje: motivo };
    const rechazo = estado === 'rechazada';
    await aplicarCambio(t, ctx, actor, s, {
      estado,
      mensaje,
      accion: 'solicitud.estado',
      asunto: rechazo ? `Su solicitud de decreto ${s.codigo} fue rechazada` : `Su solicitud de decreto ${s.codigo} está en proceso`,
      lineas: [
        rechazo
          ? 'La Municipalidad de Villa La Angostura no puede entregar la copia del decreto que solicitó.'
          : 'La mesa de entradas de la Municipalidad de Villa La Angostura está buscando el decreto que solicitó.',
        `Estado de la solicitud: ${etiquetaEstadoSolicitud(estado)}.`,
      ],
    });
    return { tipo: 'hecho', codigo: s.codigo, estado };
  });
  return hecho(ctx, resultado, 'solicitud de decreto: cambio de estado');
}

/**
 * Sends the decree: the PDF goes through the upload pipeline (docs/decisions/017-subidas.md:
 * recognised by its content, only a readable PDF, the desk's own 10 MB limit) as a private
 * document, the mail to the citizen carries it, and the request becomes «Documento enviado». Only
 * from «En proceso». The document's row, the change and the mail share one transaction: if the
 * change cannot be made, it rolls back and the stored file is removed again.
 */
export async function enviarDecreto(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, envioDecretoSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { archivo, mensaje } = leido.datos;
  const { codigo } = leido;

  // Checked before the file is read, and again under the lock.
  const [actual] = await ctx.db
    .select({ estado: solicitudesDecreto.estado, anonimizadaEn: solicitudesDecreto.anonimizadaEn })
    .from(solicitudesDecreto)
    .where(eq(solicitudesDecreto.codigo, codigo));
  if (!actual) return { tipo: 'no_encontrado' };
  if (actual.anonimizadaEn) return { tipo: 'conflicto', mensaje: ANONIMIZADA };
  const antes = motivoTransicionInvalida(actual.estado, 'enviada');
  if (antes) return { tipo: 'conflicto', mensaje: antes };

  let resultado: ResultadoMesa;
  let documento: number | undefined;
  try {
    // The pipeline reads the PDF before its transaction: the request stays unlocked meanwhile.
    resultado = await saveSubida(
      ctx,
      { data: new Uint8Array(await archivo.arrayBuffer()), nombreArchivo: archivo.name },
      { tipos: ['pdf'], maxBytes: LIMITES_MESA.pdf, publico: false },
      async (tx, guardado) => {
        const r = await enLaSolicitud(tx, codigo, async (t, s) => {
          const motivo = motivoTransicionInvalida(s.estado, 'enviada');
          if (motivo) return { tipo: 'conflicto', mensaje: motivo };
          await aplicarCambio(
            t,
            ctx,
            actor,
            s,
            envio(s, guardado, mensaje, 'solicitud.envio_decreto', [`Adjuntamos a este correo la copia del decreto que solicitó (${guardado.nombreArchivo}).`]),
          );
          return { tipo: 'hecho', codigo: s.codigo, estado: 'enviada' };
        });
        if (r.tipo !== 'hecho') throw new EnvioNoHecho(r);
        documento = guardado.id;
        return r;
      },
    );
  } catch (error) {
    if (error instanceof EnvioNoHecho) return error.resultado;
    if (error instanceof SubidaRechazadaError) return invalida({ archivo: error.message }, leido.valores);
    throw error;
  }
  return hecho(ctx, resultado, 'solicitud de decreto: decreto enviado', { documento });
}

/** Why the published decree cannot answer a request in `estado`: from «Recibida» too, since nothing is left to look for. */
const motivoSinPublicado = (estado: string) => (estado === 'recibida' ? undefined : motivoTransicionInvalida(estado, 'enviada'));

export const NO_PUBLICADO = 'El decreto pedido no figura en ningún boletín oficial: enviá su PDF con «Enviar el decreto».';

/**
 * Answers with the decree already published (docs/decisions/023-decretos-publicados.md):
 * the same change as sending the decree (enviarDecreto: «Documento enviado», history, the mail with
 * the PDF attached, audit `solicitud.envio_decreto_publicado`), the PDF being the document of the
 * earliest bulletin that published the decree the citizen asked for. From «Recibida» or «En
 * proceso». The match is read again under the request's lock: what the desk saw may have changed.
 */
export async function enviarDecretoPublicado(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, envioPublicadoSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { mensaje } = leido.datos;
  let documento: number | undefined;
  const resultado = await conLaSolicitud(ctx, leido.codigo, async (t, s) => {
    const motivo = motivoSinPublicado(s.estado);
    if (motivo) return { tipo: 'conflicto', mensaje: motivo };
    const publicado = await findDecretoPublicado(t, s.numero);
    if (!publicado) return { tipo: 'conflicto', mensaje: NO_PUBLICADO };
    const b = publicado.boletin;
    await aplicarCambio(
      t,
      ctx,
      actor,
      s,
      envio(s, { id: b.documentoId, nombreArchivo: b.nombreArchivo, tipoContenido: b.tipoContenido }, mensaje, 'solicitud.envio_decreto_publicado', [
        `El decreto ${publicado.decreto} que solicitó fue publicado en el ${publicado.boletinTexto}: adjuntamos a este correo ese boletín (${b.nombreArchivo}).`,
        `También puede descargarlo en ${ctx.url(publicado.enlace)}`,
      ]),
    );
    documento = b.documentoId;
    return { tipo: 'hecho', codigo: s.codigo, estado: 'enviada' };
  });
  return hecho(ctx, resultado, 'solicitud de decreto: decreto publicado enviado', { documento });
}

/**
 * The once-only extension of the deadline (law 27.275 art. 11): the reasons are mailed to the
 * citizen and stored on the request. Only while the request is open and before its due date
 * (verificarProrroga). The deadline arithmetic is domain/plazos's: this stores the facts (when, why).
 */
export async function prorrogarSolicitud(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, prorrogaSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { motivo } = leido.datos;
  const resultado = await conLaSolicitud(ctx, leido.codigo, async (t, s) => {
    if (esCerrada(s.estado))
      return { tipo: 'conflicto', mensaje: `La solicitud está en «${etiquetaEstadoSolicitud(s.estado)}»: ya no tiene plazo que prorrogar.` };
    if (s.prorrogadaEn) return { tipo: 'conflicto', mensaje: 'El plazo de esta solicitud ya se prorrogó una vez; la ley permite una sola prórroga.' };
    // The law asks for the extension before the deadline: past it, verificarProrroga says why not.
    const { reglas, feriados } = await getCalendarioPlazos(t, s.createdAt);
    const permitida = verificarProrroga({ estado: s.estado, recibidaEn: s.createdAt, prorrogadaEn: null }, reglas, feriados, ctx.clock.now());
    if (!permitida.ok) return { tipo: 'conflicto', mensaje: permitida.mensaje };
    await t
      .update(solicitudesDecreto)
      .set({ prorrogadaEn: sql`now()`, prorrogaMotivo: motivo })
      .where(eq(solicitudesDecreto.id, s.id));
    await enqueueMail(t, ctx.cipher, [
      {
        destinatario: ctx.cipher.open(s.email),
        asunto: `Prórroga del plazo de su solicitud de decreto ${s.codigo}`,
        referencia: s.codigo,
        texto: cuerpo(ctx, s, [
          'La Municipalidad de Villa La Angostura prorroga por única vez el plazo para responder su solicitud de copia de un decreto, como lo permite el artículo 11 de la ley 27.275, por estos motivos:',
          '',
          motivo,
        ]),
      },
    ]);
    await registrarAuditoria(t, {
      actor,
      accion: 'solicitud.prorroga',
      entidad: 'solicitud_decreto',
      entidadId: s.codigo,
      antes: { prorrogada: false },
      despues: { prorrogada: true, motivoAlSolicitante: true },
    });
    return { tipo: 'hecho', codigo: s.codigo, estado: s.estado };
  });
  return hecho(ctx, resultado, 'solicitud de decreto: plazo prorrogado');
}

import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { documentos, historialSolicitudesDecreto, solicitudesDecreto, vistasPreviasEnvio } from '#db/schema/index.ts';
import type { AccionAuditoria } from '#domain/auditoria/acciones.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { maskEmail } from '#domain/correo/masking.ts';
import { type AdjuntoCorreo, enqueueMail } from '#domain/correo/outbox.ts';
import { removeDocumento } from '#domain/documentos/commands.ts';
import { removeArchivos } from '#domain/documentos/subidas.ts';
import { SubidaRechazadaError, saveSubida } from '#domain/documentos/subidas.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import type { z } from '#domain/shared/zod.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { verificarProrroga } from '#domain/plazos/calendario.ts';
import { getCalendarioPlazos } from '#domain/plazos/queries.ts';
import { LIMITES_MESA } from './campos.ts';
import { type AccionEnvio, VIGENCIA_CONFIRMACION_MS, firmarConfirmacion, leerConfirmacion } from './confirmacion.ts';
import { parseCodigo } from './codigo.ts';
import { type EstadoSolicitud, esCerrada, etiquetaEstadoSolicitud, motivoTransicionInvalida } from './estados.ts';
import { cambioEstadoSchema, confirmacionEnvioSchema, envioDecretoSchema, envioPublicadoSchema, prorrogaSchema } from './mesa-schemas.ts';
import { type DecretoPublicado, findDecretoPublicado } from './publicados.ts';

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
  | { tipo: 'conflicto'; mensaje: string }
  /** A mail with the decree, prepared and not sent: what the desk confirms (confirmarEnvio). */
  | { tipo: 'vista'; vista: VistaPreviaEnvio; token: string };

/** What the desk sees before the decree's mail leaves: exactly what the outbox will hold. */
export type VistaPreviaEnvio = {
  accion: AccionEnvio;
  /** Masked ('***@correo.com'): the desk checks the domain, the full address is in the request's data. */
  destinatario: string;
  asunto: string;
  texto: string;
  adjunto: { nombreArchivo: string; tamano: number };
};

type Bloqueada = {
  id: number;
  codigo: string;
  email: string;
  numero: string;
  estado: string;
  createdAt: Date;
  prorrogadaEn: Date | null;
  anonimizadaEn: Date | null;
  decretoDocumentoId: number | null;
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
      decretoDocumentoId: s.decretoDocumentoId,
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

/** The mail a change writes to the citizen: the same for the preview and for the outbox. */
function correoDelCambio(ctx: Pick<AppContext, 'cipher' | 'url'>, s: Bloqueada, cambio: Cambio) {
  return {
    destinatario: ctx.cipher.open(s.email),
    asunto: cambio.asunto,
    referencia: s.codigo,
    texto: cuerpo(ctx, s, [...cambio.lineas, ...mensajeDeLaMesa(cambio.mensaje)]),
    ...(cambio.adjuntos ? { adjuntos: cambio.adjuntos } : {}),
  };
}

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
  await enqueueMail(t, ctx.cipher, [correoDelCambio(ctx, s, cambio)]);
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

/** The lines of the decree's mail: the uploaded PDF, or the bulletin that published it. */
const LINEAS_SUBIDO = (nombreArchivo: string) => [`Adjuntamos a este correo la copia del decreto que solicitó (${nombreArchivo}).`];
const lineasPublicado = (ctx: Pick<AppContext, 'url'>, publicado: DecretoPublicado) => [
  `El decreto ${publicado.decreto} que solicitó fue publicado en el ${publicado.boletinTexto}: adjuntamos a este correo ese boletín (${publicado.boletin.nombreArchivo}).`,
  `También puede descargarlo en ${ctx.url(publicado.enlace)}`,
];

/** A document's name and size, for the preview. */
async function documentoDelAdjunto(t: Db, id: number) {
  const [d] = await t
    .select({ id: documentos.id, nombreArchivo: documentos.nombreArchivo, tipoContenido: documentos.tipoContenido, tamano: documentos.tamano })
    .from(documentos)
    .where(eq(documentos.id, id));
  return d;
}

/** The preview of `cambio` for a locked request, and the token that confirms it. */
function vistaPrevia(
  ctx: Pick<AppContext, 'cipher' | 'url' | 'clock'>,
  actor: Actor,
  s: Bloqueada,
  accion: AccionEnvio,
  cambio: Cambio,
  tamano: number,
): ResultadoMesa {
  const correo = correoDelCambio(ctx, s, cambio);
  const adjunto = cambio.adjuntos?.[0];
  const token = firmarConfirmacion(ctx.cipher, {
    codigo: s.codigo,
    accion,
    documentoId: cambio.documentoId!,
    estado: s.estado,
    mensaje: cambio.mensaje,
    usuarioId: actor.usuarioId,
    vence: ctx.clock.now().getTime() + VIGENCIA_CONFIRMACION_MS,
  });
  return {
    tipo: 'vista',
    token,
    vista: {
      accion,
      destinatario: maskEmail(correo.destinatario),
      asunto: correo.asunto,
      texto: correo.texto,
      adjunto: { nombreArchivo: adjunto?.nombreArchivo ?? '', tamano },
    },
  };
}

/**
 * Prepares sending the decree, without sending it (docs/decisions/052-confirmar-antes-de-escribir.md):
 * the PDF goes through the upload pipeline (docs/decisions/017-subidas.md: recognised by its
 * content, only a readable PDF, the desk's own 10 MB limit) and is stored as a private document;
 * the answer is the preview of the mail and the token that sends it (confirmarEnvio). Only from
 * «En proceso». Nothing of the request changes and nothing is written to the outbox.
 */
export async function prepararEnvioDecreto(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, envioDecretoSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { archivo, mensaje } = leido.datos;
  const { codigo } = leido;

  // Checked before the file is read, and again when the upload's row is written.
  const [actual] = await ctx.db
    .select({ estado: solicitudesDecreto.estado, anonimizadaEn: solicitudesDecreto.anonimizadaEn })
    .from(solicitudesDecreto)
    .where(eq(solicitudesDecreto.codigo, codigo));
  if (!actual) return { tipo: 'no_encontrado' };
  if (actual.anonimizadaEn) return { tipo: 'conflicto', mensaje: ANONIMIZADA };
  const antes = motivoTransicionInvalida(actual.estado, 'enviada');
  if (antes) return { tipo: 'conflicto', mensaje: antes };

  try {
    return await saveSubida(
      ctx,
      { data: new Uint8Array(await archivo.arrayBuffer()), nombreArchivo: archivo.name },
      { tipos: ['pdf'], maxBytes: LIMITES_MESA.pdf, publico: false },
      async (tx, guardado) => {
        const r = await enLaSolicitud(tx, codigo, async (t, s) => {
          const motivo = motivoTransicionInvalida(s.estado, 'enviada');
          if (motivo) return { tipo: 'conflicto', mensaje: motivo };
          const cambio = envio(s, guardado, mensaje, 'solicitud.envio_decreto', LINEAS_SUBIDO(guardado.nombreArchivo));
          // Remembered until confirmed or dropped: an abandoned preview's PDF is deleted once its token expired (limpiarVistasPreviasVencidas).
          await t.insert(vistasPreviasEnvio).values({ documentoId: guardado.id, vence: new Date(ctx.clock.now().getTime() + VIGENCIA_CONFIRMACION_MS) });
          return vistaPrevia(ctx, actor, s, 'enviar', cambio, guardado.tamano);
        });
        if (r.tipo !== 'vista') throw new EnvioNoHecho(r);
        return r;
      },
    );
  } catch (error) {
    if (error instanceof EnvioNoHecho) return error.resultado;
    if (error instanceof SubidaRechazadaError) return invalida({ archivo: error.message }, leido.valores);
    throw error;
  }
}

/** Why the published decree cannot answer a request in `estado`: from «Recibida» too, since nothing is left to look for. */
const motivoSinPublicado = (estado: string) => (estado === 'recibida' ? undefined : motivoTransicionInvalida(estado, 'enviada'));

export const NO_PUBLICADO = 'El decreto pedido no figura en ningún boletín oficial: enviá su PDF con «Enviar el decreto».';

/**
 * Prepares answering with the decree already published (docs/decisions/023-decretos-publicados.md),
 * without sending it: the preview of the mail with the earliest bulletin that published the decree
 * attached, and the token that sends it (confirmarEnvio). From «Recibida» or «En proceso».
 */
export async function prepararEnvioPublicado(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, envioPublicadoSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const { mensaje } = leido.datos;
  return conLaSolicitud(ctx, leido.codigo, async (t, s) => {
    const motivo = motivoSinPublicado(s.estado);
    if (motivo) return { tipo: 'conflicto', mensaje: motivo };
    const publicado = await findDecretoPublicado(t, s.numero);
    if (!publicado) return { tipo: 'conflicto', mensaje: NO_PUBLICADO };
    const doc = await documentoDelAdjunto(t, publicado.boletin.documentoId);
    if (!doc) return { tipo: 'conflicto', mensaje: NO_PUBLICADO };
    const cambio = envio(s, doc, mensaje, 'solicitud.envio_decreto_publicado', lineasPublicado(ctx, publicado));
    return vistaPrevia(ctx, actor, s, 'enviar-publicado', cambio, doc.tamano);
  });
}

export const YA_ENVIADO = 'Esta confirmación ya se usó: el correo con el decreto salió una sola vez y no lo mandamos de nuevo.';
const cambioDesdeLaVista = (estado: string) =>
  `La solicitud cambió desde la vista previa (ahora está en «${etiquetaEstadoSolicitud(estado)}»): no enviamos nada. Revisala antes de escribirle al solicitante.`;

/** The uploaded decree of a preview that will not be sent: removed, unless a request names it (it was sent). */
async function descartarSubida(ctx: Pick<AppContext, 'db' | 'storage'>, documentoId: number): Promise<void> {
  const claves = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [usado] = await t
      .select({ id: solicitudesDecreto.id })
      .from(solicitudesDecreto)
      .where(eq(solicitudesDecreto.decretoDocumentoId, documentoId))
      .limit(1);
    const [doc] = await t.select({ publico: documentos.publico }).from(documentos).where(eq(documentos.id, documentoId));
    if (usado || !doc || doc.publico) return [];
    return removeDocumento(t, documentoId);
  });
  await removeArchivos(ctx, claves);
}

/**
 * Sends what a preview showed, once (docs/decisions/052-confirmar-antes-de-escribir.md): the token
 * must be ours, unexpired, of this person and request; under the request's lock its status must be
 * the one the preview saw and, for the published decree, the same bulletin. Then the change of
 * enviarDecreto: «Documento enviado», history, the mail with the PDF and the audit, in one
 * transaction. A second confirmation of the same preview finds it sent and is refused: nothing
 * leaves twice. A refused upload's PDF is removed again.
 */
export async function confirmarEnvio(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, confirmacionEnvioSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const token = leerConfirmacion(ctx.cipher, leido.datos.confirmacion, { codigo: leido.codigo, usuarioId: actor.usuarioId, ahora: ctx.clock.now() });
  if (!token.ok) {
    if (token.vencida?.accion === 'enviar') await descartarSubida(ctx, token.vencida.documentoId);
    return { tipo: 'conflicto', mensaje: token.mensaje };
  }
  const c = token.datos;
  let descartar = false;
  const resultado = await conLaSolicitud(ctx, leido.codigo, async (t, s): Promise<ResultadoMesa> => {
    if (s.estado === 'enviada' && s.decretoDocumentoId === c.documentoId) return { tipo: 'conflicto', mensaje: YA_ENVIADO };
    descartar = c.accion === 'enviar';
    if (s.estado !== c.estado) return { tipo: 'conflicto', mensaje: cambioDesdeLaVista(s.estado) };
    let cambio: Cambio;
    if (c.accion === 'enviar') {
      const doc = await documentoDelAdjunto(t, c.documentoId);
      if (!doc) return { tipo: 'conflicto', mensaje: 'El PDF de la vista previa ya no está guardado: no enviamos nada. Adjuntalo de nuevo.' };
      cambio = envio(s, doc, c.mensaje, 'solicitud.envio_decreto', LINEAS_SUBIDO(doc.nombreArchivo));
    } else {
      const publicado = await findDecretoPublicado(t, s.numero);
      if (!publicado || publicado.boletin.documentoId !== c.documentoId)
        return { tipo: 'conflicto', mensaje: 'El boletín que publicó el decreto cambió desde la vista previa: no enviamos nada. Revisá el correo de nuevo.' };
      const doc = await documentoDelAdjunto(t, c.documentoId);
      if (!doc) return { tipo: 'conflicto', mensaje: NO_PUBLICADO };
      cambio = envio(s, doc, c.mensaje, 'solicitud.envio_decreto_publicado', lineasPublicado(ctx, publicado));
    }
    await aplicarCambio(t, ctx, actor, s, cambio);
    // Sent: its PDF is the request's now, no longer a preview's.
    await t.delete(vistasPreviasEnvio).where(eq(vistasPreviasEnvio.documentoId, c.documentoId));
    descartar = false;
    return { tipo: 'hecho', codigo: s.codigo, estado: 'enviada' };
  });
  if (descartar && resultado.tipo !== 'hecho') await descartarSubida(ctx, c.documentoId);
  return hecho(ctx, resultado, c.accion === 'enviar' ? 'solicitud de decreto: decreto enviado' : 'solicitud de decreto: decreto publicado enviado', {
    documento: c.documentoId,
  });
}

/** Drops a preview the desk will not send: its uploaded PDF is removed (a token that is not ours changes nothing). */
export async function cancelarEnvio(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const leido = leer(actor, confirmacionEnvioSchema, input, codigoTexto);
  if (!leido.ok) return leido.resultado;
  const token = leerConfirmacion(ctx.cipher, leido.datos.confirmacion, { codigo: leido.codigo, usuarioId: actor.usuarioId, ahora: new Date(0) });
  if (token.ok && token.datos.accion === 'enviar') await descartarSubida(ctx, token.datos.documentoId);
  return { tipo: 'hecho', codigo: leido.codigo, estado: 'sin cambios' };
}

/** How long after a preview's token expired its PDF is deleted: a confirmation that read the token just before is long finished. */
const MARGEN_VISTAS_VENCIDAS_MS = 5 * 60 * 1000;

/**
 * Deletes the PDFs of previews nobody confirmed nor dropped (docs/decisions/052-confirmar-antes-de-escribir.md):
 * a clerk who uploads a decree and closes the page leaves it stored; once its token expired (plus a
 * margin) no one can send it, so it goes, unless a request uses it. Run by a scheduled job on every
 * instance: two runs at once delete a document once. Answers how many previews it closed.
 */
export async function limpiarVistasPreviasVencidas(ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>): Promise<number> {
  const limite = new Date(ctx.clock.now().getTime() - MARGEN_VISTAS_VENCIDAS_MS);
  const vencidas = await ctx.db.select({ documentoId: vistasPreviasEnvio.documentoId }).from(vistasPreviasEnvio).where(lt(vistasPreviasEnvio.vence, limite));
  for (const { documentoId } of vencidas) {
    await descartarSubida(ctx, documentoId);
    await ctx.db.delete(vistasPreviasEnvio).where(eq(vistasPreviasEnvio.documentoId, documentoId));
  }
  return vencidas.length;
}

/** Sends the decree in one call: the preview and its confirmation at once (the demo content and the domain's tests). */
export async function enviarDecreto(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const vista = await prepararEnvioDecreto(ctx, actor, codigoTexto, input);
  return vista.tipo === 'vista' ? confirmarEnvio(ctx, actor, codigoTexto, { confirmacion: vista.token }) : vista;
}

/** Answers with the decree already published in one call: the preview and its confirmation at once. */
export async function enviarDecretoPublicado(ctx: AppContext, actor: Actor, codigoTexto: string, input: FormInput): Promise<ResultadoMesa> {
  const vista = await prepararEnvioPublicado(ctx, actor, codigoTexto, input);
  return vista.tipo === 'vista' ? confirmarEnvio(ctx, actor, codigoTexto, { confirmacion: vista.token }) : vista;
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

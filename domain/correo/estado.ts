import { asc, eq } from 'drizzle-orm';
import { outbox } from '#db/schema/index.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatDateTime } from '#domain/shared/formato.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { etiquetaEstadoCorreo } from './bandeja.ts';
import { maskEmail } from './masking.ts';

/**
 * Whether a mail left, in words for whoever caused it (docs/decisions/052-confirmar-antes-de-escribir.md):
 * the desk, where it answers a request, sees whether each mail to the citizen left, waits or failed,
 * and why, not only the administrator in the outbox. Pure wording over the outbox's columns.
 */

export type HechosCorreo = { estado: string; ultimoError: string | null; enviadoEn: Date | null; proximoIntento: Date | null };

/** Whether SMTP_URL is set: false says why every mail waits; undefined (unknown) says nothing of it. */
export type Servidor = { smtpConfigurado?: boolean };

export const SIN_SERVIDOR =
  'El correo quedó en la bandeja de salida: el servidor de correo no está configurado, así que todavía no salió. Sale solo cuando administración lo configure; avisale a quien administra el sitio.';

/** An SMTP or outbox error (stored masked, in English) as a reason a clerk understands. */
export function motivoEnCastellano(error: string | null): string {
  const texto = (error ?? '').trim();
  if (texto === '') return 'el servidor de correo no dijo por qué';
  if (/ya no existe/i.test(texto)) return 'el archivo adjunto ya no está guardado en el sitio';
  if (/\b535\b|auth|credentials|login/i.test(texto)) return 'el servidor de correo no aceptó el usuario o la contraseña con que el sitio se conecta';
  if (/\b552\b|too large|size exceeds|message size/i.test(texto)) return 'el correo es más grande de lo que acepta el servidor de correo';
  if (/\b55[01]\b|\b553\b|5\.1\.\d|user unknown|no such user|mailbox unavailable|recipients? (were )?rejected/i.test(texto))
    return 'el servidor del destinatario rechazó la dirección: la casilla no existe o no recibe correo';
  if (/\b4[25]\d\b|4\.\d\.\d/.test(texto)) return 'el servidor del destinatario no lo aceptó por ahora (casilla llena u ocupada)';
  if (/ECONNREFUSED|ECONNECTION|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|ESOCKET|EDNS|timeout|connect/i.test(texto))
    return 'no pudimos conectarnos con el servidor de correo';
  const linea = texto.split(/\r?\n/, 1)[0] ?? '';
  return `el servidor de correo respondió «${linea.length > 120 ? `${linea.slice(0, 119)}…` : linea}»`;
}

/** One sentence: left (when), waits (why) or failed (why), in the town's time. */
export function explicarCorreo(c: HechosCorreo, servidor: Servidor): string {
  switch (c.estado) {
    case 'enviado':
      return c.enviadoEn ? `Salió el ${formatDateTime(c.enviadoEn)}.` : 'Salió.';
    case 'fallido':
      return `No salió: ${motivoEnCastellano(c.ultimoError)}. No se reintenta solo: la mesa de entradas o administración puede reintentarlo desde la bandeja de salida.`;
    case 'anulado':
      return 'Anulado: no se envía.';
    default:
      if (servidor.smtpConfigurado === false) return SIN_SERVIDOR;
      if (c.ultimoError)
        return `Todavía no salió: el último intento falló porque ${motivoEnCastellano(c.ultimoError)}. Lo volvemos a intentar solos${
          c.proximoIntento ? ` el ${formatDateTime(c.proximoIntento)}` : ''
        }.`;
      return 'Está saliendo: quedó en la bandeja de salida y se envía en unos segundos.';
  }
}

export type CorreoDeReferencia = {
  id: number;
  asunto: string;
  /** Masked ('***@correo.com'): the citizen's mails and the desk's notice share the reference. */
  para: string;
  estado: string;
  estadoEtiqueta: string;
  explicacion: string;
  creado: Date;
  adjuntos: string[];
};

/**
 * The mails written for one reference (a request's tracking code), oldest first, each with its
 * state in words. For the desk and administration, as the outbox (puede 'correo'); the recipient
 * masked and no body: the page that shows them already has the request's data.
 */
export async function listCorreosDeReferencia(
  ctx: Pick<AppContext, 'db' | 'config' | 'cipher'>,
  actor: Actor,
  referencia: string,
): Promise<CorreoDeReferencia[]> {
  if (!puede(actor, 'correo')) throw new PermisoDenegadoError('Tu usuario no puede ver la bandeja de salida: es de la mesa de entradas y de administración.');
  const filas = await ctx.db
    .select({
      id: outbox.id,
      asunto: outbox.asunto,
      destinatario: outbox.destinatario,
      estado: outbox.estado,
      ultimoError: outbox.ultimoError,
      enviadoEn: outbox.enviadoEn,
      proximoIntento: outbox.proximoIntento,
      createdAt: outbox.createdAt,
      adjuntos: outbox.adjuntos,
    })
    .from(outbox)
    .where(eq(outbox.referencia, referencia))
    .orderBy(asc(outbox.id))
    .limit(50);
  return filas.map((f) => ({
    id: f.id,
    asunto: f.asunto,
    para: maskEmail(ctx.cipher.open(f.destinatario)),
    estado: f.estado,
    estadoEtiqueta: etiquetaEstadoCorreo(f.estado),
    explicacion: explicarCorreo(f, ctx.config),
    creado: f.createdAt,
    adjuntos: f.adjuntos.map((a) => a.nombreArchivo),
  }));
}

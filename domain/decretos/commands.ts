import { and, eq, gt, sql } from 'drizzle-orm';
import { historialSolicitudesDecreto, solicitudesDecreto } from '#db/schema/index.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { addressLimitKey, transactionWithLimitsLast } from '#domain/shared/limits.ts';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import { generateCodigo } from './codigo.ts';
import { fingerprintSolicitud } from './datos-personales.ts';
import { findOrdenanzaPorTexto, getOrdenanzaElegible } from './queries.ts';
import { CAMPO_TRAMPA } from './campos.ts';
import { type ErroresSolicitud, parseSolicitudDecreto } from './schemas.ts';
import { yearInArgentina } from '#domain/shared/formato.ts';

/** Same DNI, e-mail and decree number within this window: the first request is answered again. */
const VENTANA_DUPLICADOS_MIN = 10;
const HORA = 3600;
const DIA = 86_400;
export const MENSAJE_LIMITE =
  'Recibimos muchas solicitudes desde tu conexión en la última hora. Volvé a enviarla más tarde; tus datos quedan en el formulario.';
export const mensajeLimitePersona = (mesa: string) =>
  `Ya recibimos hoy varias solicitudes con este DNI o este correo. Para pedir más copias escribí a ${mesa}, o volvé a enviarla mañana.`;

const LOCK_HUELLA = 727002;

export type OpcionesSolicitud = {
  /** The sender's address as limits key it (an IPv6 /64); undefined: no per-address limit. */
  direccion?: string;
};

export type ResultadoSolicitud =
  | {
      tipo: 'recibida';
      codigo: string;
      estado: string;
      /** As typed, to show back to the sender only. */
      nombre: string;
      email: string;
      /** False when the same DNI, e-mail and decree arrived within minutes (the first request's code) or the honeypot was filled. */
      nueva: boolean;
    }
  | { tipo: 'invalido'; errores: ErroresSolicitud }
  | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number };

const texto = (valor: unknown) => (typeof valor === 'string' ? valor.trim() : '');

/** What the citizen typed, quoted as data in the mail: never read as the municipality's words. */
const citar = (valor: string) => `«${valor}»`;

/**
 * A decree-copy request, for the page's action and POST /api/v1/solicitudes-decreto
 * alike: validates with the shared schema, answers a repeat of the same DNI, e-mail and decree
 * with the first request's code, enforces the per-address and per-person limits, and stores the
 * request (DNI and e-mail encrypted), its first status and the two mails in ONE transaction. A
 * success answer therefore means all of it is committed; the outbox worker sends the mails.
 */
export async function createSolicitudDecreto(ctx: AppContext, input: unknown, opciones: OpcionesSolicitud = {}): Promise<ResultadoSolicitud> {
  const crudo = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  // Honeypot: people never see the field; a bot that fills it gets what looks like success, and nothing is stored.
  if (texto(crudo[CAMPO_TRAMPA]) !== '') {
    ctx.log.warn({}, 'solicitud de decreto descartada: campo trampa completado');
    return {
      tipo: 'recibida',
      codigo: generateCodigo(yearInArgentina(ctx.clock.now())),
      estado: 'recibida',
      nombre: texto(crudo.nombre),
      email: texto(crudo.email),
      nueva: false,
    };
  }
  const parsed = parseSolicitudDecreto(crudo);
  if (!parsed.ok) return { tipo: 'invalido', errores: parsed.errores };
  const datos = parsed.datos;
  const { db } = ctx;

  let ordenanza: { id: number; etiqueta: string } | undefined;
  if (datos.ordenanza !== '') {
    ordenanza = await getOrdenanzaElegible(db, Number(datos.ordenanza));
    if (!ordenanza) return { tipo: 'invalido', errores: { ordenanza: 'Esa ordenanza no está en el registro: elegí una de la lista o dejá el campo vacío.' } };
  } else if (datos.ordenanzaNumero !== '') {
    ordenanza = await findOrdenanzaPorTexto(db, datos.ordenanzaNumero);
    if (!ordenanza)
      return {
        tipo: 'invalido',
        errores: {
          ordenanza: 'No encontramos una ordenanza con expediente con ese número. Escribila como número/año (por ejemplo 250/2021) o dejá el campo vacío.',
        },
      };
  }

  const { cipher } = ctx;
  const limites = ctx.config.solicitudes;
  const huellas = fingerprintSolicitud(cipher, datos);
  const settings = await getSiteSettings(db);
  const anio = yearInArgentina(ctx.clock.now());

  const porPersona = { max: limites.porPersona, windowSeconds: DIA };
  const limitePersona = { tipo: 'limite' as const, mensaje: mensajeLimitePersona(settings.emailMesaDecretos), reintentarEnSegundos: DIA };
  const resultado: ResultadoSolicitud = await transactionWithLimitsLast<ResultadoSolicitud, ResultadoSolicitud>(db, async (t) => {
    // Serialises requests with the same DNI, e-mail and decree (every instance, every connection).
    await t.execute(sql`select pg_advisory_xact_lock(${LOCK_HUELLA}, hashtext(${huellas.huella}))`);
    const [previa] = await t
      .select({ codigo: solicitudesDecreto.codigo, estado: solicitudesDecreto.estado })
      .from(solicitudesDecreto)
      .where(and(eq(solicitudesDecreto.huella, huellas.huella), gt(solicitudesDecreto.createdAt, sql`now() - ${VENTANA_DUPLICADOS_MIN} * interval '1 minute'`)))
      .limit(1);
    if (previa) return { valor: { tipo: 'recibida' as const, ...previa, nombre: datos.nombre, email: datos.email, nueva: false }, limites: [] };

    const codigo = generateCodigo(anio);
    const [fila] = await t
      .insert(solicitudesDecreto)
      .values({
        codigo,
        nombre: datos.nombre,
        dni: cipher.encrypt(datos.dni),
        email: cipher.encrypt(datos.email),
        ...huellas,
        numero: datos.numero,
        ordenanzaId: ordenanza?.id ?? null,
        aclaraciones: datos.aclaraciones,
        estado: 'recibida',
      })
      .returning({ id: solicitudesDecreto.id });
    const id = fila!.id;
    await t.insert(historialSolicitudesDecreto).values({ solicitudId: id, estado: 'recibida' });
    const enlace = ctx.url(`/solicitud-decretos/estado?codigo=${encodeURIComponent(codigo)}`);
    await enqueueMail(t, cipher, [
      {
        destinatario: datos.email,
        asunto: `Recibimos su solicitud de decreto (${codigo})`,
        referencia: codigo,
        texto: [
          'Recibimos en el sitio de la Municipalidad de Villa La Angostura una solicitud de copia de un decreto con esta dirección de correo. Estos son los datos tal como se escribieron en el formulario:',
          '',
          `Nombre: ${citar(datos.nombre)}`,
          `Número de decreto: ${citar(datos.numero)}`,
          `Código de seguimiento: ${codigo}`,
          '',
          'Estamos procesando su solicitud. Si todo está bien enviaremos el documento solicitado a esta cuenta de correo electrónico lo más rápido posible.',
          '',
          `Puede consultar en qué estado está en ${enlace}`,
          '',
          'Si usted no hizo esta solicitud, ignore este mensaje. La Municipalidad nunca le pedirá claves ni datos por correo.',
          '',
          'Municipalidad de Villa La Angostura',
        ].join('\n'),
      },
      {
        destinatario: settings.emailMesaDecretos,
        responderA: datos.email,
        asunto: `Nueva solicitud de decreto ${codigo}`,
        referencia: codigo,
        texto: [
          `Nueva solicitud de copia de decreto, código ${codigo}.`,
          '',
          `Nombre: ${datos.nombre}`,
          `DNI: ${datos.dni}`,
          `Email: ${datos.email}`,
          `Número de Decreto: ${datos.numero}`,
          `Ordenanza: ${ordenanza?.etiqueta ?? '(ninguna)'}`,
          `Aclaraciones: ${datos.aclaraciones || '(ninguna)'}`,
          '',
          `Estado: ${enlace}`,
        ].join('\n'),
      },
    ]);
    // Counted last (transactionWithLimitsLast): a refusal undoes the request; one refused
    // for the person's limit (a few acknowledgements a day per DNI or e-mail, whatever the address)
    // still counts for its address, as a flood of them would.
    return {
      valor: { tipo: 'recibida' as const, codigo, estado: 'recibida', nombre: datos.nombre, email: datos.email, nueva: true },
      limites: [
        {
          clave: addressLimitKey(cipher, 'limite-solicitud-direccion', opciones.direccion),
          limite: { max: limites.porDireccion, windowSeconds: HORA },
          rechazo: { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE, reintentarEnSegundos: HORA },
          cuentaSiOtroRechaza: true,
        },
        { clave: `limite-solicitud-dni:${huellas.dniHuella}`, limite: porPersona, rechazo: limitePersona },
        { clave: `limite-solicitud-email:${huellas.emailHuella}`, limite: porPersona, rechazo: limitePersona },
      ],
    };
  });
  // Committed: the worker sends the acknowledgement now rather than at its next poll.
  if (resultado.tipo === 'recibida' && resultado.nueva) ctx.mailer.wake();
  return resultado;
}

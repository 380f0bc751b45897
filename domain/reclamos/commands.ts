/**
 * A citizen's report enters (docs/decisions/057-reclamos.md): from the page's form and from Open311
 * alike. Validated, its photos cleaned of every metadata field, stored with the reporter's e-mail
 * and name encrypted, its first state, the photos and the acknowledgement in ONE transaction; the
 * limits per address and per e-mail are counted last.
 */
import { reclamos, fotosReclamo, historialReclamos } from '#db/schema/index.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { ClavesSubida, SubidaPreparada } from '#domain/documentos/subidas.ts';
import { SubidaRechazadaError } from '#domain/documentos/subidas.ts';
import { sumarDiasHabiles } from '#domain/plazos/calendario.ts';
import { getFeriados } from '#domain/plazos/queries.ts';
import { zonaDelPunto } from '#domain/recoleccion/ubicacion.ts';
import { generarCodigoReclamo } from '#domain/shared/codigo-seguimiento.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { firstValues } from '#domain/shared/form.ts';
import { formatLongDateWithWeekday, yearInArgentina } from '#domain/shared/formato.ts';
import { addressLimitKey, transactionWithLimitsLast } from '#domain/shared/limits.ts';
import { cierreDeAviso } from '#domain/shared/suscripciones.ts';
import { enlacesDelReclamante, nuevoSecreto } from './enlaces.ts';
import { type FotoSubida, FOTO_MAX_BYTES, borrarFotos, comprobarFotos, escribirFotos, insertarDocumentosDeFotos, prepararFotos } from './fotos.ts';
import { type CategoriaParaReclamo, getCategoriaActivaParaReclamo } from './queries.ts';
import { type DatosReclamo, type ErroresReclamo, LIMITES_RECLAMO, parseReclamo } from './schemas.ts';

export type { ErroresReclamo };

/** The honeypot's name: a field people never see or fill; bots that fill every field do. */
export const CAMPO_TRAMPA_RECLAMO = 'sitio_web';

const HORA = 3600;
const DIA = 86_400;
/** When AppConfig has no `reclamos` (domain tests of other modules): RECLAMOS_POR_IP and RECLAMOS_POR_EMAIL's defaults. */
export const LIMITES_RECLAMO_PREDETERMINADOS = { porDireccion: 5, porEmail: 5 } as const;

export const MENSAJE_LIMITE_DIRECCION =
  'Recibimos muchos reclamos desde tu conexión en la última hora. Volvé a enviarlo más tarde; lo que escribiste queda en el formulario.';
export const MENSAJE_LIMITE_EMAIL = 'Ya recibimos hoy varios reclamos con este correo. Volvé a enviarlo mañana; si es una urgencia, llamá a la Municipalidad.';

export type OpcionesReclamo = {
  /** The sender's address as limits key it (an IPv6 /64); undefined: no per-address limit (Open311 keys have their own). */
  direccion?: string;
  origen?: 'web' | 'open311';
  claveOpen311Id?: number;
  /** Up to 3 photos as uploaded (bytes and file name): checked by content, every metadata field removed. */
  fotos?: { data: Uint8Array; nombreArchivo: string }[];
};

export type ResultadoReclamo =
  | { tipo: 'recibido'; id: number; codigo: string; /** false: honeypot filled (nothing stored, looks like success) */ nuevo: boolean }
  | { tipo: 'invalido'; errores: ErroresReclamo }
  | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number };

type Limite = Extract<ResultadoReclamo, { tipo: 'limite' }>;

/** The acknowledgement: the code, the link, what happens next, the due date, and the one-click unsubscribe. */
function acuse(ctx: AppContext, datos: DatosReclamo, categoria: CategoriaParaReclamo, codigo: string, venceEl: string, token: string) {
  const { baja } = enlacesDelReclamante(ctx, token);
  const pagina = ctx.url(`/reclamos/${codigo}`);
  const cierre = cierreDeAviso({
    gestion: { texto: 'Tu reclamo', url: pagina },
    baja: { texto: 'Para no recibir más correos sobre este reclamo', url: baja },
    lista: { nombre: 'Reclamos', id: 'reclamos' },
    host: new URL(ctx.url('')).hostname,
  });
  // Only our own words and the category's name: what was typed (description, address) stays on the
  // page, so the form cannot carry someone else's message to whatever address was written.
  return {
    destinatario: datos.email,
    asunto: `Recibimos tu reclamo ${codigo}`,
    referencia: codigo,
    texto: [
      'Recibimos en el sitio de la Municipalidad de Villa La Angostura un reclamo hecho con esta dirección de correo.',
      '',
      `Código de seguimiento: ${codigo}`,
      `Tipo de problema: ${categoria.nombre}`,
      '',
      'Qué sigue: el área que corresponde lo revisa y te escribimos a este correo cada vez que cambie de estado (en curso, derivado a otro organismo, resuelto).',
      `El plazo para darle respuesta vence el ${formatLongDateWithWeekday(venceEl)}.`,
      '',
      `Podés ver cómo sigue en ${pagina}`,
      '',
      'Si no hiciste este reclamo, ignorá este mensaje o usá el enlace de abajo para no recibir más correos. La Municipalidad nunca te va a pedir claves ni datos por correo.',
      '',
      ...cierre.lineas,
    ].join('\n'),
    cabeceras: cierre.cabeceras,
  };
}

const textoDe = (valor: unknown) => (typeof valor === 'string' ? valor.trim() : typeof valor === 'number' ? String(valor) : '');

/**
 * A citizen's report, for the page's action, the JSON API and Open311 alike. input (form fields or
 * JSON): categoria (the category's codigo), latitud, longitud (numbers or strings), direccion
 * (optional text), descripcion, email, nombre (optional), and for each extra question of the
 * category a field `pregunta_<codigo>`; plus the honeypot. A success means everything is committed
 * (the report, its first state, its photos and the acknowledgement in the outbox).
 */
export async function crearReclamo(ctx: AppContext, input: unknown, opciones: OpcionesReclamo = {}): Promise<ResultadoReclamo> {
  const crudo = input && typeof input === 'object' && !Array.isArray(input) ? firstValues(input as Record<string, unknown>) : {};
  const anio = yearInArgentina(ctx.clock.now());
  // Honeypot: people never see the field; a bot that fills it gets what looks like success, and nothing is stored.
  if (textoDe(crudo[CAMPO_TRAMPA_RECLAMO]) !== '') {
    ctx.log.warn({}, 'reclamo descartado: campo trampa completado');
    return { tipo: 'recibido', id: 0, codigo: generarCodigoReclamo(anio), nuevo: false };
  }
  const { db, cipher } = ctx;
  const codigoCategoria = textoDe(crudo.categoria);
  const categoria =
    codigoCategoria !== '' && codigoCategoria.length <= LIMITES_RECLAMO.categoria ? await getCategoriaActivaParaReclamo(db, codigoCategoria) : undefined;
  const leido = parseReclamo(crudo, categoria?.preguntas);
  const fotos: readonly FotoSubida[] = opciones.fotos ?? [];
  const maxBytes = Math.min(FOTO_MAX_BYTES, ctx.config.subidaMaxBytes ?? FOTO_MAX_BYTES);

  // The photos: only the quick checks while another field is wrong (no decoding for a form that
  // goes back anyway); read and re-encoded, without metadata, when the rest is right.
  let preparadas: SubidaPreparada[] = [];
  try {
    if (!leido.ok || !categoria) await comprobarFotos(fotos, maxBytes);
    else preparadas = (await prepararFotos(fotos, maxBytes)).preparadas;
  } catch (error) {
    if (!(error instanceof SubidaRechazadaError)) throw error;
    return { tipo: 'invalido', errores: { ...(leido.ok ? {} : leido.errores), fotos: error.message } };
  }
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores };
  if (!categoria) return { tipo: 'invalido', errores: { categoria: 'Elegí qué tipo de problema es, de la lista.' } };
  const datos = leido.datos;

  const email = datos.email.toLowerCase();
  const emailHuella = cipher.hash('email', email);
  // The report's arrival is the context's clock, like its due date: the demo and the tests set it.
  const ahora = ctx.clock.now();
  const hoy = fechaEnArgentina(ahora);
  const venceEl = sumarDiasHabiles(hoy, categoria.plazoDiasHabiles, await getFeriados(db, hoy));
  const barrio = (await zonaDelPunto(db, { latitud: datos.latitud, longitud: datos.longitud }))?.nombre ?? '';
  const limites = ctx.config.reclamos ?? LIMITES_RECLAMO_PREDETERMINADOS;

  // The files before the transaction (no lock held while writing); deleted again unless it commits.
  const claves: ClavesSubida[] = await escribirFotos(ctx, preparadas);
  let resultado: ResultadoReclamo;
  try {
    resultado = await transactionWithLimitsLast<ResultadoReclamo, Limite>(db, async (t) => {
      const codigo = generarCodigoReclamo(anio);
      const secreto = nuevoSecreto(ctx);
      const [fila] = await t
        .insert(reclamos)
        .values({
          codigo,
          categoriaId: categoria.id,
          estado: 'recibido',
          descripcion: datos.descripcion,
          latitud: datos.latitud,
          longitud: datos.longitud,
          direccion: datos.direccion,
          barrio,
          respuestas: datos.respuestas,
          email: cipher.encrypt(email),
          emailHuella,
          nombre: datos.nombre === '' ? null : cipher.encrypt(datos.nombre),
          token: secreto.token,
          tokenHash: secreto.tokenHash,
          areaId: categoria.areaId,
          venceEl,
          origen: opciones.origen ?? 'web',
          claveOpen311Id: opciones.claveOpen311Id ?? null,
          createdAt: ahora,
          updatedAt: ahora,
        })
        .returning({ id: reclamos.id });
      const id = fila!.id;
      await t.insert(historialReclamos).values({ reclamoId: id, estado: 'recibido', fecha: ahora });
      const documentosIds = await insertarDocumentosDeFotos(t, preparadas, claves);
      if (documentosIds.length > 0) await t.insert(fotosReclamo).values(documentosIds.map((documentoId, i) => ({ reclamoId: id, orden: i + 1, documentoId })));
      await enqueueMail(t, cipher, [acuse(ctx, { ...datos, email }, categoria, codigo, venceEl, secreto.token)]);
      // Counted last: a refusal undoes the report; one refused for the e-mail still counts for its address.
      return {
        valor: { tipo: 'recibido' as const, id, codigo, nuevo: true },
        limites: [
          {
            clave: addressLimitKey(cipher, 'limite-reclamo-direccion', opciones.direccion),
            limite: { max: limites.porDireccion, windowSeconds: HORA },
            rechazo: { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE_DIRECCION, reintentarEnSegundos: HORA },
            cuentaSiOtroRechaza: true,
          },
          {
            clave: `limite-reclamo-email:${emailHuella}`,
            limite: { max: limites.porEmail, windowSeconds: DIA },
            rechazo: { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE_EMAIL, reintentarEnSegundos: DIA },
          },
        ],
      };
    });
  } catch (error) {
    await borrarFotos(ctx, claves);
    throw error;
  }
  if (resultado.tipo !== 'recibido') {
    await borrarFotos(ctx, claves);
    return resultado;
  }
  // Committed: the worker sends the acknowledgement now rather than at its next poll.
  ctx.mailer.wake();
  return resultado;
}

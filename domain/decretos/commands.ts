import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { clavesServidor, historialSolicitudesDecreto, solicitudesDecreto } from '../../db/schema/index.ts';
import { encolarCorreos } from '../correo/outbox.ts';
import type { ServiceContext } from '../shared/context.ts';
import { getSiteSettings } from '../sitio/settings.ts';
import { findOrdenanzaPorTexto, getOrdenanzaElegible } from './queries.ts';
import { CAMPO_TRAMPA, type ErroresSolicitud, parseSolicitudDecreto } from './schemas.ts';

/** Same DNI and decree number within this window: the first request is answered again. */
export const VENTANA_DUPLICADOS_MIN = 10;
/** Per-IP limit window (the count is configurable: SOLICITUDES_POR_IP). */
export const VENTANA_LIMITE_MIN = 10;
export const MENSAJE_LIMITE = 'Recibimos muchas solicitudes desde tu conexión en los últimos minutos. Esperá 10 minutos y volvé a enviarla.';

const LOCK_HUELLA = 727002;
const LOCK_IP = 727003;

export type OpcionesSolicitud = {
  /** The sender's IP, hashed with a salt before it is stored; undefined: no per-IP limit. */
  ip?: string;
  /** Most submissions per IP in VENTANA_LIMITE_MIN minutes. */
  limitePorIp?: number;
  /** Public origin, for the status link in the acknowledgement. */
  siteUrl: string;
};

export type ResultadoSolicitud =
  | {
      tipo: 'recibida';
      codigo: string;
      estado: string;
      /** As typed, to show back to the sender only. */
      nombre: string;
      email: string;
      /** False when the same DNI and decree arrived within minutes (the first request's code) or the honeypot was filled. */
      nueva: boolean;
    }
  | { tipo: 'invalida'; errores: ErroresSolicitud }
  | { tipo: 'limite'; mensaje: string };

const zonaArgentina = new Intl.DateTimeFormat('en', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric' });

export function formatoCodigo(anio: number | string, secuencia: number): string {
  return `SD-${anio}-${String(secuencia).padStart(6, '0')}`;
}

function huellaDe(dni: string, numero: string): string {
  return createHash('sha256').update(`${dni}|${numero.toLowerCase().replace(/\s+/g, '')}`).digest('hex');
}

const sales = new WeakMap<Db, string>();
/** The salt of IP hashes: generated once per database, so every instance hashes alike. */
async function salIp(db: Db): Promise<string> {
  const cached = sales.get(db);
  if (cached) return cached;
  await db.insert(clavesServidor).values({ nombre: 'sal_ip', valor: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [fila] = await db.select({ valor: clavesServidor.valor }).from(clavesServidor).where(eq(clavesServidor.nombre, 'sal_ip'));
  sales.set(db, fila!.valor);
  return fila!.valor;
}

const texto = (valor: unknown) => (typeof valor === 'string' ? valor.trim() : '');

/**
 * A decree-copy request (issue 4), for the page's action and POST /api/v1/solicitudes-decreto
 * alike: validates with the shared schema, answers a repeat of the same DNI and decree with the
 * first request, enforces the per-IP limit, and stores the request, its first status and the two
 * mails (acknowledgement to the citizen, notice to the desk) in ONE transaction. A success answer
 * therefore means all of it is committed; the outbox worker sends the mails afterwards.
 */
export async function createSolicitudDecreto(ctx: Pick<ServiceContext, 'db' | 'clock' | 'log'>, input: unknown, opciones: OpcionesSolicitud): Promise<ResultadoSolicitud> {
  const crudo = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  // Honeypot: people never see the field; a bot that fills it gets what looks like success, and nothing is stored.
  if (texto(crudo[CAMPO_TRAMPA]) !== '') {
    ctx.log.warn({}, 'solicitud de decreto descartada: campo trampa completado');
    return { tipo: 'recibida', codigo: formatoCodigo(zonaArgentina.format(ctx.clock.now()), randomInt(1, 999_999)), estado: 'recibida', nombre: texto(crudo.nombre), email: texto(crudo.email), nueva: false };
  }
  const parsed = parseSolicitudDecreto(crudo);
  if (!parsed.ok) return { tipo: 'invalida', errores: parsed.errores };
  const datos = parsed.datos;
  const { db } = ctx;

  let ordenanza: { id: number; etiqueta: string } | undefined;
  if (datos.ordenanza !== '') {
    ordenanza = await getOrdenanzaElegible(db, Number(datos.ordenanza));
    if (!ordenanza) return { tipo: 'invalida', errores: { ordenanza: 'Esa ordenanza no está en el registro: elegí una de la lista o dejá el campo vacío.' } };
  } else if (datos.ordenanzaNumero !== '') {
    ordenanza = await findOrdenanzaPorTexto(db, datos.ordenanzaNumero);
    if (!ordenanza) return { tipo: 'invalida', errores: { ordenanza: 'No encontramos una ordenanza con expediente con ese número. Escribila como número/año (por ejemplo 250/2021) o dejá el campo vacío.' } };
  }

  const huella = huellaDe(datos.dni, datos.numero);
  const ipHash = opciones.ip ? createHmac('sha256', await salIp(db)).update(opciones.ip).digest('hex') : null;
  const settings = await getSiteSettings(db);
  const anio = zonaArgentina.format(ctx.clock.now());

  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Serialises requests with the same DNI and decree (every instance, every connection).
    await t.execute(sql`select pg_advisory_xact_lock(${LOCK_HUELLA}, hashtext(${huella}))`);
    const [previa] = await t
      .select({ codigo: solicitudesDecreto.codigo, estado: solicitudesDecreto.estado })
      .from(solicitudesDecreto)
      .where(and(eq(solicitudesDecreto.huella, huella), gt(solicitudesDecreto.createdAt, sql`now() - ${VENTANA_DUPLICADOS_MIN} * interval '1 minute'`)))
      .limit(1);
    if (previa) return { tipo: 'recibida' as const, ...previa, nombre: datos.nombre, email: datos.email, nueva: false };

    if (ipHash && opciones.limitePorIp !== undefined) {
      await t.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${ipHash}))`);
      const [fila] = await t
        .select({ n: count() })
        .from(solicitudesDecreto)
        .where(and(eq(solicitudesDecreto.ipHash, ipHash), gt(solicitudesDecreto.createdAt, sql`now() - ${VENTANA_LIMITE_MIN} * interval '1 minute'`)));
      if ((fila?.n ?? 0) >= opciones.limitePorIp) return { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE };
    }

    const [siguiente] = await queryRows<{ id: number | string }>(t, sql`select nextval(pg_get_serial_sequence('solicitudes_decreto', 'id')) as id`);
    const id = Number(siguiente!.id);
    const codigo = formatoCodigo(anio, id);
    await t.insert(solicitudesDecreto).values({
      id,
      codigo,
      nombre: datos.nombre,
      dni: datos.dni,
      email: datos.email,
      numero: datos.numero,
      ordenanzaId: ordenanza?.id ?? null,
      aclaraciones: datos.aclaraciones,
      estado: 'recibida',
      huella,
      ipHash,
    });
    await t.insert(historialSolicitudesDecreto).values({ solicitudId: id, estado: 'recibida' });
    const enlace = `${opciones.siteUrl}/solicitud-decretos/estado?codigo=${encodeURIComponent(codigo)}`;
    await encolarCorreos(t, [
      {
        destinatario: datos.email,
        asunto: `Recibimos su solicitud de decreto (${codigo})`,
        referencia: codigo,
        texto: [
          `Hola ${datos.nombre}:`,
          '',
          `Recibimos su solicitud de copia del Decreto N.º ${datos.numero}. Su código de seguimiento es ${codigo}.`,
          '',
          'Estamos procesando su solicitud. Si todo está bien enviaremos el documento solicitado a esta cuenta de correo electrónico lo más rápido posible.',
          '',
          `Puede consultar en qué estado está en ${enlace}`,
          '',
          'Si usted no hizo esta solicitud, ignore este mensaje.',
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
    return { tipo: 'recibida' as const, codigo, estado: 'recibida', nombre: datos.nombre, email: datos.email, nueva: true };
  });
}

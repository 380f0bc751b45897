import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type BusquedaGuardada, suscripcionesAlertas } from '#db/schema/index.ts';
import { ultimoBoletinId } from '#domain/boletines/queries.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import { ultimaOrdenanzaId } from '#domain/ordenanzas/queries.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { transactionWithLimitsLast } from '#domain/shared/limits.ts';
import {
  LIMITES_SUSCRIPCION,
  cierreDeConfirmacion,
  limitesDeSuscripcion,
  pendienteVencida,
  suscripcionesVencidas,
  tokenAdmisible,
} from '#domain/shared/suscripciones.ts';
import { hashToken, nuevoToken } from '#domain/usuarios/tokens.ts';
import type { Frecuencia, TipoAlerta } from './campos.ts';
import { proximoResumen } from './horario.ts';
import { huellaEmailAlerta } from './huella.ts';
import { type CampoSuscripcion, readBusqueda, readSuscripcion } from './schemas.ts';
import { describirSuscripcion, rutaConfirmar } from './texto.ts';

/** Subscribe requests one address may send in an hour, and one e-mail may receive in a day (docs/decisions/024-alertas.md). */
export const LIMITES_ALERTAS = LIMITES_SUSCRIPCION;

const MENSAJE_LIMITE_DIRECCION =
  'Recibimos muchos pedidos de alertas desde tu conexión en la última hora. Volvé a intentarlo más tarde; tus datos quedan en el formulario.';

type Valores = Partial<Record<CampoSuscripcion, string>>;

export type ResultadoSuscribir =
  | { tipo: 'enviada' }
  | { tipo: 'invalido'; errores: Partial<Record<CampoSuscripcion, string>>; valores: Valores }
  | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number; valores: Valores };

const filtroGuardado = (d: { estado: number; numero?: number | undefined; anio?: number | undefined; pattern?: string | undefined }): BusquedaGuardada => ({
  estado: d.estado,
  ...(d.numero !== undefined ? { numero: d.numero } : {}),
  ...(d.anio !== undefined ? { anio: d.anio } : {}),
  ...(d.pattern !== undefined ? { pattern: d.pattern } : {}),
});

/**
 * A subscribe request from the ordinance search or the bulletins page: validates, counts the
 * limits (per address and per e-mail), stores a pending subscription with a new secret and queues
 * the confirmation mail, in one transaction. The answer is the same whether or not the address
 * already has subscriptions (no enumeration). The mail does not quote the search: words typed by
 * whoever filled the form never reach someone else's mailbox as the municipality's text.
 */
export async function suscribir(
  ctx: AppContext,
  entrada: FormData | Record<string, unknown>,
  opciones: { direccion?: string } = {},
): Promise<ResultadoSuscribir> {
  const leido = readSuscripcion(entrada);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const datos = leido.datos;
  const { cipher } = ctx;
  const email = datos.email;
  const emailHuella = huellaEmailAlerta(cipher, email);
  const token = nuevoToken('al_');
  const resultado = await transactionWithLimitsLast(ctx.db, async (t) => {
    // Only what is published after the request is news to this subscription.
    const marca = datos.tipo === 'boletines' ? await ultimoBoletinId(t) : await ultimaOrdenanzaId(t);
    await t.insert(suscripcionesAlertas).values({
      email: cipher.encrypt(email),
      emailHuella,
      tipo: datos.tipo,
      busqueda: datos.tipo === 'ordenanzas' ? filtroGuardado(datos) : null,
      frecuencia: datos.frecuencia,
      estado: 'pendiente',
      token: cipher.encrypt(token),
      tokenHash: hashToken(token),
      marca,
    });
    const que = datos.tipo === 'boletines' ? 'cada Boletín Oficial nuevo' : 'las ordenanzas nuevas que coincidan con una búsqueda';
    await enqueueMail(t, cipher, [
      {
        destinatario: email,
        asunto: 'Confirmá tu alerta por correo',
        referencia: 'alerta-confirmacion',
        texto: [
          `Recibimos en el sitio de la Municipalidad de Villa La Angostura un pedido para avisar a esta dirección, por correo, de ${que}.`,
          '',
          ...cierreDeConfirmacion(ctx.url(rutaConfirmar(token))),
        ].join('\n'),
      },
    ]);
    // Counted last (transactionWithLimitsLast); the address counts even when the e-mail's limit refuses.
    return {
      valor: { tipo: 'enviada' as const },
      limites: limitesDeSuscripcion({
        cipher,
        ambito: 'alertas',
        direccion: opciones.direccion,
        emailHuella,
        mensajeDireccion: MENSAJE_LIMITE_DIRECCION,
        valores: leido.valores,
      }),
    };
  });
  if (resultado.tipo === 'enviada') ctx.mailer.wake();
  return resultado;
}

export type SuscripcionVista = {
  id: number;
  tipo: TipoAlerta;
  busqueda: BusquedaGuardada | null;
  frecuencia: Frecuencia;
  estado: 'pendiente' | 'activa' | 'baja';
  descripcion: string;
};

type Fila = typeof suscripcionesAlertas.$inferSelect;

function vista(f: Fila): SuscripcionVista {
  const tipo = f.tipo as TipoAlerta;
  const busqueda = tipo === 'ordenanzas' ? (readBusqueda(f.busqueda) ?? null) : null;
  const frecuencia = f.frecuencia as Frecuencia;
  return {
    id: f.id,
    tipo,
    busqueda,
    frecuencia,
    estado: f.estado as SuscripcionVista['estado'],
    descripcion: describirSuscripcion({ tipo, busqueda, frecuencia }),
  };
}

/** What a link's secret opens: nothing (unknown or deleted), a pending request past its week, or the subscription. */
export type Enlace = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'valido'; suscripcion: SuscripcionVista; fila: Fila };

const vencida = (ctx: Pick<AppContext, 'clock'>, f: Fila) => pendienteVencida(f, ctx.clock.now());

async function leerEnlace(ctx: Pick<AppContext, 'clock'>, db: Db, token: string, bloquear = false): Promise<Enlace> {
  if (!tokenAdmisible(token)) return { tipo: 'no_encontrado' };
  const consulta = db
    .select()
    .from(suscripcionesAlertas)
    .where(eq(suscripcionesAlertas.tokenHash, hashToken(token)));
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) return { tipo: 'no_encontrado' };
  if (vencida(ctx, fila)) return { tipo: 'vencido' };
  return { tipo: 'valido', suscripcion: vista(fila), fila };
}

/** The subscription a link names, for the GET of the confirm and unsubscribe pages (which change nothing). */
export async function verEnlace(ctx: AppContext, token: string): Promise<Enlace> {
  return leerEnlace(ctx, ctx.db, token);
}

export type ResultadoConfirmar = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'baja' } | { tipo: 'confirmada'; suscripcion: SuscripcionVista };

/**
 * Confirms a pending subscription (the POST of the confirm page: mail scanners follow links with
 * GET, so a GET never confirms). An active one answers confirmed again; the same search already
 * active for the same address is ended, so confirming twice does not send every alert twice.
 */
export async function confirmarSuscripcion(ctx: AppContext, token: string): Promise<ResultadoConfirmar> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const enlace = await leerEnlace(ctx, t, token, true);
    if (enlace.tipo !== 'valido') return enlace;
    const { fila } = enlace;
    if (fila.estado === 'baja') return { tipo: 'baja' as const };
    if (fila.estado === 'pendiente') {
      const ahora = ctx.clock.now();
      await t
        .update(suscripcionesAlertas)
        .set({ estado: 'activa', confirmadaEn: ahora, proximoEnvio: fila.frecuencia === 'diaria' ? proximoResumen(ahora) : null })
        .where(eq(suscripcionesAlertas.id, fila.id));
      await t
        .update(suscripcionesAlertas)
        .set({ estado: 'baja', bajaEn: ahora })
        .where(
          and(
            eq(suscripcionesAlertas.emailHuella, fila.emailHuella),
            eq(suscripcionesAlertas.estado, 'activa'),
            eq(suscripcionesAlertas.tipo, fila.tipo),
            sql`${suscripcionesAlertas.id} <> ${fila.id}`,
            fila.busqueda === null
              ? sql`${suscripcionesAlertas.busqueda} is null`
              : sql`${suscripcionesAlertas.busqueda} = ${JSON.stringify(fila.busqueda)}::jsonb`,
          ),
        );
    }
    return { tipo: 'confirmada' as const, suscripcion: { ...enlace.suscripcion, estado: 'activa' as const } };
  });
}

export type Gestion = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'valido'; email: string; suscripciones: SuscripcionVista[] };

/** The subscription page: every pending or active subscription of the link's address, oldest first. */
export async function verGestion(ctx: AppContext, token: string): Promise<Gestion> {
  const enlace = await leerEnlace(ctx, ctx.db, token);
  if (enlace.tipo !== 'valido') return enlace;
  const filas = await ctx.db
    .select()
    .from(suscripcionesAlertas)
    .where(and(eq(suscripcionesAlertas.emailHuella, enlace.fila.emailHuella), inArray(suscripcionesAlertas.estado, ['pendiente', 'activa'])))
    .orderBy(suscripcionesAlertas.id);
  return {
    tipo: 'valido',
    email: ctx.cipher.open(enlace.fila.email),
    suscripciones: filas.filter((f) => !vencida(ctx, f)).map(vista),
  };
}

export type ResultadoBaja = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'hecho'; bajas: number; suscripcion: SuscripcionVista };

/**
 * Ends subscriptions without a session: the link's own (`cual` absent: the one-click unsubscribe
 * of RFC 8058 and the unsubscribe page), one of the same address by id, or all of them.
 */
export async function darDeBaja(ctx: AppContext, token: string, cual: { id: number } | 'todas' | 'esta' = 'esta'): Promise<ResultadoBaja> {
  const enlace = await leerEnlace(ctx, ctx.db, token);
  if (enlace.tipo !== 'valido') return enlace;
  const { fila } = enlace;
  const donde =
    cual === 'esta'
      ? eq(suscripcionesAlertas.id, fila.id)
      : and(
          eq(suscripcionesAlertas.emailHuella, fila.emailHuella),
          cual === 'todas' ? undefined : eq(suscripcionesAlertas.id, Number.isSafeInteger(cual.id) ? cual.id : 0),
        );
  const bajas = await ctx.db
    .update(suscripcionesAlertas)
    .set({ estado: 'baja', bajaEn: ctx.clock.now() })
    .where(and(donde, inArray(suscripcionesAlertas.estado, ['pendiente', 'activa'])))
    .returning({ id: suscripcionesAlertas.id });
  return { tipo: 'hecho', bajas: bajas.length, suscripcion: enlace.suscripcion };
}

/** Deletes pending requests nobody confirmed and subscriptions ended long ago (`suscripcionesVencidas`): no address is kept longer. */
export async function removeVencidas(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const borradas = await ctx.db
    .delete(suscripcionesAlertas)
    .where(suscripcionesVencidas(suscripcionesAlertas, ctx.clock.now()))
    .returning({ id: suscripcionesAlertas.id });
  return borradas.length;
}

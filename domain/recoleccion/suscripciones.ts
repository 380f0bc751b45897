/*
 * Residents' subscriptions to their zone's collection (docs/decisions/056-mi-calle.md), double
 * opt-in like the alerts (docs/decisions/024-alertas.md): the address and the point are stored
 * encrypted with the context's cipher, the links carry a secret whose SHA-256 is kept. A push-only
 * subscription (no address) is active at once: the browser's permission is its opt-in.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { suscripcionesRecoleccion } from '#db/schema/index.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { FormInput } from '#domain/shared/form.ts';
import { fieldsOf, firstValues, readForm, typedValues } from '#domain/shared/form.ts';
import { transactionWithLimitsLast } from '#domain/shared/limits.ts';
import { cierreDeConfirmacion, limitesDeSuscripcion, pendienteVencida, suscripcionesVencidas, tokenAdmisible } from '#domain/shared/suscripciones.ts';
import { z } from '#domain/shared/zod.ts';
import { hashToken, nuevoToken } from '#domain/usuarios/tokens.ts';
import { RADIO_PREDETERMINADO_M, leerCoordenada, rutaConfirmar } from './enlaces-avisos.ts';
import { endpointAdmitido } from './push.ts';
import { type Servicio, type Zona, getZona, getZonaPorId } from './queries.ts';

/** Who keeps decrypted push subscriptions in memory (domain/recoleccion/cercania.ts), by database: told when one changes. */
const oyentes = new WeakMap<object, Set<() => void>>();

export function alCambiarSuscripciones(db: Db, oyente: () => void): () => void {
  let conjunto = oyentes.get(db);
  if (!conjunto) oyentes.set(db, (conjunto = new Set()));
  conjunto.add(oyente);
  return () => conjunto.delete(oyente);
}

const cambiaron = (db: Db) => {
  for (const oyente of oyentes.get(db) ?? []) oyente();
};

const marcado = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'si' || v === 'true' || v === '1');
const coordenada = (limite: number, mensaje: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return undefined;
      const n = leerCoordenada(v, limite);
      if (n === undefined) {
        c.addIssue({ code: 'custom', message: mensaje });
        return z.NEVER;
      }
      return n;
    });

/** A browser's PushSubscription as `JSON.stringify` gives it: the push service's https (or loopback) address and the keys. */
const pushSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/) }),
});

const MENSAJE_PUSH = 'Tu navegador no nos dio una suscripción válida para las notificaciones. Probá de nuevo o elegí los avisos por correo.';

const avisoSchema = z
  .object({
    zona: z.string({ error: 'Elegí tu zona.' }).trim().min(1, 'Elegí tu zona.').max(60, 'Elegí tu zona.'),
    servicios: z
      .string({ error: 'Elegí al menos un servicio.' })
      .max(400)
      .transform((v, c) => {
        const ids = [...new Set(v.split(',').filter(Boolean).map(Number))];
        if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
          c.addIssue({ code: 'custom', message: 'Elegí al menos un servicio.' });
          return z.NEVER;
        }
        return ids;
      }),
    email: z
      .string()
      .trim()
      .max(254, 'El email puede tener hasta 254 caracteres.')
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.email({ error: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.' }).optional()),
    recordatorio: marcado,
    cambios: marcado,
    cercania: marcado,
    radio: z
      .string()
      .trim()
      .optional()
      .transform((v, c) => {
        if (v === undefined || v === '') return RADIO_PREDETERMINADO_M;
        // Whole metres in digits: «1e3» or «0x3E8» are not what the field asks for.
        const n = /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
        if (!Number.isInteger(n) || n < 50 || n > 2000) {
          c.addIssue({ code: 'custom', message: 'La distancia va en metros, entre 50 y 2000.' });
          return z.NEVER;
        }
        return n;
      }),
    lat: coordenada(90, 'El punto del mapa no es válido: volvé a marcarlo en Mi calle.'),
    lon: coordenada(180, 'El punto del mapa no es válido: volvé a marcarlo en Mi calle.'),
    push: z
      .string()
      .max(2000, MENSAJE_PUSH)
      .optional()
      .transform((v, c) => {
        if (v === undefined || v.trim() === '') return undefined;
        try {
          const r = pushSchema.safeParse(JSON.parse(v));
          if (r.success) return r.data;
        } catch {
          // not JSON: the message below
        }
        c.addIssue({ code: 'custom', message: MENSAJE_PUSH });
        return z.NEVER;
      }),
  })
  .superRefine((d, c) => {
    if ((d.recordatorio || d.cambios) && !d.email)
      c.addIssue({ code: 'custom', path: ['email'], message: 'Escribí tu email para recibir los avisos por correo.' });
    if (d.email && !d.recordatorio && !d.cambios)
      c.addIssue({ code: 'custom', path: ['recordatorio'], message: 'Elegí qué avisos querés por correo: el recordatorio, los cambios o los dos.' });
    if (d.cercania && (d.lat === undefined || d.lon === undefined))
      c.addIssue({
        code: 'custom',
        path: ['cercania'],
        message: 'Para saber cuándo el camión está cerca necesitamos tu punto: buscá tu dirección en Mi calle.',
      });
    else if (d.cercania && !d.push) c.addIssue({ code: 'custom', path: ['cercania'], message: MENSAJE_PUSH });
    if (!d.recordatorio && !d.cambios && !d.cercania)
      c.addIssue({ code: 'custom', path: ['recordatorio'], message: 'Elegí al menos un aviso: por correo o en el navegador.' });
  });

export type CampoAviso = keyof z.input<typeof avisoSchema>;
export type ValoresAviso = Partial<Record<CampoAviso, string>>;

/** The form's checkboxes of services repeat one name: read as one list (readForm keeps a field's first value). */
function entradaPlana(entrada: FormInput): FormInput {
  if (!(entrada instanceof FormData || entrada instanceof URLSearchParams)) return entrada;
  const plano: Record<string, unknown> = Object.create(null);
  for (const [clave, valor] of entrada) if (!Object.hasOwn(plano, clave)) plano[clave] = valor;
  plano.servicios = entrada
    .getAll('servicios')
    .filter((v): v is string => typeof v === 'string')
    .join(',');
  return plano;
}

/** What was typed in the form, to show it again when the request could not be stored. */
export const valoresAviso = (entrada: FormInput): ValoresAviso => typedValues(firstValues(entradaPlana(entrada)), fieldsOf(avisoSchema), 400);

type ResultadoAviso =
  | { tipo: 'enviada' }
  | { tipo: 'activa'; token: string }
  | { tipo: 'invalido'; errores: Partial<Record<CampoAviso, string>>; valores: ValoresAviso }
  | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number; valores: ValoresAviso };

/** The keyed hashes a subscription is looked up by: of its e-mail (the limits) and of its browser's endpoint (one subscription each). */
export const huellaEmail = (ctx: Pick<AppContext, 'cipher'>, email: string) => ctx.cipher.hash('recoleccion-email', email.trim().toLowerCase());
export const huellaPush = (ctx: Pick<AppContext, 'cipher'>, endpoint: string) => ctx.cipher.hash('recoleccion-push', endpoint);

/**
 * A subscribe request from /mi-calle/avisos (the form, or the page's script with the browser's push
 * subscription): validated against the zone's services, limited per address and per e-mail, stored
 * with a new secret. With an e-mail it waits for the confirmation mail; push-only it is active at once
 * (a browser's endpoint subscribed again replaces the earlier one). The answer to a valid request with
 * an e-mail is the same whether or not the address already had subscriptions.
 */
export async function suscribirAvisos(ctx: AppContext, entrada: FormInput, opciones: { direccion?: string } = {}): Promise<ResultadoAviso> {
  const leido = readForm(avisoSchema, entradaPlana(entrada), { largo: 400 });
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const d = leido.datos;
  const zona = await getZona(ctx.db, d.zona);
  if (!zona) return { tipo: 'invalido', errores: { zona: 'Esa zona no existe: elegila de la lista.' }, valores: leido.valores };
  const propios = new Set(zona.servicios.map((s) => s.id));
  if (d.servicios.some((id) => !propios.has(id)))
    return { tipo: 'invalido', errores: { servicios: 'Elegí servicios de la lista de tu zona.' }, valores: leido.valores };
  if (d.cercania && d.push && !endpointAdmitido(d.push.endpoint, ctx.config.pushServiciosLocales === true))
    return { tipo: 'invalido', errores: { cercania: MENSAJE_PUSH }, valores: leido.valores };
  const { cipher } = ctx;
  const token = nuevoToken('mc_');
  const emailHuella = d.email ? huellaEmail(ctx, d.email) : null;
  const push = d.cercania ? d.push : undefined;
  const pushHuella = push ? huellaPush(ctx, push.endpoint) : null;
  const punto = d.lat !== undefined && d.lon !== undefined ? { latitud: d.lat, longitud: d.lon } : null;
  const activa = !d.email;
  const resultado = await transactionWithLimitsLast(ctx.db, async (t) => {
    if (pushHuella) await soltarPush(t, pushHuella);
    await t.insert(suscripcionesRecoleccion).values({
      zonaId: zona.id,
      servicios: d.servicios,
      email: d.email ? cipher.encrypt(d.email) : null,
      emailHuella,
      punto: cipher.encrypt(JSON.stringify(punto)),
      radioM: d.radio,
      recordatorio: Boolean(d.email) && d.recordatorio,
      cambios: Boolean(d.email) && d.cambios,
      push: push ? cipher.encrypt(JSON.stringify(push)) : null,
      pushHuella,
      estado: activa ? 'activa' : 'pendiente',
      confirmadaEn: activa ? ctx.clock.now() : null,
      token: cipher.encrypt(token),
      tokenHash: hashToken(token),
    });
    if (d.email) {
      await enqueueMail(t, cipher, [
        {
          destinatario: d.email,
          asunto: `Confirmá tus avisos de recolección: ${zona.nombre}`,
          referencia: 'recoleccion-confirmacion',
          texto: [
            `Recibimos en el sitio de la Municipalidad de Villa La Angostura un pedido para avisar a esta dirección sobre la recolección en la zona ${zona.nombre}.`,
            '',
            ...cierreDeConfirmacion(ctx.url(rutaConfirmar(token))),
          ].join('\n'),
        },
      ]);
    }
    const valor: ResultadoAviso = activa ? { tipo: 'activa', token } : { tipo: 'enviada' };
    return {
      valor,
      limites: limitesDeSuscripcion({
        cipher,
        ambito: 'recoleccion',
        direccion: opciones.direccion,
        emailHuella,
        mensajeDireccion:
          'Recibimos muchos pedidos de avisos desde tu conexión en la última hora. Volvé a intentarlo más tarde; tus datos quedan en el formulario.',
        valores: leido.valores,
      }),
    };
  });
  if (resultado.tipo === 'enviada') ctx.mailer.wake();
  if (resultado.tipo === 'activa') cambiaron(ctx.db);
  return resultado;
}

/** A browser's endpoint belongs to one subscription: an earlier one loses it (and ends, if push was all it had). */
async function soltarPush(db: Db, pushHuella: string): Promise<void> {
  await db
    .update(suscripcionesRecoleccion)
    .set({ push: null, pushHuella: null })
    .where(and(eq(suscripcionesRecoleccion.pushHuella, pushHuella), isNotNull(suscripcionesRecoleccion.email)));
  await db.delete(suscripcionesRecoleccion).where(and(eq(suscripcionesRecoleccion.pushHuella, pushHuella), isNull(suscripcionesRecoleccion.email)));
}

type Fila = typeof suscripcionesRecoleccion.$inferSelect;

export type VistaAviso = {
  zona: Pick<Zona, 'slug' | 'nombre'>;
  servicios: Pick<Servicio, 'id' | 'nombre'>[];
  estado: 'pendiente' | 'activa' | 'baja';
  recordatorio: boolean;
  cambios: boolean;
  push: boolean;
  radioM: number;
};

type EnlaceAviso = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'valido'; vista: VistaAviso; fila: Fila };

async function leerEnlace(ctx: AppContext, db: Db, token: string, bloquear = false): Promise<EnlaceAviso> {
  if (!tokenAdmisible(token)) return { tipo: 'no_encontrado' };
  const consulta = db
    .select()
    .from(suscripcionesRecoleccion)
    .where(eq(suscripcionesRecoleccion.tokenHash, hashToken(token)));
  const [fila] = bloquear ? await consulta.for('update') : await consulta;
  if (!fila) return { tipo: 'no_encontrado' };
  if (pendienteVencida(fila, ctx.clock.now())) return { tipo: 'vencido' };
  const zona = await getZonaPorId(db, fila.zonaId);
  if (!zona) return { tipo: 'no_encontrado' };
  const vista: VistaAviso = {
    zona: { slug: zona.slug, nombre: zona.nombre },
    servicios: zona.servicios.filter((s) => fila.servicios.includes(s.id)).map((s) => ({ id: s.id, nombre: s.nombre })),
    estado: fila.estado as VistaAviso['estado'],
    recordatorio: fila.recordatorio,
    cambios: fila.cambios,
    push: fila.push !== null,
    radioM: fila.radioM,
  };
  return { tipo: 'valido', vista, fila };
}

/** What a link names, for the GET of the confirm, manage and unsubscribe pages (which change nothing). */
export const verAviso = (ctx: AppContext, token: string) => leerEnlace(ctx, ctx.db, token);

type ResultadoConfirmarAviso = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'baja' } | { tipo: 'confirmada'; vista: VistaAviso };

/** Confirms a pending subscription (a POST: mail scanners follow links with GET). Confirming again answers confirmed. */
export async function confirmarAviso(ctx: AppContext, token: string): Promise<ResultadoConfirmarAviso> {
  const r = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const enlace = await leerEnlace(ctx, t, token, true);
    if (enlace.tipo !== 'valido') return enlace;
    if (enlace.fila.estado === 'baja') return { tipo: 'baja' as const };
    if (enlace.fila.estado === 'pendiente')
      await t.update(suscripcionesRecoleccion).set({ estado: 'activa', confirmadaEn: ctx.clock.now() }).where(eq(suscripcionesRecoleccion.id, enlace.fila.id));
    return { tipo: 'confirmada' as const, vista: { ...enlace.vista, estado: 'activa' as const } };
  });
  if (r.tipo === 'confirmada') cambiaron(ctx.db);
  return r;
}

type ResultadoBajaAviso = { tipo: 'no_encontrado' } | { tipo: 'vencido' } | { tipo: 'hecho'; vista: VistaAviso };

/**
 * Ends the link's subscription without a session (the unsubscribe page, the one-click POST of RFC
 * 8058) or, with `canal`, only its push notifications or only its mails.
 */
export async function darDeBajaAviso(ctx: AppContext, token: string, canal: 'todo' | 'push' | 'correo' = 'todo'): Promise<ResultadoBajaAviso> {
  const enlace = await leerEnlace(ctx, ctx.db, token);
  if (enlace.tipo !== 'valido') return enlace;
  const { fila } = enlace;
  const termina = canal === 'todo' || (canal === 'push' && fila.email === null) || (canal === 'correo' && fila.push === null);
  const ahora = ctx.clock.now();
  await ctx.db
    .update(suscripcionesRecoleccion)
    .set(
      // A row keeps an address or a push subscription (a check of the table): a push-only one ends keeping it, until it is deleted.
      termina
        ? { estado: 'baja', bajaEn: ahora, ...(fila.email !== null ? { push: null, pushHuella: null } : {}) }
        : canal === 'push'
          ? { push: null, pushHuella: null }
          : { email: null, emailHuella: null, recordatorio: false, cambios: false },
    )
    .where(and(eq(suscripcionesRecoleccion.id, fila.id), inArray(suscripcionesRecoleccion.estado, ['pendiente', 'activa'])));
  const vista = termina
    ? { ...enlace.vista, estado: 'baja' as const, push: false }
    : canal === 'push'
      ? { ...enlace.vista, push: false }
      : { ...enlace.vista, recordatorio: false, cambios: false };
  cambiaron(ctx.db);
  return { tipo: 'hecho', vista };
}

/** A push endpoint the push service answered 404 or 410: gone for good (RFC 8030 §7.3); the subscription keeps its mail, if any. */
export async function olvidarPush(db: Db, id: number, conCorreo: boolean): Promise<void> {
  await db
    .update(suscripcionesRecoleccion)
    .set(conCorreo ? { push: null, pushHuella: null } : { estado: 'baja', bajaEn: new Date() })
    .where(eq(suscripcionesRecoleccion.id, id));
  cambiaron(db);
}

/** Deletes pending requests nobody confirmed and subscriptions ended long ago (`suscripcionesVencidas`): no address or point is kept longer. */
export async function removeAvisosVencidos(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const borradas = await ctx.db
    .delete(suscripcionesRecoleccion)
    .where(suscripcionesVencidas(suscripcionesRecoleccion, ctx.clock.now()))
    .returning({ id: suscripcionesRecoleccion.id });
  return borradas.length;
}

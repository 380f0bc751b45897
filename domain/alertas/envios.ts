import { and, eq, lt, lte, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { suscripcionesAlertas } from '#db/schema/index.ts';
import { boletinesNuevos, ultimoBoletinId } from '#domain/boletines/queries.ts';
import { type NewMail, enqueueMail } from '#domain/correo/outbox.ts';
import { ordenanzasNuevas, ultimaOrdenanzaId } from '#domain/ordenanzas/queries.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { monthName } from '#domain/shared/meses.ts';
import { cierreDeAviso } from '#domain/shared/suscripciones.ts';
import { rutaDocumento } from '#domain/documentos/panel.ts';
import { rutaOrdenanza, urlBusqueda, urlFeedBusqueda } from '#domain/ordenanzas/enlaces.ts';
import { removeVencidas } from './commands.ts';
import { proximoResumen } from './horario.ts';
import { readBusqueda } from './schemas.ts';
import { describirSuscripcion, rutaBaja, rutaGestion } from './texto.ts';

/** At most this many novelties in one mail; the rest go in the next one. */
const POR_CORREO = 50;
/** Subscriptions handled in one run of the job; the rest wait a minute. */
const POR_PASADA = 500;

type Fila = typeof suscripcionesAlertas.$inferSelect;
type Novedad = { id: number; linea: string };

/** The new ordinances or bulletins of one subscription after its mark, up to the newest id seen at the start of the run. */
async function novedades(ctx: AppContext, db: Db, fila: Fila, tope: number): Promise<Novedad[]> {
  const rango = { desdeId: fila.marca, hastaId: tope };
  if (fila.tipo === 'boletines') {
    return (await boletinesNuevos(db, rango, POR_CORREO)).map((b) => ({
      id: b.id,
      linea: `- Boletín Oficial N° ${b.numero} - ${monthName(b.mes)} ${b.anio}\n  ${ctx.url(rutaDocumento(b.documentoId))}`,
    }));
  }
  const busqueda = readBusqueda(fila.busqueda);
  if (!busqueda) return [];
  return (await ordenanzasNuevas(db, busqueda, rango, POR_CORREO)).map((o) => ({
    id: o.id,
    linea: `- Ordenanza ${o.numero}/${o.anio} (${o.estadoEtiqueta}): ${o.descripcion}\n  ${ctx.url(rutaOrdenanza(o))}`,
  }));
}

function correoDeAlerta(ctx: AppContext, fila: Fila, token: string, lista: Novedad[]): NewMail {
  const busqueda = fila.tipo === 'ordenanzas' ? (readBusqueda(fila.busqueda) ?? null) : null;
  const descripcion = describirSuscripcion({ tipo: fila.tipo as 'ordenanzas' | 'boletines', busqueda, frecuencia: fila.frecuencia as 'inmediata' | 'diaria' });
  const cierre = cierreDeAviso({
    gestion: { texto: 'Tus alertas', url: ctx.url(rutaGestion(token)) },
    baja: { texto: 'Para no recibir más esta alerta', url: ctx.url(rutaBaja(token)) },
    lista: { nombre: 'Alertas', id: 'alertas' },
    host: new URL(ctx.url('')).hostname,
  });
  const asunto =
    fila.tipo === 'boletines'
      ? lista.length === 1
        ? 'Nuevo Boletín Oficial'
        : `${lista.length} boletines oficiales nuevos`
      : lista.length === 1
        ? 'Una ordenanza nueva coincide con tu búsqueda'
        : `${lista.length} ordenanzas nuevas coinciden con tu búsqueda`;
  const ver = busqueda
    ? [`Ver la búsqueda: ${ctx.url(urlBusqueda(busqueda))}`, `Canal Atom de la búsqueda: ${ctx.url(urlFeedBusqueda(busqueda))}`]
    : [`Ver los boletines: ${ctx.url('/boletines-oficiales')}`];
  return {
    destinatario: ctx.cipher.open(fila.email),
    asunto,
    referencia: `alerta-${fila.id}`,
    texto: [`Tu alerta: ${descripcion}.`, '', ...lista.map((n) => n.linea), '', ...ver, '', ...cierre.lineas].join('\n'),
    cabeceras: cierre.cabeceras,
  };
}

/**
 * One subscription, in a transaction of its own and only if no other instance holds it (SKIP
 * LOCKED): the novelties after its mark, one mail through the outbox, and the mark moved to what
 * was looked at, together, so nothing is sent twice. A daily one is due at its hour, with or
 * without novelties (no mail when there are none); its next hour is set either way.
 */
async function atender(ctx: AppContext, id: number, topes: Record<string, number>): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ahora = ctx.clock.now();
    const [fila] = await t
      .select()
      .from(suscripcionesAlertas)
      .where(and(eq(suscripcionesAlertas.id, id), eq(suscripcionesAlertas.estado, 'activa')))
      .for('update', { skipLocked: true });
    if (!fila) return false;
    const diaria = fila.frecuencia === 'diaria';
    if (diaria && fila.proximoEnvio && fila.proximoEnvio.getTime() > ahora.getTime()) return false;
    const tope = topes[fila.tipo] ?? 0;
    const lista = fila.marca < tope ? await novedades(ctx, t, fila, tope) : [];
    // A full mail stops at its last novelty; the rest come in the next one.
    const marca = lista.length === POR_CORREO ? lista[lista.length - 1]!.id : Math.max(fila.marca, tope);
    if (lista.length > 0) await enqueueMail(t, ctx.cipher, [correoDeAlerta(ctx, fila, ctx.cipher.open(fila.token), lista)]);
    await t
      .update(suscripcionesAlertas)
      .set({ marca, ...(lista.length > 0 ? { ultimoEnvio: ahora } : {}), ...(diaria ? { proximoEnvio: proximoResumen(ahora) } : {}) })
      .where(eq(suscripcionesAlertas.id, fila.id));
    return lista.length > 0;
  });
}

/**
 * The alerts' job (every minute, server/app.ts): immediate subscriptions behind the newest
 * ordinance or bulletin, and daily ones whose hour came, each sent at most one mail; then pending
 * requests and ended subscriptions past their time are deleted. Answers how many mails it queued.
 */
export async function enviarAlertas(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  const topes = { ordenanzas: await ultimaOrdenanzaId(db), boletines: await ultimoBoletinId(db) };
  const ahora = ctx.clock.now();
  const atrasada = or(
    and(eq(suscripcionesAlertas.tipo, 'ordenanzas'), lt(suscripcionesAlertas.marca, topes.ordenanzas)),
    and(eq(suscripcionesAlertas.tipo, 'boletines'), lt(suscripcionesAlertas.marca, topes.boletines)),
  );
  const debidas = await db
    .select({ id: suscripcionesAlertas.id })
    .from(suscripcionesAlertas)
    .where(
      and(
        eq(suscripcionesAlertas.estado, 'activa'),
        or(
          and(eq(suscripcionesAlertas.frecuencia, 'inmediata'), atrasada),
          and(eq(suscripcionesAlertas.frecuencia, 'diaria'), lte(suscripcionesAlertas.proximoEnvio, ahora)),
        ),
      ),
    )
    .orderBy(suscripcionesAlertas.id)
    .limit(POR_PASADA);
  let correos = 0;
  for (const { id } of debidas) if (await atender(ctx, id, topes)) correos++;
  if (correos > 0) ctx.mailer.wake();
  await removeVencidas(ctx);
  return correos;
}

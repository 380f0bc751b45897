/*
 * «El camión está cerca» (docs/decisions/056-mi-calle.md): every stored position is announced on
 * the positions' channel (docs/decisions/015-seguimiento-de-vehiculos.md); a public one of an active
 * vehicle, inside the window of a service of its kind that passes today, within a push
 * subscription's radius, sends that subscription one notification, at most one per service and day.
 * Points are encrypted in the database: the confirmed push subscriptions are kept decrypted in
 * memory, read again when this instance changes one and every minute (another instance's changes);
 * a row whose ciphertexts are the ones already opened is not decrypted again. Today's windows are
 * read again every minute and when the content version changes (zones, services, one-off changes).
 * Every instance listens; the row in `avisos_recoleccion` is written before sending, so only the
 * instance that wrote it sends.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { POSICIONES_VEHICULO_CHANNEL, avisosRecoleccion, suscripcionesRecoleccion } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina, minutoDelDiaEnArgentina } from '#domain/shared/fechas.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { type AvisoPosicion, readAvisoPosicion } from '#domain/vehiculos/avisos.ts';
import { distanciaMetros } from '#domain/vehiculos/privacidad.ts';
import { type Punto } from '#domain/vehiculos/pasadas.ts';
import { calendarioDeZona, listZonas, getZonaPorId } from './queries.ts';
import { type PushGuardado, enviarPush } from './push.ts';
import { rutaGestion } from './enlaces-avisos.ts';
import { alCambiarSuscripciones, olvidarPush } from './suscripciones.ts';

/** Subscriptions and today's windows are read again after this long. */
const VIGENCIA_MS = 60_000;
/** A position older than this when heard (a phone sending what it kept offline) nudges nobody. */
const ANTIGUEDAD_MAXIMA_MS = 10 * 60_000;

type EnMemoria = { id: number; zonaId: number; servicios: number[]; punto: Punto; radioM: number; push: PushGuardado; conCorreo: boolean; token: string };

/**
 * A row's secrets as opened, with the ciphertexts they came from: every write encrypts again with a
 * new IV, so the same ciphertexts are the same values and a changed row never matches.
 */
type Abierta = { cifrado: string; punto: Punto | null; push: PushGuardado; token: string };

/** A service that passes today, and from which minute to which of the day (Argentina's time). */
type VentanaHoy = { servicioId: number; zonaId: number; nombre: string; servicioVehiculo: string; desde: number; hasta: number };

const minutos = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));
function dentro(minuto: number, desde: number, hasta: number): boolean {
  if (desde === hasta) return true;
  return desde < hasta ? minuto >= desde && minuto < hasta : minuto >= desde || minuto < hasta;
}

type Cercania = {
  /** Handles one announced position; resolves with the notifications sent. */
  alPosicion(aviso: AvisoPosicion): Promise<number>;
  /** Today's windows are read again at the next position (a zone, service or one-off change was written). */
  olvidarVentanas(): void;
  /** Stops hearing of this instance's changes to the subscriptions. */
  detener(): void;
};

export function crearCercania(ctx: AppContext): Cercania {
  let suscripciones: { hasta: number; lista: Promise<EnMemoria[]> } | undefined;
  let ventanas: { fecha: string; hasta: number; lista: Promise<VentanaHoy[]> } | undefined;
  /** The last reading's opened secrets, by subscription id. */
  let abiertas = new Map<number, Abierta>();

  async function leerSuscripciones(): Promise<EnMemoria[]> {
    const filas = await ctx.db
      .select({
        id: suscripcionesRecoleccion.id,
        zonaId: suscripcionesRecoleccion.zonaId,
        servicios: suscripcionesRecoleccion.servicios,
        punto: suscripcionesRecoleccion.punto,
        radioM: suscripcionesRecoleccion.radioM,
        push: suscripcionesRecoleccion.push,
        conCorreo: sql<boolean>`${suscripcionesRecoleccion.email} is not null`,
        token: suscripcionesRecoleccion.token,
      })
      .from(suscripcionesRecoleccion)
      .where(and(eq(suscripcionesRecoleccion.estado, 'activa'), isNotNull(suscripcionesRecoleccion.push)));
    const lista: EnMemoria[] = [];
    const nuevas = new Map<number, Abierta>();
    for (const f of filas) {
      const cifrado = `${f.punto} ${f.push} ${f.token}`;
      let abierta = abiertas.get(f.id);
      if (abierta?.cifrado !== cifrado) {
        try {
          abierta = {
            cifrado,
            punto: JSON.parse(ctx.cipher.open(f.punto)) as Punto | null,
            push: JSON.parse(ctx.cipher.open(f.push!)) as PushGuardado,
            token: ctx.cipher.open(f.token),
          };
        } catch {
          ctx.log.warn({ suscripcion: f.id }, 'suscripción de Mi calle ilegible');
          continue;
        }
      }
      nuevas.set(f.id, abierta);
      if (!abierta.punto) continue;
      lista.push({
        id: f.id,
        zonaId: f.zonaId,
        servicios: f.servicios,
        punto: abierta.punto,
        radioM: f.radioM,
        push: abierta.push,
        conCorreo: Boolean(f.conCorreo),
        token: abierta.token,
      });
    }
    // Only what is still active stays in memory: an ended subscription's point goes with it.
    abiertas = nuevas;
    return lista;
  }

  async function leerVentanas(fecha: string): Promise<VentanaHoy[]> {
    const horario = (await getSiteSettingsForPages(ctx.db)).vehiculos.horario;
    const lista: VentanaHoy[] = [];
    for (const z of await listZonas(ctx.db)) {
      const zona = await getZonaPorId(ctx.db, z.id);
      if (!zona) continue;
      const calendario = await calendarioDeZona(ctx.db, zona, fecha, fecha);
      for (const servicio of zona.servicios) {
        for (const p of calendario.get(servicio.id)?.pasadas ?? []) {
          if (p.fecha !== fecha) continue;
          // An all-day service is near during the vehicles' service hours.
          const [desde, hasta] = p.horaDesde && p.horaHasta ? [p.horaDesde, p.horaHasta] : [horario.desde, horario.hasta];
          lista.push({
            servicioId: servicio.id,
            zonaId: zona.id,
            nombre: servicio.nombre,
            servicioVehiculo: servicio.servicioVehiculo,
            desde: minutos(desde),
            hasta: minutos(hasta),
          });
        }
      }
    }
    return lista;
  }

  const vigentes = () => {
    const ahora = Date.now();
    if (!suscripciones || suscripciones.hasta < ahora) {
      const lista = leerSuscripciones();
      lista.catch(() => (suscripciones = undefined));
      suscripciones = { hasta: ahora + VIGENCIA_MS, lista };
    }
    return suscripciones.lista;
  };
  const deHoy = (fecha: string) => {
    const ahora = Date.now();
    if (!ventanas || ventanas.fecha !== fecha || ventanas.hasta < ahora) {
      const lista = leerVentanas(fecha);
      lista.catch(() => (ventanas = undefined));
      ventanas = { fecha, hasta: ahora + VIGENCIA_MS, lista };
    }
    return ventanas.lista;
  };

  async function avisar(s: EnMemoria, v: VentanaHoy, fecha: string, distanciaM: number): Promise<boolean> {
    let nueva: unknown[];
    try {
      nueva = await ctx.db
        .insert(avisosRecoleccion)
        .values({ suscripcionId: s.id, servicioId: v.servicioId, fecha, clase: 'cercania' })
        .onConflictDoNothing()
        .returning({ id: avisosRecoleccion.suscripcionId });
    } catch {
      // The subscription or the service was deleted meanwhile.
      return false;
    }
    if (nueva.length === 0) return false;
    const resultado = await enviarPush(ctx, s.push, {
      titulo: `${v.nombre}: el camión está cerca`,
      cuerpo: `Un vehículo de ${v.nombre.toLowerCase()} está a unos ${Math.max(50, Math.round(distanciaM / 50) * 50)} m de tu punto.`,
      url: rutaGestion(s.token),
    });
    if (resultado === 'vencido') await olvidarPush(ctx.db, s.id, s.conCorreo);
    return resultado === 'entregado';
  }

  const api: Cercania = {
    async alPosicion(aviso) {
      // Private positions (depot, outside service hours) and inactive vehicles nudge nobody.
      if (!aviso.publica || !aviso.activo) return 0;
      const { vehiculo } = aviso;
      const ahora = ctx.clock.now();
      const hora = vehiculo.vistoEn;
      if (hora.getTime() < ahora.getTime() - ANTIGUEDAD_MAXIMA_MS || hora.getTime() > ahora.getTime() + ANTIGUEDAD_MAXIMA_MS) return 0;
      const fecha = fechaEnArgentina(hora);
      if (fecha !== fechaEnArgentina(ahora)) return 0;
      const minuto = minutoDelDiaEnArgentina(hora);
      const abiertas = (await deHoy(fecha)).filter((v) => v.servicioVehiculo === vehiculo.servicio && dentro(minuto, v.desde, v.hasta));
      if (abiertas.length === 0) return 0;
      const envios: Promise<boolean>[] = [];
      for (const s of await vigentes()) {
        const propias = abiertas.filter((v) => v.zonaId === s.zonaId && s.servicios.includes(v.servicioId));
        if (propias.length === 0) continue;
        const distanciaM = distanciaMetros(s.punto, vehiculo);
        if (distanciaM > s.radioM) continue;
        for (const v of propias) envios.push(avisar(s, v, fecha, distanciaM));
      }
      return (await Promise.all(envios)).filter(Boolean).length;
    },
    olvidarVentanas() {
      ventanas = undefined;
    },
    detener: alCambiarSuscripciones(ctx.db, () => {
      suscripciones = undefined;
    }),
  };
  return api;
}

/**
 * Listens for stored positions on `database` and hands each to `cercania`, one after another (a
 * burst of positions waits its turn instead of reading the subscriptions many times at once).
 * Resolves with the way to stop, a promise of the queue's end and the id of the last position heard.
 */
export async function escucharCercania(
  database: Pick<Database, 'listen'>,
  cercania: Cercania,
  log: AppContext['log'],
): Promise<{ detener: () => Promise<void>; ocioso: () => Promise<void>; ultimaOida: () => number }> {
  let cola: Promise<unknown> = Promise.resolve();
  let ultima = 0;
  const detener = await database.listen(
    POSICIONES_VEHICULO_CHANNEL,
    {
      notify(payload) {
        const aviso = readAvisoPosicion(payload);
        if (!aviso) return;
        ultima = Math.max(ultima, aviso.id);
        if (!aviso.publica) return;
        cola = cola.then(() => cercania.alPosicion(aviso)).catch((error: unknown) => log.error({ err: error }, 'aviso de cercanía fallido'));
      },
      connected() {},
      lost() {},
    },
    { once: true },
  );
  return { detener, ocioso: () => cola.then(() => undefined), ultimaOida: () => ultima };
}

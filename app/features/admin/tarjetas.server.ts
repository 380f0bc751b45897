import type { PageContext } from '#app/context.ts';
import { countCorreosConFallas, resumenBandeja } from '#domain/correo/bandeja.ts';
import { contarReclamosAbiertos } from '#app/features/admin/reclamos-mesa/cola.server.ts';
import { countSolicitudesMesa } from '#domain/decretos/mesa.ts';
import type { Actor, Rol } from '#domain/shared/actor.ts';
import { formatDateTime, formatNumber } from '#domain/shared/formato.ts';
import { resumenPendientes } from '#domain/publicaciones/queries.ts';
import { PERMISOS } from '#domain/shared/permisos.ts';

/**
 * The dashboard's cards (/admin): what needs someone's attention. Each part of the back-office
 * adds a source to `FUENTES_DEL_PANEL` (the desk: new requests, near and past the deadline); the
 * dashboard shows the cards of the sources for the person's role, in this order.
 * A source that fails shows a card saying so instead of taking the page down.
 */

export type TarjetaPanel = {
  id: string;
  titulo: string;
  /** The figure, already formatted. */
  valor: string;
  descripcion: string;
  enlace?: { href: string; texto: string };
  /** 'alerta' draws attention (red border). */
  tono?: 'normal' | 'alerta';
};

export type FuenteDelPanel = {
  id: string;
  roles: readonly Rol[];
  cargar(ctx: PageContext, actor: Actor): Promise<TarjetaPanel[]>;
};

const correoFallido: FuenteDelPanel = {
  id: 'correo-fallido',
  roles: ['administrador', 'mesa-de-entradas'],
  async cargar(ctx) {
    const { fallidos, reintentando } = await countCorreosConFallas(ctx.db);
    const reintentos =
      reintentando === 0
        ? ''
        : ` ${reintentando === 1 ? 'Otro falló y se reintenta solo' : `Otros ${formatNumber(reintentando)} fallaron y se reintentan solos`}.`;
    return [
      {
        id: 'correo-fallido',
        titulo: 'Correos con fallas',
        valor: formatNumber(fallidos),
        descripcion:
          fallidos === 0
            ? `Ningún correo espera que lo reintenten.${reintentos}`
            : `${fallidos === 1 ? 'Un correo no pudo enviarse y espera' : `${formatNumber(fallidos)} correos no pudieron enviarse y esperan`} que alguien lo reintente.${reintentos}`,
        enlace: { href: fallidos > 0 ? '/admin/correo?estado=fallido' : '/admin/correo', texto: 'Ver la bandeja de salida' },
        tono: fallidos > 0 ? 'alerta' : 'normal',
      },
    ];
  },
};

/** The decree-copy desk: new requests, and open ones near or past their due date, each card linking to that list. */
const mesaDeEntradas: FuenteDelPanel = {
  id: 'mesa',
  roles: ['mesa-de-entradas', 'administrador'],
  async cargar(ctx, actor) {
    const { recibidas, porVencer, vencidas } = await countSolicitudesMesa(ctx, actor);
    const solicitudes = (n: number, una: string, varias: string) => (n === 1 ? una : `${formatNumber(n)} ${varias}`);
    return [
      {
        id: 'mesa-recibidas',
        titulo: 'Solicitudes nuevas',
        valor: formatNumber(recibidas),
        descripcion:
          recibidas === 0
            ? 'No hay solicitudes de decretos sin atender.'
            : solicitudes(recibidas, 'Una solicitud llegó y espera que alguien la tome.', 'solicitudes llegaron y esperan que alguien las tome.'),
        enlace: { href: '/admin/solicitudes?estado=recibida', texto: 'Ver las solicitudes nuevas' },
      },
      {
        id: 'mesa-por-vencer',
        titulo: 'Vencen pronto',
        valor: formatNumber(porVencer),
        descripcion:
          porVencer === 0
            ? 'Ninguna solicitud abierta está cerca de su fecha límite.'
            : `${solicitudes(porVencer, 'Una solicitud vence', 'solicitudes vencen')} en pocos días hábiles: respondé o prorrogá el plazo antes de la fecha límite.`,
        enlace: { href: '/admin/solicitudes?plazo=por_vencer', texto: 'Ver las que vencen pronto' },
        tono: porVencer > 0 ? 'alerta' : 'normal',
      },
      {
        id: 'mesa-vencidas',
        titulo: 'Vencidas',
        valor: formatNumber(vencidas),
        descripcion:
          vencidas === 0
            ? 'Ninguna solicitud abierta pasó su fecha límite.'
            : `${solicitudes(vencidas, 'Una solicitud pasó', 'solicitudes pasaron')} su fecha límite sin respuesta.`,
        enlace: { href: '/admin/solicitudes?plazo=vencida', texto: 'Ver las vencidas' },
        tono: vencidas > 0 ? 'alerta' : 'normal',
      },
    ];
  },
};

/**
 * Mail that cannot leave (no SMTP_URL): every role is told, since each one's work writes mail (the
 * desk's answers, the alerts a publication sends, invitations). Only the fact and the count; what
 * to do is on the outbox page (docs/decisions/052-confirmar-antes-de-escribir.md).
 */
const correoSinServidor: FuenteDelPanel = {
  id: 'correo-sin-servidor',
  roles: ['administrador', 'editor', 'mesa-de-entradas'],
  async cargar(ctx, actor) {
    if (ctx.config.smtpConfigurado !== false) return [];
    const { pendientes } = await resumenBandeja(ctx.db);
    return [
      {
        id: 'correo-sin-servidor',
        titulo: 'El correo no sale',
        valor: formatNumber(pendientes),
        descripcion: `El servidor de correo no está configurado: ${
          pendientes === 1 ? 'un correo espera' : `${formatNumber(pendientes)} correos esperan`
        } en la bandeja de salida (respuestas a solicitudes, avisos a suscriptores, invitaciones). Salen solos cuando administración lo configure.`,
        ...(actor.rol === 'editor' ? {} : { enlace: { href: '/admin/correo?estado=pendiente', texto: 'Ver los correos pendientes' } }),
        tono: 'alerta',
      },
    ];
  },
};

/**
 * Drafts, scheduled publications and those the scheduler could not publish, of the kinds the
 * person may edit (docs/decisions/053-borradores-y-publicacion-programada.md); no card when none wait.
 */
const publicaciones: FuenteDelPanel = {
  id: 'publicaciones',
  roles: PERMISOS.publicaciones,
  async cargar(ctx, actor) {
    const { borradores, programadas, fallidas, proxima } = await resumenPendientes(ctx.db, actor);
    const tarjetas: TarjetaPanel[] = [];
    const enlace = { href: '/admin/publicaciones', texto: 'Ver los borradores y las programadas' };
    if (fallidas > 0)
      tarjetas.push({
        id: 'publicaciones-fallidas',
        titulo: 'No se publicaron',
        valor: formatNumber(fallidas),
        descripcion: `${fallidas === 1 ? 'Una publicación programada no pudo publicarse' : `${formatNumber(fallidas)} publicaciones programadas no pudieron publicarse`}: mirá por qué y publicala o descartala.`,
        enlace,
        tono: 'alerta',
      });
    if (programadas > 0)
      tarjetas.push({
        id: 'publicaciones-programadas',
        titulo: 'Programadas',
        valor: formatNumber(programadas),
        descripcion: `${programadas === 1 ? 'Una publicación espera' : `${formatNumber(programadas)} publicaciones esperan`} su hora${proxima ? `; la próxima sale el ${formatDateTime(proxima)}` : ''}.`,
        enlace,
      });
    if (borradores > 0)
      tarjetas.push({
        id: 'publicaciones-borradores',
        titulo: 'Borradores',
        valor: formatNumber(borradores),
        descripcion: `${borradores === 1 ? 'Un borrador espera' : `${formatNumber(borradores)} borradores esperan`} que alguien lo revise y lo publique.`,
        enlace,
      });
    return tarjetas;
  },
};

/** Citizen reports (docs/decisions/057-reclamos.md): the open ones, those near their due date and those past it. */
const reclamosAbiertos: FuenteDelPanel = {
  id: 'reclamos',
  roles: PERMISOS.reclamos,
  async cargar(ctx) {
    const { abiertos, porVencer, vencidos } = await contarReclamosAbiertos(ctx.db, ctx.clock.now());
    const reclamos = (n: number, uno: string, varios: string) => (n === 1 ? uno : `${formatNumber(n)} ${varios}`);
    return [
      {
        id: 'reclamos-abiertos',
        titulo: 'Reclamos abiertos',
        valor: formatNumber(abiertos),
        descripcion:
          abiertos === 0
            ? 'No hay reclamos de vecinos sin resolver.'
            : `${reclamos(abiertos, 'Un reclamo espera', 'reclamos esperan')} respuesta: recibidos, en curso o derivados.`,
        enlace: { href: '/admin/reclamos?estado=abiertos', texto: 'Ver los reclamos abiertos' },
      },
      {
        id: 'reclamos-por-vencer',
        titulo: 'Reclamos que vencen pronto',
        valor: formatNumber(porVencer),
        descripcion:
          porVencer === 0
            ? 'Ningún reclamo abierto está cerca de su fecha límite.'
            : `${reclamos(porVencer, 'Un reclamo vence', 'reclamos vencen')} en pocos días hábiles.`,
        enlace: { href: '/admin/reclamos?estado=abiertos', texto: 'Ver los reclamos por urgencia' },
        tono: porVencer > 0 ? 'alerta' : 'normal',
      },
      {
        id: 'reclamos-vencidos',
        titulo: 'Reclamos vencidos',
        valor: formatNumber(vencidos),
        descripcion:
          vencidos === 0
            ? 'Ningún reclamo abierto pasó su fecha límite.'
            : `${reclamos(vencidos, 'Un reclamo pasó', 'reclamos pasaron')} su fecha límite sin resolverse.`,
        enlace: { href: '/admin/reclamos?estado=abiertos', texto: 'Ver los reclamos vencidos primero' },
        tono: vencidos > 0 ? 'alerta' : 'normal',
      },
    ];
  },
};

export const FUENTES_DEL_PANEL: FuenteDelPanel[] = [correoSinServidor, mesaDeEntradas, reclamosAbiertos, correoFallido, publicaciones];

/** The cards for this person, each source on its own: one that fails becomes a card that says so. */
export async function tarjetasDelPanel(ctx: PageContext, actor: Actor): Promise<TarjetaPanel[]> {
  const fuentes = FUENTES_DEL_PANEL.filter((f) => f.roles.includes(actor.rol));
  const resultados = await Promise.allSettled(fuentes.map((f) => f.cargar(ctx, actor)));
  return resultados.flatMap((r, i) => {
    if (r.status === 'fulfilled') return r.value;
    ctx.log.error({ err: r.reason, fuente: fuentes[i]!.id }, 'tarjeta del panel no disponible');
    return [
      {
        id: fuentes[i]!.id,
        titulo: 'Sin datos',
        valor: '—',
        descripcion: 'No pudimos cargar esta información: probá de nuevo en unos minutos.',
        tono: 'alerta' as const,
      },
    ];
  });
}

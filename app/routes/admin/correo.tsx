import { useRef } from 'react';
import { Form, data } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { ESTADOS_CORREO, etiquetaEstadoCorreo, listCorreos, reintentarCorreo } from '#domain/correo/bandeja.ts';
import { SIN_SERVIDOR, explicarCorreo } from '#domain/correo/estado.ts';
import { POR_PAGINA_BANDEJA, filtrosBandejaSchema, reintentoSchema } from '#domain/correo/schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import { listaDelPanel } from '#app/features/admin/lista.server.ts';
import type { Route } from './+types/correo';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { formatDateTimeShort } from '#domain/shared/formato.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';

/**
 * The outbox (docs/decisions/013-mesa-de-entradas.md), for the desk and administrators:
 * every mail the site wrote, newest first, by state and reference, with its attempts, last error
 * and dates, why a waiting or failed one has not left (in words), and «Reintentar» on a failed one. Recipients come masked from the domain unless the
 * person administers personal data; bodies never reach this page.
 */

type Campo = 'estado' | 'referencia' | 'pagina';
const ETIQUETAS: Record<Campo, string> = { estado: 'Estado', referencia: 'Referencia', pagina: 'Página' };

/** The stored error as one short line: its first line, cut; the frames of a stack trace never reach the page. */
const LARGO_ERROR = 160;
function errorBreve(texto: string | null): string | null {
  if (texto === null) return null;
  const linea = (texto.split(/\r?\n/, 1)[0] ?? '').trim();
  return linea.length > LARGO_ERROR ? `${linea.slice(0, LARGO_ERROR - 1)}…` : linea;
}

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  return listaDelPanel(new URL(args.request.url).searchParams, filtrosBandejaSchema, {
    largo: 100,
    comun: {
      estados: ESTADOS_CORREO.map((valor) => ({ valor, etiqueta: etiquetaEstadoCorreo(valor) })),
      // Only the fact that mail cannot leave: what to do for those who can change it, why for the
      // desk (docs/decisions/052-confirmar-antes-de-escribir.md).
      sinSmtp: ctx.config.smtpConfigurado === false ? (actor.rol === 'administrador' ? ('configurar' as const) : ('avisar' as const)) : null,
      porPagina: POR_PAGINA_BANDEJA,
    },
    sinFiltros: { pagina: 1 },
    listar: async (filtros) => {
      const { items, total } = await listCorreos(ctx, actor, { ...filtros, porPagina: POR_PAGINA_BANDEJA });
      return {
        items: items.map((c) => ({
          id: c.id,
          asunto: c.asunto,
          referencia: c.referencia,
          destinatario: c.destinatario,
          estado: c.estado,
          estadoEtiqueta: c.estadoEtiqueta,
          // Why it waits or failed, in words (docs/decisions/052-confirmar-antes-de-escribir.md); a sent or void mail says it in its state.
          motivo: c.estado === 'pendiente' || c.estado === 'fallido' ? explicarCorreo(c, ctx.config) : null,
          intentos: c.intentos,
          ultimoError: errorBreve(c.ultimoError),
          creado: c.createdAt.toISOString(),
          enviado: c.enviadoEn?.toISOString() ?? null,
          proximoIntento: c.proximoIntento?.toISOString() ?? null,
          adjuntos: c.adjuntos,
        })),
        total,
      };
    },
  });
}

type Respuesta = { ok: boolean; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const form = await args.request.formData();
  const responder = (r: Respuesta, status = 200) => data<Respuesta>(r, { status });
  if (form.get('intent') !== 'reintentar') {
    return responder({ ok: false, mensaje: 'No entendimos qué querías hacer: usá el botón «Reintentar» de un correo fallido.' }, 400);
  }
  const leido = readForm(reintentoSchema, form);
  if (!leido.ok) return responder({ ok: false, mensaje: leido.errores.correo ?? 'Ese correo no existe.' }, 400);
  const id = leido.datos.correo;
  const r = await reintentarCorreo(ctx, actor, id);
  if (r.tipo === 'no_encontrado') return responder({ ok: false, mensaje: `No existe el correo n.º ${id}: volvé a la bandeja y usá el botón de su fila.` }, 400);
  // Another person retried it first, or it is not failed: nothing changed.
  if (r.tipo === 'rechazado') return responder({ ok: false, mensaje: r.mensaje }, 409);
  const sinSmtp = ctx.config.smtpConfigurado === false;
  return responder({
    ok: true,
    mensaje: sinSmtp
      ? `El correo n.º ${id} volvió a quedar pendiente, pero este servidor no tiene el envío de correo configurado: saldrá cuando se configure.`
      : `El correo n.º ${id} volvió a quedar pendiente: se envía enseguida, con todos sus intentos de nuevo.`,
  });
}

export const headers = privateDataHeaders;

const cuando = (iso: string) => (
  <time dateTime={iso} className="sin-corte">
    {formatDateTimeShort(new Date(iso))}
  </time>
);

export default function Correo({ loaderData, actionData }: Route.ComponentProps) {
  const { estados, sinSmtp, porPagina, ok, errores, valores, filtros, total, items } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const aviso = useRef<HTMLDivElement>(null);
  const resumen = useRef<HTMLDivElement>(null);
  // A retry's answer and the filters' errors come apart (from the form, from the address): two
  // rules, in this order, so when both move at once the filters' summary wins. Each load of bad
  // filters is new `valores`: searching again with errors moves the focus again.
  useFocoDelPanel([[respuesta, aviso]]);
  useFocoDelPanel([[!ok && valores, resumen]]);
  const listaErrores = (Object.entries(errores) as [Campo, string][]).map(([c, m]) => [c, ETIQUETAS[c], m] as [string, string, string]);
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const enlacePagina = (p: number) => {
    const q = new URLSearchParams();
    if (ok && filtros.estado) q.set('estado', filtros.estado);
    if (ok && filtros.referencia) q.set('referencia', filtros.referencia);
    q.set('pagina', String(p));
    return `/admin/correo?${q}`;
  };

  return (
    <>
      <title>{`${ok ? '' : 'Error: '}Bandeja de salida | ${SITE_NAME}`}</title>
      <h1>Bandeja de salida</h1>
      <p className="admin__bajada">
        Cada correo que escribe el sitio, del más nuevo al más viejo: acuses de recibo, avisos a la mesa de entradas, decretos enviados e invitaciones. Un
        correo fallido no se reintenta solo: revisá el error y usá «Reintentar».
      </p>
      {sinSmtp === 'avisar' ? (
        <div className="aviso admin__aviso-smtp">
          <h2>El correo no sale</h2>
          <p>{SIN_SERVIDOR}</p>
        </div>
      ) : null}
      {sinSmtp === 'configurar' ? (
        <div className="aviso admin__aviso-smtp">
          <h2>El envío de correo no está configurado</h2>
          <p>
            Este servidor no tiene <code>SMTP_URL</code>: los correos quedan pendientes en esta bandeja y no salen. Para que salgan, configurá{' '}
            <code>SMTP_URL</code> (y <code>MAIL_FROM</code>, el remitente) en el entorno del servidor y reiniciá la aplicación: los pendientes se envían solos
            al arrancar. Mientras tanto, cada correo pendiente queda anotado en el registro del servidor (asunto y dominio del destinatario).
          </p>
        </div>
      ) : null}
      {respuesta ? (
        <div className={`aviso ${respuesta.ok ? 'aviso--exito' : 'aviso--error'}`} role={respuesta.ok ? 'status' : 'alert'} tabIndex={-1} ref={aviso}>
          {respuesta.mensaje}
        </div>
      ) : null}
      <ErrorSummary title="Revisá los filtros" errors={listaErrores} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Filtros de la bandeja de salida" noValidate>
        <FormField name="estado" label={ETIQUETAS.estado} error={errores.estado}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.estado ?? ''}>
              <option value="">Todos</option>
              {estados.map((e) => (
                <option key={e.valor} value={e.valor}>
                  {e.etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          name="referencia"
          label={ETIQUETAS.referencia}
          error={errores.referencia}
          hint="El código de una solicitud, entero, por ejemplo SD-2026-7KQ-3XM-9PK."
        >
          {(control) => <input {...control} className="form-control" defaultValue={valores.referencia ?? ''} maxLength={64} autoComplete="off" />}
        </FormField>
        <PieDeFiltros base="/admin/correo" boton="Filtrar" pagina={{ etiqueta: ETIQUETAS.pagina, error: errores.pagina, valor: valores.pagina }} />
      </Form>
      {ok ? (
        <>
          <p aria-live="polite">{total === 1 ? '1 correo' : `${total} correos`}</p>
          {items.length > 0 ? (
            <DataTable
              caption="Correos, del más nuevo al más viejo"
              className="tabla-admin tabla-admin--ancha"
              columns={['Asunto', 'Destinatario', 'Estado', 'Intentos', 'Último error', 'Fechas', 'Acción']}
              rows={items}
              rowKey={(c) => c.id}
              cells={(c) => [
                <>
                  <span className="tabla-admin__principal">{c.asunto}</span>
                  {c.referencia ? (
                    <span className="tabla-admin__detalle sin-corte">
                      {' '}
                      Referencia: <a href={`/admin/correo?referencia=${encodeURIComponent(c.referencia)}`}>{c.referencia}</a>
                    </span>
                  ) : null}
                  {c.adjuntos.length > 0 ? <span className="tabla-admin__detalle"> Adjuntos: {c.adjuntos.join(', ')}</span> : null}
                </>,
                <span className="tabla-admin__direccion">{c.destinatario}</span>,
                <>
                  <span className={`estado-correo estado-correo--${c.estado}`}>{c.estadoEtiqueta}</span>
                  {c.motivo ? <span className="tabla-admin__detalle">{c.motivo}</span> : null}
                </>,
                c.intentos,
                c.ultimoError ?? '—',
                <>
                  <span className="tabla-admin__detalle">Creado: {cuando(c.creado)}</span>
                  {c.enviado ? <span className="tabla-admin__detalle">Enviado: {cuando(c.enviado)}</span> : null}
                  {c.proximoIntento ? <span className="tabla-admin__detalle">Próximo intento: {cuando(c.proximoIntento)}</span> : null}
                </>,
                c.estado === 'fallido' ? (
                  <Form method="post" className="admin__fila-form">
                    <input type="hidden" name="correo" value={c.id} />
                    <button type="submit" name="intent" value="reintentar" className="btn btn-outline-primary btn-sm">
                      Reintentar<span className="visually-hidden"> el correo n.º {c.id}</span>
                    </button>
                  </Form>
                ) : (
                  '—'
                ),
              ]}
            />
          ) : (
            <p>No hay correos con esos filtros.</p>
          )}
          <Paginas etiqueta="Páginas de la bandeja de salida" pagina={filtros.pagina} paginas={paginas} enlace={enlacePagina} />
        </>
      ) : null}
    </>
  );
}

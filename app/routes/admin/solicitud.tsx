import { useRef, useState } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { instante, plazoEnPagina } from '#app/features/mesa/formato.server.ts';
import { MarcaPlazo } from '#app/features/mesa/marca-plazo.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { LIMITES_MESA, MENSAJE_PDF_GRANDE } from '#domain/decretos/campos.ts';
import { getPlazoMesa, getSolicitudMesa } from '#domain/decretos/mesa.ts';
import {
  type ResultadoMesa,
  type VistaPreviaEnvio,
  cancelarEnvio,
  changeEstadoSolicitud,
  confirmarEnvio,
  prepararEnvioDecreto,
  prepararEnvioPublicado,
  prorrogarSolicitud,
} from '#domain/decretos/mesa-commands.ts';
import { listCorreosDeReferencia } from '#domain/correo/estado.ts';
import { formatFileSize } from '#domain/shared/formato.ts';
import { formatFechaPlazo } from '#domain/plazos/calendario.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { Route } from './+types/solicitud';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';

/**
 * One decree-copy request at the desk (mesa-de-entradas and administrador): the
 * requester with DNI and e-mail, what was asked, the deadline, the history, and the actions its
 * status allows. Each action is a form of its own that works without JavaScript; the server
 * validates it (domain/decretos/mesa-commands.ts) and, once done, sends the browser back here
 * (303) with a notice. Sending the decree uploads its PDF: this route's body limit is larger than
 * the other pages' (server/pages.ts, docs/decisions/013-mesa-de-entradas.md). Sending the decree
 * takes two POSTs: the first answers the preview of the mail (masked recipient, subject, text,
 * attachment), the second confirms it with the preview's token; each mail's state is said on the
 * page (docs/decisions/052-confirmar-antes-de-escribir.md).
 */

const NO_ENCONTRADA = () => data('Solicitud no encontrada', { status: 404 });

/**
 * What each notice of the redirect after an action says. What became of the mail is not said here:
 * the page adds the state of the newest mail (it may wait in the outbox, or have failed).
 */
const AVISOS: Record<string, string> = {
  'en-proceso': 'La solicitud pasó a «En proceso» y el correo al solicitante quedó en la bandeja de salida.',
  rechazada: 'Rechazamos la solicitud; el correo al solicitante con el motivo quedó en la bandeja de salida.',
  enviado: 'La solicitud quedó en «Documento enviado»; el correo al solicitante, con el PDF adjunto, quedó en la bandeja de salida.',
  'publicado-enviado':
    'La solicitud quedó en «Documento enviado»; el correo al solicitante, con el boletín oficial que publicó el decreto adjunto, quedó en la bandeja de salida.',
  prorrogada: 'Prorrogamos el plazo por única vez; el correo al solicitante con los motivos quedó en la bandeja de salida.',
  cancelado: 'No enviamos nada: descartamos la vista previa del correo.',
};
/** The notices after which no mail was written. */
const SIN_CORREO = new Set(['cancelado']);

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const s = await getSolicitudMesa(ctx, actor, args.params.codigo);
  if (!s) throw NO_ENCONTRADA();
  const { plazo, prorroga } = await getPlazoMesa(ctx, s);
  const abierta = s.siguientes.length > 0;
  const correos = await listCorreosDeReferencia(ctx, actor, s.codigo);
  const claveAviso = new URL(args.request.url).searchParams.get('aviso') ?? '';
  const ultimo = correos.at(-1);
  const quien = (paso: (typeof s.historial)[number]) =>
    paso.actorEmail ?? (paso.estado === 'recibida' ? 'El solicitante, desde el formulario del sitio' : 'El sistema');
  return data({
    aviso: Object.hasOwn(AVISOS, claveAviso)
      ? { texto: AVISOS[claveAviso]!, correo: SIN_CORREO.has(claveAviso) || !ultimo ? null : `Estado del correo: ${ultimo.explicacion}` }
      : null,
    correos: correos.map((c) => ({
      id: c.id,
      asunto: c.asunto,
      para: c.para,
      estadoEtiqueta: c.estadoEtiqueta,
      explicacion: c.explicacion,
      adjuntos: c.adjuntos,
    })),
    solicitud: {
      codigo: s.codigo,
      nombre: s.nombre,
      dni: s.dni,
      email: s.email,
      numero: s.numero,
      ordenanza: s.ordenanza?.etiqueta ?? null,
      aclaraciones: s.aclaraciones,
      estadoEtiqueta: s.estadoEtiqueta,
      recibida: instante(s.createdAt),
      cerrada: s.cerradaEn ? instante(s.cerradaEn) : null,
      prorroga: s.prorrogadaEn ? { ...instante(s.prorrogadaEn), motivo: s.prorrogaMotivo } : null,
      decreto: s.decreto?.nombreArchivo ?? null,
      publicado: s.publicado
        ? {
            boletinTexto: s.publicado.boletinTexto,
            enlace: s.publicado.enlace,
            descripcion: s.publicado.descripcion,
            area: s.publicado.area,
            decreto: s.publicado.decreto,
          }
        : null,
      anonimizada: s.anonimizadaEn !== null,
      historial: s.historial.map((h, i) => ({ clave: i, estadoEtiqueta: h.estadoEtiqueta, ...instante(h.fecha), quien: quien(h), mensaje: h.mensaje })),
    },
    plazo: plazoEnPagina(plazo, formatFechaPlazo),
    acciones: {
      enProceso: s.siguientes.includes('en_proceso'),
      enviar: s.siguientes.includes('enviada'),
      // The decree already published: one action, from «Recibida» or «En proceso».
      enviarPublicado: s.publicado !== null && (s.siguientes.includes('enviada') || s.estado === 'recibida') && s.anonimizadaEn === null,
      rechazar: s.siguientes.includes('rechazada'),
      // Open: whether it may be extended, or why not (once only, before the due date).
      prorrogar: abierta
        ? prorroga.ok
          ? { ok: true as const, venceTexto: formatFechaPlazo(prorroga.vence) }
          : { ok: false as const, mensaje: prorroga.mensaje }
        : null,
    },
  });
}

/** The fields of the page's forms: ids are unique on the page, each maps to the command's own field. */
type CampoPagina = 'mensajeProceso' | 'mensajeRechazo' | 'archivo' | 'mensajeEnvio' | 'mensajePublicado' | 'motivo' | 'confirmacion';

const ETIQUETAS: Record<CampoPagina, string> = {
  confirmacion: 'Confirmación',
  mensajeProceso: 'Mensaje para el solicitante',
  mensajeRechazo: 'Motivo del rechazo',
  archivo: 'Decreto en PDF',
  mensajeEnvio: 'Mensaje para el solicitante',
  mensajePublicado: 'Mensaje para el solicitante',
  motivo: 'Motivos de la prórroga',
};

type Comando = (ctx: AppContext, actor: Actor, codigo: string, entrada: Record<string, unknown>) => Promise<ResultadoMesa>;

/** Each intent: its command, the page's fields as the command names them, fixed values, and the notice once done. */
const ACCIONES: Record<string, { comando: Comando; campos: Partial<Record<CampoPagina, string>>; fijos?: Record<string, string>; aviso: string }> = {
  'en-proceso': { comando: changeEstadoSolicitud, campos: { mensajeProceso: 'mensaje' }, fijos: { estado: 'en_proceso' }, aviso: 'en-proceso' },
  rechazar: { comando: changeEstadoSolicitud, campos: { mensajeRechazo: 'mensaje' }, fijos: { estado: 'rechazada' }, aviso: 'rechazada' },
  // Sending the decree: the first POST answers the preview; the mail leaves only with 'confirmar-envio'.
  enviar: { comando: prepararEnvioDecreto, campos: { archivo: 'archivo', mensajeEnvio: 'mensaje' }, aviso: 'enviado' },
  'enviar-publicado': { comando: prepararEnvioPublicado, campos: { mensajePublicado: 'mensaje' }, aviso: 'publicado-enviado' },
  'confirmar-envio': { comando: confirmarEnvio, campos: { confirmacion: 'confirmacion' }, aviso: 'enviado' },
  'cancelar-envio': { comando: cancelarEnvio, campos: { confirmacion: 'confirmacion' }, aviso: 'cancelado' },
  prorrogar: { comando: prorrogarSolicitud, campos: { motivo: 'motivo' }, aviso: 'prorrogada' },
};

type Respuesta = {
  errores: Partial<Record<CampoPagina, string>>;
  valores: Partial<Record<CampoPagina, string>>;
  general: string | null;
  /** The mail prepared and not sent, with the token that confirms it. */
  vista?: VistaPreviaEnvio & { token: string; tamanoTexto: string };
};

/** What a browser sends for a file input left empty: a part with no name and no bytes. */
const esArchivoVacioSinNombre = (valor: FormDataEntryValue | null) => valor instanceof File && valor.name === '' && valor.size === 0;

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const responder = (r: Partial<Respuesta>, status: number) =>
    data<Respuesta>({ errores: r.errores ?? {}, valores: r.valores ?? {}, general: r.general ?? null }, { status });
  const form = await readFormData(args.request);
  if (!form) return responder({ general: 'No pudimos leer el formulario: volvé a la página de la solicitud y envialo de nuevo.' }, 400);
  const intent = form.get('intent');
  const accion = typeof intent === 'string' && Object.hasOwn(ACCIONES, intent) ? ACCIONES[intent] : undefined;
  if (!accion) return responder({ general: 'No entendimos qué querías hacer: usá los botones de la página.' }, 400);

  const entrada: Record<string, unknown> = { ...accion.fijos };
  for (const [pagina, comando] of Object.entries(accion.campos)) {
    const valor = form.get(pagina);
    // A file input left empty is no file at all: the command then asks for one.
    if (valor !== null && !esArchivoVacioSinNombre(valor)) entrada[comando] = valor;
  }
  const r = await accion.comando(ctx, actor, args.params.codigo, entrada);
  if (r.tipo === 'vista')
    return data<Respuesta>({
      errores: {},
      valores: {},
      general: null,
      vista: { ...r.vista, token: r.token, tamanoTexto: formatFileSize(r.vista.adjunto.tamano) },
    });
  // Confirmed: the notice names what went attached (the preview's form says which; only the wording depends on it).
  const aviso = intent === 'confirmar-envio' && form.get('adjunto') === 'boletin' ? 'publicado-enviado' : accion.aviso;
  if (r.tipo === 'hecho') throw redirect(`/admin/solicitudes/${encodeURIComponent(r.codigo)}?aviso=${aviso}`, { status: 303 });
  if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
  if (r.tipo === 'conflicto') return responder({ general: r.mensaje }, 409);
  // Back to the page's own field names; a message of no field of this form is said on its own.
  const errores: Respuesta['errores'] = {};
  const valores: Respuesta['valores'] = {};
  const usados = new Set<string>();
  for (const [pagina, comando] of Object.entries(accion.campos) as [CampoPagina, string][]) {
    if (r.errores[comando]) errores[pagina] = r.errores[comando];
    if (r.valores[comando] !== undefined) valores[pagina] = r.valores[comando];
    usados.add(comando);
  }
  const otro = Object.entries(r.errores).find(([campo]) => !usados.has(campo))?.[1];
  return responder({ errores, valores, general: otro ?? null }, estadoFormulario({ errores, general: otro ?? null }));
}

export const headers = privateDataHeaders;

export default function Solicitud({ loaderData, actionData }: Route.ComponentProps) {
  const { aviso, correos, solicitud: s, plazo, acciones } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const vista = respuesta?.vista;
  const vistaTitulo = useRef<HTMLHeadingElement>(null);
  // With JavaScript, a PDF over the limit is refused before it is sent (without it, the server answers 413).
  const [pdfGrande, setPdfGrande] = useState(false);
  const errores: Respuesta['errores'] = pdfGrande ? { archivo: MENSAJE_PDF_GRANDE } : (respuesta?.errores ?? {});
  const valores = respuesta?.valores ?? {};
  const general = pdfGrande ? null : (respuesta?.general ?? null);
  const listaErrores = (Object.keys(ETIQUETAS) as CampoPagina[]).flatMap((c) =>
    errores[c] ? [[c, ETIQUETAS[c], errores[c]] as [string, string, string]] : [],
  );
  const hayErrores = listaErrores.length > 0 || general !== null;

  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  // The errors take the focus on each answer and when a PDF is refused before it is sent; the saved
  // notice has a rule of its own, after: a refused PDF's error stays on screen when another form's
  // change comes back with its notice, and that notice takes the focus.
  useFocoDelPanel([
    [pdfGrande, resumen],
    [listaErrores.length > 0 && respuesta, resumen],
    [general && respuesta, alerta],
  ]);
  useFocoDelPanel([[!respuesta && aviso, estado]]);
  useFocoDelPanel([[vista, vistaTitulo]]);

  const textarea = (name: CampoPagina, obligatorio: boolean, hint: string) => (
    <FormField name={name} label={ETIQUETAS[name]} hint={hint} error={errores[name]} required={obligatorio}>
      {(control) => <textarea {...control} className="form-control" rows={4} maxLength={LIMITES_MESA.mensaje} defaultValue={valores[name] ?? ''} />}
    </FormField>
  );

  return (
    <>
      <title>{`${hayErrores ? 'Error: ' : ''}Solicitud ${s.codigo} | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/solicitudes">Volver a las solicitudes</Link>
      </p>
      <h1 className="mesa__titulo">
        Solicitud <span className="sin-corte">{s.codigo}</span>
      </h1>
      <AvisoHecho
        texto={
          respuesta || !aviso ? null : (
            <>
              {aviso.texto}
              {aviso.correo ? (
                <>
                  <br />
                  {aviso.correo}
                </>
              ) : null}
            </>
          )
        }
        foco={estado}
      />
      <ErrorSummary title="No pudimos hacer el cambio" errors={listaErrores} ref={resumen} />
      <AlertaGeneral texto={general} foco={alerta} />

      {vista ? (
        <section aria-labelledby="vista-titulo" className="admin__seccion mesa__vista">
          <h2 id="vista-titulo" tabIndex={-1} ref={vistaTitulo}>
            Revisá el correo antes de enviarlo
          </h2>
          <p>Todavía no enviamos nada. Esto es lo que le llega al solicitante; el correo sale sólo cuando lo confirmes.</p>
          <dl className="mesa__datos">
            <dt>Para</dt>
            <dd className="mesa__partir">{vista.destinatario}</dd>
            <dt>Asunto</dt>
            <dd>{vista.asunto}</dd>
            <dt>Adjunto</dt>
            <dd className="mesa__partir">{`${vista.adjunto.nombreArchivo} (PDF, ${vista.tamanoTexto})`}</dd>
            <dt>Texto</dt>
            <dd className="mesa__texto mesa__correo">{vista.texto}</dd>
          </dl>
          <Form method="post" className="admin__formulario" aria-labelledby="vista-titulo">
            <input type="hidden" name="confirmacion" value={vista.token} />
            <input type="hidden" name="adjunto" value={vista.accion === 'enviar-publicado' ? 'boletin' : 'decreto'} />
            <div className="mesa__botones">
              <button type="submit" name="intent" value="confirmar-envio" className="btn btn-primary">
                Confirmar y enviar el correo
              </button>
              <button type="submit" name="intent" value="cancelar-envio" className="btn btn-outline-secondary">
                No enviar
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="datos-titulo" className="admin__seccion">
        <h2 id="datos-titulo">Datos de la solicitud</h2>
        <dl className="mesa__datos">
          <dt>Estado</dt>
          <dd>
            <strong>{s.estadoEtiqueta}</strong>
            {s.cerrada ? (
              <>
                {' '}
                desde el <time dateTime={s.cerrada.iso}>{s.cerrada.texto}</time>
              </>
            ) : null}
          </dd>
          <dt>Recibida</dt>
          <dd>
            <time dateTime={s.recibida.iso}>{s.recibida.texto}</time>
          </dd>
          <dt>Fecha límite de respuesta</dt>
          <dd>
            {plazo ? (
              <>
                <time dateTime={plazo.vence}>{plazo.venceTexto}</time>
                {plazo.prorrogada ? ' (prorrogada)' : ''} <MarcaPlazo estado={plazo.estado} />
              </>
            ) : (
              'Ninguna: la solicitud está cerrada.'
            )}
          </dd>
          {s.prorroga ? (
            <>
              <dt>Prórroga</dt>
              <dd>
                El <time dateTime={s.prorroga.iso}>{s.prorroga.texto}</time>
                {s.prorroga.motivo ? <span className="mesa__texto">{`Motivos: ${s.prorroga.motivo}`}</span> : null}
              </dd>
            </>
          ) : null}
          <dt>Solicitante</dt>
          <dd>{s.nombre}</dd>
          <dt>DNI</dt>
          <dd>{s.dni ?? 'Anonimizado'}</dd>
          <dt>Correo electrónico</dt>
          <dd className="mesa__partir">{s.email ?? 'Anonimizado'}</dd>
          <dt>Decreto pedido</dt>
          <dd>{s.numero}</dd>
          <dt>Publicado</dt>
          <dd>
            {s.publicado ? (
              <>
                Sí: el decreto {s.publicado.decreto} está en el <a href={s.publicado.enlace}>{s.publicado.boletinTexto}</a>
                <span className="mesa__texto">{`${s.publicado.descripcion}. Área: ${s.publicado.area}.`}</span>
              </>
            ) : (
              'No figura en ningún boletín oficial cargado.'
            )}
          </dd>
          <dt>Ordenanza</dt>
          <dd>{s.ordenanza ?? 'No indicó ninguna.'}</dd>
          <dt>Aclaraciones</dt>
          <dd className="mesa__texto">{s.aclaraciones || 'Sin aclaraciones.'}</dd>
          {s.decreto ? (
            <>
              <dt>Decreto enviado</dt>
              <dd>{s.decreto}</dd>
            </>
          ) : null}
        </dl>
        {s.anonimizada ? <p>Los datos de la persona se anonimizaron al vencer el plazo de conservación: ya no se le puede escribir.</p> : null}
      </section>

      {!vista && (acciones.enProceso || acciones.enviar || acciones.enviarPublicado || acciones.rechazar || acciones.prorrogar) ? (
        <section aria-labelledby="acciones-titulo" className="mesa__acciones">
          <h2 id="acciones-titulo">Qué hacer ahora</h2>
          {acciones.enviarPublicado && s.publicado ? (
            <div className="admin__seccion">
              <h3 id="publicado-titulo">Responder con el decreto publicado</h3>
              <p>
                Le enviamos por correo el {s.publicado.boletinTexto}, que publicó el decreto {s.publicado.decreto}, adjunto y con su enlace; la solicitud queda
                en «Documento enviado». Antes de enviarlo te mostramos el correo para que lo confirmes.
              </p>
              <Form method="post" className="admin__formulario" noValidate aria-labelledby="publicado-titulo">
                {textarea('mensajePublicado', false, 'Opcional. Va en el correo, con el boletín; hasta 2.000 caracteres.')}
                <button type="submit" name="intent" value="enviar-publicado" className="btn btn-primary">
                  Ver el correo antes de enviarlo
                </button>
              </Form>
            </div>
          ) : null}
          {acciones.enProceso ? (
            <div className="admin__seccion">
              <h3 id="en-proceso-titulo">Pasar a «En proceso»</h3>
              <p>Le avisamos por correo al solicitante que la mesa de entradas está buscando el decreto.</p>
              <Form method="post" className="admin__formulario" noValidate aria-labelledby="en-proceso-titulo">
                {textarea('mensajeProceso', false, 'Opcional. Se lo enviamos por correo; hasta 2.000 caracteres.')}
                <button type="submit" name="intent" value="en-proceso" className="btn btn-primary">
                  Pasar a En proceso
                </button>
              </Form>
            </div>
          ) : null}
          {acciones.enviar ? (
            <div className="admin__seccion">
              <h3 id="enviar-titulo">Enviar el decreto</h3>
              <p>
                El solicitante lo recibe adjunto en un correo, y la solicitud queda en «Documento enviado». Antes de enviarlo te mostramos el correo para que lo
                confirmes.
              </p>
              <Form
                method="post"
                encType="multipart/form-data"
                className="admin__formulario"
                noValidate
                aria-labelledby="enviar-titulo"
                onSubmit={(evento) => {
                  const archivo = evento.currentTarget.elements.namedItem('archivo');
                  const grande = archivo instanceof HTMLInputElement && (archivo.files?.[0]?.size ?? 0) > LIMITES_MESA.pdf;
                  setPdfGrande(grande);
                  if (grande) evento.preventDefault();
                }}
              >
                <RequiredFieldsNote />
                <FormField name="archivo" label={ETIQUETAS.archivo} hint="Un PDF de hasta 10 MB." error={errores.archivo} required>
                  {(control) => <input {...control} type="file" accept="application/pdf" className="form-control" />}
                </FormField>
                {textarea('mensajeEnvio', false, 'Opcional. Va en el correo, con el PDF; hasta 2.000 caracteres.')}
                <button type="submit" name="intent" value="enviar" className="btn btn-primary">
                  Ver el correo antes de enviarlo
                </button>
              </Form>
            </div>
          ) : null}
          {acciones.rechazar ? (
            <div className="admin__seccion">
              <h3 id="rechazar-titulo">Rechazar la solicitud</h3>
              <p>La solicitud queda cerrada: ya no cambia de estado.</p>
              <Form method="post" className="admin__formulario" noValidate aria-labelledby="rechazar-titulo">
                <RequiredFieldsNote />
                {textarea('mensajeRechazo', true, 'Se lo enviamos por correo al solicitante; hasta 2.000 caracteres.')}
                <button type="submit" name="intent" value="rechazar" className="btn btn-outline-danger">
                  Rechazar la solicitud
                </button>
              </Form>
            </div>
          ) : null}
          {acciones.prorrogar ? (
            <div className="admin__seccion">
              <h3 id="prorrogar-titulo">Prorrogar el plazo</h3>
              {acciones.prorrogar.ok ? (
                <>
                  <p>
                    Una sola vez, antes del vencimiento, por 15 días hábiles más (ley 27.275, art. 11): la fecha límite pasa a ser el{' '}
                    {acciones.prorrogar.venceTexto}. Le enviamos los motivos por correo al solicitante.
                  </p>
                  <Form method="post" className="admin__formulario" noValidate aria-labelledby="prorrogar-titulo">
                    <RequiredFieldsNote />
                    {textarea('motivo', true, 'Al menos 20 caracteres, hasta 2.000.')}
                    <button type="submit" name="intent" value="prorrogar" className="btn btn-outline-primary">
                      Prorrogar el plazo
                    </button>
                  </Form>
                </>
              ) : (
                <p>{acciones.prorrogar.mensaje}</p>
              )}
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="correos-titulo" className="admin__seccion">
        <h2 id="correos-titulo">Correos de esta solicitud</h2>
        {correos.length > 0 ? (
          <ul className="mesa__correos">
            {correos.map((c) => (
              <li key={c.id}>
                <p className="mesa__paso">
                  <strong>{c.estadoEtiqueta}</strong> · {c.asunto} · <span className="mesa__partir">{`Para ${c.para}`}</span>
                  {c.adjuntos.length > 0 ? ` · Adjunto: ${c.adjuntos.join(', ')}` : ''}
                </p>
                <p>{c.explicacion}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>Esta solicitud todavía no tiene correos.</p>
        )}
      </section>

      <section aria-labelledby="historial-titulo" className="admin__seccion">
        <h2 id="historial-titulo">Historial</h2>
        <ol className="mesa__historial">
          {s.historial.map((h) => (
            <li key={h.clave}>
              <p className="mesa__paso">
                <strong>{h.estadoEtiqueta}</strong> · <time dateTime={h.iso}>{h.texto}</time> · <span className="mesa__partir">{h.quien}</span>
              </p>
              {h.mensaje ? <p className="mesa__texto">{`Mensaje al solicitante: ${h.mensaje}`}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

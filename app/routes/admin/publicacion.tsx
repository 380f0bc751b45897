import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { descartarPendiente, publicarAhora, reprogramar } from '#domain/publicaciones/commands.ts';
import { leerControles } from '#domain/publicaciones/controles.ts';
import { getPendiente } from '#domain/publicaciones/queries.ts';
import { TIPOS_PUBLICACION } from '#domain/publicaciones/tipos.ts';
import { valorFechaYHora } from '#domain/shared/fechas.ts';
import { formatDateTime } from '#domain/shared/formato.ts';
import type { Route } from './+types/publicacion';
import { ESTADOS_PENDIENTE } from './publicaciones.tsx';

/**
 * One pending publication (docs/decisions/053-borradores-y-publicacion-programada.md): what it is,
 * its fields, its preview, and what can be done with it: publish now, schedule or change the
 * time, back to draft, discard (a confirmation step of its own, `?paso=descartar`), and the reason
 * when the scheduler could not publish it. Every action is audited by the domain.
 */
const NO_ENCONTRADA = () => data('Publicación pendiente no encontrada', { status: 404 });

const AVISOS = {
  borrador: 'Guardamos el borrador: no se ve en el sitio hasta que lo publiques.',
  programada: 'Programamos la publicación: se publica sola a la hora elegida.',
} as const;

async function leer(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : NaN;
  const p = Number.isNaN(id) ? undefined : await getPendiente(args.context.get(appContext).db, actorPanel(args.context), id);
  if (!p) throw NO_ENCONTRADA();
  return p;
}

export async function loader(args: Route.LoaderArgs) {
  const p = await leer(args);
  const def = TIPOS_PUBLICACION[p.tipo];
  if (!def) throw NO_ENCONTRADA();
  const params = new URL(args.request.url).searchParams;
  const aviso = params.get('aviso');
  return {
    id: p.id,
    titulo: p.titulo,
    etiqueta: p.etiqueta,
    estado: p.estado as keyof typeof ESTADOS_PENDIENTE,
    cambio: p.entidadId !== null,
    publicarEn: p.publicarEn?.toISOString() ?? null,
    valorFecha: p.publicarEn ? valorFechaYHora(p.publicarEn) : '',
    error: p.error,
    conArchivo: p.documentoId !== null,
    campos: def.campos
      .filter((c) => c !== 'version' && (p.campos[c] ?? '') !== '')
      .map((c) => [def.etiquetas[c] ?? c, def.legible ? def.legible(c, p.campos[c]!) : p.campos[c]!]),
    editar: def.formulario(p.entidadId, p.id),
    paso: params.get('paso') === 'descartar' ? ('descartar' as const) : null,
    aviso: aviso !== null && Object.hasOwn(AVISOS, aviso) ? AVISOS[aviso as keyof typeof AVISOS] : null,
  };
}

type Respuesta = { formulario: 'fecha'; error: string; valor: string } | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const p = await leer(args);
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const form = await readFormData(args.request);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la publicación y envialo de nuevo.' });
  const intent = form.get('intent');
  const aqui = `/admin/publicaciones/${p.id}`;
  if (intent === 'publicar') {
    const r = await publicarAhora(ctx, actor, p.id);
    if (r.tipo === 'publicado') throw redirect('/admin/publicaciones?aviso=publicada', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
    if (r.tipo === 'invalido') return fallo({ formulario: 'general', mensaje: `No se pudo publicar: ${Object.values(r.errores).join(' ')}` }, 409);
    return fallo(
      { formulario: 'general', mensaje: r.tipo === 'prohibido' ? r.mensaje : `No se pudo publicar: ${r.mensaje}` },
      r.tipo === 'prohibido' ? 403 : 409,
    );
  }
  if (intent === 'programar' || intent === 'borrador') {
    let publicarEn: Date | null = null;
    if (intent === 'programar') {
      const leido = leerControles({ publicacion: 'programar', publicarEn: form.get('publicarEn') ?? '' }, ctx.clock.now());
      const valor = typeof form.get('publicarEn') === 'string' ? String(form.get('publicarEn')).slice(0, 100) : '';
      if (!leido.ok) return fallo({ formulario: 'fecha', error: leido.error, valor });
      publicarEn = leido.controles.modo === 'programada' ? leido.controles.publicarEn : null;
    }
    const r = await reprogramar(ctx, actor, p.id, publicarEn);
    if (r.tipo === 'guardada') throw redirect(`${aqui}?aviso=${publicarEn ? 'programada' : 'borrador'}`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
    return fallo({ formulario: 'general', mensaje: 'mensaje' in r ? r.mensaje : 'No pudimos cambiar la publicación.' }, 403);
  }
  if (intent === 'descartar') {
    if (form.get('confirmado') !== 'si') return fallo({ formulario: 'general', mensaje: 'Confirmá que querés descartar la publicación pendiente.' });
    const r = await descartarPendiente(ctx, actor, p.id);
    if (r.tipo === 'guardada') throw redirect('/admin/publicaciones?aviso=descartada', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
    return fallo({ formulario: 'general', mensaje: 'mensaje' in r ? r.mensaje : 'No pudimos descartarla.' }, 403);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Publicacion({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const fecha = respuesta?.formulario === 'fecha' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const campoFecha = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [fecha, campoFecha],
    [general, alerta],
  ]);
  const aqui = `/admin/publicaciones/${p.id}`;
  return (
    <>
      <title>{`${fecha || general ? 'Error: ' : ''}${p.paso ? 'Descartar: ' : ''}${p.titulo} | Borradores y programadas | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/publicaciones">Volver a los borradores y las programadas</Link>
      </p>
      <h1>{p.titulo}</h1>
      <AvisoHecho texto={respuesta ? null : p.aviso} />
      <AlertaGeneral texto={general} foco={alerta} />
      {p.estado === 'fallida' && p.error ? (
        <div className="aviso aviso--error">
          <p>
            <strong>No se pudo publicar.</strong> {p.error}
          </p>
        </div>
      ) : null}
      {p.paso === 'descartar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo">¿Descartar esta publicación pendiente?</h2>
          <p>Se borra lo que guardaste, con su archivo si tenía uno; lo que ya está publicado no cambia. La acción queda en la auditoría.</p>
          <Form method="post" action={aqui} className="admin__acciones">
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="descartar" className="btn btn-danger">
              Sí, descartarla
            </button>
            <Link to={aqui} className="btn btn-outline-primary">
              Cancelar y volver a la publicación
            </Link>
          </Form>
        </section>
      ) : (
        <>
          <dl className="admin__datos">
            <div>
              <dt>Tipo</dt>
              <dd>{p.cambio ? `${p.etiqueta} (cambio de lo que ya está publicado)` : `${p.etiqueta} (nuevo)`}</dd>
            </div>
            <div>
              <dt>Situación de la publicación</dt>
              <dd>{ESTADOS_PENDIENTE[p.estado]}</dd>
            </div>
            <div>
              <dt>Se publica</dt>
              <dd>{p.publicarEn ? <time dateTime={p.publicarEn}>{formatDateTime(p.publicarEn)}</time> : 'Cuando alguien la publique'}</dd>
            </div>
            {p.campos.map(([etiqueta, valor]) => (
              <div key={etiqueta}>
                <dt>{etiqueta}</dt>
                <dd>{valor}</dd>
              </div>
            ))}
            {p.conArchivo ? (
              <div>
                <dt>Archivo</dt>
                <dd>Adjunto; no se puede descargar desde el sitio hasta que se publique.</dd>
              </div>
            ) : null}
          </dl>
          <p className="admin__acciones">
            <a href={`${aqui}/vista-previa`}>Ver la vista previa de la página pública</a>
            {p.editar ? <Link to={p.editar}>Editar el contenido</Link> : null}
            <Link to={`${aqui}?paso=descartar`}>Descartar</Link>
          </p>
          <section aria-labelledby="publicar-titulo" className="admin__seccion">
            <h2 id="publicar-titulo">Publicar</h2>
            <Form method="post" action={aqui} className="admin__acciones">
              <button type="submit" name="intent" value="publicar" className="btn btn-primary">
                Publicar ahora
              </button>
              {p.estado === 'programada' ? (
                <button type="submit" name="intent" value="borrador" className="btn btn-outline-primary">
                  Volver a borrador
                </button>
              ) : null}
            </Form>
          </section>
          <section aria-labelledby="fecha-titulo" className="admin__seccion">
            <h2 id="fecha-titulo">{p.estado === 'programada' ? 'Cambiar la fecha' : 'Programar'}</h2>
            <Form method="post" action={aqui} className="admin__formulario">
              <div ref={campoFecha} tabIndex={-1}>
                <FormField name="publicarEn" label="Fecha y hora de publicación" hint="Hora de Argentina." error={fecha?.error} required>
                  {(c) => <input {...c} type="datetime-local" className="form-control" defaultValue={fecha?.valor ?? p.valorFecha} />}
                </FormField>
              </div>
              <button type="submit" name="intent" value="programar" className="btn btn-primary">
                Programar para esa fecha
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  );
}

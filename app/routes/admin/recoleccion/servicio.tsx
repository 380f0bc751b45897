import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { type CampoServicio, CamposServicio, erroresServicio } from '#app/features/admin/recoleccion-campos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { createServicio, deleteServicio, updateServicio } from '#domain/recoleccion/commands.ts';
import { getZona } from '#domain/recoleccion/queries.ts';
import { bajaSchema, constructorDeLaRegla } from '#domain/recoleccion/schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import type { Route } from './+types/servicio';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * A service of a zone (docs/decisions/056-mi-calle.md): the form that adds one
 * (`/servicios/nuevo`) or edits it, with the rule builder (days and frequency) or a typed RRULE,
 * and deleting it with a confirmation step (`?paso=borrar`). Saved, back to the zone, which shows
 * the next days the rule gives.
 */

const NO_ENCONTRADO = () => data('Servicio no encontrado', { status: 404 });

async function leer(args: Route.LoaderArgs | Route.ActionArgs) {
  const slug = args.params.zona;
  const zona = /^[a-z0-9-]{1,60}$/.test(slug) ? await getZona(args.context.get(appContext).db, slug) : undefined;
  if (!zona) throw NO_ENCONTRADO();
  if (args.params.servicio === 'nuevo') return { zona, servicio: undefined };
  const servicio = zona.servicios.find((s) => String(s.id) === args.params.servicio);
  if (!servicio) throw NO_ENCONTRADO();
  return { zona, servicio };
}

async function cargar(args: Route.LoaderArgs) {
  const { zona, servicio } = await leer(args);
  const paso = servicio && new URL(args.request.url).searchParams.get('paso') === 'borrar' ? ('borrar' as const) : null;
  let valores: Partial<Record<CampoServicio, string>> = { frecuencia: 'semanal' };
  if (servicio) {
    const { frecuencia, dias } = constructorDeLaRegla(servicio.regla);
    valores = {
      nombre: servicio.nombre,
      slug: servicio.slug,
      frecuencia,
      dias: dias.join(','),
      regla: servicio.regla,
      desde: servicio.desde,
      horaDesde: servicio.horaDesde ?? '',
      horaHasta: servicio.horaHasta ?? '',
      feriado: servicio.feriado,
      guardia: servicio.guardia ?? '',
      servicioVehiculo: servicio.servicioVehiculo,
      supervisorEmail: servicio.supervisorEmail ?? '',
    };
  }
  return { zona: { slug: zona.slug, nombre: zona.nombre }, servicio: servicio ? { id: servicio.id, nombre: servicio.nombre } : null, valores, paso };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { formulario: 'servicio'; errores: Partial<Record<CampoServicio, string>>; valores: Partial<Record<CampoServicio, string>> }
  | { formulario: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const { zona, servicio } = await leer(args);
  const volver = `/admin/recoleccion/zonas/${zona.slug}`;
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página del servicio y envialo de nuevo.' });
  if (form.get('intent') === 'borrar' && servicio) {
    const leido = readForm(bajaSchema, form);
    if (!leido.ok) return fallo({ formulario: 'general', mensaje: leido.errores.confirmado ?? 'No pudimos borrar el servicio.' });
    const r = await deleteServicio(db, actor, servicio.id);
    return r.tipo === 'borrado'
      ? redirect(`${volver}?aviso=servicio-baja`, { status: 303 })
      : fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
  }
  const r = servicio ? await updateServicio(db, actor, servicio.id, form) : await createServicio(db, actor, zona.id, form);
  if (r.tipo === 'guardado') return redirect(`${volver}?aviso=servicio`, { status: 303 });
  if (r.tipo === 'invalido') return fallo({ formulario: 'servicio', errores: r.errores, valores: r.valores });
  return fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function Servicio({ loaderData, actionData }: Route.ComponentProps) {
  const { zona, servicio, valores, paso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'servicio' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel(
    [
      [formulario, resumen],
      [general, alerta],
    ],
    paso,
    pasoTitulo,
  );
  const zonaEnlace = `/admin/recoleccion/zonas/${zona.slug}`;
  const titulo = servicio ? `Servicio ${servicio.nombre}` : 'Agregar un servicio';
  const enlace = `${zonaEnlace}/servicios/${servicio ? servicio.id : 'nuevo'}`;
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}${paso ? 'Borrar ' : ''}${titulo} | ${zona.nombre} | Mi calle | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to={zonaEnlace}>Volver a la zona {zona.nombre}</Link>
      </p>
      <h1>
        {titulo} <span className="tabla-admin__detalle">en {zona.nombre}</span>
      </h1>
      <AlertaGeneral texto={general} foco={alerta} />
      {paso === 'borrar' && servicio ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            ¿Borrar el servicio {servicio.nombre} de {zona.nombre}?
          </h2>
          <p>Se borran también sus cambios puntuales y su cobertura; sus calendarios dejan de funcionar.</p>
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="borrar" className="btn btn-danger">
              Sí, borrar el servicio
            </button>
            <Link to={enlace} className="btn btn-outline-primary">
              Cancelar y volver al servicio
            </Link>
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="form-titulo" className="admin__seccion">
            <h2 id="form-titulo">{servicio ? 'Editar el servicio' : 'Datos del servicio'}</h2>
            <ErrorSummary title="Revisá el servicio" errors={erroresServicio(formulario?.errores ?? {})} ref={resumen} />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="form-titulo">
              <CamposServicio errores={formulario?.errores ?? {}} valores={formulario?.valores ?? valores} />
              <button type="submit" name="intent" value="guardar" className="btn btn-primary">
                {servicio ? 'Guardar el servicio' : 'Agregar el servicio'}
              </button>
            </Form>
          </section>
          {servicio ? (
            <section aria-labelledby="borrar-titulo" className="admin__seccion">
              <h2 id="borrar-titulo">Borrar el servicio</h2>
              <p>
                <Link to={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
                  Borrar<span className="visually-hidden"> el servicio {servicio.nombre}</span>
                </Link>
              </p>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}

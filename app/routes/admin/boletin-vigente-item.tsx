import { useEffect, useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { CamposPanel, erroresCampos } from '#app/features/admin/campos-panel.tsx';
import { NO_ENCONTRADO, idDeRuta, vistaTipo } from '#app/features/admin/panel.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { SIN_CACHE, requireStaff } from '#app/lib/sesion.server.ts';
import { ROLES_BOLETINES } from '#domain/boletines/campos.ts';
import { tipoBoletinVigente } from '#domain/boletines/vigente-admin.ts';
import { actualizarPanel, borrarPanel, obtenerPanel } from '#domain/gobierno/panel.ts';
import type { Route } from './+types/boletin-vigente-item';

/**
 * One ordinance or decree line of the current bulletin (issue 14;
 * docs/decisions/022-boletin-vigente-en-el-panel.md), the same page as one item of a Gobierno kind
 * (app/routes/admin/gobierno-item.tsx, docs/decisions/019-panel-de-gobierno.md) for editors and
 * administrators: its form, with the version it was opened at in a hidden field (a save over
 * someone else's is 409 and keeps what was typed), and the step that deletes it (`?paso=borrar`,
 * a page of its own, so it needs no JavaScript). Each change is audited by the domain and shows on
 * the public page at once.
 */

const AVISOS = {
  alta: 'Lo agregamos: la página pública ya lo muestra.',
  cambio: 'Guardamos los cambios: la página pública ya los muestra.',
  'sin-cambios': 'No había nada que cambiar.',
} as const;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as keyof typeof AVISOS] : null);

async function leerItem(args: Route.LoaderArgs | Route.ActionArgs) {
  const tipo = tipoBoletinVigente(args.params.lista);
  if (!tipo) throw NO_ENCONTRADO();
  const id = idDeRuta(args.params.id);
  const item = await obtenerPanel(args.context.get(appContext).db, tipo, id);
  if (!item) throw NO_ENCONTRADO();
  return { tipo, item };
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, ROLES_BOLETINES);
  const { tipo, item } = await leerItem(args);
  const params = new URL(args.request.url).searchParams;
  return data(
    {
      vista: vistaTipo(tipo),
      item,
      paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
      aviso: avisoDe(params.get('aviso')),
    },
    { headers: SIN_CACHE },
  );
}

type Respuesta =
  | { formulario: 'editar'; errores: Record<string, string>; valores: Record<string, string> }
  | { formulario: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string; actual: Record<string, string> }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, ROLES_BOLETINES);
  const { tipo, item } = await leerItem(args);
  const { db } = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status, headers: SIN_CACHE });
  const enlace = `/admin/boletin-vigente/${tipo.tipo}/${item.id}`;
  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página y envialo de nuevo.' });
  }
  const intent = form.get('intent');
  if (intent === 'guardar') {
    const r = await actualizarPanel(db, actor, tipo, item.id, form);
    if (r.tipo === 'guardado') throw redirect(`${enlace}?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303, headers: SIN_CACHE });
    if (r.tipo === 'invalido') return fallo({ formulario: 'editar', errores: r.errores, valores: r.valores });
    if (r.tipo === 'conflicto') return fallo({ formulario: 'conflicto', mensaje: r.mensaje, valores: r.valores, version: r.version, actual: r.actual }, 409);
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    throw NO_ENCONTRADO();
  }
  if (intent === 'borrar') {
    const r = await borrarPanel(db, actor, tipo, item.id, form.get('version'));
    if (r.tipo === 'borrado') throw redirect(`/admin/boletin-vigente?aviso=borrado#lista-${tipo.tipo}`, { status: 303, headers: SIN_CACHE });
    if (r.tipo === 'conflicto') return fallo({ formulario: 'general', mensaje: r.mensaje }, 409);
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    throw NO_ENCONTRADO();
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function BoletinVigenteItem({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, item, paso, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const editar = respuesta?.formulario === 'editar' ? respuesta : undefined;
  const conflicto = respuesta?.formulario === 'conflicto' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const hayError = respuesta !== undefined;

  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editar) resumen.current?.focus();
    else if (conflicto || general) alerta.current?.focus();
  }, [editar, conflicto, general]);

  const nombre = item.valores[vista.principal] || vista.uno;
  const enlace = `/admin/boletin-vigente/${vista.tipo}/${item.id}`;
  const valores = editar?.valores ?? conflicto?.valores ?? item.valores;
  const version = conflicto?.version ?? item.version;

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${nombre} | ${vista.titulo} | ${SITE_NAME}`}</title>
      <p className="migas">
        <a href={`/admin/boletin-vigente#lista-${vista.tipo}`}>Volver al boletín vigente</a>
      </p>
      <h1>{`${vista.titulo}: ${nombre}`}</h1>
      <p className="admin__bajada">
        {vista.descripcion} <a href={vista.rutaPublica}>Ver la página pública</a>
      </p>
      {aviso && !respuesta ? (
        <p className="aviso aviso--exito" role="status">
          {aviso}
        </p>
      ) : null}
      {general || conflicto ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={alerta}>
          {general ?? conflicto?.mensaje}
        </div>
      ) : null}

      {paso === 'borrar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo">{`¿Borrar ${nombre}?`}</h2>
          <p>La página pública deja de mostrarlo en cuanto lo borres. El registro de auditoría guarda sus datos.</p>
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="version" value={item.version} />
            <button type="submit" name="intent" value="borrar" className="btn btn-danger">
              Sí, borrar
            </button>
            <a href={enlace} className="btn btn-outline-primary">
              Cancelar
            </a>
          </Form>
        </section>
      ) : (
        <>
          {conflicto ? (
            <section aria-labelledby="actual-titulo" className="admin__seccion">
              <h2 id="actual-titulo">Cómo quedó después del cambio de la otra persona</h2>
              <dl className="mesa__datos">
                {vista.campos.map((c) => (
                  <div key={c.nombre}>
                    <dt>{c.etiqueta}</dt>
                    <dd>{conflicto.actual[c.nombre] || '—'}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">{conflicto ? 'Lo que escribiste' : 'Editar'}</h2>
            <ErrorSummary title="Revisá los datos" errors={erroresCampos(vista.campos, editar?.errores ?? {})} ref={resumen} />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="editar-titulo" key={version}>
              <input type="hidden" name="version" value={version} />
              <CamposPanel campos={vista.campos} errores={editar?.errores ?? {}} valores={valores} opciones={{}} />
              <button type="submit" name="intent" value="guardar" className="btn btn-primary">
                Guardar cambios
              </button>
            </Form>
          </section>
          <section aria-labelledby="borrar-titulo" className="admin__seccion">
            <h2 id="borrar-titulo">Borrar</h2>
            <p>
              <a href={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
                Borrar<span className="visually-hidden"> {nombre}</span>
              </a>
            </p>
          </section>
        </>
      )}
    </>
  );
}

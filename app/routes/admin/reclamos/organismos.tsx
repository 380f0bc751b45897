import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { NavCatalogo } from '#app/features/admin/reclamos-catalogo/nav.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { activarOrganismo, crearOrganismo, editarOrganismo, listOrganismos } from '#domain/reclamos/catalogo.ts';
import { type CampoOrganismo, LIMITES_CATALOGO } from '#domain/reclamos/catalogo-campos.ts';
import type { Route } from './+types/organismos';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The outside bodies a report can be derived to (Vialidad Nacional, the national park, the
 * utilities; docs/decisions/057-reclamos.md), for administrators: the list, adding one, editing one
 * as a step of the page (`?editar=id`) and taking one out of the «derivar» list or back.
 */

const ETIQUETAS: Record<CampoOrganismo, string> = { nombre: 'Nombre', email: 'Correo para los reclamos' };
const AVISOS: Record<string, string> = {
  alta: 'Agregamos el organismo: ya se le pueden derivar reclamos.',
  cambio: 'Guardamos los cambios del organismo.',
  baja: 'El organismo ya no se ofrece para derivar; los reclamos derivados antes lo conservan.',
  activado: 'El organismo se vuelve a ofrecer para derivar reclamos.',
};

async function cargar(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  const organismos = await listOrganismos(db);
  const editar = params.get('editar');
  const elegido = editar === null ? undefined : organismos.find((o) => String(o.id) === editar);
  const clave = params.get('aviso') ?? '';
  return data(
    {
      organismos: organismos.map((o) => ({ id: o.id, nombre: o.nombre, email: o.email, activo: o.activo })),
      editar: elegido ? { id: elegido.id, nombre: elegido.nombre, email: elegido.email } : null,
      mensaje: editar !== null && !elegido ? 'Ese organismo no existe: elegilo de la lista.' : null,
      aviso: Object.hasOwn(AVISOS, clave) ? AVISOS[clave]! : null,
    },
    { status: editar !== null && !elegido ? 404 : 200 },
  );
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { formulario: 'crear' | 'editar'; errores: Partial<Record<CampoOrganismo, string>>; valores: Partial<Record<CampoOrganismo, string>> }
  | { formulario: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista de organismos y probá de nuevo.' });
  const intent = form.get('intent');
  const id = Number(form.get('id'));
  const hecho = (aviso: string) => redirect(`/admin/reclamos/organismos?aviso=${aviso}`, { status: 303 });
  if (intent === 'crear' || intent === 'editar') {
    const r = intent === 'crear' ? await crearOrganismo(ctx, actor, form) : await editarOrganismo(ctx, actor, id, form);
    if (r.tipo === 'guardado') return hecho(intent === 'crear' ? 'alta' : 'cambio');
    if (r.tipo === 'invalido') return fallo({ formulario: intent, errores: r.errores, valores: r.valores });
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 404);
  }
  if (intent === 'baja' || intent === 'activar') {
    const r = await activarOrganismo(ctx, actor, id, intent === 'activar');
    return r.tipo === 'guardado' ? hecho(intent === 'activar' ? 'activado' : 'baja') : fallo({ formulario: 'general', mensaje: r.mensaje }, 404);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

const erroresDe = (errores: Partial<Record<CampoOrganismo, string>>): [string, string, string][] =>
  (Object.keys(ETIQUETAS) as CampoOrganismo[]).filter((c) => errores[c]).map((c) => [c, ETIQUETAS[c], errores[c]!]);

function Campos({ errores, valores }: { errores: Partial<Record<CampoOrganismo, string>>; valores: Partial<Record<CampoOrganismo, string>> }) {
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="nombre" label={ETIQUETAS.nombre} error={errores.nombre} required>
        {(c) => <input {...c} className="form-control" maxLength={LIMITES_CATALOGO.nombre} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField name="email" label={ETIQUETAS.email} error={errores.email} required hint="Adonde se envía cada reclamo derivado a este organismo.">
        {(c) => <input {...c} type="email" className="form-control" maxLength={254} autoComplete="off" spellCheck={false} defaultValue={valores.email ?? ''} />}
      </FormField>
    </>
  );
}

export default function Organismos({ loaderData, actionData }: Route.ComponentProps) {
  const { organismos, editar, mensaje, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta && respuesta.formulario !== 'general' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : mensaje;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [formulario, resumen],
    [general && (respuesta ?? general), alerta],
    [aviso, estado],
  ]);
  const enEdicion = editar && (!formulario || formulario.formulario === 'editar');
  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}Reclamos: organismos | ${SITE_NAME}`}</title>
      <h1>Reclamos: organismos</h1>
      <p className="admin__bajada">
        Los organismos de afuera del municipio a los que se deriva un reclamo: reciben el reclamo por correo y quien reclamó ve en la página del reclamo a quién
        se derivó.
      </p>
      <NavCatalogo actual="organismos" />
      <AvisoHecho texto={respuesta || general ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />
      {enEdicion ? (
        <section aria-labelledby="editar-titulo" className="admin__seccion">
          <h2 id="editar-titulo">Editar «{editar.nombre}»</h2>
          <ErrorSummary title="Revisá el organismo" errors={erroresDe(formulario?.errores ?? {})} ref={resumen} />
          <Form method="post" className="admin__formulario" noValidate aria-labelledby="editar-titulo">
            <input type="hidden" name="id" value={editar.id} />
            <Campos errores={formulario?.errores ?? {}} valores={formulario?.valores ?? editar} />
            <div className="admin__acciones">
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar cambios
              </button>
              <Link to="/admin/reclamos/organismos" className="btn btn-outline-primary">
                Cancelar
              </Link>
            </div>
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="lista-titulo" className="admin__seccion">
            <h2 id="lista-titulo">Organismos</h2>
            {organismos.length > 0 ? (
              <DataTable
                caption="Los organismos a los que se derivan reclamos"
                className="tabla-admin tabla-apilada"
                columns={['Organismo', 'Correo', 'Estado', 'Acciones']}
                rows={organismos}
                rowKey={(o) => o.id}
                cells={(o) => [
                  o.nombre,
                  o.email,
                  o.activo ? 'Se ofrece' : 'Dado de baja',
                  <Form method="post" className="admin__acciones-fila">
                    <input type="hidden" name="id" value={o.id} />
                    <Link to={`/admin/reclamos/organismos?editar=${o.id}`}>
                      Editar<span className="visually-hidden"> {o.nombre}</span>
                    </Link>
                    <button type="submit" name="intent" value={o.activo ? 'baja' : 'activar'} className="btn btn-link btn-sm">
                      {o.activo ? 'Dar de baja' : 'Volver a ofrecer'}
                      <span className="visually-hidden"> {o.nombre}</span>
                    </button>
                  </Form>,
                ]}
              />
            ) : (
              <p>Todavía no hay organismos: agregá el primero con el formulario de abajo.</p>
            )}
          </section>
          <section aria-labelledby="agregar-titulo" className="admin__seccion">
            <h2 id="agregar-titulo">Agregar un organismo</h2>
            <ErrorSummary title="Revisá el organismo" errors={erroresDe(formulario?.errores ?? {})} ref={resumen} />
            <Form method="post" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
              <Campos errores={formulario?.errores ?? {}} valores={formulario?.valores ?? {}} />
              <button type="submit" name="intent" value="crear" className="btn btn-primary">
                Agregar el organismo
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  );
}

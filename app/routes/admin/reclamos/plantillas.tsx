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
import { borrarPlantilla, crearPlantilla, editarPlantilla, listPlantillas } from '#domain/reclamos/catalogo.ts';
import { type CampoPlantilla, LIMITES_CATALOGO, MARCADORES_PLANTILLA } from '#domain/reclamos/catalogo-campos.ts';
import { ETIQUETAS_ESTADO } from '#domain/reclamos/etiquetas.ts';
import { puede } from '#domain/shared/permisos.ts';
import type { Route } from './+types/plantillas';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The answer templates of reports, per state (docs/decisions/057-reclamos.md), for the desk, editors
 * and administrators: the list by state, adding one, and editing (`?editar=id`) or deleting
 * (`?borrar=id`, a confirmation step) as steps of the page, without JavaScript.
 */

const ETIQUETAS: Record<CampoPlantilla, string> = { estado: 'Estado', nombre: 'Nombre', texto: 'Texto de la respuesta' };
const AVISOS: Record<string, string> = {
  alta: 'Agregamos la plantilla: ya se puede elegir al responder un reclamo.',
  cambio: 'Guardamos los cambios de la plantilla.',
  baja: 'Borramos la plantilla; las respuestas ya dadas con ella no cambian.',
};
const MARCADORES = MARCADORES_PLANTILLA.map((m) => `{${m}}`).join(', ');

async function cargar(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const actor = actorPanel(args.context);
  const params = new URL(args.request.url).searchParams;
  const plantillas = await listPlantillas(db);
  const paso = params.has('borrar') ? 'borrar' : params.has('editar') ? 'editar' : null;
  const elegida = paso ? plantillas.find((p) => String(p.id) === params.get(paso)) : undefined;
  const clave = params.get('aviso') ?? '';
  return data(
    {
      catalogo: puede(actor, 'reclamosCatalogo'),
      plantillas: plantillas.map((p) => ({ id: p.id, estado: p.estado, estadoTexto: ETIQUETAS_ESTADO[p.estado], nombre: p.nombre, texto: p.texto })),
      paso: paso && elegida ? { tipo: paso, plantilla: { id: elegida.id, estado: elegida.estado, nombre: elegida.nombre, texto: elegida.texto } } : null,
      mensaje: paso && !elegida ? 'Esa plantilla no existe: elegila de la lista.' : null,
      aviso: Object.hasOwn(AVISOS, clave) ? AVISOS[clave]! : null,
    },
    { status: paso && !elegida ? 404 : 200 },
  );
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { formulario: 'crear' | 'editar'; errores: Partial<Record<CampoPlantilla, string>>; valores: Partial<Record<CampoPlantilla, string>> }
  | { formulario: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista de plantillas y probá de nuevo.' });
  const intent = form.get('intent');
  const id = Number(form.get('id'));
  const hecho = (aviso: string) => redirect(`/admin/reclamos/plantillas?aviso=${aviso}`, { status: 303 });
  if (intent === 'crear' || intent === 'editar') {
    const r = intent === 'crear' ? await crearPlantilla(ctx, actor, form) : await editarPlantilla(ctx, actor, id, form);
    if (r.tipo === 'guardado') return hecho(intent === 'crear' ? 'alta' : 'cambio');
    if (r.tipo === 'invalido') return fallo({ formulario: intent, errores: r.errores, valores: r.valores });
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 404);
  }
  if (intent === 'borrar') {
    const r = await borrarPlantilla(ctx, actor, id);
    return r.tipo === 'borrado' ? hecho('baja') : fallo({ formulario: 'general', mensaje: r.mensaje }, 404);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

const erroresDe = (errores: Partial<Record<CampoPlantilla, string>>): [string, string, string][] =>
  (Object.keys(ETIQUETAS) as CampoPlantilla[]).filter((c) => errores[c]).map((c) => [c, ETIQUETAS[c], errores[c]!]);

function Campos({ errores, valores }: { errores: Partial<Record<CampoPlantilla, string>>; valores: Partial<Record<CampoPlantilla, string>> }) {
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="estado" label={ETIQUETAS.estado} error={errores.estado} required hint="La plantilla se ofrece al pasar un reclamo a este estado.">
        {(c) => (
          <select {...c} className="form-select" defaultValue={valores.estado ?? ''}>
            <option value="">Elegí el estado</option>
            {(Object.keys(ETIQUETAS_ESTADO) as (keyof typeof ETIQUETAS_ESTADO)[]).map((e) => (
              <option key={e} value={e}>
                {ETIQUETAS_ESTADO[e]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField name="nombre" label={ETIQUETAS.nombre} error={errores.nombre} required hint="Para reconocerla en la lista, por ejemplo «Bache tapado».">
        {(c) => <input {...c} className="form-control" maxLength={LIMITES_CATALOGO.nombre} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField name="texto" label={ETIQUETAS.texto} error={errores.texto} required hint={`Se publica en la página del reclamo. Podés usar ${MARCADORES}.`}>
        {(c) => <textarea {...c} className="form-control" rows={5} maxLength={LIMITES_CATALOGO.texto} defaultValue={valores.texto ?? ''} />}
      </FormField>
    </>
  );
}

export default function Plantillas({ loaderData, actionData }: Route.ComponentProps) {
  const { plantillas, paso, mensaje, aviso, catalogo } = loaderData;
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
  const volver = (
    <Link to="/admin/reclamos/plantillas" className="btn btn-outline-primary">
      Cancelar
    </Link>
  );
  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}Reclamos: plantillas de respuesta | ${SITE_NAME}`}</title>
      <h1>Reclamos: plantillas de respuesta</h1>
      <p className="admin__bajada">Textos listos para responder un reclamo al cambiar su estado. Se completan con los datos de cada reclamo: {MARCADORES}.</p>
      <NavCatalogo actual="plantillas" soloPlantillas={!catalogo} />
      <AvisoHecho texto={respuesta || general ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />
      {paso?.tipo === 'borrar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo">¿Borrar la plantilla «{paso.plantilla.nombre}»?</h2>
          <p>Deja de ofrecerse al responder; las respuestas ya dadas con ella no cambian.</p>
          <Form method="post" className="admin__acciones">
            <input type="hidden" name="id" value={paso.plantilla.id} />
            <button type="submit" name="intent" value="borrar" className="btn btn-danger">
              Sí, borrar la plantilla
            </button>
            {volver}
          </Form>
        </section>
      ) : paso?.tipo === 'editar' && (!formulario || formulario.formulario === 'editar') ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion">
          <h2 id="paso-titulo">Editar la plantilla «{paso.plantilla.nombre}»</h2>
          <ErrorSummary title="Revisá la plantilla" errors={erroresDe(formulario?.errores ?? {})} ref={resumen} />
          <Form method="post" className="admin__formulario" noValidate aria-labelledby="paso-titulo">
            <input type="hidden" name="id" value={paso.plantilla.id} />
            <Campos errores={formulario?.errores ?? {}} valores={formulario?.valores ?? paso.plantilla} />
            <div className="admin__acciones">
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar cambios
              </button>
              {volver}
            </div>
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="lista-titulo" className="admin__seccion">
            <h2 id="lista-titulo">Plantillas</h2>
            {plantillas.length > 0 ? (
              <DataTable
                caption="Las plantillas de respuesta, por estado"
                className="tabla-admin tabla-apilada"
                columns={['Estado', 'Nombre', 'Texto', 'Acciones']}
                rows={plantillas}
                rowKey={(p) => p.id}
                cells={(p) => [
                  p.estadoTexto,
                  p.nombre,
                  p.texto,
                  <span className="admin__acciones-fila">
                    <Link to={`/admin/reclamos/plantillas?editar=${p.id}`}>
                      Editar<span className="visually-hidden"> la plantilla {p.nombre}</span>
                    </Link>
                    <Link to={`/admin/reclamos/plantillas?borrar=${p.id}`}>
                      Borrar<span className="visually-hidden"> la plantilla {p.nombre}</span>
                    </Link>
                  </span>,
                ]}
              />
            ) : (
              <p>Todavía no hay plantillas: agregá la primera con el formulario de abajo.</p>
            )}
          </section>
          <section aria-labelledby="agregar-titulo" className="admin__seccion">
            <h2 id="agregar-titulo">Agregar una plantilla</h2>
            <ErrorSummary title="Revisá la plantilla" errors={erroresDe(formulario?.errores ?? {})} ref={resumen} />
            <Form method="post" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
              <Campos errores={formulario?.errores ?? {}} valores={formulario?.valores ?? {}} />
              <button type="submit" name="intent" value="crear" className="btn btn-primary">
                Agregar la plantilla
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  );
}

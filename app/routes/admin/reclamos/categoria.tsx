import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import {
  CamposCategoria,
  type ValoresCategoria,
  erroresCategoria,
  filasDe,
  filasDelFormulario,
} from '#app/features/admin/reclamos-catalogo/campos-categoria.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { crearCategoria, editarCategoria, getCategoria, listAreasParaCategorias } from '#domain/reclamos/catalogo.ts';
import type { CampoCategoria } from '#domain/reclamos/catalogo-campos.ts';
import type { Route } from './+types/categoria';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * One report category, new (`/admin/reclamos/categorias/nueva`) or to edit (`…/categorias/:id`):
 * its fields and its extra questions as rows of plain fields (docs/decisions/057-reclamos.md).
 * Saving answers 303 to the list.
 */

const idDe = (params: Route.LoaderArgs['params']) =>
  'id' in params && typeof params.id === 'string' && /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;

async function cargar(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const areas = await listAreasParaCategorias(db);
  if (!('id' in args.params)) return { areas, categoria: null };
  const id = idDe(args.params);
  const c = id === null ? undefined : await getCategoria(db, id);
  if (!c) throw data('Esa categoría no existe: volvé a la lista de categorías.', { status: 404 });
  const valores: ValoresCategoria = {
    nombre: c.nombre,
    codigo: c.codigo,
    grupo: c.grupo,
    descripcion: c.descripcion,
    aviso: c.aviso,
    radioDuplicadosM: String(c.radioDuplicadosM),
    plazoDiasHabiles: String(c.plazoDiasHabiles),
    areaId: c.areaId === null ? '' : String(c.areaId),
    servicioVehiculo: c.servicioVehiculo ?? 'ninguno',
    filas: filasDe(c.preguntas),
  };
  return { areas, categoria: { id: c.id, nombre: c.nombre, activa: c.activa, valores } };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta = { errores: Partial<Record<CampoCategoria, string>>; valores: ValoresCategoria } | { mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const form = await readFormData(args.request);
  if (!form) return data<Respuesta>({ mensaje: 'No pudimos leer el formulario: volvé a cargar la página y envialo de nuevo.' }, { status: 400 });
  const nueva = !('id' in args.params);
  const id = idDe(args.params);
  const r = nueva ? await crearCategoria(ctx, actor, form) : await editarCategoria(ctx, actor, id ?? 0, form);
  if (r.tipo === 'guardado') return redirect(`/admin/reclamos/categorias?aviso=${nueva ? 'alta' : 'cambio'}`, { status: 303 });
  if (r.tipo === 'invalido') return data<Respuesta>({ errores: r.errores, valores: { ...r.valores, filas: filasDelFormulario(form) } }, { status: 400 });
  return data<Respuesta>({ mensaje: r.mensaje }, { status: 404 });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function CategoriaReclamo({ loaderData, actionData }: Route.ComponentProps) {
  const { areas, categoria } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta && 'errores' in respuesta ? respuesta : undefined;
  const general = respuesta && 'mensaje' in respuesta ? respuesta.mensaje : null;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [formulario, resumen],
    [general && respuesta, alerta],
  ]);
  const titulo = categoria ? `Editar la categoría «${categoria.nombre}»` : 'Agregar una categoría de reclamos';
  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}${titulo} | ${SITE_NAME}`}</title>
      <p>
        <Link to="/admin/reclamos/categorias">Volver a las categorías</Link>
      </p>
      <h1 id="titulo">{titulo}</h1>
      {categoria && !categoria.activa ? <p className="aviso">Esta categoría no se ofrece al reclamar: se vuelve a ofrecer desde la lista.</p> : null}
      <AlertaGeneral texto={general} foco={alerta} />
      <ErrorSummary title="Revisá la categoría" errors={erroresCategoria(formulario?.errores ?? {})} ref={resumen} />
      <Form method="post" className="admin__formulario" noValidate aria-labelledby="titulo">
        <CamposCategoria errores={formulario?.errores ?? {}} valores={formulario?.valores ?? categoria?.valores ?? {}} areas={areas} />
        <div className="admin__acciones">
          <button type="submit" className="btn btn-primary">
            {categoria ? 'Guardar cambios' : 'Agregar la categoría'}
          </button>
          <Link to="/admin/reclamos/categorias" className="btn btn-outline-primary">
            Cancelar
          </Link>
        </div>
      </Form>
    </>
  );
}

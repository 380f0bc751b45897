import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { NavCatalogo } from '#app/features/admin/reclamos-catalogo/nav.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { activarCategoria, listAreasParaCategorias, listCategorias, moverCategoria } from '#domain/reclamos/catalogo.ts';
import { ETIQUETAS_SERVICIO } from '#domain/reclamos/catalogo-campos.ts';
import type { Route } from './+types/categorias';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The report categories (docs/decisions/057-reclamos.md), for administrators: every category in the
 * order citizens see them, moved up or down and offered or not with one button each (forms, no
 * JavaScript), and the link to add one.
 */

const AVISOS: Record<string, string> = {
  alta: 'Agregamos la categoría: ya se puede elegir al reclamar.',
  cambio: 'Guardamos los cambios de la categoría.',
  orden: 'Cambiamos el orden de las categorías.',
  activada: 'La categoría se vuelve a ofrecer al reclamar.',
  desactivada: 'La categoría ya no se ofrece al reclamar; sus reclamos siguen como estaban.',
};

async function cargar(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const [categorias, areas] = await Promise.all([listCategorias(db), listAreasParaCategorias(db)]);
  const clave = new URL(args.request.url).searchParams.get('aviso') ?? '';
  return {
    aviso: Object.hasOwn(AVISOS, clave) ? AVISOS[clave]! : null,
    categorias: categorias.map((c) => ({
      id: c.id,
      codigo: c.codigo,
      nombre: c.nombre,
      grupo: c.grupo,
      activa: c.activa,
      plazo: c.plazoDiasHabiles,
      area: areas.find((a) => a.id === c.areaId)?.nombre ?? null,
      servicio: c.servicioVehiculo ? ETIQUETAS_SERVICIO[c.servicioVehiculo] : null,
      preguntas: c.preguntas.length,
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta = { mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = (mensaje: string, status = 400) => data<Respuesta>({ mensaje }, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo('No pudimos leer el formulario: volvé a la lista de categorías y probá de nuevo.');
  const id = Number(form.get('id'));
  const intent = form.get('intent');
  if (intent === 'arriba' || intent === 'abajo') {
    const r = await moverCategoria(ctx, actor, id, intent);
    return r.tipo === 'guardado' ? redirect('/admin/reclamos/categorias?aviso=orden', { status: 303 }) : fallo(r.mensaje);
  }
  if (intent === 'activar' || intent === 'desactivar') {
    const r = await activarCategoria(ctx, actor, id, intent === 'activar');
    return r.tipo === 'guardado'
      ? redirect(`/admin/reclamos/categorias?aviso=${intent === 'activar' ? 'activada' : 'desactivada'}`, { status: 303 })
      : fallo(r.mensaje);
  }
  return fallo('No entendimos qué querías hacer: usá los botones de la lista.');
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function Categorias({ loaderData, actionData }: Route.ComponentProps) {
  const { categorias, aviso } = loaderData;
  const general = (actionData as Respuesta | undefined)?.mensaje ?? null;
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [general && actionData, alerta],
    [aviso, estado],
  ]);
  return (
    <>
      <title>{`${general ? 'Error: ' : ''}Reclamos: categorías | ${SITE_NAME}`}</title>
      <h1>Reclamos: categorías</h1>
      <p className="admin__bajada">
        Las categorías son los tipos de problema que se pueden reclamar, en el orden en que se ofrecen. Cada una tiene su plazo, su área y, si hace falta, un
        aviso y preguntas extra. Su código es el service_code de Open311.
      </p>
      <NavCatalogo actual="categorias" />
      <AvisoHecho texto={general ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />
      <p>
        <Link to="/admin/reclamos/categorias/nueva" className="btn btn-primary">
          Agregar una categoría
        </Link>
      </p>
      <section aria-labelledby="lista-titulo" className="admin__seccion">
        <h2 id="lista-titulo">Categorías</h2>
        {categorias.length > 0 ? (
          <DataTable
            caption="Las categorías de reclamos, en el orden en que se ofrecen"
            className="tabla-admin tabla-apilada"
            columns={['Categoría', 'Grupo', 'Plazo', 'Área', 'Estado', 'Acciones']}
            rows={categorias}
            rowKey={(c) => c.id}
            cells={(c) => [
              <>
                <Link to={`/admin/reclamos/categorias/${c.id}`}>{c.nombre}</Link> <code>{c.codigo}</code>
                {c.preguntas > 0 ? ` (${c.preguntas === 1 ? '1 pregunta' : `${c.preguntas} preguntas`})` : null}
                {c.servicio ? ` · ${c.servicio}` : null}
              </>,
              c.grupo || 'Sin grupo',
              `${c.plazo} ${c.plazo === 1 ? 'día hábil' : 'días hábiles'}`,
              c.area ?? 'Sin área',
              c.activa ? 'Se ofrece' : 'No se ofrece',
              <Form method="post" className="admin__acciones-fila">
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" name="intent" value="arriba" className="btn btn-link btn-sm">
                  Subir<span className="visually-hidden"> {c.nombre}</span>
                </button>
                <button type="submit" name="intent" value="abajo" className="btn btn-link btn-sm">
                  Bajar<span className="visually-hidden"> {c.nombre}</span>
                </button>
                <button type="submit" name="intent" value={c.activa ? 'desactivar' : 'activar'} className="btn btn-link btn-sm">
                  {c.activa ? 'Dejar de ofrecer' : 'Volver a ofrecer'}
                  <span className="visually-hidden"> {c.nombre}</span>
                </button>
              </Form>,
            ]}
          />
        ) : (
          <p>Todavía no hay categorías: agregá la primera.</p>
        )}
      </section>
    </>
  );
}

import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { CamposPanel, erroresCampos } from '#app/features/admin/campos-panel.tsx';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { idDeRuta, tipoDeRuta, vistaTipo } from '#app/features/admin/panel.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import {
  type FiltrosPanel,
  POR_PAGINA_PANEL,
  actualUnico,
  createPanel,
  filtrosPanelSchema,
  listPanel,
  moverPanel,
  opcionesReferencia,
  ordenesDe,
} from '#domain/gobierno/panel.ts';
import { readForm } from '#domain/shared/form.ts';
import type { Route } from './+types/gobierno-tipo';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { ControlesPublicacion, type ValoresControles, resumenFecha } from '#app/features/admin/publicacion-controles.tsx';
import { guardarSiPendiente } from '#app/features/admin/publicacion.server.ts';

/**
 * One kind of the Gobierno pages (docs/decisions/019-panel-de-gobierno.md), for
 * editors and administrators: its items searched, sorted and 25 a page, each with its «Subir» and
 * «Bajar» when the public page follows their order, and the form that adds one. A kind with one
 * current item (the executive, the council's presidency) goes straight to that item's form. The
 * search is a GET form; adding and moving are POSTs that work without JavaScript.
 */

const AVISOS = {
  movido: 'Cambiamos el orden: la página pública ya lo muestra así.',
  borrado: 'Borramos el elemento: la página pública ya no lo muestra.',
} as const;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as keyof typeof AVISOS] : null);

type CampoFiltro = 'texto' | 'pagina' | 'orden' | 'sentido';
const ETIQUETAS_FILTRO: Record<CampoFiltro, string> = { texto: 'Buscar', pagina: 'Página', orden: 'Ordenar por', sentido: 'Sentido' };

export async function loader(args: Route.LoaderArgs) {
  const tipo = tipoDeRuta(args.params.tipo);
  const { db } = args.context.get(appContext);
  if (tipo.unico) {
    const id = await actualUnico(db, tipo);
    if (id !== undefined) throw redirect(`/admin/gobierno/${tipo.tipo}/${id}`);
  }
  const params = new URL(args.request.url).searchParams;
  const leido = readForm(filtrosPanelSchema, params, { largo: 120 });
  const comun = {
    vista: vistaTipo(tipo),
    opciones: await opcionesReferencia(db, tipo),
    ordenes: ordenesDe(tipo),
    porPagina: POR_PAGINA_PANEL,
    aviso: avisoDe(params.get('aviso')),
  };
  if (!leido.ok) {
    return data(
      { ...comun, ok: false as const, errores: leido.errores, valores: leido.valores, items: [], total: 0, filtros: { pagina: 1 } as FiltrosPanel },
      { status: 400 },
    );
  }
  const { items, total } = await listPanel(db, tipo, leido.datos);
  return { ...comun, ok: true as const, errores: {} as Partial<Record<CampoFiltro, string>>, valores: leido.valores, items, total, filtros: leido.datos };
}

type Respuesta =
  | { formulario: 'crear'; errores: Record<string, string>; valores: Record<string, string>; controles?: ValoresControles }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const tipo = tipoDeRuta(args.params.tipo);
  const ctx = args.context.get(appContext);
  const { db } = ctx;
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'crear') {
    // A draft or a scheduled new item (docs/decisions/053-borradores-y-publicacion-programada.md): kept apart until it is published.
    const campos = tipo.campos.map((c) => c.nombre);
    const p = await guardarSiPendiente(ctx, actor, form, { tipo: `gobierno-${tipo.tipo}`, entidadId: null, campos });
    if (p?.respuesta.general) return fallo({ formulario: 'general', mensaje: p.respuesta.general }, p.status);
    if (p) return fallo({ formulario: 'crear', errores: p.respuesta.errores, valores: p.respuesta.valores, controles: p.respuesta.controles }, p.status);
    const r = await createPanel(db, actor, tipo, form);
    if (r.tipo === 'guardado') throw redirect(`/admin/gobierno/${tipo.tipo}/${r.id}?aviso=alta`, { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'crear', errores: r.errores, valores: r.valores });
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    return fallo({ formulario: 'general', mensaje: 'No pudimos agregarlo: volvé a intentarlo.' });
  }
  if (intent === 'subir' || intent === 'bajar') {
    const id = idDeRuta(String(form.get('id') ?? ''));
    const r = await moverPanel(db, actor, tipo, id, intent);
    if (r.tipo === 'prohibido') return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
    if (r.tipo === 'no_encontrado') return fallo({ formulario: 'general', mensaje: 'Ese elemento ya no existe: puede que otra persona lo haya borrado.' }, 404);
    const volver = new URL(args.request.url).searchParams;
    volver.set('aviso', 'movido');
    throw redirect(`/admin/gobierno/${tipo.tipo}?${volver}#fila-${id}`, { status: 303 });
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function GobiernoTipo({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, opciones, ordenes, porPagina, aviso, ok, errores, valores, items, total, filtros } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'crear' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const erroresFiltro = (Object.entries(errores) as [CampoFiltro, string][]).map(([c, m]) => [c, ETIQUETAS_FILTRO[c], m] as [string, string, string]);

  const resumenFiltros = useRef<HTMLDivElement>(null);
  const resumenAlta = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  // The form's answer and the filters' errors come apart (from the form, from the address): two
  // rules, in this order, so when both move at once the filters' summary wins. Each load of bad
  // filters is new `valores`: searching again with errors moves the focus again.
  useFocoDelPanel([
    [formulario, resumenAlta],
    [general, alerta],
  ]);
  useFocoDelPanel([[!ok && valores, resumenFiltros]]);

  const base = `/admin/gobierno/${vista.tipo}`;
  const consulta = (p?: number) => {
    const q = new URLSearchParams();
    if (filtros.texto) q.set('texto', filtros.texto);
    if (filtros.orden) q.set('orden', filtros.orden);
    if (filtros.sentido) q.set('sentido', filtros.sentido);
    if (p !== undefined) q.set('pagina', String(p));
    return q;
  };
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const etiquetaDe = (nombre: string) => vista.campos.find((c) => c.nombre === nombre)?.etiqueta ?? nombre;
  const columnas = vista.campos.filter((c) => c.enLista);
  const mostrar = (nombre: string, valor: string) => {
    const campo = vista.campos.find((c) => c.nombre === nombre)!;
    if (campo.tipo === 'referencia') return (opciones[nombre] ?? []).find(([id]) => String(id) === valor)?.[1] ?? '—';
    if (campo.tipo === 'opcion') return campo.opciones?.find(([v]) => v === valor)?.[1] ?? valor;
    return valor || '—';
  };
  const hayError = !ok || formulario !== undefined || general !== null;
  const buscando = Boolean(filtros.texto);
  const ordenManual = vista.ordenable && !buscando && !(filtros.orden && filtros.orden !== 'orden');

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${vista.titulo} | Gobierno | ${SITE_NAME}`}</title>
      <p className="migas">
        <a href="/admin/gobierno">Volver a Gobierno</a>
      </p>
      <h1>{vista.titulo}</h1>
      <p className="admin__bajada">
        {vista.descripcion} <a href={vista.rutaPublica}>Ver la página pública</a>
      </p>
      <AvisoHecho texto={respuesta ? null : aviso} />
      <AlertaGeneral texto={general} foco={alerta} />

      {vista.unico ? null : (
        <>
          <ErrorSummary title="Revisá la búsqueda" errors={erroresFiltro} ref={resumenFiltros} />
          <Form method="get" className="admin__filtros" aria-label={`Buscar en ${vista.titulo}`} noValidate>
            <FormField name="texto" label={ETIQUETAS_FILTRO.texto} error={errores.texto}>
              {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.texto ?? ''} maxLength={100} autoComplete="off" />}
            </FormField>
            <FormField name="orden" label={ETIQUETAS_FILTRO.orden} error={errores.orden}>
              {(control) => (
                <select {...control} className="form-select" defaultValue={valores.orden ?? ''}>
                  {ordenes.map((o) => (
                    <option key={o} value={o === 'orden' ? '' : o}>
                      {o === 'orden' ? 'El orden de la página pública' : etiquetaDe(o)}
                    </option>
                  ))}
                  {vista.ordenable ? null : <option value="">Los más nuevos primero</option>}
                </select>
              )}
            </FormField>
            <FormField name="sentido" label={ETIQUETAS_FILTRO.sentido} error={errores.sentido}>
              {(control) => (
                <select {...control} className="form-select" defaultValue={valores.sentido ?? ''}>
                  <option value="">Ascendente</option>
                  <option value="desc">Descendente</option>
                </select>
              )}
            </FormField>
            <PieDeFiltros base={base} pagina={{ etiqueta: ETIQUETAS_FILTRO.pagina, error: errores.pagina, valor: valores.pagina }} />
          </Form>

          {ok ? (
            <section aria-labelledby="lista-titulo" className="admin__seccion">
              <h2 id="lista-titulo">Lista</h2>
              <p aria-live="polite">{total === 1 ? '1 elemento' : `${total} elementos`}</p>
              {items.length > 0 ? (
                <DataTable
                  caption={ordenManual ? `${vista.titulo}, en el orden de la página pública` : vista.titulo}
                  className="tabla-admin tabla-admin--ancha"
                  columns={[...columnas.map((c) => c.etiqueta), 'Acciones']}
                  rows={items}
                  rowKey={(i) => i.id}
                  cells={(i) => [
                    ...columnas.map((c) =>
                      c.nombre === vista.principal ? (
                        <a href={`${base}/${i.id}`} className="tabla-admin__principal" id={`fila-${i.id}`}>
                          {mostrar(c.nombre, i.valores[c.nombre] ?? '')}
                        </a>
                      ) : (
                        mostrar(c.nombre, i.valores[c.nombre] ?? '')
                      ),
                    ),
                    <div className="admin__acciones">
                      <a href={`${base}/${i.id}`} className="btn btn-sm btn-outline-primary">
                        Editar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                      </a>
                      {ordenManual ? (
                        <Form method="post" action={`${base}?${consulta(filtros.pagina)}`}>
                          <input type="hidden" name="id" value={i.id} />
                          <button type="submit" name="intent" value="subir" className="btn btn-sm btn-outline-secondary" disabled={i.primero}>
                            Subir<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                          </button>{' '}
                          <button type="submit" name="intent" value="bajar" className="btn btn-sm btn-outline-secondary" disabled={i.ultimo}>
                            Bajar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                          </button>
                        </Form>
                      ) : null}
                      <a href={`${base}/${i.id}?paso=borrar`} className="btn btn-sm btn-outline-danger">
                        Borrar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                      </a>
                    </div>,
                  ]}
                />
              ) : (
                <p>{buscando ? 'No hay resultados con esa búsqueda.' : 'Todavía no hay ninguno: agregá el primero con el formulario de abajo.'}</p>
              )}
              {vista.ordenable && !ordenManual ? (
                <p className="campo__ayuda">Para cambiar el orden, quitá la búsqueda y ordená por el orden de la página pública.</p>
              ) : null}
              <Paginas etiqueta={`Páginas de ${vista.titulo}`} pagina={filtros.pagina} paginas={paginas} enlace={(p) => `${base}?${consulta(p)}`} />
            </section>
          ) : null}
        </>
      )}

      <section aria-labelledby="agregar-titulo" className="admin__seccion">
        <h2 id="agregar-titulo">{vista.unico ? `Cargar ${vista.nuevo}` : `Agregar ${vista.nuevo}`}</h2>
        <ErrorSummary
          title="Revisá los datos"
          errors={[...erroresCampos(vista.campos, formulario?.errores ?? {}, 'nuevo-'), ...resumenFecha(formulario?.errores.publicarEn, 'nuevo-')]}
          ref={resumenAlta}
        />
        <Form method="post" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
          <CamposPanel campos={vista.campos} errores={formulario?.errores ?? {}} valores={formulario?.valores ?? {}} opciones={opciones} prefijo="nuevo-" />
          <ControlesPublicacion valores={formulario?.controles ?? {}} error={formulario?.errores.publicarEn} prefijo="nuevo-" />
          <button type="submit" name="intent" value="crear" className="btn btn-primary">
            {vista.unico ? 'Guardar' : 'Agregar'}
          </button>
        </Form>
      </section>
    </>
  );
}

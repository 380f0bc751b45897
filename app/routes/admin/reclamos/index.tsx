import { useRef } from 'react';
import { Form, Link, data } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { type CampoFiltro, CAMPOS_FILTRO, ESTADOS_FILTRO, ETIQUETAS_FILTRO, ETIQUETA_ESTADO_FILTRO } from '#app/features/admin/reclamos-mesa/campos.ts';
import { leerFiltros, opcionesDeLaMesa, relojesEnPalabras } from '#app/features/admin/reclamos-mesa/cola.server.ts';
import { instante } from '#app/features/mesa/formato.server.ts';
import { MarcaPlazo } from '#app/features/mesa/marca-plazo.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { colaReclamos } from '#domain/reclamos/cola.ts';
import { formatInteger } from '#domain/shared/formato.ts';
import type { Route } from './+types/index';

/**
 * The staff's queue of citizen reports (docs/decisions/057-reclamos.md): the desk, editors and
 * administration. Filters in the address (a GET form), the most urgent first, each open report's
 * clock in business days said in words, a page at a time; the same filters export the CSV and
 * open the heat map. The reporter is never listed.
 */

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const leido = leerFiltros(new URL(args.request.url).searchParams, actor);
  const opciones = await opcionesDeLaMesa(ctx.db);
  const base = { valores: leido.valores, errores: leido.errores, hayFiltros: leido.hayFiltros, enlace: leido.enlace, opciones };
  if (Object.keys(leido.errores).length > 0) return data({ ...base, items: [], total: 0, pagina: 1, paginas: 1 }, { status: 400 });
  const ahora = ctx.clock.now();
  const [cola, reloj] = await Promise.all([colaReclamos(ctx.db, leido.filtros, ahora, leido.pagina), relojesEnPalabras(ctx.db, ahora)]);
  return data({
    ...base,
    items: cola.items.map((r) => ({
      codigo: r.codigo,
      categoria: r.categoria,
      lugar: [r.direccion, r.barrio].filter((t) => t !== '').join(', '),
      estadoEtiqueta: r.estadoEtiqueta,
      oculto: r.oculto,
      recibido: instante(r.createdAt),
      asignado: [r.area, r.asignadoNombre].filter((t): t is string => !!t).join(' · '),
      organismo: r.organismo,
      reloj: reloj(r.plazo),
    })),
    total: cola.total,
    pagina: cola.pagina,
    paginas: Math.max(1, Math.ceil(cola.total / cola.porPagina)),
  });
}

export const headers = privateDataHeaders;

export default function ColaDeReclamos({ loaderData }: Route.ComponentProps) {
  const { valores, errores, items, total, pagina, paginas, hayFiltros, enlace, opciones } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  const listaErrores = CAMPOS_FILTRO.flatMap((c: CampoFiltro) => (errores[c] ? [[c, ETIQUETAS_FILTRO[c], errores[c]] as [string, string, string]] : []));
  const hayErrores = listaErrores.length > 0;
  useFocoDelPanel([[hayErrores && errores, resumen]]);
  const select = (name: CampoFiltro, todas: string, lista: { valor: string; texto: string }[]) => (
    <FormField name={name} label={ETIQUETAS_FILTRO[name]} error={errores[name]}>
      {(control) => (
        <select {...control} className="form-select" defaultValue={valores[name] ?? ''}>
          <option value="">{todas}</option>
          {lista.map((o) => (
            <option key={o.valor} value={o.valor}>
              {o.texto}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const conFiltros = (ruta: string) => (enlace ? `${ruta}?${enlace}` : ruta);

  return (
    <>
      <title>{`${hayErrores ? 'Error: ' : ''}Reclamos | ${SITE_NAME}`}</title>
      <h1>Reclamos</h1>
      <p className="admin__bajada">
        Los más urgentes primero: los abiertos por su fecha límite, en días hábiles desde que llegaron; después los cerrados. El correo de quien reclamó está en
        la página de cada reclamo.
      </p>
      <ErrorSummary title="Revisá los filtros" errors={listaErrores} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Filtros de los reclamos" noValidate>
        <FormField name="q" label={ETIQUETAS_FILTRO.q} hint="Un código completo, o palabras de la descripción o de la dirección." error={errores.q}>
          {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.q ?? ''} maxLength={200} autoComplete="off" />}
        </FormField>
        {select(
          'categoria',
          'Todas',
          opciones.categorias.map((c) => ({ valor: String(c.id), texto: c.nombre })),
        )}
        {select(
          'area',
          'Todas',
          opciones.areas.map((a) => ({ valor: String(a.id), texto: a.nombre })),
        )}
        {select(
          'estado',
          'Todos',
          ESTADOS_FILTRO.map((e) => ({ valor: e, texto: ETIQUETA_ESTADO_FILTRO(e) })),
        )}
        {select('asignado', 'Cualquiera', [
          { valor: 'yo', texto: 'A mí' },
          { valor: 'nadie', texto: 'Sin asignar' },
        ])}
        <FormField name="desde" label={ETIQUETAS_FILTRO.desde} error={errores.desde}>
          {(control) => <input {...control} type={errores.desde ? 'text' : 'date'} className="form-control" defaultValue={valores.desde ?? ''} />}
        </FormField>
        <FormField name="hasta" label={ETIQUETAS_FILTRO.hasta} error={errores.hasta}>
          {(control) => <input {...control} type={errores.hasta ? 'text' : 'date'} className="form-control" defaultValue={valores.hasta ?? ''} />}
        </FormField>
        <PieDeFiltros base="/admin/reclamos" boton="Filtrar" />
      </Form>
      <ul className="admin__acciones">
        <li>
          <a href={conFiltros('/admin/reclamos.csv')} download>
            Descargar estos reclamos en CSV
          </a>
        </li>
        <li>
          <Link to="/admin/reclamos/mapa-de-calor">Ver el mapa de calor</Link>
        </li>
      </ul>
      {hayErrores ? null : (
        <>
          <p aria-live="polite" className="mesa__total">
            {total === 1 ? '1 reclamo' : `${formatInteger(total)} reclamos`}
            {hayFiltros ? ' con estos filtros' : ''}
          </p>
          {items.length > 0 ? (
            <DataTable
              caption={paginas > 1 ? `Reclamos, página ${pagina} de ${paginas}` : 'Reclamos'}
              className="tabla-gobierno tabla-apilada mesa__tabla"
              columns={['Código', 'Categoría', 'Lugar', 'Estado', 'Plazo', 'Asignado']}
              rows={items}
              rowKey={(r) => r.codigo}
              rowClassName={(r) =>
                r.reloj?.estado === 'vencida' ? 'mesa__fila--vencida' : r.reloj?.estado === 'por_vencer' ? 'mesa__fila--por-vencer' : undefined
              }
              cells={(r) => [
                <Link key="codigo" to={`/admin/reclamos/${r.codigo}`} className="sin-corte">
                  {r.codigo}
                </Link>,
                r.categoria,
                r.lugar || 'Sin dirección escrita',
                <span key="estado">
                  {r.estadoEtiqueta}
                  {r.organismo ? ` (${r.organismo})` : ''}
                  {r.oculto ? ' · oculto al público' : ''}
                </span>,
                r.reloj ? (
                  <span key="plazo" className="mesa__vence">
                    {r.reloj.texto} (<time dateTime={r.reloj.vence}>{r.reloj.venceTexto}</time>) <MarcaPlazo estado={r.reloj.estado} />
                  </span>
                ) : (
                  <span key="plazo">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">Sin plazo: está cerrado</span>
                  </span>
                ),
                r.asignado || 'Nadie',
              ]}
            />
          ) : (
            <p>{hayFiltros ? 'No hay reclamos con esos filtros.' : 'Todavía no llegó ningún reclamo.'}</p>
          )}
          <Paginas
            etiqueta="Páginas de reclamos"
            pagina={pagina}
            paginas={paginas}
            enlace={(p) => `/admin/reclamos?${enlace ? `${enlace}&` : ''}pagina=${p}`}
          />
        </>
      )}
    </>
  );
}

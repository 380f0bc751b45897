import { useRef } from 'react';
import { Form, data } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { formatLongDate, formatNumber } from '#domain/shared/formato.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { listOrdenanzasAdmin } from '#domain/ordenanzas/admin.ts';
import { filtrosAdminSchema } from '#domain/ordenanzas/admin-schemas.ts';
import { ESTADOS_ORDENANZA } from '#domain/ordenanzas/estados.ts';
import { POR_PAGINA } from '#domain/ordenanzas/schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import type { Route } from './+types/ordenanzas';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';

/**
 * The ordinances, for editors and administrators: the public search's filters (state,
 * number, year, words, which also look inside the PDFs), sorted by number, year, date or state,
 * 25 a page; links to add one, import a CSV and export the register. A GET form: the list's
 * address can be shared.
 */
type CampoFiltro = 'estado' | 'numero' | 'anio' | 'pattern' | 'orden' | 'sentido' | 'pagina';
const ETIQUETAS: Record<CampoFiltro, string> = {
  estado: 'Estado',
  numero: 'Número',
  anio: 'Año',
  pattern: 'Palabras',
  orden: 'Ordenar por',
  sentido: 'Sentido',
  pagina: 'Página',
};

/** What a notice after a change says: chosen from known words, nothing typed is reflected. */
const AVISOS = {
  retirada: 'Retiramos la ordenanza: su dirección pública y su PDF ahora explican que fue retirada.',
  importadas: 'Importamos las ordenanzas del archivo.',
} as const;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  const aviso = params.get('aviso');
  const comun = { porPagina: POR_PAGINA, aviso: aviso !== null && Object.hasOwn(AVISOS, aviso) ? AVISOS[aviso as keyof typeof AVISOS] : null };
  const leido = readForm(filtrosAdminSchema, params, { largo: 200 });
  if (!leido.ok) {
    return data({ ...comun, ok: false as const, errores: leido.errores, valores: leido.valores, items: [], total: 0, pagina: 1 }, { status: 400 });
  }
  const { items, total } = await listOrdenanzasAdmin(db, leido.datos);
  return data({
    ...comun,
    ok: true as const,
    errores: {} as Partial<Record<CampoFiltro, string>>,
    valores: leido.valores,
    total,
    pagina: leido.datos.pagina,
    items: items.map((o) => ({
      id: o.id,
      numero: o.numero,
      anio: o.anio,
      estado: o.estado,
      estadoEtiqueta: o.estadoEtiqueta,
      fecha: o.fechaEmision ? formatLongDate(o.fechaEmision) : null,
      fechaIso: o.fechaEmision,
      descripcion: o.descripcion,
      documentoId: o.documentoId,
    })),
  });
}

export const headers = privateDataHeaders;

export default function Ordenanzas({ loaderData }: Route.ComponentProps) {
  const { ok, errores, valores, items, total, pagina, porPagina, aviso } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  // Each load of bad filters is new `valores`: searching again with errors moves the focus again.
  useFocoDelPanel([[!ok && valores, resumen]]);
  const erroresFiltro = (Object.entries(errores) as [CampoFiltro, string][]).map(([c, m]) => [c, ETIQUETAS[c], m] as [string, string, string]);
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const enlacePagina = (p: number) => {
    const q = new URLSearchParams();
    for (const [clave, valor] of Object.entries(valores)) if (clave !== 'pagina' && valor) q.set(clave, valor);
    q.set('pagina', String(p));
    return `/admin/ordenanzas?${q}`;
  };

  return (
    <>
      <title>{`${ok ? '' : 'Error: '}Ordenanzas | ${SITE_NAME}`}</title>
      <h1>Ordenanzas</h1>
      <p className="admin__bajada">
        El registro que el público consulta en <a href="/consulta-ordenanzas">Consulta de Ordenanzas</a>. Los cambios se ven en el sitio, el feed y el mapa del
        sitio en cuanto se guardan.
      </p>
      {aviso ? (
        <p className="aviso aviso--exito" role="status">
          {aviso}
        </p>
      ) : null}
      <p className="admin__acciones">
        <a href="/admin/ordenanzas/nueva" className="btn btn-primary">
          Agregar una ordenanza
        </a>
        <a href="/admin/ordenanzas/importar" className="btn btn-outline-primary">
          Importar desde un CSV
        </a>
        <a href="/admin/ordenanzas/exportar.csv" className="btn btn-outline-primary" download>
          Descargar el registro en CSV
        </a>
        <a href="/admin/ordenanzas/retirados" className="btn btn-outline-primary">
          Ordenanzas retiradas
        </a>
      </p>
      <ErrorSummary title="Revisá la búsqueda" errors={erroresFiltro} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Buscar ordenanzas" noValidate>
        <FormField name="pattern" label={ETIQUETAS.pattern} error={errores.pattern} hint="En la descripción, el expediente y el texto del PDF.">
          {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.pattern ?? ''} maxLength={200} autoComplete="off" />}
        </FormField>
        <FormField name="numero" label={ETIQUETAS.numero} error={errores.numero}>
          {(control) => <input {...control} className="form-control" inputMode="numeric" defaultValue={valores.numero ?? ''} autoComplete="off" />}
        </FormField>
        <FormField name="anio" label={ETIQUETAS.anio} error={errores.anio}>
          {(control) => <input {...control} className="form-control" inputMode="numeric" defaultValue={valores.anio ?? ''} autoComplete="off" />}
        </FormField>
        <FormField name="estado" label={ETIQUETAS.estado} error={errores.estado}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.estado ?? ''}>
              <option value="">Todos</option>
              {ESTADOS_ORDENANZA.map((e) => (
                <option key={e.codigo} value={e.codigo}>
                  {e.etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="orden" label={ETIQUETAS.orden} error={errores.orden}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.orden ?? 'anio'}>
              <option value="anio">Año</option>
              <option value="numero">Número</option>
              <option value="fecha">Fecha de emisión</option>
              <option value="estado">Estado</option>
            </select>
          )}
        </FormField>
        <FormField name="sentido" label={ETIQUETAS.sentido} error={errores.sentido}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.sentido ?? 'desc'}>
              <option value="desc">Descendente</option>
              <option value="asc">Ascendente</option>
            </select>
          )}
        </FormField>
        <PieDeFiltros base="/admin/ordenanzas" pagina={{ etiqueta: ETIQUETAS.pagina, error: errores.pagina, valor: valores.pagina }} />
      </Form>

      {ok ? (
        <section aria-labelledby="lista-titulo" className="admin__seccion">
          <h2 id="lista-titulo">Registro</h2>
          <p aria-live="polite">{total === 1 ? '1 ordenanza' : `${formatNumber(total)} ordenanzas`}</p>
          {items.length > 0 ? (
            <DataTable
              caption="Ordenanzas del registro"
              className="tabla-admin tabla-admin--ancha"
              columns={['Ordenanza', 'Estado', 'Fecha de emisión', 'Descripción', 'PDF', 'Página pública']}
              rows={items}
              rowKey={(o) => o.id}
              cells={(o) => [
                <a href={`/admin/ordenanzas/${o.id}`} className="tabla-admin__principal">
                  {`${o.numero}/${o.anio}`}
                </a>,
                <span className={`estado estado--${o.estado}`}>{o.estadoEtiqueta}</span>,
                o.fechaIso ? <time dateTime={o.fechaIso}>{o.fecha}</time> : 'Sin dato',
                o.descripcion,
                o.documentoId ? 'Sí' : 'No',
                <a href={`/consulta-ordenanzas/${o.anio}/${o.numero}`}>
                  Ver <span className="visually-hidden">{`la ordenanza ${o.numero}/${o.anio} en el sitio`}</span>
                </a>,
              ]}
            />
          ) : (
            <p>No hay ordenanzas con esa búsqueda.</p>
          )}
          <Paginas etiqueta="Páginas de la lista de ordenanzas" pagina={pagina} paginas={paginas} enlace={enlacePagina} />
        </section>
      ) : null}
    </>
  );
}

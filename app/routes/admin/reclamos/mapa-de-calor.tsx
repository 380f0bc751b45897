import { useRef, useState } from 'react';
import { Form, Link, data } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { barriosDeCeldas, opcionesDeLaMesa } from '#app/features/admin/reclamos-mesa/cola.server.ts';
import estilos from '#app/features/reclamos/reclamos.scss?url';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import { mapaDeCalor } from '#domain/reclamos/cola.ts';
import { esFechaValida, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatCalendarDate, formatInteger } from '#domain/shared/formato.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { Route } from './+types/mapa-de-calor';

/**
 * Where the reports gather (docs/decisions/057-reclamos.md): a category and a period (the last 90
 * days when none is given), a map with a circle per cell of about 100 m sized by its count, loaded
 * only in the browser, and the table of the busiest cells with their barrio as the way without the
 * map. Duplicates are left out; the reporter is never in it.
 */

const CAMPOS = ['categoria', 'desde', 'hasta'] as const;
type Campo = (typeof CAMPOS)[number];
const ETIQUETAS: Record<Campo, string> = { categoria: 'Categoría', desde: 'Desde', hasta: 'Hasta' };
/** The table lists the busiest cells, the map them all. */
const CELDAS_EN_TABLA = 20;
const DIAS_POR_DEFECTO = 90;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

async function leer(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  const hoy = fechaEnArgentina(ctx.clock.now());
  const valores: Partial<Record<Campo, string>> = {};
  for (const c of CAMPOS) {
    const v = params.get(c)?.trim();
    if (v) valores[c] = v.slice(0, 40);
  }
  const errores: Partial<Record<Campo, string>> = {};
  const [opciones, { vehiculos }] = await Promise.all([opcionesDeLaMesa(ctx.db), getSiteSettingsForPages(ctx.db)]);
  let categoriaId: number | undefined;
  if (valores.categoria) {
    const id = /^\d{1,10}$/.test(valores.categoria) ? Number(valores.categoria) : Number.NaN;
    if (opciones.categorias.some((c) => c.id === id)) categoriaId = id;
    else errores.categoria = 'Elegí una categoría de la lista.';
  }
  const fecha = (campo: 'desde' | 'hasta', porDefecto: string) => {
    const v = valores[campo];
    if (v === undefined) return porDefecto;
    if (/^\d{4}-\d{2}-\d{2}$/.test(v) && esFechaValida(v)) return v;
    errores[campo] = 'Escribí una fecha válida, por ejemplo 2026-03-31.';
    return porDefecto;
  };
  const desde = fecha('desde', sumarDias(hoy, -DIAS_POR_DEFECTO));
  const hasta = fecha('hasta', hoy);
  if (!errores.desde && !errores.hasta && desde > hasta) errores.hasta = 'La fecha «hasta» tiene que ser igual o posterior a «desde».';
  const base = { valores, errores, opciones: opciones.categorias, teselas: ctx.config.mapTileUrl, centro: vehiculos.centro, periodo: { desde, hasta } };
  if (Object.keys(errores).length > 0) return data({ ...base, celdas: [], tabla: [], total: 0 }, { status: 400 });
  const [celdas, barrios] = await Promise.all([mapaDeCalor(ctx.db, { categoriaId, desde, hasta }), barriosDeCeldas(ctx.db, desde, hasta, categoriaId)]);
  return data({
    ...base,
    periodo: { desde: formatCalendarDate(desde), hasta: formatCalendarDate(hasta) },
    celdas,
    tabla: celdas.slice(0, CELDAS_EN_TABLA).map((c) => ({ ...c, barrio: barrios.get(`${c.latitud}|${c.longitud}`) ?? '' })),
    total: celdas.reduce((n, c) => n + c.cantidad, 0),
  });
}

// With the database down, the guard usually answers first; a database lost after it is the same 503.
export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => leer(args));

export const headers = privateDataHeaders;

export default function MapaDeCalor({ loaderData }: Route.ComponentProps) {
  const { valores, errores, opciones, teselas, centro, periodo, celdas, tabla, total } = loaderData;
  const listaErrores = CAMPOS.flatMap((c) => (errores[c] ? [[c, ETIQUETAS[c], errores[c]] as [string, string, string]] : []));
  const resumen = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[listaErrores.length > 0 && errores, resumen]]);
  const hidratado = useHydrated();
  const [sinFondo, setSinFondo] = useState(false);
  const { contenedor, estado: estadoMapa } = useMapaDiferido(
    hidratado && listaErrores.length === 0,
    () =>
      import('#app/features/admin/reclamos-mesa/mapa-calor.ts').then(
        ({ createMapaCalor }) =>
          (elemento: HTMLDivElement) =>
            createMapaCalor({ contenedor: elemento, teselas, centro, celdas, alCambiarFondo: (disponible) => setSinFondo(!disponible) }),
      ),
    [teselas, centro, celdas],
  );

  return (
    <>
      <title>{`${listaErrores.length > 0 ? 'Error: ' : ''}Mapa de calor de los reclamos | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/reclamos">Volver a los reclamos</Link>
      </p>
      <h1>Mapa de calor de los reclamos</h1>
      <p className="admin__bajada">
        Dónde se juntan los reclamos: cada círculo es una zona de unos 100 metros, más grande cuantos más reclamos tiene. No cuenta los duplicados. Sin filtros
        muestra los últimos {DIAS_POR_DEFECTO} días.
      </p>
      <ErrorSummary title="Revisá los filtros" errors={listaErrores} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Filtros del mapa de calor" noValidate>
        <FormField name="categoria" label={ETIQUETAS.categoria} error={errores.categoria}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.categoria ?? ''}>
              <option value="">Todas</option>
              {opciones.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.nombre}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="desde" label={ETIQUETAS.desde} error={errores.desde}>
          {(control) => <input {...control} type={errores.desde ? 'text' : 'date'} className="form-control" defaultValue={valores.desde ?? ''} />}
        </FormField>
        <FormField name="hasta" label={ETIQUETAS.hasta} error={errores.hasta}>
          {(control) => <input {...control} type={errores.hasta ? 'text' : 'date'} className="form-control" defaultValue={valores.hasta ?? ''} />}
        </FormField>
        <PieDeFiltros base="/admin/reclamos/mapa-de-calor" boton="Ver el mapa" />
      </Form>
      {listaErrores.length > 0 ? null : (
        <>
          <p aria-live="polite">
            {`${total === 1 ? '1 reclamo' : `${formatInteger(total)} reclamos`} del ${periodo.desde} al ${periodo.hasta}${total > 0 ? `, en ${formatInteger(celdas.length)} ${celdas.length === 1 ? 'zona' : 'zonas'}` : ''}.`}
          </p>
          {hidratado ? (
            <>
              <p id="mapa-calor-ayuda">El mapa muestra las mismas zonas que la tabla de abajo, que las ordena de más a menos reclamos.</p>
              <div className="reclamos__marco">
                <div ref={contenedor} className="reclamos__mapa" role="region" aria-label="Mapa de calor de los reclamos" aria-describedby="mapa-calor-ayuda" />
                {estadoMapa === 'cargando' ? <p className="reclamos__aviso-mapa">Cargando el mapa…</p> : null}
                {estadoMapa === 'error' ? (
                  <p className="reclamos__aviso-mapa" role="alert">
                    No se pudo cargar el mapa: las zonas están en la tabla de abajo.
                  </p>
                ) : null}
              </div>
              {sinFondo ? (
                <p className="reclamos__aviso-fondo" role="status">
                  No se pudieron cargar las calles del mapa: los círculos siguen en su lugar.
                </p>
              ) : null}
            </>
          ) : (
            <p>El mapa necesita JavaScript: las zonas están en la tabla de abajo.</p>
          )}
          {tabla.length > 0 ? (
            <DataTable
              caption={`Las ${formatInteger(tabla.length)} zonas con más reclamos`}
              className="tabla-gobierno"
              columns={['Zona', 'Coordenadas del centro', 'Reclamos']}
              rows={tabla}
              rowKey={(c) => `${c.latitud}|${c.longitud}`}
              cells={(c) => [
                c.barrio || 'Sin barrio',
                <a key="punto" href={`https://www.openstreetmap.org/?mlat=${c.latitud}&mlon=${c.longitud}#map=17/${c.latitud}/${c.longitud}`}>
                  {`${c.latitud.toFixed(4)}, ${c.longitud.toFixed(4)}`}
                </a>,
                formatInteger(c.cantidad),
              ]}
            />
          ) : (
            <p>No hay reclamos en ese período.</p>
          )}
        </>
      )}
    </>
  );
}

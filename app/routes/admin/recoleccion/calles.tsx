import { useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { FormularioSubida, ProgresoSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { archivoDe } from '#domain/documentos/panel.ts';
import {
  COLUMNAS_CALLES,
  COLUMNA_PARIDAD,
  type ErrorCalle,
  LIMITE_CALLES_BYTES,
  MENSAJE_CALLES_GRANDE,
  importarCalles,
  resumenCalles,
} from '#domain/recoleccion/calles.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import type { Route } from './+types/calles';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * «Índice de calles» (docs/decisions/056-mi-calle.md): the street index /mi-calle looks addresses up
 * in. A CSV or GeoJSON file replaces it whole, or nothing when a row is wrong; the page shows how
 * many stretches and streets it has and the first ones.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const importados = new URL(request.url).searchParams.get('importados');
  return {
    resumen: await resumenCalles(db),
    importados: importados && /^\d{1,6}$/.test(importados) ? Number(importados) : null,
    limite: { maxBytes: LIMITE_CALLES_BYTES, mensajeGrande: MENSAJE_CALLES_GRANDE },
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta = { general?: string; errores: ErrorCalle[]; total: number };

/** Which numbers of its range a stretch holds, as the sample table says it. */
const ALTURAS = { todos: 'Todas', pares: 'Pares', impares: 'Impares' } as const;

/** How many bad rows a page shows: a file of wrong columns could give thousands. */
const MAXIMO_INFORME = 500;

async function actuar({ request, context }: Route.ActionArgs) {
  const actor = actorPanel(context);
  const { db } = context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: elegí el archivo y envialo de nuevo.', errores: [], total: 0 });
  const archivo = archivoDe(form, 'archivo');
  if (archivo === undefined) return fallo({ general: 'Elegí el archivo CSV o GeoJSON con las calles.', errores: [], total: 0 });
  const r = await importarCalles(db, actor, archivo === 'vacio' ? new File([], 'vacio.csv') : archivo);
  if (r.tipo === 'importado') throw redirect(`/admin/recoleccion/calles?importados=${r.cantidad}`, { status: 303 });
  if (r.tipo === 'prohibido') return fallo({ general: r.mensaje, errores: [], total: 0 }, 403);
  return fallo({ general: r.general, errores: r.errores.slice(0, MAXIMO_INFORME), total: r.errores.length });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function IndiceDeCalles({ loaderData, actionData }: Route.ComponentProps) {
  const { resumen, importados, limite } = loaderData;
  const r = actionData as Respuesta | undefined;
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[r, alerta]]);
  return (
    <>
      <title>{`${r ? 'Error: ' : ''}Índice de calles | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/recoleccion">Volver a Mi calle</Link>
      </p>
      <h1>Índice de calles</h1>
      <p>
        Con este índice, <a href="/mi-calle">Mi calle</a> encuentra la zona de una dirección: cada tramo de calle con sus alturas y su línea en el mapa.
      </p>
      {importados !== null && !r ? (
        <p className="aviso aviso--exito" role="status">
          Cargamos el índice: {importados === 1 ? '1 tramo' : `${formatNumber(importados)} tramos`}. Ya lo usa Mi calle.
        </p>
      ) : null}
      {r ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={alerta}>
          {r.general ??
            `No cambiamos el índice: el archivo tiene ${r.total === 1 ? '1 error' : `${formatNumber(r.total)} errores`}. Corregilos y subilo de nuevo.`}
        </div>
      ) : null}
      {r && r.errores.length > 0 ? (
        <section aria-labelledby="informe-titulo" className="admin__seccion">
          <h2 id="informe-titulo">Errores del archivo</h2>
          <DataTable
            caption="Cada error: la línea del CSV (el encabezado es la línea 1) o el elemento del GeoJSON (el primero es el 1), y qué corregir"
            className="tabla-admin"
            columns={['Dónde', 'Qué corregir']}
            rows={r.errores}
            rowKey={(e) => `${e.lugar}-${e.mensaje}`}
            cells={(e) => [e.lugar, e.mensaje]}
          />
        </section>
      ) : null}
      <section aria-labelledby="actual-titulo" className="admin__seccion">
        <h2 id="actual-titulo">El índice cargado</h2>
        {resumen.tramos === 0 ? (
          <p>El índice está vacío: Mi calle sólo puede ubicar por el mapa o por la lista de zonas.</p>
        ) : (
          <>
            <p>
              {resumen.calles === 1 ? '1 calle' : `${formatNumber(resumen.calles)} calles`} en{' '}
              {resumen.tramos === 1 ? '1 tramo' : `${formatNumber(resumen.tramos)} tramos`}.
            </p>
            <DataTable
              caption="Los primeros tramos, por nombre"
              className="tabla-admin"
              columns={['Calle', 'Desde', 'Hasta', 'Alturas']}
              rows={resumen.muestra}
              rowKey={(t) => `${t.nombre}-${t.desde}-${t.paridad}`}
              cells={(t) => [t.nombre, formatNumber(t.desde), formatNumber(t.hasta), ALTURAS[t.paridad]]}
            />
          </>
        )}
      </section>
      <section aria-labelledby="archivo-titulo" className="admin__seccion">
        <h2 id="archivo-titulo">Cargar un índice nuevo</h2>
        <p>
          Reemplaza el índice entero. Un CSV en UTF-8 con una primera línea que nombra las columnas <code>{COLUMNAS_CALLES.join(', ')}</code> y un tramo por
          línea (las coordenadas en grados, con punto decimal), o un GeoJSON: una FeatureCollection con una LineString por tramo y las propiedades{' '}
          <code>nombre</code>, <code>desde</code> y <code>hasta</code>. Si una línea tiene un error, no se cambia nada.
        </p>
        <p>
          Cuando cada vereda de una calle va por separado (las alturas impares de un lado y las pares del otro, que pueden caer en zonas distintas), agregá la
          columna (o la propiedad) <code>{COLUMNA_PARIDAD}</code> con <code>pares</code> o <code>impares</code> y una línea por vereda, cada una con la suya.
          Vacía o <code>todos</code>, el tramo lleva todas las alturas de su rango; un archivo sin esa columna se carga como siempre.
        </p>
        <FormularioSubida action="/admin/recoleccion/calles" etiquetadoPor="archivo-titulo">
          <FormField name="archivo" label="Archivo CSV o GeoJSON" hint="Hasta 20.000 tramos y 1 MB." required>
            {(c) => <input {...c} type="file" accept=".csv,text/csv,.geojson,.json,application/geo+json,application/json" className="form-control" />}
          </FormField>
          <ProgresoSubida maxBytes={limite.maxBytes} mensajeGrande={limite.mensajeGrande} />
          <button type="submit" className="btn btn-primary">
            Cargar el índice
          </button>
        </FormularioSubida>
      </section>
    </>
  );
}

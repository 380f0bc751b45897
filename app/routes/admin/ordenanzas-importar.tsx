import { useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { FormularioSubida, ProgresoSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { archivoDe, readArchivo } from '#domain/documentos/panel.ts';
import { COLUMNAS } from '#domain/ordenanzas/admin-schemas.ts';
import { type ErrorDeFila, LIMITE_CSV_BYTES, MENSAJE_CSV_GRANDE, importarOrdenanzas } from '#domain/ordenanzas/importacion.ts';
import { ESTADOS_ORDENANZA } from '#domain/ordenanzas/estados.ts';
import type { Route } from './+types/ordenanzas-importar';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';

/**
 * The bulk import of ordinances: a CSV in the template's columns, checked row by row
 * and imported all or nothing. A refused file gets a table of every bad row, its field and why;
 * an accepted one goes back here with how many were imported (303). The form is the upload
 * pipeline's (`<form data-subida>` with its progress, docs/decisions/017-subidas.md); the CSV's own
 * limit (5 MB) is checked in the browser before sending and again by the import.
 */
export async function loader(args: Route.LoaderArgs) {
  const importadas = new URL(args.request.url).searchParams.get('importadas');
  return {
    importadas: importadas && /^\d{1,5}$/.test(importadas) ? Number(importadas) : null,
    limite: { maxBytes: LIMITE_CSV_BYTES, mensajeGrande: MENSAJE_CSV_GRANDE },
  };
}

type Respuesta = { general?: string; errores: ErrorDeFila[]; filasConError: number; filasLeidas: number };

/** How many rows of the report a page shows: a file of wrong columns could give thousands. */
const MAXIMO_INFORME = 500;

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: elegí el archivo y envialo de nuevo.', errores: [], filasConError: 0, filasLeidas: 0 });
  const csv = archivoDe(form, 'csv');
  if (csv === undefined) return fallo({ general: 'Elegí el archivo CSV con las ordenanzas.', errores: [], filasConError: 0, filasLeidas: 0 });
  // An empty file is the import's to refuse, in its words.
  const r = await importarOrdenanzas(db, actor, csv === 'vacio' ? new Uint8Array() : (await readArchivo(csv)).data);
  if (r.tipo === 'importado') throw redirect(`/admin/ordenanzas/importar?importadas=${r.cantidad}`, { status: 303 });
  if (r.tipo === 'prohibido') return fallo({ general: r.mensaje, errores: [], filasConError: 0, filasLeidas: 0 }, 403);
  return fallo({ ...r, errores: r.errores.slice(0, MAXIMO_INFORME) });
}

export const headers = privateDataHeaders;

export default function Importar({ loaderData, actionData }: Route.ComponentProps) {
  const { importadas, limite } = loaderData;
  const r = actionData as Respuesta | undefined;
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[r, alerta]]);
  return (
    <>
      <title>{`${r ? 'Error: ' : ''}Importar ordenanzas | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/ordenanzas">Volver a las ordenanzas</Link>
      </p>
      <h1>Importar ordenanzas desde un CSV</h1>
      {importadas !== null && !r ? (
        <p className="aviso aviso--exito" role="status">
          {importadas === 1 ? 'Importamos 1 ordenanza.' : `Importamos ${formatNumber(importadas)} ordenanzas.`} Ya aparecen en la consulta pública.
        </p>
      ) : null}
      {r ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={alerta}>
          {r.general ??
            `No importamos nada: ${r.filasConError === 1 ? '1 fila tiene errores' : `${formatNumber(r.filasConError)} filas tienen errores`} de ${formatNumber(r.filasLeidas)}. Corregilas y subí el archivo de nuevo; las demás filas están bien.`}
        </div>
      ) : null}
      {r && r.errores.length > 0 ? (
        <section aria-labelledby="informe-titulo" className="admin__seccion">
          <h2 id="informe-titulo">Filas rechazadas</h2>
          <DataTable
            caption="Cada error del archivo: la fila como la numera la planilla (el encabezado es la fila 1), el campo y qué corregir"
            className="tabla-admin"
            columns={['Fila', 'Campo', 'Qué corregir']}
            rows={r.errores}
            rowKey={(e) => `${e.fila}-${e.campo}`}
            cells={(e) => [String(e.fila), e.campo, e.mensaje]}
          />
        </section>
      ) : null}
      <section aria-labelledby="archivo-titulo" className="admin__seccion">
        <h2 id="archivo-titulo">El archivo</h2>
        <p>
          Un CSV en UTF-8, separado por comas, con una primera fila que nombra las columnas <code>{COLUMNAS.join(', ')}</code> y una ordenanza por fila. El
          estado va como código o como nombre ({ESTADOS_ORDENANZA.map((e) => `${e.codigo} ${e.etiqueta}`).join(', ')}); la fecha como AAAA-MM-DD; la ordenanza
          que modifica como número/año, del registro o del mismo archivo. Se importa todo o nada: si una fila tiene un error, no se importa ninguna.
        </p>
        <p>
          <a href="/admin/ordenanzas/plantilla.csv" download>
            Descargar la plantilla (CSV)
          </a>
        </p>
        <FormularioSubida action="/admin/ordenanzas/importar" etiquetadoPor="archivo-titulo">
          <FormField name="csv" label="Archivo CSV" hint="Hasta 5.000 filas y 5 MB." required>
            {(c) => <input {...c} type="file" accept=".csv,text/csv" className="form-control" />}
          </FormField>
          <ProgresoSubida maxBytes={limite.maxBytes} mensajeGrande={limite.mensajeGrande} />
          <button type="submit" className="btn btn-primary">
            Importar
          </button>
        </FormularioSubida>
      </section>
    </>
  );
}

import { useRef } from 'react';
import { Form, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { type FilaCoberturaPagina, TablaCobertura } from '#app/features/recoleccion/cobertura.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { ESTADOS_COBERTURA, franjaDePasada, listCobertura, readFiltrosCobertura } from '#domain/recoleccion/cobertura.ts';
import { listZonas } from '#domain/recoleccion/queries.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';
import type { Route } from './+types/cobertura';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

const ETIQUETAS = { fecha: 'Día', zona: 'Zona' } as const;

/**
 * «Cobertura» of Mi calle (docs/architecture.md, «Cobertura y retención de posiciones»): for a day
 * (yesterday by default) and every zone or one, whether a vehicle of each scheduled service passed
 * through the zone during its hours. A GET form; a wrong filter answers 400 with its message and
 * the table of yesterday.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const ahora = ctx.clock.now();
  const zonas = await listZonas(ctx.db);
  const { filtros, escritos, errores } = readFiltrosCobertura(new URL(request.url).searchParams, { ahora, zonas: zonas.map((z) => z.slug) });
  const filas = await listCobertura(ctx.db, { fecha: filtros.fecha, zonaSlug: filtros.zona || undefined, ahora });
  return data(
    {
      fecha: filtros.fecha,
      dia: formatLongDateWithWeekday(filtros.fecha),
      escritos: { fecha: errores.fecha ? escritos.fecha : filtros.fecha, zona: errores.zona ? escritos.zona : filtros.zona },
      errores: (Object.keys(ETIQUETAS) as (keyof typeof ETIQUETAS)[]).flatMap((campo) => {
        const mensaje = errores[campo];
        return mensaje ? [[campo, ETIQUETAS[campo], mensaje] as [string, string, string]] : [];
      }),
      zonas: zonas.map((z) => ({ slug: z.slug, nombre: z.nombre })),
      filas: filas.map((f): FilaCoberturaPagina => ({
        clave: `${f.zona.slug}-${f.servicio.id}`,
        zona: f.zona.nombre,
        servicio: f.servicio.nombre,
        horario: f.horario,
        estado: ESTADOS_COBERTURA[f.estado],
        clase: f.estado,
        franja: franjaDePasada(f),
        posiciones: f.posiciones,
        vehiculo: f.vehiculo,
      })),
    },
    { status: Object.keys(errores).length > 0 ? 400 : 200 },
  );
}

/** The day's summary: what stayed uncovered, and never «ninguna» while a row is still to be measured. */
function resumenCobertura(sinCubrir: number, porMedir: number): string {
  const servicios = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;
  const medir = porMedir === 0 ? '' : ` ${servicios(porMedir, 'servicio está', 'servicios están')} todavía sin medir.`;
  if (sinCubrir > 0) return `${servicios(sinCubrir, 'servicio quedó', 'servicios quedaron')} sin cubrir.${medir}`;
  return porMedir === 0 ? 'Ninguna zona quedó sin cubrir.' : medir.trim();
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

export const headers = privateDataHeaders;

export default function Cobertura({ loaderData }: Route.ComponentProps) {
  const { dia, escritos, errores, zonas, filas } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[errores.length > 0 && errores, resumen]]);
  const ayuda = (campo: string) => errores.find(([c]) => c === campo)?.[2];
  const sinCubrir = filas.filter((f) => f.clase === 'no_cubierta').length;
  const porMedir = filas.filter((f) => f.clase === 'sin_calcular' || f.clase === 'pendiente').length;
  return (
    <>
      <title>{`${errores.length > 0 ? 'Error: ' : ''}Cobertura de la recolección | ${SITE_NAME}`}</title>
      <h1>Cobertura de la recolección</h1>
      <p>
        Para cada zona y cada servicio que el calendario prevé ese día, si un vehículo del servicio pasó por la zona dentro del horario previsto, según las
        posiciones públicas del mapa de vehículos (nunca las del depósito ni las de fuera de horario). Se calcula cada diez minutos; cada mañana, a las 8, el
        supervisor de cada servicio recibe por correo las zonas que quedaron sin cubrir el día anterior.
      </p>
      <ErrorSummary title="Revisá los filtros" errors={errores} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Filtros de la cobertura">
        <FormField name="fecha" label="Día" hint="Por defecto, ayer." error={ayuda('fecha')}>
          {(control) => <input {...control} type="date" className="form-control" defaultValue={escritos.fecha} />}
        </FormField>
        <FormField name="zona" label="Zona" error={ayuda('zona')}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={escritos.zona}>
              <option value="">Todas</option>
              {zonas.map((z) => (
                <option key={z.slug} value={z.slug}>
                  {z.nombre}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <PieDeFiltros base="/admin/recoleccion/cobertura" boton="Ver" />
      </Form>
      <h2>{dia}</h2>
      {filas.length === 0 ? (
        <p>Ese día el calendario no prevé ningún servicio{escritos.zona ? ' en esa zona' : ''}.</p>
      ) : (
        <>
          <p>{resumenCobertura(sinCubrir, porMedir)}</p>
          <TablaCobertura filas={filas} dia={dia} />
        </>
      )}
    </>
  );
}

import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { opcionesVehiculo, vehiculoEnPagina } from '#app/features/vehiculos/formato.server.ts';
import { CamposVehiculo, type CampoVehiculo, erroresVehiculo } from '#app/features/vehiculos/campos-vehiculo.tsx';
import { EstadoVehiculo, UltimoReporteTexto } from '#app/features/vehiculos/partes.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { createVehiculo, listVehiculosAdmin } from '#domain/vehiculos/admin.ts';
import { changeRetencionPosiciones } from '#domain/vehiculos/retencion.ts';
import { RETENCION_POSICIONES_MAXIMA, RETENCION_POSICIONES_MINIMA, getSiteSettings } from '#domain/sitio/settings.ts';
import { AvisoHecho } from '#app/features/admin/avisos.tsx';
import { nuevoDispositivo } from '#domain/vehiculos/dispositivo.ts';
import { AVISO_DISPOSITIVO_DEBIL, POR_PAGINA_VEHICULOS, dispositivoDebil, filtrosVehiculosSchema } from '#domain/vehiculos/schemas.ts';
import type { Route } from './+types/vehiculos';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { listaDelPanel } from '#app/features/admin/lista.server.ts';

/**
 * The fleet, for administrators: the vehicles that report their position to the
 * public map, searched by name or device identifier, active or inactive, 25 a page, each with its
 * last report, whether the public saw it and its battery; the form that adds one; and how many
 * days of full positions are kept (the setting `retencionPosicionesDias`, docs/architecture.md,
 * «Cobertura y retención de posiciones»). The search is a GET form (the list's address can be
 * shared); adding is a POST that works without JavaScript and, once done, goes to the new
 * vehicle's page (303), which links its setup sheet; saving the days comes back here (303).
 */

type CampoFiltro = 'texto' | 'estado' | 'pagina';
const ETIQUETA_RETENCION = 'Días que se guardan las posiciones completas de los vehículos';
const ETIQUETAS_FILTRO: Record<CampoFiltro, string> = { texto: 'Buscar', estado: 'Estado', pagina: 'Página' };

export async function loader(args: Route.LoaderArgs) {
  const { db, clock } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  const { retencionPosicionesDias: dias } = await getSiteSettings(db);
  const retencion = {
    dias,
    minimo: RETENCION_POSICIONES_MINIMA,
    maximo: RETENCION_POSICIONES_MAXIMA,
    // The notice after saving: a known word in the address, the number read from the settings.
    aviso:
      params.get('aviso') === 'retencion'
        ? `Guardamos el plazo: se guardan ${dias} días de posiciones completas. Las más viejas se borran en la próxima corrida de la tarea de retención, dentro de la hora.`
        : null,
  };
  return listaDelPanel(params, filtrosVehiculosSchema, {
    largo: 120,
    // A new vehicle's identifier, random, unless staff write another (docs/decisions/036-ingesta-de-rastreadores.md).
    comun: { opciones: opcionesVehiculo(), porPagina: POR_PAGINA_VEHICULOS, dispositivoSugerido: nuevoDispositivo(), retencion },
    sinFiltros: { pagina: 1 },
    listar: async (filtros) => {
      const { items, total } = await listVehiculosAdmin(db, filtros);
      const ahora = clock.now();
      return { items: items.map((v) => vehiculoEnPagina(v, ahora)), total };
    },
  });
}

type Respuesta =
  | {
      formulario: 'crear';
      errores: Partial<Record<CampoVehiculo, string>>;
      valores: Partial<Record<CampoVehiculo, string>>;
      avisoDispositivo: string | null;
    }
  | { formulario: 'retencion'; errores: { dias?: string }; valores: { dias?: string } }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista de vehículos y envialo de nuevo.' });
  if (form.get('intent') === 'retencion') {
    const r = await changeRetencionPosiciones(db, actor, form);
    if (r.tipo === 'hecho') throw redirect('/admin/vehiculos?aviso=retencion', { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'retencion', errores: r.errores, valores: r.valores });
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
  }
  if (form.get('intent') !== 'crear') return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
  const r = await createVehiculo(db, actor, form);
  if (r.tipo === 'guardado') throw redirect(`/admin/vehiculos/${r.vehiculo.id}?aviso=alta`, { status: 303 });
  if (r.tipo === 'invalido') {
    const escrito = r.valores.dispositivo;
    const avisoDispositivo = escrito && !r.errores.dispositivo && dispositivoDebil(escrito) ? AVISO_DISPOSITIVO_DEBIL : null;
    return fallo({ formulario: 'crear', errores: r.errores, valores: r.valores, avisoDispositivo });
  }
  return fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
}

export const headers = privateDataHeaders;

export default function Vehiculos({ loaderData, actionData }: Route.ComponentProps) {
  const { opciones, porPagina, ok, errores, valores, filtros, total, items, dispositivoSugerido, retencion } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'crear' ? respuesta : undefined;
  const formRetencion = respuesta?.formulario === 'retencion' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const erroresFiltro = (Object.entries(errores) as [CampoFiltro, string][]).map(([c, m]) => [c, ETIQUETAS_FILTRO[c], m] as [string, string, string]);

  const resumenFiltros = useRef<HTMLDivElement>(null);
  const resumenAlta = useRef<HTMLDivElement>(null);
  const resumenRetencion = useRef<HTMLDivElement>(null);
  const estadoRetencion = useRef<HTMLParagraphElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  // The form's answer and the filters' errors come apart (from the form, from the address): two
  // rules, in this order, so when both move at once the filters' summary wins. Each load of bad
  // filters is new `valores`: searching again with errors moves the focus again.
  useFocoDelPanel([
    [formulario, resumenAlta],
    [formRetencion, resumenRetencion],
    [general, alerta],
    [respuesta ? null : retencion.aviso, estadoRetencion],
  ]);
  useFocoDelPanel([[!ok && valores, resumenFiltros]]);

  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const enlacePagina = (p: number) => {
    const q = new URLSearchParams();
    if (ok && filtros.texto) q.set('texto', filtros.texto);
    if (ok && filtros.estado) q.set('estado', filtros.estado);
    q.set('pagina', String(p));
    return `/admin/vehiculos?${q}`;
  };
  const hayError = !ok || formulario !== undefined || formRetencion !== undefined || general !== null;

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}Vehículos | ${SITE_NAME}`}</title>
      <h1>Vehículos</h1>
      <p className="admin__bajada">
        Los vehículos municipales que informan su posición al mapa de seguimiento. Cada uno lleva un teléfono con Traccar Client (u otro rastreador) que se
        identifica con el identificador del dispositivo; la hoja de configuración de cada vehículo dice cómo prepararlo.
      </p>
      {general ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={alerta}>
          {general}
        </div>
      ) : null}
      <ErrorSummary title="Revisá la búsqueda" errors={erroresFiltro} ref={resumenFiltros} />
      <Form method="get" className="admin__filtros" aria-label="Buscar vehículos" noValidate>
        <FormField name="texto" label={ETIQUETAS_FILTRO.texto} error={errores.texto} hint="Parte del nombre o del identificador del dispositivo.">
          {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.texto ?? ''} maxLength={100} autoComplete="off" />}
        </FormField>
        <FormField name="estado" label={ETIQUETAS_FILTRO.estado} error={errores.estado}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.estado ?? ''}>
              <option value="">Todos</option>
              <option value="activos">Activos</option>
              <option value="inactivos">Inactivos</option>
            </select>
          )}
        </FormField>
        <PieDeFiltros base="/admin/vehiculos" pagina={{ etiqueta: ETIQUETAS_FILTRO.pagina, error: errores.pagina, valor: valores.pagina }} />
      </Form>

      {ok ? (
        <section aria-labelledby="lista-titulo" className="admin__seccion">
          <h2 id="lista-titulo">Flota</h2>
          <p aria-live="polite">{total === 1 ? '1 vehículo' : `${total} vehículos`}</p>
          {items.length > 0 ? (
            <DataTable
              caption="Vehículos por nombre, con su último reporte"
              className="tabla-admin tabla-admin--ancha vehiculos__tabla"
              columns={['Vehículo', 'Identificador', 'Estado', 'Último reporte', 'Batería']}
              rows={items}
              rowKey={(v) => v.id}
              cells={(v) => [
                <>
                  <a href={`/admin/vehiculos/${v.id}`} className="tabla-admin__principal">
                    {v.alias}
                  </a>
                  <span className="tabla-admin__detalle">
                    {v.iconoEtiqueta} · {v.servicioEtiqueta}
                  </span>
                </>,
                <code className="vehiculos__dispositivo">{v.dispositivo}</code>,
                <EstadoVehiculo activo={v.activo} />,
                <UltimoReporteTexto reporte={v.ultimoReporte} />,
                v.ultimaBateria ? (
                  <>
                    {v.ultimaBateria.texto}
                    <span className="tabla-admin__detalle">
                      <time dateTime={v.ultimaBateria.iso} className="sin-corte">
                        {v.ultimaBateria.cuando}
                      </time>
                    </span>
                  </>
                ) : (
                  'Sin datos'
                ),
              ]}
            />
          ) : (
            <p>
              {filtros.texto || filtros.estado
                ? 'No hay vehículos con esa búsqueda.'
                : 'Todavía no hay vehículos: agregá el primero con el formulario de abajo.'}
            </p>
          )}
          <Paginas etiqueta="Páginas de la lista de vehículos" pagina={filtros.pagina} paginas={paginas} enlace={enlacePagina} />
        </section>
      ) : null}

      <section aria-labelledby="agregar-titulo" className="admin__seccion">
        <h2 id="agregar-titulo">Agregar un vehículo</h2>
        <ErrorSummary title="Revisá el vehículo" errors={erroresVehiculo(formulario?.errores ?? {})} ref={resumenAlta} />
        <Form method="post" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
          <CamposVehiculo
            errores={formulario?.errores ?? {}}
            valores={formulario?.valores ?? { dispositivo: dispositivoSugerido }}
            opciones={opciones}
            avisoDispositivo={formulario?.avisoDispositivo}
          />
          <button type="submit" name="intent" value="crear" className="btn btn-primary">
            Agregar vehículo
          </button>
        </Form>
      </section>

      <section aria-labelledby="retencion-titulo" className="admin__seccion">
        <h2 id="retencion-titulo">Posiciones guardadas</h2>
        <p>
          Hoy se guardan las posiciones completas de los últimos <strong>{retencion.dias} días</strong>; cada hora, la tarea de retención borra las más viejas.
        </p>
        <AvisoHecho texto={respuesta ? null : retencion.aviso} foco={estadoRetencion} />
        <ErrorSummary
          title="Revisá los días de posiciones"
          errors={formRetencion?.errores.dias ? [['dias', ETIQUETA_RETENCION, formRetencion.errores.dias]] : []}
          ref={resumenRetencion}
        />
        <Form method="post" className="admin__formulario" noValidate aria-labelledby="retencion-titulo" key={retencion.dias}>
          <FormField
            name="dias"
            label={ETIQUETA_RETENCION}
            error={formRetencion?.errores.dias}
            required
            hint={`Entre ${retencion.minimo} y ${retencion.maximo}. Después se borran; de esos días queda el resumen de cobertura de la recolección (por zona, servicio y día: si pasó un vehículo, a qué hora y cuál). «¿Cuándo pasó?» mira la última semana: por eso el mínimo es ${retencion.minimo}.`}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                className="form-control admin__campo-numero"
                min={retencion.minimo}
                max={retencion.maximo}
                step={1}
                defaultValue={formRetencion?.valores.dias ?? String(retencion.dias)}
              />
            )}
          </FormField>
          <button type="submit" name="intent" value="retencion" className="btn btn-primary">
            Guardar los días
          </button>
        </Form>
      </section>
    </>
  );
}

import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { instante } from '#app/features/mesa/formato.server.ts';
import { CamposVehiculo, type CampoVehiculo, erroresVehiculo } from '#app/features/vehiculos/campos-vehiculo.tsx';
import { bateriaTexto, opcionesVehiculo, vehiculoEnPagina } from '#app/features/vehiculos/formato.server.ts';
import { EstadoVehiculo, UltimoReporteTexto, visibilidadTexto } from '#app/features/vehiculos/partes.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { readForm } from '#domain/shared/form.ts';
import { getVehiculoAdmin, setActivo, updateVehiculo } from '#domain/vehiculos/admin.ts';
import { estadoVehiculoSchema, parseVehiculoId, AVISO_DISPOSITIVO_DEBIL, dispositivoDebil } from '#domain/vehiculos/schemas.ts';
import type { Route } from './+types/vehiculo';
import { formatWholeNumber } from '#domain/shared/formato.ts';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';

/**
 * One vehicle, for administrators: its fields, its last report and battery, its latest
 * positions with whether the public saw each, the form that edits it and the step that
 * deactivates or reactivates it (`?paso=desactivar|reactivar`, a page of its own, so it needs no
 * JavaScript). Each change is audited by the domain and answered 303 back here with a notice.
 * An id that does not name a vehicle is 404 inside the panel.
 */

const NO_ENCONTRADO = () => data('Vehículo no encontrado', { status: 404 });

/** The notices after a change: chosen from known words, nothing written by someone is reflected. */
const AVISOS = {
  alta: 'Agregamos el vehículo. Para que aparezca en el mapa, configurá su teléfono con la hoja de configuración de Traccar Client.',
  cambio: 'Guardamos los cambios del vehículo.',
  'sin-cambios': 'No había nada que cambiar: el vehículo quedó como estaba.',
  baja: 'Desactivamos el vehículo: el sitio rechaza sus reportes y el mapa ya no lo muestra. Sus posiciones anteriores se conservan.',
  reactivacion: 'Reactivamos el vehículo: el sitio vuelve a aceptar sus reportes y el mapa lo muestra cuando informe su posición.',
  'ya-inactivo': 'El vehículo ya estaba inactivo.',
  'ya-activo': 'El vehículo ya estaba activo.',
} as const;
type Aviso = keyof typeof AVISOS;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as Aviso] : null);

async function leerVehiculo(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = parseVehiculoId(args.params.id);
  if (id === null) throw NO_ENCONTRADO();
  const vehiculo = await getVehiculoAdmin(args.context.get(appContext).db, id);
  if (!vehiculo) throw NO_ENCONTRADO();
  return vehiculo;
}

export async function loader(args: Route.LoaderArgs) {
  const { clock } = args.context.get(appContext);
  const v = await leerVehiculo(args);
  const params = new URL(args.request.url).searchParams;
  const paso = params.get('paso');
  const ahora = clock.now();
  return data({
    vehiculo: { ...vehiculoEnPagina(v, ahora), alta: instante(v.createdAt), cambio: instante(v.updatedAt) },
    posiciones: v.posiciones.map((p, i) => ({
      clave: i,
      ...instante(p.hora),
      recibida: instante(p.recibidaEn).texto,
      posicion: `${p.latitud.toFixed(5)}, ${p.longitud.toFixed(5)}`,
      velocidad: p.velocidadKmh === null ? '—' : `${formatWholeNumber(p.velocidadKmh)} km/h`,
      bateria: p.bateria === null ? '—' : bateriaTexto(p.bateria),
      publica: p.publica,
    })),
    opciones: opcionesVehiculo(),
    // The step the address asks for, when it fits the vehicle's state; anything else is the page itself.
    paso: paso === 'desactivar' && v.activo ? ('desactivar' as const) : paso === 'reactivar' && !v.activo ? ('reactivar' as const) : null,
    aviso: avisoDe(params.get('aviso')),
    // A short or all-digit identifier can be guessed: saved, but said (docs/decisions/036-ingesta-de-rastreadores.md).
    avisoDispositivo: dispositivoDebil(v.dispositivo) ? AVISO_DISPOSITIVO_DEBIL : null,
  });
}

type Respuesta =
  | { formulario: 'editar'; errores: Partial<Record<CampoVehiculo, string>>; valores: Partial<Record<CampoVehiculo, string>> }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const { id } = await leerVehiculo(args);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const hecho = (aviso: Aviso) => redirect(`/admin/vehiculos/${id}?aviso=${aviso}`, { status: 303 });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página del vehículo y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'editar') {
    const r = await updateVehiculo(db, actor, id, form);
    if (r.tipo === 'guardado') return hecho(r.cambio ? 'cambio' : 'sin-cambios');
    if (r.tipo === 'invalido') return fallo({ formulario: 'editar', errores: r.errores, valores: r.valores });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
  }
  if (intent === 'estado') {
    const leido = readForm(estadoVehiculoSchema, form);
    if (!leido.ok)
      return fallo({ formulario: 'general', mensaje: leido.errores.confirmado ?? leido.errores.activo ?? 'No pudimos cambiar el estado del vehículo.' });
    const { activo } = leido.datos;
    const r = await setActivo(db, actor, id, activo);
    if (r.tipo === 'guardado') return hecho(activo ? (r.cambio ? 'reactivacion' : 'ya-activo') : r.cambio ? 'baja' : 'ya-inactivo');
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Vehiculo({ loaderData, actionData }: Route.ComponentProps) {
  const { vehiculo: v, posiciones, opciones, paso, aviso, avisoDispositivo } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'editar' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const hayError = formulario !== undefined || general !== null;

  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel(
    [
      [formulario, resumen],
      [general, alerta],
      [aviso, estado],
    ],
    paso,
    pasoTitulo,
  );

  const enlace = `/admin/vehiculos/${v.id}`;
  const volver = (
    <Link to={enlace} className="btn btn-outline-primary">
      Cancelar y volver al vehículo
    </Link>
  );

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso === 'desactivar' ? 'Desactivar ' : paso === 'reactivar' ? 'Reactivar ' : ''}${v.alias} | Vehículos | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/vehiculos">Volver a los vehículos</Link>
      </p>
      <h1 className="vehiculos__titulo">
        {v.alias} <EstadoVehiculo activo={v.activo} />
      </h1>
      <AvisoHecho texto={respuesta ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />

      {paso ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            {paso === 'desactivar' ? `¿Desactivar ${v.alias}?` : `¿Reactivar ${v.alias}?`}
          </h2>
          {paso === 'desactivar' ? (
            <p>
              El sitio deja de aceptar los reportes del dispositivo <code>{v.dispositivo}</code> y el mapa público deja de mostrar el vehículo. Sus posiciones
              anteriores se conservan, y podés reactivarlo cuando vuelva al servicio.
            </p>
          ) : (
            <p>
              El sitio vuelve a aceptar los reportes del dispositivo <code>{v.dispositivo}</code>, y el mapa público muestra el vehículo en cuanto informe su
              posición.
            </p>
          )}
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="activo" value={paso === 'desactivar' ? 'no' : 'si'} />
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="estado" className={paso === 'desactivar' ? 'btn btn-danger' : 'btn btn-primary'}>
              {paso === 'desactivar' ? 'Sí, desactivar el vehículo' : 'Sí, reactivar el vehículo'}
            </button>
            {volver}
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="datos-titulo" className="admin__seccion">
            <h2 id="datos-titulo">Datos y último reporte</h2>
            <dl className="mesa__datos">
              <dt>Ícono en el mapa</dt>
              <dd>{v.iconoEtiqueta}</dd>
              <dt>Servicio</dt>
              <dd>{v.servicioEtiqueta}</dd>
              <dt>Identificador del dispositivo</dt>
              <dd>
                <code className="vehiculos__dispositivo">{v.dispositivo}</code>
                {avisoDispositivo ? <p className="aviso vehiculos__aviso-dispositivo">{avisoDispositivo}</p> : null}
              </dd>
              <dt>Estado</dt>
              <dd>{v.activo ? 'Activo: el sitio acepta sus reportes.' : 'Inactivo: el sitio rechaza sus reportes y el mapa no lo muestra.'}</dd>
              <dt>Último reporte</dt>
              <dd>
                <UltimoReporteTexto reporte={v.ultimoReporte} />
                {v.ultimoReporte ? <span className="tabla-admin__detalle">Recibido el {v.ultimoReporte.recibida}</span> : null}
              </dd>
              <dt>Batería</dt>
              <dd>
                {v.ultimaBateria ? (
                  <>
                    {v.ultimaBateria.texto}{' '}
                    <span className="tabla-admin__detalle">
                      según el reporte del <time dateTime={v.ultimaBateria.iso}>{v.ultimaBateria.cuando}</time>
                    </span>
                  </>
                ) : (
                  'Sin datos: el dispositivo no la informó todavía.'
                )}
              </dd>
              <dt>Alta</dt>
              <dd>
                <time dateTime={v.alta.iso}>{v.alta.texto}</time>
              </dd>
              <dt>Último cambio</dt>
              <dd>
                <time dateTime={v.cambio.iso}>{v.cambio.texto}</time>
              </dd>
            </dl>
            <p className="admin__acciones vehiculos__configurar">
              <Link to={`${enlace}/configuracion`} className="btn btn-primary">
                Hoja de configuración de Traccar Client
              </Link>
            </p>
          </section>

          <section aria-labelledby="posiciones-titulo" className="admin__seccion">
            <h2 id="posiciones-titulo">Últimas posiciones</h2>
            <p className="admin__bajada">
              Las privadas no llegaron al mapa público: el vehículo estaba en el depósito o fuera del horario del servicio (ajustes del sitio).
            </p>
            {posiciones.length > 0 ? (
              <DataTable
                caption={`Las ${posiciones.length === 1 ? 'última posición' : `últimas ${posiciones.length} posiciones`}, de la más nueva a la más vieja`}
                className="tabla-admin tabla-admin--ancha"
                columns={['Hora del dispositivo', 'Recibida', 'Posición', 'Velocidad', 'Batería', 'En el mapa']}
                rows={posiciones}
                rowKey={(p) => p.clave}
                cells={(p) => [
                  <time dateTime={p.iso} className="sin-corte">
                    {p.texto}
                  </time>,
                  <span className="sin-corte">{p.recibida}</span>,
                  <span className="sin-corte">{p.posicion}</span>,
                  p.velocidad,
                  p.bateria,
                  visibilidadTexto(p.publica),
                ]}
              />
            ) : (
              <p>Todavía no llegó ninguna posición de este vehículo. Revisá su teléfono con la hoja de configuración.</p>
            )}
          </section>

          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Editar el vehículo</h2>
            <ErrorSummary title="Revisá el vehículo" errors={erroresVehiculo(formulario?.errores ?? {})} ref={resumen} />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="editar-titulo">
              <CamposVehiculo
                errores={formulario?.errores ?? {}}
                valores={formulario?.valores ?? { alias: v.alias, icono: v.icono, servicio: v.servicio, dispositivo: v.dispositivo }}
                opciones={opciones}
              />
              <p className="campo__ayuda">
                Si cambiás el identificador, el teléfono tiene que enviar el nuevo: los reportes con el anterior se rechazan desde ese momento.
              </p>
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar cambios
              </button>
            </Form>
          </section>

          <section aria-labelledby="estado-titulo" className="admin__seccion">
            <h2 id="estado-titulo">{v.activo ? 'Desactivar el vehículo' : 'Reactivar el vehículo'}</h2>
            <p>
              {v.activo
                ? 'Un vehículo fuera de servicio se desactiva: el sitio rechaza sus reportes y el mapa no lo muestra. No se borra nada.'
                : 'Reactivado, el sitio vuelve a aceptar sus reportes.'}
            </p>
            <p>
              <Link to={`${enlace}?paso=${v.activo ? 'desactivar' : 'reactivar'}`} className={v.activo ? 'btn btn-outline-danger' : 'btn btn-outline-primary'}>
                {v.activo ? 'Desactivar' : 'Reactivar'}
                <span className="visually-hidden"> {v.alias}</span>
              </Link>
            </p>
          </section>
        </>
      )}
    </>
  );
}

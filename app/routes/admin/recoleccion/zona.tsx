import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { datosMapaZona } from '#app/features/admin/mapa-zona.server.ts';
import estilosMapa from '#app/features/admin/mapa-zona.scss?url';
import { type CampoCambio, type CampoZona, CamposCambio, CamposZona, erroresCambio, erroresZona } from '#app/features/admin/recoleccion-campos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import type { Pasada } from '#domain/recoleccion/calendario.ts';
import { createCambio, deleteCambio, deleteZona, updateZona } from '#domain/recoleccion/commands.ts';
import { calendarioDeZona, getZona, listCambios, listCambiosDelPanel, listZonas } from '#domain/recoleccion/queries.ts';
import { bajaSchema } from '#domain/recoleccion/schemas.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { readForm } from '#domain/shared/form.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';
import type { Route } from './+types/zona';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * One collection zone (docs/decisions/056-mi-calle.md): its name, description and area (a new
 * GeoJSON file or the text, which the drawing map writes when there is JavaScript), its services
 * with the next days their rule gives (so staff see what it means), its upcoming one-off changes
 * (add; delete with a confirmation step, `?borrar-cambio=ID`), and deleting the zone
 * (`?paso=borrar`). Steps are pages of their own: no JavaScript needed.
 */

const NO_ENCONTRADA = () => data('Zona no encontrada', { status: 404 });

const AVISOS = {
  alta: 'Agregamos la zona. Ahora agregá sus servicios.',
  cambio: 'Guardamos los cambios de la zona.',
  'cambio-alta': 'Agregamos el cambio: los calendarios de la zona ya lo muestran, y los vecinos suscriptos reciben el aviso.',
  'cambio-baja': 'Borramos el cambio.',
  'servicio-baja': 'Borramos el servicio.',
  servicio: 'Guardamos el servicio.',
} as const;
type Aviso = keyof typeof AVISOS;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as Aviso] : null);

/** A pass as the table says it: its day, its window, and why it is there when it is not the usual. */
function textoPasada(p: Pasada): string {
  const ventana = p.horaDesde && p.horaHasta ? ` de ${p.horaDesde} a ${p.horaHasta}` : '';
  return `${formatLongDateWithWeekday(p.fecha)}${ventana}${p.nota ? `. ${p.nota}` : ''}`;
}

async function leerZona(args: Route.LoaderArgs | Route.ActionArgs) {
  const slug = args.params.zona;
  const zona = /^[a-z0-9-]{1,60}$/.test(slug) ? await getZona(args.context.get(appContext).db, slug) : undefined;
  if (!zona) throw NO_ENCONTRADA();
  return zona;
}

async function cargar(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const { db, clock } = ctx;
  const zona = await leerZona(args);
  const hoy = fechaEnArgentina(clock.now());
  const params = new URL(args.request.url).searchParams;
  const [calendario, cambios, zonas] = await Promise.all([
    calendarioDeZona(db, zona, hoy, sumarDias(hoy, 120)),
    listCambiosDelPanel(db, { zonaId: zona.id, desde: hoy, hasta: '2100-12-31' }),
    listZonas(db),
  ]);
  const nombreServicio = (id: number | null) => (id === null ? 'Todos los servicios' : (zona.servicios.find((s) => s.id === id)?.nombre ?? ''));
  const fila = (c: (typeof cambios)[number]) => ({
    id: c.id,
    fecha: formatLongDateWithWeekday(c.fecha),
    servicio: nombreServicio(c.servicioId),
    tipo: c.tipo === 'suspendido' ? 'No pasa' : `Pasada extra${c.horaDesde ? ` de ${c.horaDesde} a ${c.horaHasta}` : ''}`,
    motivo: c.motivo,
    // Who added it: only this staff page says it (docs/decisions/056-mi-calle.md).
    cargadoPor: c.cargadoPor,
  });
  const filasCambios = cambios.map(fila);
  // The change to delete may be any of the zone's, past or far ahead.
  const borrarCambio = Number(params.get('borrar-cambio'));
  const aBorrar = params.has('borrar-cambio')
    ? (await listCambiosDelPanel(db, { zonaId: zona.id, desde: '2000-01-01', hasta: '2100-12-31' })).find((c) => c.id === borrarCambio)
    : undefined;
  return {
    zona: {
      slug: zona.slug,
      nombre: zona.nombre,
      descripcion: zona.descripcion,
      geometria: JSON.stringify({ type: 'MultiPolygon', coordinates: zona.geometria }),
      poligonos: zona.geometria.length,
      vertices: zona.geometria.flat(2).length,
      caja: `latitud ${zona.minLatitud.toFixed(4)} a ${zona.maxLatitud.toFixed(4)}, longitud ${zona.minLongitud.toFixed(4)} a ${zona.maxLongitud.toFixed(4)}`,
    },
    servicios: zona.servicios.map((s) => ({
      id: s.id,
      nombre: s.nombre,
      regla: s.regla,
      ventana: s.horaDesde && s.horaHasta ? `De ${s.horaDesde} a ${s.horaHasta}` : 'Todo el día',
      proximas: (calendario.get(s.id)?.pasadas ?? []).slice(0, 6).map(textoPasada),
    })),
    opcionesServicio: zona.servicios.map((s) => ({ id: s.id, nombre: s.nombre })),
    cambios: filasCambios,
    paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
    cambioABorrar: aBorrar ? fila(aBorrar) : null,
    aviso: avisoDe(params.get('aviso')),
    mapa: await datosMapaZona(ctx, zonas, zona.id),
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { formulario: 'zona'; errores: Partial<Record<CampoZona, string>>; valores: Partial<Record<CampoZona, string>> }
  | { formulario: 'cambio'; errores: Partial<Record<CampoCambio, string>>; valores: Partial<Record<CampoCambio, string>> }
  | { formulario: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const zona = await leerZona(args);
  const enlace = `/admin/recoleccion/zonas/${zona.slug}`;
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const general = (r: { tipo: string; mensaje: string }) => fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página de la zona y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'zona') {
    const r = await updateZona(db, actor, zona.id, form);
    if (r.tipo === 'guardado') return redirect(`/admin/recoleccion/zonas/${r.zona.slug}?aviso=cambio`, { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'zona', errores: r.errores, valores: r.valores });
    return general(r);
  }
  if (intent === 'cambio') {
    form.set('zonaId', String(zona.id));
    const r = await createCambio(db, actor, form);
    if (r.tipo === 'guardado') return redirect(`${enlace}?aviso=cambio-alta`, { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'cambio', errores: r.errores, valores: r.valores });
    return general(r);
  }
  if (intent === 'borrar-cambio' || intent === 'borrar-zona') {
    const leido = readForm(bajaSchema, form);
    if (!leido.ok) return fallo({ formulario: 'general', mensaje: leido.errores.confirmado ?? 'No pudimos borrar.' });
    if (intent === 'borrar-zona') {
      const r = await deleteZona(db, actor, zona.id);
      return r.tipo === 'borrado' ? redirect('/admin/recoleccion?aviso=baja', { status: 303 }) : general(r);
    }
    const id = Number(form.get('cambio'));
    // Only a change of this zone, whatever the form says.
    const propios = await listCambios(db, { zonaId: zona.id, desde: '2000-01-01', hasta: '2100-12-31' });
    if (!propios.some((c) => c.id === id)) return fallo({ formulario: 'general', mensaje: 'Ese cambio ya no existe: puede que otra persona lo haya borrado.' });
    const r = await deleteCambio(db, actor, id);
    return r.tipo === 'borrado' ? redirect(`${enlace}?aviso=cambio-baja`, { status: 303 }) : general(r);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

// Leaflet's and Geoman's styles and the drawing map's: only the zone pages link them.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilosMapa, precedence: 'default' }];

export default function Zona({ loaderData, actionData }: Route.ComponentProps) {
  const { zona, servicios, opcionesServicio, cambios, paso, cambioABorrar, aviso, mapa } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formZona = respuesta?.formulario === 'zona' ? respuesta : undefined;
  const formCambio = respuesta?.formulario === 'cambio' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const hayError = respuesta !== undefined;
  const resumenZona = useRef<HTMLDivElement>(null);
  const resumenCambio = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  const clavePaso = paso ?? (cambioABorrar ? `cambio-${cambioABorrar.id}` : null);
  useFocoDelPanel(
    [
      [formZona, resumenZona],
      [formCambio, resumenCambio],
      [general, alerta],
      [aviso, estado],
    ],
    clavePaso,
    pasoTitulo,
  );
  const enlace = `/admin/recoleccion/zonas/${zona.slug}`;
  const cancelar = (
    <Link to={enlace} className="btn btn-outline-primary">
      Cancelar y volver a la zona
    </Link>
  );

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso ? 'Borrar ' : ''}${zona.nombre} | Mi calle | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/recoleccion">Volver a las zonas</Link>
      </p>
      <h1>Zona {zona.nombre}</h1>
      <AvisoHecho texto={respuesta ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />

      {paso === 'borrar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            ¿Borrar la zona {zona.nombre}?
          </h2>
          <p>Se borran también sus servicios, sus cambios y las suscripciones de los vecinos a la zona. Los calendarios suscriptos dejan de funcionar.</p>
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="borrar-zona" className="btn btn-danger">
              Sí, borrar la zona
            </button>
            {cancelar}
          </Form>
        </section>
      ) : cambioABorrar ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            ¿Borrar el cambio del {cambioABorrar.fecha}?
          </h2>
          <p>
            {cambioABorrar.servicio}: {cambioABorrar.tipo}. Motivo: {cambioABorrar.motivo}
            {cambioABorrar.cargadoPor ? ` (cargado por ${cambioABorrar.cargadoPor})` : null}
          </p>
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="confirmado" value="si" />
            <input type="hidden" name="cambio" value={String(cambioABorrar.id)} />
            <button type="submit" name="intent" value="borrar-cambio" className="btn btn-danger">
              Sí, borrar el cambio
            </button>
            {cancelar}
          </Form>
        </section>
      ) : (
        <>
          <section aria-labelledby="servicios-titulo" className="admin__seccion">
            <h2 id="servicios-titulo">Servicios</h2>
            {servicios.length > 0 ? (
              <DataTable
                caption={`Los servicios de ${zona.nombre} y sus próximos días, con los feriados y los cambios aplicados`}
                className="tabla-admin"
                columns={['Servicio', 'Horario', 'Próximos días']}
                rows={servicios}
                rowKey={(s) => s.id}
                cells={(s) => [
                  <>
                    <Link to={`${enlace}/servicios/${s.id}`}>{s.nombre}</Link>
                    <span className="tabla-admin__detalle">
                      <code>{s.regla}</code>
                    </span>
                  </>,
                  s.ventana,
                  s.proximas.length > 0 ? (
                    <ul className="recoleccion__proximas">
                      {s.proximas.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  ) : (
                    'Ninguno en los próximos cuatro meses'
                  ),
                ]}
              />
            ) : (
              <p>Esta zona todavía no tiene servicios.</p>
            )}
            <p>
              <Link to={`${enlace}/servicios/nuevo`} className="btn btn-primary">
                Agregar un servicio
              </Link>
            </p>
          </section>

          <section aria-labelledby="cambios-titulo" className="admin__seccion">
            <h2 id="cambios-titulo">Cambios puntuales</h2>
            {cambios.length > 0 ? (
              <DataTable
                caption={`Los próximos cambios de ${zona.nombre}`}
                className="tabla-admin"
                columns={['Fecha', 'Servicio', 'Qué cambia', 'Motivo', 'Acciones']}
                rows={cambios}
                rowKey={(c) => c.id}
                cells={(c) => [
                  c.fecha,
                  c.servicio,
                  c.tipo,
                  <>
                    {c.motivo}
                    {c.cargadoPor ? <span className="tabla-admin__detalle">Cargado por {c.cargadoPor}</span> : null}
                  </>,
                  <Link to={`${enlace}?borrar-cambio=${c.id}`} className="btn btn-sm btn-outline-danger">
                    Borrar<span className="visually-hidden"> el cambio del {c.fecha}</span>
                  </Link>,
                ]}
              />
            ) : (
              <p>No hay cambios próximos.</p>
            )}
            <h3 id="cambio-titulo">Agregar un cambio</h3>
            <ErrorSummary title="Revisá el cambio" errors={erroresCambio(formCambio?.errores ?? {})} ref={resumenCambio} />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="cambio-titulo">
              <CamposCambio errores={formCambio?.errores ?? {}} valores={formCambio?.valores ?? {}} servicios={opcionesServicio} />
              <button type="submit" name="intent" value="cambio" className="btn btn-primary">
                Agregar el cambio
              </button>
            </Form>
          </section>

          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Editar la zona</h2>
            <p>
              Área actual: {zona.poligonos === 1 ? 'un polígono' : `${zona.poligonos} polígonos`} con {zona.vertices} vértices, entre {zona.caja}.
            </p>
            <ErrorSummary title="Revisá la zona" errors={erroresZona(formZona?.errores ?? {})} ref={resumenZona} />
            <Form method="post" action={enlace} encType="multipart/form-data" className="admin__formulario" noValidate aria-labelledby="editar-titulo">
              <CamposZona
                errores={formZona?.errores ?? {}}
                valores={formZona?.valores ?? { nombre: zona.nombre, descripcion: zona.descripcion, geometria: zona.geometria }}
                nueva={false}
                mapa={mapa}
              />
              <button type="submit" name="intent" value="zona" className="btn btn-primary">
                Guardar la zona
              </button>
            </Form>
          </section>

          <section aria-labelledby="borrar-titulo" className="admin__seccion">
            <h2 id="borrar-titulo">Borrar la zona</h2>
            <p>
              <Link to={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
                Borrar<span className="visually-hidden"> la zona {zona.nombre}</span>
              </Link>
            </p>
          </section>
        </>
      )}
    </>
  );
}

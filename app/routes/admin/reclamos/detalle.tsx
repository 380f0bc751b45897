import { type ReactNode, useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AVISOS_ACCION, ejecutarAccion } from '#app/features/admin/reclamos-mesa/acciones.server.ts';
import { type CampoAccion, type RespuestaAccion, CAMPOS_ACCION, ETIQUETAS_ACCION } from '#app/features/admin/reclamos-mesa/campos.ts';
import { idPorCodigo, opcionesDeLaMesa, relojesEnPalabras } from '#app/features/admin/reclamos-mesa/cola.server.ts';
import { MapaDelReclamo } from '#app/features/admin/reclamos-mesa/mapa-del-reclamo.tsx';
import { instante } from '#app/features/mesa/formato.server.ts';
import estilos from '#app/features/reclamos/reclamos.scss?url';
import { MarcaPlazo } from '#app/features/mesa/marca-plazo.tsx';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { completarPlantilla, getCategoria, listOrganismos, listPlantillas } from '#domain/reclamos/catalogo.ts';
import { getReclamoParaPersonal, pasadasCerca } from '#domain/reclamos/cola.ts';
import { ETIQUETAS_ESTADO, MAX_MOTIVO, MAX_RESPUESTA, TRANSICIONES } from '#domain/reclamos/estados.ts';
import { formatInteger } from '#domain/shared/formato.ts';
import type { Route } from './+types/detalle';

/**
 * One citizen report as staff see it (docs/decisions/057-reclamos.md): what was reported with its
 * photos, point and answers to the category's questions, its clock, its history with the internal
 * notes and who wrote each step, the reporter only for the desk and administration («reservado» for
 * the others), for vehicle categories the proof of service (passes near the point in the 7 days
 * before; never public), and with JavaScript a small map of the point. Each action is a small form
 * of its own that works without JavaScript: done, the browser comes back here (303) with a notice;
 * refused, the page answers with the errors next to that form's fields.
 */

// Leaflet's stylesheet with the pages' own, for the small map of the point and the photos.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

const NO_ENCONTRADO = () => data('Reclamo no encontrado', { status: 404 });

async function cargar(args: Route.LoaderArgs | Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const id = await idPorCodigo(ctx.db, args.params.codigo);
  const reclamo = id === undefined ? undefined : await getReclamoParaPersonal(ctx, actor, id);
  if (!reclamo) throw NO_ENCONTRADO();
  return { actor, ctx, reclamo };
}

/** Left in a «derivado» template's text for the page to replace with the body chosen in the form. */
const MARCA_ORGANISMO = '{organismo}';

const siNo = (v: string) => (v === 'si' || v === 'true' ? 'Sí' : v === 'no' || v === 'false' ? 'No' : v);

async function leer(args: Route.LoaderArgs) {
  const { ctx, reclamo: r } = await cargar(args);
  const [categoria, organismos, plantillas, opciones, reloj, pasadas] = await Promise.all([
    getCategoria(ctx.db, r.categoriaId),
    listOrganismos(ctx.db, { soloActivos: true }),
    listPlantillas(ctx.db),
    opcionesDeLaMesa(ctx.db),
    relojesEnPalabras(ctx.db, ctx.clock.now()),
    pasadasCerca(ctx.db, r),
  ]);
  // Derivado and duplicado have forms of their own (they need the body or the original).
  const siguientes = TRANSICIONES[r.estado].filter((e) => e !== 'derivado' && e !== 'duplicado');
  const claveAviso = new URL(args.request.url).searchParams.get('aviso') ?? '';
  const plantillaCompleta = (texto: string) => completarPlantilla(texto, { ...r, venceEl: r.plazo?.vence ?? null }, ctx.clock.now());
  const respuestas = (categoria?.preguntas ?? []).flatMap((p) => {
    const valor = r.respuestas[p.codigo];
    if (typeof valor !== 'string' || valor.trim() === '') return [];
    const texto = p.tipo === 'opcion' ? (p.opciones?.find((o) => o.clave === valor)?.nombre ?? valor) : p.tipo === 'si_no' ? siNo(valor) : valor;
    return [{ etiqueta: p.etiqueta, valor: texto }];
  });
  return data({
    teselas: ctx.config.mapTileUrl,
    aviso: Object.hasOwn(AVISOS_ACCION, claveAviso) ? AVISOS_ACCION[claveAviso]! : null,
    reclamo: {
      codigo: r.codigo,
      categoria: r.categoria,
      estado: r.estado,
      estadoEtiqueta: r.estadoEtiqueta,
      descripcion: r.descripcion,
      direccion: r.direccion,
      barrio: r.barrio,
      latitud: r.latitud,
      longitud: r.longitud,
      origen: r.origen === 'open311' ? 'La API Open311' : 'El formulario del sitio',
      recibido: instante(r.createdAt),
      reloj: reloj(r.plazo),
      area: r.area,
      areaId: r.areaId,
      asignadoA: r.asignadoA,
      asignadoNombre: r.asignadoNombre,
      organismo: r.organismo,
      duplicadoDe: r.duplicadoDe?.codigo ?? null,
      oculto: r.oculto ? { motivo: r.ocultoMotivo ?? '', ...instante(r.ocultoEn ?? r.createdAt) } : null,
      veReclamante: r.veReclamante,
      reclamante: r.reclamante,
      respuestas,
      fotos: r.fotos.map((f) => ({
        orden: f.orden,
        web: `/api/v1/documentos/${f.documentoId}?tamano=web`,
        miniatura: `/api/v1/documentos/${f.documentoId}?tamano=miniatura`,
      })),
      historial: r.historial.map((h) => ({
        id: h.id,
        estadoEtiqueta: h.estadoEtiqueta,
        ...instante(h.fecha),
        quien: h.usuarioNombre ?? (h.estado === 'recibido' && h.usuarioId === null ? 'Quien lo reportó' : 'El sistema'),
        respuesta: h.respuesta,
        nota: h.nota,
        organismo: h.organismo,
      })),
    },
    pasadas: categoria?.servicioVehiculo
      ? pasadas.map((p) => ({
          clave: `${p.vehiculoId}-${p.hora.toISOString()}`,
          alias: p.alias,
          ...instante(p.hora),
          distancia: `${formatInteger(Math.round(p.distanciaM))} m`,
        }))
      : null,
    siguientes: siguientes.map((e) => ({ valor: e, texto: ETIQUETAS_ESTADO[e] })),
    puedeDerivar: TRANSICIONES[r.estado].includes('derivado'),
    puedeFusionar: TRANSICIONES[r.estado].includes('duplicado'),
    // Each template with its placeholders already filled: with JavaScript, choosing one fills the answer.
    plantillas: plantillas
      .filter((p) => (siguientes as readonly string[]).includes(p.estado))
      .map((p) => ({ id: p.id, nombre: p.nombre, estado: p.estado, estadoEtiqueta: ETIQUETAS_ESTADO[p.estado], texto: plantillaCompleta(p.texto) })),
    // «Derivado»'s templates for «Derivar», filled but for {organismo}: the page puts the body chosen there.
    plantillasDerivacion: TRANSICIONES[r.estado].includes('derivado')
      ? plantillas
          .filter((p) => p.estado === 'derivado')
          .map((p) => ({
            id: p.id,
            nombre: p.nombre,
            texto: completarPlantilla(p.texto, { ...r, organismo: MARCA_ORGANISMO, venceEl: r.plazo?.vence ?? null }, ctx.clock.now()),
          }))
      : [],
    organismos: organismos.map((o) => ({ id: o.id, nombre: o.nombre })),
    opciones: { areas: opciones.areas, personal: opciones.personal },
    limites: { respuesta: MAX_RESPUESTA, motivo: MAX_MOTIVO },
  });
}

async function actuar(args: Route.ActionArgs) {
  const { actor, ctx, reclamo } = await cargar(args);
  const form = await readFormData(args.request);
  if (!form)
    return data<RespuestaAccion>(
      { intent: '', errores: {}, valores: {}, general: 'No pudimos leer el formulario: volvé a la página del reclamo y envialo de nuevo.' },
      { status: 400 },
    );
  const r = await ejecutarAccion(ctx, actor, reclamo, form);
  if (r.tipo === 'hecho') throw redirect(`/admin/reclamos/${encodeURIComponent(r.codigo)}?aviso=${r.aviso}`, { status: 303 });
  if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
  return data(r.respuesta, { status: r.status });
}

// With the database down, the guard usually answers first; a database lost after it is the same 503.
export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => leer(args));
export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function ReclamoEnLaMesa({ loaderData, actionData }: Route.ComponentProps) {
  const {
    teselas,
    aviso,
    reclamo: r,
    pasadas,
    siguientes,
    puedeDerivar,
    puedeFusionar,
    plantillas,
    plantillasDerivacion,
    organismos,
    opciones,
    limites,
  } = loaderData;
  const respuesta = actionData as RespuestaAccion | undefined;
  const errores = respuesta?.errores ?? {};
  const valores = respuesta?.valores ?? {};
  const general = respuesta?.general ?? null;
  // What was typed comes back only to the form that was sent.
  const de = (intent: string | string[]) => (respuesta && [intent].flat().includes(respuesta.intent) ? valores : {});
  const listaErrores = CAMPOS_ACCION.flatMap((c) => (errores[c] ? [[c, ETIQUETAS_ACCION[c], errores[c]] as [string, string, string]] : []));
  const hayErrores = listaErrores.length > 0 || general !== null;
  const plantillaUsada = respuesta?.intent === 'usar-plantilla' && !hayErrores;
  const plantillaDerivacionUsada = respuesta?.intent === 'usar-plantilla-derivacion' && !hayErrores;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const respuestaPublica = useRef<HTMLTextAreaElement>(null);
  const respuestaDerivacion = useRef<HTMLTextAreaElement>(null);
  useFocoDelPanel([
    [listaErrores.length > 0 && respuesta, resumen],
    [general && respuesta, alerta],
  ]);
  useFocoDelPanel([[!respuesta && aviso, estado]]);
  useFocoDelPanel([[plantillaUsada && respuesta, respuestaPublica]]);
  useFocoDelPanel([[plantillaDerivacionUsada && respuesta, respuestaDerivacion]]);

  const texto = (
    name: CampoAccion,
    valor: string | undefined,
    hint: string,
    opciones: { required?: boolean; max?: number; ref?: typeof respuestaPublica | typeof respuestaDerivacion } = {},
  ) => (
    <FormField name={name} label={ETIQUETAS_ACCION[name]} hint={hint} error={errores[name]} required={opciones.required}>
      {(control) => (
        <textarea {...control} ref={opciones.ref} className="form-control" rows={4} maxLength={opciones.max ?? limites.respuesta} defaultValue={valor ?? ''} />
      )}
    </FormField>
  );
  const seleccion = (
    name: CampoAccion,
    valor: string | undefined,
    vacia: string,
    lista: { valor: string; texto: string }[],
    hint?: string,
    alCambiar?: (valor: string) => void,
  ) => (
    <FormField name={name} label={ETIQUETAS_ACCION[name]} error={errores[name]} hint={hint}>
      {(control) => (
        <select {...control} className="form-select" defaultValue={valor ?? ''} onChange={alCambiar ? (e) => alCambiar(e.currentTarget.value) : undefined}>
          <option value="">{vacia}</option>
          {lista.map((o) => (
            <option key={o.valor} value={o.valor}>
              {o.texto}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const seccion = (id: string, titulo: string, hijos: ReactNode) => (
    <section aria-labelledby={id} className="admin__seccion">
      <h2 id={id}>{titulo}</h2>
      {hijos}
    </section>
  );
  const vEstado = de(['estado', 'usar-plantilla']);
  // With JavaScript a template fills the answer (and the state it is for) at once; without it, «Usar plantilla» does.
  const usarPlantilla = (id: string) => {
    const plantilla = plantillas.find((p) => String(p.id) === id);
    const area = document.getElementById('respuesta') as HTMLTextAreaElement | null;
    if (!plantilla || !area) return;
    area.value = plantilla.texto;
    const select = document.getElementById('estado') as HTMLSelectElement | null;
    if (select) select.value = plantilla.estado;
  };
  const vDerivar = de(['derivar', 'usar-plantilla-derivacion']);
  // «Derivar»: the chosen template with the chosen body's name; choosing another body rewrites the
  // answer only if it is still what a template wrote (kept in data-relleno), never what staff typed.
  const rellenarDerivacion = (cambio: 'plantilla' | 'organismo') => {
    const area = document.getElementById('respuestaDerivacion') as HTMLTextAreaElement | null;
    const idPlantilla = (document.getElementById('plantillaDerivacion') as HTMLSelectElement | null)?.value;
    const idOrganismo = (document.getElementById('organismo') as HTMLSelectElement | null)?.value;
    const plantilla = plantillasDerivacion.find((p) => String(p.id) === idPlantilla);
    if (!area || !plantilla) return;
    if (cambio === 'organismo' && area.value !== '' && area.value !== area.dataset.relleno) return;
    const organismo = organismos.find((o) => String(o.id) === idOrganismo)?.nombre;
    area.value = organismo ? plantilla.texto.replaceAll(MARCA_ORGANISMO, organismo) : plantilla.texto;
    area.dataset.relleno = area.value;
  };

  return (
    <>
      <title>{`${hayErrores ? 'Error: ' : ''}Reclamo ${r.codigo} | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/reclamos">Volver a los reclamos</Link>
      </p>
      <h1 className="mesa__titulo">
        Reclamo <span className="sin-corte">{r.codigo}</span>
      </h1>
      <AvisoHecho texto={respuesta || !aviso ? null : aviso} foco={estado} />
      {plantillaUsada || plantillaDerivacionUsada ? (
        <p className="aviso aviso--exito" role="status">
          {plantillaUsada
            ? 'Completamos la respuesta pública con la plantilla: revisala y guardá el cambio de estado.'
            : 'Completamos la respuesta pública de la derivación con la plantilla: revisala y derivá el reclamo.'}
        </p>
      ) : null}
      <ErrorSummary title="No pudimos hacer el cambio" errors={listaErrores} ref={resumen} />
      <AlertaGeneral texto={general} foco={alerta} />

      {seccion(
        'datos-titulo',
        'Datos del reclamo',
        <>
          <dl className="mesa__datos">
            <dt>Estado</dt>
            <dd>
              <strong>{r.estadoEtiqueta}</strong>
              {r.organismo ? ` (derivado a ${r.organismo})` : ''}
              {r.duplicadoDe ? (
                <>
                  {' '}
                  — es el mismo que <Link to={`/admin/reclamos/${r.duplicadoDe}`}>{r.duplicadoDe}</Link>
                </>
              ) : null}
            </dd>
            <dt>Plazo</dt>
            <dd>
              {r.reloj ? (
                <>
                  {`${r.reloj.texto[0]!.toUpperCase()}${r.reloj.texto.slice(1)}`} (<time dateTime={r.reloj.vence}>{r.reloj.venceTexto}</time>){' '}
                  <MarcaPlazo estado={r.reloj.estado} />
                </>
              ) : (
                'Ninguno: el reclamo está cerrado.'
              )}
            </dd>
            <dt>Categoría</dt>
            <dd>{r.categoria}</dd>
            <dt>Recibido</dt>
            <dd>
              <time dateTime={r.recibido.iso}>{r.recibido.texto}</time> — {r.origen}
            </dd>
            <dt>Lugar</dt>
            <dd>
              {[r.direccion, r.barrio].filter((t) => t !== '').join(', ') || 'Sin dirección escrita'}.{' '}
              <a href={`https://www.openstreetmap.org/?mlat=${r.latitud}&mlon=${r.longitud}#map=18/${r.latitud}/${r.longitud}`}>
                Ver el punto en OpenStreetMap
              </a>{' '}
              ({r.latitud.toFixed(5)}, {r.longitud.toFixed(5)})
            </dd>
            <dt>Asignado</dt>
            <dd>{[r.area, r.asignadoNombre].filter((t) => !!t).join(' · ') || 'Nadie'}</dd>
            <dt>Quien lo reportó</dt>
            <dd className="mesa__partir">
              {r.veReclamante
                ? r.reclamante
                  ? `${r.reclamante.nombre || 'Sin nombre'} — ${r.reclamante.email}`
                  : 'No dejó sus datos.'
                : 'Reservado: sólo la mesa de entradas y administración ven el correo y el nombre.'}
            </dd>
            {r.oculto ? (
              <>
                <dt>Oculto al público</dt>
                <dd>
                  Desde el <time dateTime={r.oculto.iso}>{r.oculto.texto}</time>. Motivo: {r.oculto.motivo}
                </dd>
              </>
            ) : null}
          </dl>
          <MapaDelReclamo teselas={teselas} latitud={r.latitud} longitud={r.longitud} />
        </>,
      )}

      {seccion('descripcion-titulo', 'Descripción', <p className="mesa__texto">{r.descripcion}</p>)}

      {r.respuestas.length > 0
        ? seccion(
            'respuestas-titulo',
            'Respuestas a las preguntas de la categoría',
            <dl className="mesa__datos">
              {r.respuestas.map((p) => (
                <div key={p.etiqueta}>
                  <dt>{p.etiqueta}</dt>
                  <dd>{p.valor}</dd>
                </div>
              ))}
            </dl>,
          )
        : null}

      {r.fotos.length > 0
        ? seccion(
            'fotos-titulo',
            'Fotos',
            <ul className="reclamos__fotos">
              {r.fotos.map((f) => (
                <li key={f.orden}>
                  <a href={f.web}>
                    <img src={f.miniatura} alt={`Foto ${f.orden} del reclamo (abre la foto grande)`} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>,
          )
        : null}

      {pasadas
        ? seccion(
            'pasadas-titulo',
            'Pasadas de vehículos cerca (7 días previos)',
            <>
              <p>Sólo para el personal: los vehículos del servicio que pasaron a menos de 100 metros del punto en los 7 días antes del reclamo.</p>
              {pasadas.length > 0 ? (
                <DataTable
                  caption="Pasadas de vehículos cerca del punto"
                  className="tabla-gobierno"
                  columns={['Vehículo', 'Hora', 'Distancia']}
                  rows={pasadas}
                  rowKey={(p) => p.clave}
                  cells={(p) => [
                    p.alias,
                    <time key="hora" dateTime={p.iso}>
                      {p.texto}
                    </time>,
                    p.distancia,
                  ]}
                />
              ) : (
                <p>Ningún vehículo del servicio pasó cerca del punto en esos 7 días.</p>
              )}
            </>,
          )
        : null}

      {seccion(
        'historial-titulo',
        'Historial',
        <ol className="mesa__historial">
          {r.historial.map((h) => (
            <li key={h.id}>
              <strong>{h.estadoEtiqueta}</strong>
              {h.organismo ? ` (${h.organismo})` : ''}, <time dateTime={h.iso}>{h.texto}</time> — {h.quien}
              {h.respuesta ? <p className="mesa__texto">{`Respuesta pública: ${h.respuesta}`}</p> : null}
              {h.nota ? <p className="mesa__texto">{`Nota interna: ${h.nota}`}</p> : null}
            </li>
          ))}
        </ol>,
      )}

      {siguientes.length > 0
        ? seccion(
            'estado-titulo',
            'Cambiar el estado',
            <Form method="post" className="admin__formulario" aria-labelledby="estado-titulo" noValidate>
              <input type="hidden" name="estadoEsperado" value={r.estado} />
              {seleccion(
                'estado',
                vEstado.estado,
                'Elegí el nuevo estado',
                siguientes,
                'Para derivarlo a otro organismo o marcarlo como duplicado, usá sus formularios más abajo.',
              )}
              {plantillas.length > 0 ? (
                <>
                  {seleccion(
                    'plantilla',
                    vEstado.plantilla,
                    'Ninguna',
                    plantillas.map((p) => ({ valor: String(p.id), texto: `${p.estadoEtiqueta}: ${p.nombre}` })),
                    'Al elegirla, o con «Usar plantilla», la respuesta pública se completa con su texto para que lo revises antes de guardar.',
                    usarPlantilla,
                  )}
                  <button type="submit" name="intent" value="usar-plantilla" className="btn btn-outline-secondary">
                    Usar plantilla
                  </button>
                </>
              ) : null}
              {texto('respuesta', vEstado.respuesta, 'La leen quien lo reportó (por correo, si lo sigue) y el público en la página del reclamo.', {
                ref: respuestaPublica,
              })}
              {texto('nota', vEstado.nota, 'Sólo para el personal: no se publica ni se envía.')}
              <button type="submit" name="intent" value="estado" className="btn btn-primary">
                Guardar el cambio de estado
              </button>
            </Form>,
          )
        : null}

      {seccion(
        'asignar-titulo',
        'Asignar',
        <Form method="post" className="admin__formulario" aria-labelledby="asignar-titulo" noValidate>
          {seleccion(
            'area',
            de('asignar').area ?? (r.areaId === null ? '' : String(r.areaId)),
            'Ninguna',
            opciones.areas.map((a) => ({ valor: String(a.id), texto: a.nombre })),
          )}
          {seleccion(
            'persona',
            de('asignar').persona ?? (r.asignadoA === null ? '' : String(r.asignadoA)),
            'Nadie',
            opciones.personal.map((u) => ({ valor: String(u.id), texto: u.nombre })),
          )}
          <button type="submit" name="intent" value="asignar" className="btn btn-primary">
            Guardar la asignación
          </button>
        </Form>,
      )}

      {puedeDerivar && organismos.length > 0
        ? seccion(
            'derivar-titulo',
            'Derivar a otro organismo',
            <Form method="post" className="admin__formulario" aria-labelledby="derivar-titulo" noValidate>
              <input type="hidden" name="estadoEsperado" value={r.estado} />
              {seleccion(
                'organismo',
                vDerivar.organismo,
                'Elegí el organismo',
                organismos.map((o) => ({ valor: String(o.id), texto: o.nombre })),
                'Le enviamos por correo los datos públicos del reclamo, nunca quién lo reportó.',
                () => rellenarDerivacion('organismo'),
              )}
              {plantillasDerivacion.length > 0 ? (
                <>
                  {seleccion(
                    'plantillaDerivacion',
                    vDerivar.plantillaDerivacion,
                    'Ninguna',
                    plantillasDerivacion.map((p) => ({ valor: String(p.id), texto: p.nombre })),
                    'Al elegirla, o con «Usar plantilla», la respuesta pública se completa con su texto y el organismo elegido, para que lo revises antes de derivar.',
                    () => rellenarDerivacion('plantilla'),
                  )}
                  <button type="submit" name="intent" value="usar-plantilla-derivacion" className="btn btn-outline-secondary">
                    Usar plantilla<span className="visually-hidden"> para derivar</span>
                  </button>
                </>
              ) : null}
              {texto('respuestaDerivacion', vDerivar.respuestaDerivacion, 'Opcional: la leen quien lo reportó y el público.', { ref: respuestaDerivacion })}
              {texto('notaDerivacion', vDerivar.notaDerivacion, 'Sólo para el personal.')}
              <button type="submit" name="intent" value="derivar" className="btn btn-primary">
                Derivar el reclamo
              </button>
            </Form>,
          )
        : null}

      {puedeFusionar
        ? seccion(
            'fusionar-titulo',
            'Es el mismo que otro reclamo',
            <Form method="post" className="admin__formulario" aria-labelledby="fusionar-titulo" noValidate>
              <FormField name="original" label={ETIQUETAS_ACCION.original} hint="Por ejemplo RC-2026-ABC-DEF-GHJ." error={errores.original}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    className="form-control"
                    defaultValue={de('fusionar').original ?? ''}
                    maxLength={40}
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </FormField>
              {texto('respuestaDuplicado', de('fusionar').respuestaDuplicado, 'Opcional: la leen quien lo reportó y el público.')}
              <button type="submit" name="intent" value="fusionar" className="btn btn-primary">
                Marcar como duplicado
              </button>
            </Form>,
          )
        : null}

      {seccion(
        'ocultar-titulo',
        r.oculto ? 'Volver a mostrar' : 'Ocultar al público',
        <Form method="post" className="admin__formulario" aria-labelledby="ocultar-titulo" noValidate>
          {r.oculto ? (
            <>
              <p>El reclamo y sus fotos vuelven a verse en las páginas públicas.</p>
              <button type="submit" name="intent" value="mostrar" className="btn btn-primary">
                Mostrar el reclamo
              </button>
            </>
          ) : (
            <>
              <p>Por ejemplo, si tiene un insulto, la cara de alguien o un domicilio privado. El estado y el plazo siguen corriendo.</p>
              {texto('motivo', de('ocultar').motivo, 'Queda en la auditoría.', { required: true, max: limites.motivo })}
              <button type="submit" name="intent" value="ocultar" className="btn btn-primary">
                Ocultar el reclamo
              </button>
            </>
          )}
        </Form>,
      )}
    </>
  );
}

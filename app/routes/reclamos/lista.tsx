import { useEffect, useRef, useState } from 'react';
import { Link, data, redirect } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { type ControlProps, FormField } from '#app/components/ui/form-field.tsx';
import { Paginacion, rangoMostrado } from '#app/features/ordenanzas/paginacion.tsx';
import estilos from '#app/features/reclamos/reclamos.scss?url';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import { ESTADOS_RECLAMO } from '#db/schema/index.ts';
import { ETIQUETAS_ESTADO, estaAbierto } from '#domain/reclamos/etiquetas.ts';
import {
  type CampoFiltroReclamos,
  listReclamosPublicos,
  normalizarCodigoReclamo,
  opcionesFiltroReclamos,
  parseFiltrosReclamos,
  rutaReclamo,
  urlFeedReclamos,
  urlListaReclamos,
} from '#domain/reclamos/publico.ts';
import { esFechaValida, fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatInteger, formatShortDate } from '#domain/shared/formato.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { Route } from './+types/lista';

const TITULO = 'Reclamos';
const MENSAJE_CODIGO = 'Escribí el código como figura en tu correo, por ejemplo RC-2026-7KQ-3XM-9PK.';

type Campo = CampoFiltroReclamos | 'codigo';
type Errores = Partial<Record<Campo, string>>;

/**
 * The public list of citizen reports (docs/decisions/057-reclamos.md): a GET form of filters kept in
 * the address, the map of the filtered reports as an island, the list (the way to each report with a
 * keyboard and without JavaScript) and «Seguí tu reclamo» by its code.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const { vehiculos } = await getSiteSettingsForPages(ctx.db);
  const opciones = await opcionesFiltroReclamos(ctx.db);
  const base = { teselas: ctx.config.mapTileUrl, centro: vehiculos.centro, opciones };

  // «Seguí tu reclamo»: a code goes to its page.
  if (params.has('codigo')) {
    const codigo = normalizarCodigoReclamo(params.get('codigo'));
    if (codigo) throw redirect(rutaReclamo(codigo), 303);
    const valores: Record<string, string> = { codigo: (params.get('codigo') ?? '').slice(0, 40) };
    return data({ ...base, valores, errores: { codigo: MENSAJE_CODIGO } as Errores, resultado: null }, { status: 400 });
  }

  const parsed = parseFiltrosReclamos(params);
  if (!parsed.ok)
    return data({ ...base, valores: parsed.valores as Record<string, string>, errores: parsed.errores as Errores, resultado: null }, { status: 400 });
  const { filtros, valores } = parsed;
  if (filtros.categoria && !opciones.categorias.some((c) => c.codigo === filtros.categoria)) {
    return data(
      { ...base, valores: valores as Record<string, string>, errores: { categoria: 'Elegí una categoría de la lista.' } as Errores, resultado: null },
      { status: 400 },
    );
  }
  const lista = await listReclamosPublicos(ctx.db, filtros);
  const resultado = {
    total: lista.total,
    pagina: lista.pagina,
    porPagina: lista.porPagina,
    items: lista.items.map((r) => ({
      codigo: r.codigo,
      categoria: r.categoria,
      lugar: [r.direccion, r.barrio].filter((x) => x !== '').join(', '),
      estado: r.estado,
      estadoEtiqueta: r.estadoEtiqueta,
      fecha: fechaEnArgentina(r.createdAt),
      fechaTexto: formatShortDate(r.createdAt),
    })),
    puntos: lista.puntos.map((p) => ({
      codigo: p.codigo,
      categoria: p.categoria,
      estadoEtiqueta: p.estadoEtiqueta,
      abierto: estaAbierto(p.estado),
      latitud: p.latitud,
      longitud: p.longitud,
    })),
  };
  return { ...base, valores: valores as Record<string, string>, errores: {} as Errores, resultado };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const conErrores = loaderData && Object.keys(loaderData.errores).length > 0;
  const [titulo, ...resto] = pageMeta(
    TITULO,
    'Los reclamos de vecinos de Villa La Angostura en el mapa: baches, luminarias, residuos y más, con su estado y las respuestas de la Municipalidad.',
  );
  // This filter's Atom feed (docs/decisions/025-datos-abiertos.md).
  const feed =
    loaderData && !conErrores
      ? [{ tagName: 'link', rel: 'alternate', type: 'application/atom+xml', href: urlFeedReclamos(loaderData.valores), title: 'Estos reclamos (Atom)' }]
      : [];
  return [conErrores ? { title: `Error: ${(titulo as { title: string }).title}` } : titulo!, ...resto, ...feed];
};

const ETIQUETAS: Record<Campo, string> = {
  codigo: 'Código del reclamo',
  categoria: 'Categoría',
  estado: 'Estado',
  barrio: 'Barrio',
  desde: 'Desde',
  hasta: 'Hasta',
  pagina: 'Página',
};

/**
 * A date field: a date picker, except for a value that is not a date (an edited link), which a date
 * input cannot hold: it is shown back as typed, next to its error, in a text field.
 */
function CampoFecha({ control, valor }: { control: ControlProps; valor: string }) {
  return esFechaValida(valor) || valor === '' ? (
    <input {...control} type="date" className="form-control" defaultValue={valor} />
  ) : (
    <input {...control} type="text" className="form-control" autoComplete="off" defaultValue={valor} />
  );
}

export default function ListaReclamos({ loaderData }: Route.ComponentProps) {
  const { valores, errores, resultado, opciones, teselas, centro } = loaderData;
  const listaErrores = (Object.entries(errores) as [Campo, string][]).map(([c, m]): [string, string, string] => [c, ETIQUETAS[c], m]);
  const resumen = useRef<HTMLDivElement>(null);
  const hidratado = useHydrated();
  useEffect(() => {
    if (listaErrores.length > 0) resumen.current?.focus();
  }, [listaErrores.length]);

  // The map: Leaflet is fetched only now, in the browser.
  const [sinFondo, setSinFondo] = useState(false);
  const puntos = resultado?.puntos;
  const { contenedor, estado: estadoMapa } = useMapaDiferido(
    hidratado && puntos !== undefined,
    () =>
      import('#app/features/reclamos/mapa-reclamos.ts').then(
        ({ createMapaReclamos }) =>
          (elemento: HTMLDivElement) =>
            createMapaReclamos({ contenedor: elemento, teselas, centro, puntos: puntos ?? [], alCambiarFondo: (disponible) => setSinFondo(!disponible) }),
      ),
    [teselas, centro, puntos],
  );

  const totalPaginas = resultado ? Math.max(1, Math.ceil(resultado.total / resultado.porPagina)) : 0;
  const { desde, hasta } = rangoMostrado(resultado);
  const filtrando = ['categoria', 'estado', 'barrio', 'desde', 'hasta'].some((c) => (valores[c] ?? '') !== '');

  return (
    <div className="contenedor pagina reclamos">
      <h1>{TITULO}</h1>
      <p>
        Un bache, una luminaria apagada, un contenedor desbordado: contale a la Municipalidad qué pasa y dónde. Cada reclamo se publica acá con su estado y las
        respuestas, sin tu nombre ni tu correo.
      </p>
      <div className="reclamos__acciones">
        <a href="/reclamos/nuevo" className="btn btn-primary btn-lg">
          Hacer un reclamo
        </a>
      </div>

      <ErrorSummary title="Revisá los datos" errors={listaErrores} ref={resumen} />

      <section aria-labelledby="seguir-titulo">
        <h2 id="seguir-titulo">Seguí tu reclamo</h2>
        <form method="get" action="/reclamos" className="reclamos__seguir" aria-labelledby="seguir-titulo">
          <FormField name="codigo" label="Código del reclamo" hint="Está en el correo que te mandamos, por ejemplo RC-2026-7KQ-3XM-9PK." error={errores.codigo}>
            {(control) => (
              <input
                {...control}
                type="text"
                className="form-control"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                defaultValue={valores.codigo ?? ''}
              />
            )}
          </FormField>
          <button type="submit" className="btn btn-outline-primary">
            Ver el reclamo
          </button>
        </form>
      </section>

      <section aria-labelledby="lista-titulo">
        <h2 id="lista-titulo">Reclamos publicados</h2>
        <form method="get" action="/reclamos" className="reclamos__filtros" aria-label="Filtros de reclamos">
          <FormField name="categoria" label="Categoría" error={errores.categoria}>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.categoria ?? ''}>
                <option value="">Todas</option>
                {opciones.categorias.map((c) => (
                  <option key={c.codigo} value={c.codigo}>
                    {c.nombre}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField name="estado" label="Estado" error={errores.estado}>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.estado ?? ''}>
                <option value="">Todos</option>
                {ESTADOS_RECLAMO.map((e) => (
                  <option key={e} value={e}>
                    {ETIQUETAS_ESTADO[e]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField name="barrio" label="Barrio" error={errores.barrio}>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.barrio ?? ''}>
                <option value="">Todos</option>
                {opciones.barrios.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField name="desde" label="Desde" hint="Fecha del reclamo." error={errores.desde}>
            {(control) => <CampoFecha control={control} valor={valores.desde ?? ''} />}
          </FormField>
          <FormField name="hasta" label="Hasta" hint="Fecha del reclamo." error={errores.hasta}>
            {(control) => <CampoFecha control={control} valor={valores.hasta ?? ''} />}
          </FormField>
          {errores.pagina ? (
            <FormField name="pagina" label="Página" error={errores.pagina}>
              {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="off" defaultValue={valores.pagina ?? ''} />}
            </FormField>
          ) : null}
          <div className="filtros__acciones">
            <button type="submit" className="btn btn-primary">
              Filtrar
            </button>
          </div>
        </form>

        {resultado ? (
          <>
            <p role="status">
              {resultado.total === 0
                ? ''
                : `${formatInteger(resultado.total)} ${resultado.total === 1 ? 'reclamo' : 'reclamos'}${totalPaginas > 1 ? `; mostrando ${desde} a ${hasta}` : ''}.`}
            </p>
            {resultado.puntos.length > 0 ? (
              hidratado ? (
                <>
                  <p id="mapa-ayuda">El mapa muestra los reclamos de la lista: los rojos siguen abiertos. Con el teclado, usá la lista de abajo.</p>
                  <div className="reclamos__marco">
                    <div ref={contenedor} className="reclamos__mapa" role="region" aria-label="Mapa de los reclamos" aria-describedby="mapa-ayuda" />
                    {estadoMapa === 'cargando' ? <p className="reclamos__aviso-mapa">Cargando el mapa…</p> : null}
                    {estadoMapa === 'error' ? (
                      <p className="reclamos__aviso-mapa" role="alert">
                        No se pudo cargar el mapa: los reclamos están en la lista de abajo.
                      </p>
                    ) : null}
                  </div>
                  {sinFondo ? (
                    <p className="reclamos__aviso-fondo" role="status">
                      No se pudieron cargar las calles del mapa: los puntos siguen en su lugar.
                    </p>
                  ) : null}
                </>
              ) : (
                <p>El mapa necesita JavaScript: los reclamos están en la lista de abajo.</p>
              )
            ) : null}
            {resultado.items.length > 0 ? (
              <>
                <ul className="reclamos__lista">
                  {resultado.items.map((r) => (
                    <li key={r.codigo}>
                      <Link to={rutaReclamo(r.codigo)} className="reclamos__codigo">
                        {r.codigo}
                      </Link>
                      {': '}
                      {r.categoria}
                      {r.lugar ? ` en ${r.lugar}` : ''}. <span className={`estado estado--${r.estado}`}>{r.estadoEtiqueta}</span>, desde el{' '}
                      <time dateTime={r.fecha}>{r.fechaTexto}</time>.
                    </li>
                  ))}
                </ul>
                <Paginacion pagina={resultado.pagina} totalPaginas={totalPaginas} url={(pagina) => urlListaReclamos(valores, { pagina: String(pagina) })} />
              </>
            ) : (
              <p className="aviso">
                {resultado.pagina > 1 && resultado.total > 0
                  ? 'No hay más reclamos: volvé a la primera página.'
                  : filtrando
                    ? 'No hay reclamos con esos filtros.'
                    : 'Todavía no hay reclamos publicados.'}
              </p>
            )}
            <p>
              <a href={urlFeedReclamos(valores)} type="application/atom+xml">
                Seguir estos reclamos (Atom)
              </a>
            </p>
          </>
        ) : null}
      </section>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Form, data, useNavigate, useNavigation } from 'react-router';
import { ESTADOS_ORDENANZA, ESTADO_TODOS } from '#domain/ordenanzas/estados.ts';
import { searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { type CampoFiltro, parseFiltrosOrdenanzas } from '#domain/ordenanzas/schemas.ts';
import { appContext } from '#app/context.ts';
import { urlBusqueda, urlExportacion, urlFeedBusqueda } from '#domain/ordenanzas/enlaces.ts';
import { Paginacion, rangoMostrado } from '#app/features/ordenanzas/paginacion.tsx';
import { filasOrdenanzas } from '#app/features/ordenanzas/filas.server.tsx';
import { TablaOrdenanzas } from '#app/features/ordenanzas/tabla.tsx';
import { codigoBusquedaEnLaPagina } from '#app/features/ordenanzas/busqueda-en-la-pagina.ts';
import { InlineScript } from '#app/components/inline-script.tsx';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { FormularioAlerta } from '#app/features/alertas/formulario-alerta.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { formatInteger } from '#domain/shared/formato.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/consulta';

const AVISO =
  'Las presentes ordenanzas tienen carácter meramente informativo y orientativo. Para acceder a su versión oficial y válida, diríjase al Concejo Deliberante.';
const SIN_RESULTADOS = 'No se encontraron ordenanzas con esos criterios.';
const BUSQUEDA_FALLIDA = 'No pudimos completar la búsqueda por un problema nuestro. Probá de nuevo en unos minutos; tus filtros quedaron como estaban.';

type Errores = Partial<Record<CampoFiltro, string>>;

/** How long typing must pause before the results follow (ms). */
const ESPERA_AL_ESCRIBIR = 350;
const BUSCANDO = 'Buscando…';

// Served without React's scripts: the search as you type is a few lines in the page
// (docs/decisions/014-islas-en-la-pagina.md). Rendered by React in the browser (reached by a link
// from a hydrated page), the component's own handlers do the same.
export const handle = withoutJavaScript;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const parsed = parseFiltrosOrdenanzas(new URL(request.url).searchParams);
  const sinErrores: Errores = {};
  if (!parsed.ok) {
    return data({ valores: parsed.valores, errores: parsed.errores as Errores, resultado: null, filas: '', falla: false }, { status: 400 });
  }
  try {
    const resultado = await searchOrdenanzas(db, parsed.filtros);
    // No shared caching of pages: each carries its own CSP nonce.
    return { valores: parsed.valores, errores: sinErrores, resultado, filas: filasOrdenanzas(resultado.items), falla: false };
  } catch (error) {
    log.error({ err: error }, 'búsqueda de ordenanzas fallida');
    return data({ valores: parsed.valores, errores: sinErrores, resultado: null, filas: '', falla: true }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const conErrores = loaderData && Object.keys(loaderData.errores).length > 0;
  const [titulo, ...resto] = pageMeta(
    'Consulta de Ordenanzas',
    'Buscá las ordenanzas municipales de Villa La Angostura por número, año, estado o palabras de su texto, y descargá cada una.',
  );
  // The current search as an Atom feed (docs/decisions/025-datos-abiertos.md); without filters the layout already announces it.
  const feed = loaderData && !conErrores ? urlFeedBusqueda(loaderData.valores) : undefined;
  const alternativa =
    feed && feed !== urlFeedBusqueda({})
      ? [{ tagName: 'link', rel: 'alternate', type: 'application/atom+xml', href: feed, title: 'Esta búsqueda de ordenanzas' }]
      : [];
  return [conErrores ? { title: `Error: ${(titulo as { title: string }).title}` } : titulo!, ...resto, ...alternativa];
};

const etiquetas: Record<CampoFiltro, string> = { estado: 'Estado', numero: 'Numero', anio: 'Año', pattern: 'Buscar en la descripción', pagina: 'Página' };

export default function ConsultaOrdenanzas({ loaderData }: Route.ComponentProps) {
  const { valores, errores, resultado, filas, falla } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const formulario = useRef<HTMLFormElement>(null);
  const resumenErrores = useRef<HTMLDivElement>(null);
  const espera = useRef<ReturnType<typeof setTimeout>>(undefined);
  const buscando = navigation.state === 'loading' && navigation.location.pathname === '/consulta-ordenanzas';
  const listaErrores = Object.entries(errores) as [CampoFiltro, string][];

  useEffect(() => {
    if (listaErrores.length > 0) resumenErrores.current?.focus();
  }, [listaErrores.length]);
  useEffect(() => () => clearTimeout(espera.current), []);

  // With JavaScript, searches go to the short form of the URL (no empty or default filters).
  const buscar = (opciones: { replace: boolean }) => {
    if (!formulario.current) return;
    const campos = Object.fromEntries([...new FormData(formulario.current)].map(([k, v]) => [k, String(v)]));
    navigate(urlBusqueda(campos), { ...opciones, preventScrollReset: true });
  };
  // While typing in the words field, results follow (the last word counts as a prefix).
  const alEscribir = () => {
    clearTimeout(espera.current);
    espera.current = setTimeout(() => buscar({ replace: true }), ESPERA_AL_ESCRIBIR);
  };

  // Past LIMITE_COINCIDENCIAS matches the count stops (docs/decisions/002-busqueda.md): the pages
  // go on while they are full, and how many there are is not known.
  const paginasContadas = resultado ? Math.max(1, Math.ceil(resultado.total / resultado.porPagina)) : 0;
  const totalPaginas =
    resultado && !resultado.totalExacto
      ? Math.max(paginasContadas, resultado.pagina + (resultado.items.length === resultado.porPagina ? 1 : 0))
      : paginasContadas;
  const { desde, hasta } = rangoMostrado(resultado);

  return (
    <div className="contenedor pagina ordenanzas">
      <h1>Consulta de Ordenanzas</h1>

      <ErrorSummary title="Revisá los filtros" errors={listaErrores.map(([campo, mensaje]) => [campo, etiquetas[campo], mensaje])} ref={resumenErrores} />

      <Form
        method="get"
        action="/consulta-ordenanzas"
        className="filtros"
        ref={formulario}
        aria-label="Filtros de búsqueda"
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(espera.current);
          buscar({ replace: false });
        }}
      >
        <FormField name="estado" label="Estado" error={errores.estado}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.estado ?? String(ESTADO_TODOS)}>
              <option value={ESTADO_TODOS}>Todos</option>
              {ESTADOS_ORDENANZA.map((e) => (
                <option key={e.codigo} value={e.codigo}>
                  {e.etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="numero" label="Numero" error={errores.numero}>
          {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="off" defaultValue={valores.numero ?? ''} />}
        </FormField>
        <FormField name="anio" label="Año" error={errores.anio}>
          {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="off" maxLength={4} defaultValue={valores.anio ?? ''} />}
        </FormField>
        <FormField
          name="pattern"
          label="Buscar en la descripción"
          className="campo--ancho"
          hint="Palabras de la descripción, el expediente o el texto; sin importar acentos ni plurales."
          error={errores.pattern}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              className="form-control"
              autoComplete="off"
              maxLength={200}
              defaultValue={valores.pattern ?? ''}
              onChange={alEscribir}
            />
          )}
        </FormField>
        {errores.pagina ? (
          // Pages come from links, so the form has no page field, except when the link's page is
          // wrong: the error summary needs a field to point at, and the citizen sees what came in.
          <FormField name="pagina" label="Página" error={errores.pagina}>
            {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="off" defaultValue={valores.pagina ?? ''} />}
          </FormField>
        ) : null}
        <div className="filtros__acciones">
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
      </Form>

      <div className="resultados" aria-busy={buscando}>
        <p className="resultados__estado" role="status">
          {buscando
            ? BUSCANDO
            : falla
              ? ''
              : resultado && !resultado.totalExacto
                ? `Más de ${formatInteger(resultado.total)} ordenanzas encontradas${resultado.items.length > 0 ? `; mostrando ${formatInteger(desde)} a ${formatInteger(hasta)}` : ''}.`
                : resultado && resultado.total > 0
                  ? `${formatInteger(resultado.total)} ${resultado.total === 1 ? 'ordenanza encontrada' : 'ordenanzas encontradas'}${totalPaginas > 1 ? `; mostrando ${desde} a ${hasta}` : ''}.`
                  : ''}
        </p>
        {resultado && !resultado.totalExacto ? (
          <p>
            {`Son demasiadas para contarlas: primero van las ${formatInteger(resultado.total)} más recientes, por relevancia, y después las demás, de la más nueva a la más antigua. Agregá palabras o filtros para acotar la búsqueda.`}
          </p>
        ) : null}
        {falla ? (
          <p className="aviso aviso--error" role="alert">
            {BUSQUEDA_FALLIDA}
          </p>
        ) : null}
        {resultado && resultado.items.length > 0 ? (
          <>
            <TablaOrdenanzas
              filas={filas}
              caption={resultado.totalExacto ? `Ordenanzas, página ${resultado.pagina} de ${totalPaginas}` : `Ordenanzas, página ${resultado.pagina}`}
            />
            <Paginacion
              pagina={resultado.pagina}
              totalPaginas={totalPaginas}
              abierta={!resultado.totalExacto}
              url={(pagina) => urlBusqueda(valores, { pagina: String(pagina) })}
            />
            <p className="resultados__exportar">
              <a href={urlExportacion(valores)} download>
                Descargar estos resultados (CSV)
              </a>
            </p>
          </>
        ) : resultado ? (
          <p className="aviso">{resultado.pagina > 1 && resultado.total > 0 ? 'No hay más resultados: volvé a la primera página.' : SIN_RESULTADOS}</p>
        ) : null}
        {resultado ? (
          <p className="resultados__feed">
            <a href={urlFeedBusqueda(valores)} type="application/atom+xml">
              Seguir esta búsqueda (Atom)
            </a>
          </p>
        ) : null}
      </div>

      {resultado ? <FormularioAlerta tipo="ordenanzas" filtros={valores} titulo="Recibí un aviso por correo" /> : null}

      <p className="ordenanzas__aviso">{AVISO}</p>
      <InlineScript code={codigoBusquedaEnLaPagina({ espera: ESPERA_AL_ESCRIBIR, buscando: BUSCANDO })} />
    </div>
  );
}

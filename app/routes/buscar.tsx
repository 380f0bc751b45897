import { data } from 'react-router';
import { buscarEnElSitio } from '#domain/buscador/queries.ts';
import { type CampoBusqueda, parseBusquedaSitio } from '#domain/buscador/schemas.ts';
import { registrarSinResultados } from '#domain/buscador/sin-resultados.ts';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Paginacion, rangoMostrado } from '#app/features/ordenanzas/paginacion.tsx';
import { ResultadosBusqueda } from '#app/features/buscador/resultados.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { formatInteger } from '#domain/shared/formato.ts';
import type { Route } from './+types/buscar';

type Errores = Partial<Record<CampoBusqueda, string>>;

const BUSQUEDA_FALLIDA = 'No pudimos completar la búsqueda por un problema nuestro. Probá de nuevo en unos minutos; tu búsqueda quedó escrita.';

// A GET form and links: nothing here needs a script (docs/decisions/049-buscador-del-sitio.md).
export const handle = withoutJavaScript;
export const headers = privateDataHeaders;

/** `/buscar?q=…&pagina=…`, the short form: no empty page, no page 1. */
const urlBuscar = (q: string, pagina = 1) => `/buscar?${new URLSearchParams(pagina > 1 ? { q, pagina: String(pagina) } : { q })}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log, clock } = context.get(appContext);
  const parsed = parseBusquedaSitio(new URL(request.url).searchParams);
  const sinErrores: Errores = {};
  if (!parsed.ok) {
    return data({ valores: parsed.valores, errores: parsed.errores as Errores, resultado: null, falla: false }, { status: 400 });
  }
  const { q } = parsed.datos;
  if (q === '') return { valores: parsed.valores, errores: sinErrores, resultado: null, falla: false };
  try {
    const resultado = await buscarEnElSitio(db, parsed.datos);
    if (resultado.total > 0) return { valores: parsed.valores, errores: sinErrores, resultado, falla: false };
    // Counted every time it happens, so never kept by the page cache (docs/decisions/007-cache-de-paginas.md).
    if (request.method === 'GET' && parsed.datos.pagina === 1) {
      await registrarSinResultados(db, q, clock.now()).catch((error: unknown) => log.warn({ err: error }, 'no se pudo contar una búsqueda sin resultados'));
    }
    return data({ valores: parsed.valores, errores: sinErrores, resultado, falla: false }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    log.error({ err: error }, 'búsqueda en el sitio fallida');
    return data({ valores: parsed.valores, errores: sinErrores, resultado: null, falla: true }, { status: 503, headers: { 'Retry-After': '60' } });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.valores.q?.trim();
  const [titulo, ...resto] = pageMeta(
    q ? `Buscar: ${q.slice(0, 80)}` : 'Buscar en el sitio',
    'Buscá en todo el sitio de la Municipalidad de Villa La Angostura: ordenanzas, boletines oficiales, decretos, áreas y sus teléfonos, datos abiertos y páginas.',
  );
  const conErrores = loaderData && Object.keys(loaderData.errores).length > 0;
  return [conErrores ? { title: `Error: ${(titulo as { title: string }).title}` } : titulo!, ...resto, { name: 'robots', content: 'noindex' }];
};

const etiquetas: Record<CampoBusqueda, string> = { q: 'Qué buscás', pagina: 'Página' };

export default function Buscar({ loaderData }: Route.ComponentProps) {
  const { valores, errores, resultado, falla } = loaderData;
  const listaErrores = Object.entries(errores) as [CampoBusqueda, string][];
  const q = (valores.q ?? '').trim();
  const totalPaginas = resultado ? Math.min(10, Math.max(1, Math.ceil(resultado.total / resultado.porPagina))) : 0;
  const { desde, hasta } = rangoMostrado(resultado);
  return (
    <div className="contenedor pagina buscador">
      <h1>Buscar en el sitio</h1>
      <ErrorSummary title="Revisá la búsqueda" errors={listaErrores.map(([campo, mensaje]) => [campo, etiquetas[campo], mensaje])} />
      <form method="get" action="/buscar" className="buscador__formulario" role="search" aria-label="Buscar en el sitio">
        <FormField
          name="q"
          label="Qué buscás"
          hint="Ordenanzas, boletines, decretos, áreas y teléfonos, datos abiertos y páginas; sin importar acentos ni plurales."
          error={errores.q}
        >
          {(control) => <input {...control} type="search" className="form-control" autoComplete="off" defaultValue={valores.q ?? ''} />}
        </FormField>
        {errores.pagina ? (
          <FormField name="pagina" label="Página" error={errores.pagina}>
            {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="off" defaultValue={valores.pagina ?? ''} />}
          </FormField>
        ) : null}
        <div className="buscador__acciones">
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
      </form>

      {falla ? (
        <p className="aviso aviso--error" role="alert">
          {BUSQUEDA_FALLIDA}
        </p>
      ) : null}
      {!resultado && !falla && listaErrores.length === 0 ? <p>Escribí una o más palabras: buscamos en todo el sitio a la vez.</p> : null}
      {resultado ? (
        <div className="resultados">
          <p className="resultados__estado" role="status">
            {!resultado.conPalabras
              ? `«${q}» no tiene palabras para buscar (sólo palabras muy comunes, como «de» o «la»): probá con otras.`
              : resultado.total === 0
                ? `No encontramos nada con «${q}». Probá con menos palabras o con otras parecidas.`
                : resultado.items.length === 0
                  ? 'No hay más resultados: volvé a la primera página.'
                  : `${resultado.totalExacto ? '' : 'Más de '}${formatInteger(resultado.total)} ${resultado.total === 1 ? 'resultado' : 'resultados'} para «${q}»; mostrando ${formatInteger(desde)} a ${formatInteger(hasta)}.`}
          </p>
          {resultado.items.length > 0 ? (
            <>
              <ResultadosBusqueda items={resultado.items} inicio={desde} />
              <Paginacion pagina={resultado.pagina} totalPaginas={totalPaginas} url={(pagina) => urlBuscar(q, pagina)} />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { buscarEnElPanel, fuentesPara } from '#app/features/admin/busqueda.server.ts';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { useRef } from 'react';
import type { Route } from './+types/buscar';

/**
 * «Buscar en el panel»: what the header's box sends. One number, code or words, looked up in every
 * list the person's role opens (ordinances, bulletins, statements, salaries, Gobierno, requests,
 * vehicles, users), a few hits of each kind and the way to all of them in their list.
 */
/** The longest search: the shortest of the lists' own limits. */
const LARGO_BUSQUEDA = 100;

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const q = (new URL(args.request.url).searchParams.get('q') ?? '').trim();
  const donde = fuentesPara(actor.rol).map((f) => f.titulo);
  if (q === '') return data({ q, donde, error: null, grupos: [] });
  if (q.length > LARGO_BUSQUEDA) {
    return data(
      { q: q.slice(0, LARGO_BUSQUEDA), donde, error: `Escribí hasta ${LARGO_BUSQUEDA} caracteres: un número, un código o algunas palabras.`, grupos: [] },
      { status: 400 },
    );
  }
  return data({ q, donde, error: null, grupos: await buscarEnElPanel(ctx, actor, q) });
}

export const headers = privateDataHeaders;

const resultados = (n: number) => (n === 1 ? '1 resultado' : `${formatNumber(n)} resultados`);

export default function Buscar({ loaderData }: Route.ComponentProps) {
  const { q, donde, error, grupos } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[error, resumen]]);
  const total = grupos.reduce((suma, g) => suma + g.total, 0);
  return (
    <>
      <title>{`${error ? 'Error: ' : ''}${q ? `«${q}» en el panel` : 'Buscar en el panel'} | ${SITE_NAME}`}</title>
      <h1>Buscar en el panel</h1>
      <p className="admin__bajada">Busca en {donde.join(', ').replace(/, ([^,]*)$/, ' y $1')}: un número (4211/2025), un código (SD-2026-…) o palabras.</p>
      <ErrorSummary title="Revisá la búsqueda" errors={error ? [['q', 'Buscar', error]] : []} ref={resumen} />
      <form method="get" className="admin__filtros" role="search" aria-label="Buscar en el panel">
        <FormField name="q" label="Buscar" error={error ?? undefined}>
          {(control) => <input {...control} type="search" className="form-control" defaultValue={q} maxLength={LARGO_BUSQUEDA} />}
        </FormField>
        <div className="admin__filtros-acciones">
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
      </form>
      {q && !error ? <p aria-live="polite">{total === 0 ? `No encontramos «${q}» en el panel.` : `${resultados(total)} para «${q}».`}</p> : null}
      {grupos.map((g) => (
        <section key={g.id} aria-labelledby={`grupo-${g.id}`}>
          <h2 id={`grupo-${g.id}`}>
            {g.titulo} <span className="campo__ayuda">({resultados(g.total)})</span>
          </h2>
          <ul>
            {g.items.map((i) => (
              <li key={i.enlace}>
                <a href={i.enlace}>{i.titulo}</a>
                {i.detalle ? <span className="campo__ayuda"> · {i.detalle}</span> : null}
              </li>
            ))}
          </ul>
          {g.total > g.items.length ? (
            <p>
              <a href={g.verTodos}>
                Ver los {formatNumber(g.total)} en {g.titulo}
              </a>
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}

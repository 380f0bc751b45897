import { data } from 'react-router';
import { listSueldos } from '#domain/finanzas/queries.ts';
import { appContext } from '#app/context.ts';
import { EnlaceDocumento } from '#app/features/gobierno/enlace-documento.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/sueldos';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { listaPorAnio } from '#app/features/finanzas/anios.server.ts';
import { FiltroPorAnio } from '#app/features/finanzas/filtro-anio.tsx';

/** One year at a time (`?anio=`, the most recent without it), as Estados Contables (docs/decisions/051-listas-largas-y-migas.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const { seccion: sueldos, anios, filtro } = listaPorAnio(await loadSection(log, 'sueldos', () => listSueldos(db)), request.url, 'informes de sueldos');
  if (filtro.tipo === 'invalido') return data({ sueldos, anios, filtro }, { status: 400 });
  return sectionsPage({ sueldos, anios, filtro });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData?.filtro.tipo === 'invalido' ? 'Error: Sueldos' : 'Sueldos',
    'Los informes de sueldos de la Municipalidad de Villa La Angostura, por período y año, para descargar.',
  );

export default function Sueldos({ loaderData }: Route.ComponentProps) {
  const { anios: aniosOfrecidos, filtro } = loaderData;
  return (
    <div className="contenedor pagina gobierno">
      <h1>Sueldos</h1>
      <FiltroPorAnio accion="/sueldos" anios={aniosOfrecidos} filtro={filtro} />
      <SectionContent seccion={loaderData.sueldos} que="los informes de sueldos">
        {(sueldos) => {
          if (filtro.tipo === 'invalido') return null;
          if (sueldos.length === 0) return <p>Todavía no hay informes de sueldos publicados.</p>;
          const anios = [...new Set(sueldos.map((s) => s.anio))];
          return anios.map((anio) => (
            <section key={anio} aria-labelledby={`sueldos-${anio}`}>
              <h2 id={`sueldos-${anio}`}>{anio}</h2>
              <ul className="lista-descargas">
                {sueldos
                  .filter((s) => s.anio === anio)
                  .map((s) => (
                    <li key={s.id}>
                      <EnlaceDocumento documento={s.documento}>
                        <span className="visually-hidden">Sueldos </span>
                        {`${s.periodoSueldoAsString} ${s.anioDocumentoAsString}`}
                      </EnlaceDocumento>
                    </li>
                  ))}
              </ul>
            </section>
          ));
        }}
      </SectionContent>
    </div>
  );
}

import { listSueldos } from '#domain/finanzas/queries.ts';
import { appContext } from '#app/context.ts';
import { EnlaceDocumento } from '#app/features/gobierno/enlace-documento.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/sueldos';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const sueldos = await loadSection(log, 'sueldos', () => listSueldos(db));
  return sectionsPage({ sueldos });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Sueldos', 'Los informes de sueldos de la Municipalidad de Villa La Angostura, por período y año, para descargar.');

export default function Sueldos({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Sueldos</h1>
      <SectionContent seccion={loaderData.sueldos} que="los informes de sueldos">
        {(sueldos) => {
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

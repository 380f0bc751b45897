import { listEnlacesPlan } from '#domain/gobierno/queries.ts';
import { ExternalLink } from '#app/components/external-link.tsx';
import { appContext } from '#app/context.ts';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/plan-estrategico';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const enlaces = await loadSection(log, 'plan-estrategico', () => listEnlacesPlan(db));
  return sectionsPage({ enlaces });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Plan Estratégico', 'El Plan Estratégico de Villa La Angostura: guía del inversor, estadísticas de turismo y documentos de economía circular.');

export default function PlanEstrategico({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Plan Estratégico</h1>
      <SectionContent seccion={loaderData.enlaces} que="los documentos del Plan Estratégico">
        {(enlaces) => (
          <ul className="tarjetas tarjetas--dos" aria-label="Documentos del Plan Estratégico">
            {enlaces.map((e) => (
              <li key={e.url} className="tarjeta">
                <h2 className="tarjeta__titulo">
                  <ExternalLink href={e.url}>{e.titulo}</ExternalLink>
                </h2>
                {e.descripcion ? <p>{e.descripcion}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </div>
  );
}

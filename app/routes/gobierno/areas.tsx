import { listAreas } from '#domain/gobierno/queries.ts';
import { MapPinIcon } from '#app/components/icons.tsx';
import { appContext } from '#app/context.ts';
import { Contacto } from '#app/features/gobierno/contacto.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/areas';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const areas = await loadSection(log, 'areas', () => listAreas(db));
  return sectionsPage({ areas });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Áreas', 'Las áreas de la Municipalidad de Villa La Angostura: dirección, teléfono y correo de cada una.');

export default function Areas({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Áreas</h1>
      <SectionContent seccion={loaderData.areas} que="las áreas municipales">
        {(areas) =>
          areas.length === 0 ? (
            <p>Todavía no hay áreas cargadas.</p>
          ) : (
            <ul className="tarjetas tarjetas--tres" aria-label="Áreas municipales">
              {areas.map((a) => (
                <li key={a.nombre} className="tarjeta">
                  <h2 className="tarjeta__titulo">{a.nombre}</h2>
                  {a.domicilio ? (
                    <p className="tarjeta__domicilio">
                      <MapPinIcon />
                      <span className="visually-hidden">Dirección: </span>
                      {a.domicilio}
                    </p>
                  ) : null}
                  <Contacto email={a.email} telefono={a.telefono} quien={a.nombre} />
                </li>
              ))}
            </ul>
          )
        }
      </SectionContent>
    </div>
  );
}

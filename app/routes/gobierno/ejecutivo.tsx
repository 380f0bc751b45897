import { getEjecutivo, listSecretarias } from '#domain/gobierno/queries.ts';
import { appContext } from '#app/context.ts';
import { Contacto } from '#app/features/gobierno/contacto.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/ejecutivo';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const [ejecutivo, secretarias] = await Promise.all([
    loadSection(log, 'ejecutivo', () => getEjecutivo(db)),
    loadSection(log, 'secretarias', () => listSecretarias(db)),
  ]);
  return sectionsPage({ ejecutivo, secretarias });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Ejecutivo', 'Intendente, Viceintendente y las secretarías y subsecretarías del Departamento Ejecutivo de Villa La Angostura, con sus contactos.');

export default function Ejecutivo({ loaderData }: Route.ComponentProps) {
  const { ejecutivo, secretarias } = loaderData;
  return (
    <div className="contenedor pagina gobierno">
      <h1>Ejecutivo</h1>
      <SectionContent seccion={ejecutivo} que="los datos de la Intendencia">
        {(e) =>
          e ? (
            <div className="autoridades">
              <section className="caja" aria-labelledby="intendente-titulo">
                <h2 id="intendente-titulo">Intendente</h2>
                <p className="caja__nombre">{e.intendenteNombre}</p>
                <Contacto email={e.intendenteEmail} telefono={e.intendenteTelefono} quien="la Intendencia" />
              </section>
              <section className="caja" aria-labelledby="viceintendente-titulo">
                <h2 id="viceintendente-titulo">Viceintendente</h2>
                <p className="caja__nombre">{e.viceIntendenteNombre}</p>
                <Contacto email={e.viceIntendenteEmail} telefono={e.viceIntendenteTelefono} quien="la Viceintendencia" />
              </section>
            </div>
          ) : (
            <p>Todavía no se cargaron los datos de la Intendencia.</p>
          )
        }
      </SectionContent>

      <section aria-labelledby="secretarias-titulo">
        <h2 id="secretarias-titulo">Secretarías</h2>
        <SectionContent seccion={secretarias} que="las secretarías">
          {(lista) => (
            <div className="secretarias">
              {lista.map(({ secretaria: s, subSecretariaList }) => (
                <section key={s.nombre} className="secretaria" aria-label={s.nombre}>
                  <h3>{s.nombre}</h3>
                  <p className="caja__nombre">
                    <span className="texto-suave">Secretario/a: </span>
                    {s.secretarioNombre}
                  </p>
                  <Contacto email={s.secretarioEmail} telefono={s.secretarioTelefono} quien={s.nombre} />
                  {subSecretariaList.length > 0 ? (
                    <>
                      <h4>Subsecretarías</h4>
                      <ul className="subsecretarias">
                        {subSecretariaList.map((sub) => (
                          <li key={sub.nombre}>
                            <p className="subsecretaria__nombre">{sub.nombre}</p>
                            <p>
                              <span className="texto-suave">Subsecretario/a: </span>
                              {sub.subSecretarioNombre}
                            </p>
                            <Contacto email={sub.subSecretarioEmail} telefono={sub.subSecretarioTelefono} quien={sub.nombre} />
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </section>
              ))}
            </div>
          )}
        </SectionContent>
      </section>
    </div>
  );
}

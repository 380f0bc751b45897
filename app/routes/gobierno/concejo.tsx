import { getConcejo } from '#domain/gobierno/queries.ts';
import { appContext } from '#app/context.ts';
import { SectionContent } from '#app/components/ui/section.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import { telHref } from '#app/lib/telefono.ts';
import type { Route } from './+types/concejo';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const concejo = await loadSection(log, 'concejo', () => getConcejo(db));
  return sectionsPage({ concejo });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Concejo Deliberante', 'La presidencia y los bloques del Concejo Deliberante de Villa La Angostura: concejales, asesores y secretarías.');

function Nombres({ lista }: { lista: { nombre: string }[] }) {
  if (lista.length === 0) return <p className="texto-suave">Sin datos</p>;
  return (
    <ul>
      {lista.map((n) => (
        <li key={n.nombre}>{n.nombre}</li>
      ))}
    </ul>
  );
}

export default function Concejo({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Concejo Deliberante</h1>
      <SectionContent seccion={loaderData.concejo} que="los datos del Concejo Deliberante">
        {({ presidencia: p, bloqueList }) => (
          <>
            {p ? (
              <section className="caja presidencia" aria-labelledby="presidencia-titulo">
                <h2 id="presidencia-titulo">Presidencia</h2>
                <dl className="ficha">
                  <dt>Presidente</dt>
                  <dd>{p.nombrePresidente}</dd>
                  <dt>Vicepresidente</dt>
                  <dd>{p.nombreVicepresidente}</dd>
                  <dt>Secretaria Parlamentaria</dt>
                  <dd>{p.nombreSecretaria}</dd>
                  <dt>Secretaria de Actas</dt>
                  <dd>{p.nombreProsecretaria}</dd>
                  <dt>Secretaria a Cargo del Digesto</dt>
                  <dd>{p.nombreSecretariaDigesto}</dd>
                  <dt>Teléfono</dt>
                  <dd>{p.telefono ? <a href={telHref(p.telefono)}>{p.telefono}</a> : 'Sin dato'}</dd>
                </dl>
              </section>
            ) : null}
            <section aria-labelledby="bloques-titulo">
              <h2 id="bloques-titulo">Bloques</h2>
              {bloqueList.length === 0 ? (
                <p>Todavía no hay bloques cargados.</p>
              ) : (
                <ul className="tarjetas tarjetas--dos" aria-label="Bloques del Concejo">
                  {bloqueList.map(({ bloque, concejalesList, asesoresList }) => (
                    <li key={bloque.nombreBloque} className="tarjeta bloque">
                      <h3 className="tarjeta__titulo">{bloque.nombreBloque}</h3>
                      <h4>Concejales</h4>
                      <Nombres lista={concejalesList} />
                      <h4>Asesores</h4>
                      <Nombres lista={asesoresList} />
                      <h4>Secretaria/o</h4>
                      <p>{bloque.nombreSecetaria || 'Sin dato'}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </SectionContent>
    </div>
  );
}

import { getBoletinVigente, listBoletinesOficiales, listDecretosBoletin, listOrdenanzasBoletin } from '#domain/boletines/queries.ts';
import { ExternalLink } from '#app/components/external-link.tsx';
import { appContext } from '#app/context.ts';
import { EnlaceDocumento } from '#app/features/gobierno/enlace-documento.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { formatShortDate } from '#domain/shared/formato.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/boletines-oficiales';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { FormularioAlerta } from '#app/features/alertas/formulario-alerta.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const [vigente, ordenanzas, decretos, boletines] = await Promise.all([
    loadSection(log, 'boletin-vigente', () => getBoletinVigente(db)),
    loadSection(log, 'boletin-ordenanzas', () => listOrdenanzasBoletin(db)),
    loadSection(log, 'boletin-decretos', () => listDecretosBoletin(db)),
    loadSection(log, 'boletines-oficiales', () => listBoletinesOficiales(db)),
  ]);
  return sectionsPage({ vigente, ordenanzas, decretos, boletines });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Boletines Oficiales',
    'El Boletín Oficial vigente de Villa La Angostura: sus ordenanzas, decretos y licitaciones, y todos los boletines publicados para descargar.',
  );

/** Links inside the bulletin may point to this site or elsewhere; both open in a new tab (docs/sitio-original.md). */
function EnlaceOrdenanza({ link, numero }: { link: string; numero: string }) {
  if (/^https?:\/\//i.test(link)) return <ExternalLink href={link}>Ver la ordenanza {numero}</ExternalLink>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      Ver la ordenanza {numero}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

export default function BoletinesOficiales({ loaderData }: Route.ComponentProps) {
  const { vigente, ordenanzas, decretos, boletines } = loaderData;
  return (
    <div className="contenedor pagina gobierno boletines">
      <h1>Boletines Oficiales</h1>

      <section aria-labelledby="vigente-titulo">
        <h2 id="vigente-titulo">Boletín Vigente</h2>
        <SectionContent seccion={vigente} que="el texto del boletín vigente">
          {(v) =>
            v.boletin ? (
              <>
                {/* The current bulletin is the latest one published (docs/decisions/050-un-solo-boletin.md). */}
                <p className="boletines__edicion">
                  <strong>{v.boletin.titulo}</strong> <EnlaceDocumento documento={v.boletin.documento}>{`Descargar el ${v.boletin.titulo}`}</EnlaceDocumento>
                </p>
                {v.legales ? <div className="texto-html" dangerouslySetInnerHTML={{ __html: v.legales }} /> : <p>El boletín vigente no tiene texto legal.</p>}
              </>
            ) : (
              <p>Todavía no hay un boletín oficial publicado.</p>
            )
          }
        </SectionContent>
      </section>

      <section aria-labelledby="ordenanzas-titulo">
        <h2 id="ordenanzas-titulo">Ordenanzas</h2>
        <SectionContent seccion={ordenanzas} que="las ordenanzas del boletín">
          {(lista) =>
            lista.length === 0 ? (
              <p>El boletín vigente no publica ordenanzas.</p>
            ) : (
              <DataTable
                caption="Ordenanzas publicadas en el boletín vigente"
                columns={['Número', 'Título', 'Link']}
                rows={lista}
                rowKey={(o) => `${o.numero}-${o.link}`}
                cells={(o) => [o.numero, o.titulo, <EnlaceOrdenanza key="link" link={o.link} numero={o.numero} />]}
              />
            )
          }
        </SectionContent>
      </section>

      <section aria-labelledby="decretos-titulo">
        <h2 id="decretos-titulo">Decretos</h2>
        <SectionContent seccion={decretos} que="los decretos del boletín">
          {(lista) =>
            lista.length === 0 ? (
              <p>El boletín vigente no publica decretos.</p>
            ) : (
              <DataTable
                caption="Decretos publicados en el boletín vigente"
                columns={['Número', 'Descripción', 'Area']}
                rows={lista}
                rowKey={(d) => d.numero}
                cells={(d) => [d.numero, d.descripcion, d.area]}
              />
            )
          }
        </SectionContent>
      </section>

      <section aria-labelledby="licitaciones-titulo">
        <h2 id="licitaciones-titulo">Licitaciones</h2>
        <SectionContent seccion={vigente} que="las licitaciones">
          {(v) => (v.licitaciones ? <div className="texto-html" dangerouslySetInnerHTML={{ __html: v.licitaciones }} /> : <p>No hay licitaciones abiertas.</p>)}
        </SectionContent>
      </section>

      <section aria-labelledby="publicados-titulo">
        <h2 id="publicados-titulo">Boletines publicados</h2>
        <p>
          <a href="/feeds/boletines.xml">Suscribite a los boletines nuevos (Atom)</a>
        </p>
        <FormularioAlerta tipo="boletines" nivel={3} titulo="Recibí un aviso por correo" />
        <SectionContent seccion={boletines} que="la lista de boletines">
          {(lista) =>
            lista.length === 0 ? (
              <p>Todavía no hay boletines publicados.</p>
            ) : (
              <DataTable
                caption="Boletines oficiales, del más reciente al más antiguo"
                columns={['Número', 'Subido por', 'Fecha']}
                rows={lista}
                rowKey={(b) => b.id}
                cells={(b) => [
                  <span key="documento">
                    <EnlaceDocumento documento={b.documento}>
                      {`Boletín Oficial N° ${b.numeroBoletinOficial} - ${b.mesAsString} ${b.anioDocumentoAsString}`}
                    </EnlaceDocumento>
                    {b.vigente ? <strong className="boletines__vigente"> (vigente)</strong> : null}
                  </span>,
                  b.usuarioCreacion,
                  <time key="fecha" dateTime={b.fechaCreacion}>
                    {formatShortDate(b.fechaCreacion)}
                  </time>,
                ]}
              />
            )
          }
        </SectionContent>
      </section>
    </div>
  );
}

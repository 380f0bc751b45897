import { documentosConTamanos, getObservatorio, listDocumentosObservatorio, listImagenesGaleria } from '#domain/gobierno/queries.ts';
import { appContext } from '#app/context.ts';
import { EnlaceDocumento } from '#app/features/gobierno/enlace-documento.tsx';
import { Galeria } from '#app/features/gobierno/galeria.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { urlDocumento } from '#app/features/ordenanzas/enlaces.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/observatorio';

// Served without React's scripts: the gallery is a few lines in the page (docs/decisions/014-islas-en-la-pagina.md).
export const handle = withoutJavaScript;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const observatorio = await loadSection(log, 'observatorio', () => getObservatorio(db));
  const nombreGaleria = observatorio.ok ? observatorio.datos?.galeria.nombre : undefined;
  const [terminal, informes, galeria] = await Promise.all([
    loadSection(log, 'movimiento-terminal', () => listDocumentosObservatorio(db, 'MOVIMIENTO_TERMINAL')),
    loadSection(log, 'informes-estadisticos', () => listDocumentosObservatorio(db, 'INFORME_ESTADISTICO')),
    loadSection(log, 'galeria', async () => {
      const imagenes = nombreGaleria ? await listImagenesGaleria(db, nombreGaleria) : [];
      const conTamanos = await documentosConTamanos(
        db,
        imagenes.map((m) => m.imagen.id),
      );
      return imagenes.map((m) => ({ ...m, conTamanos: conTamanos.has(m.imagen.id) }));
    }),
  ]);
  // Without the observatory row the gallery's name is unknown: that is a failure of the gallery too.
  return sectionsPage({ observatorio, terminal, informes, galeria: observatorio.ok ? galeria : observatorio });
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Observatorio Vial',
    'El Observatorio Vial de Villa La Angostura: movimiento mensual de pasajeros de la Terminal, informes estadísticos OSSIVI y galería de imágenes.',
  );

export default function Observatorio({ loaderData }: Route.ComponentProps) {
  const { observatorio, terminal, informes, galeria } = loaderData;
  return (
    <div className="contenedor pagina gobierno observatorio">
      <h1>Observatorio Vial</h1>
      <SectionContent seccion={observatorio} que="la presentación del Observatorio">
        {(o) =>
          o ? (
            <div className="observatorio__intro">
              {o.logo ? <img className="observatorio__logo" src={urlDocumento(o.logo.id)} alt="Logo del Observatorio Vial" width={240} height={150} /> : null}
              <div className="texto-html" dangerouslySetInnerHTML={{ __html: o.texto }} />
            </div>
          ) : (
            <p>Todavía no se cargó la presentación del Observatorio.</p>
          )
        }
      </SectionContent>

      <section aria-labelledby="terminal-titulo">
        <h2 id="terminal-titulo">Movimiento de pasajeros de la Terminal</h2>
        <SectionContent seccion={terminal} que="el movimiento de la Terminal">
          {(lista) => (
            <DataTable
              caption="Movimiento mensual de pasajeros, del mes más reciente al más antiguo"
              columns={['Mes', 'Descargar']}
              rows={lista}
              rowKey={(d) => d.id}
              cells={(d) => [
                `${d.mesAsString} ${d.anioDocumentoAsString}`,
                <EnlaceDocumento key="documento" documento={d.documento}>
                  Descargar<span className="visually-hidden">{` el movimiento de ${d.mesAsString} ${d.anioDocumentoAsString}`}</span>
                </EnlaceDocumento>,
              ]}
            />
          )}
        </SectionContent>
      </section>

      <section aria-labelledby="informes-titulo">
        <h2 id="informes-titulo">Informes estadísticos (OSSIVI)</h2>
        <SectionContent seccion={informes} que="los informes estadísticos">
          {(lista) => (
            <DataTable
              caption="Informes anuales del Observatorio de Seguridad y Siniestralidad Vial"
              columns={['Año', 'Descargar']}
              rows={lista}
              rowKey={(d) => d.id}
              cells={(d) => [
                d.anioDocumentoAsString,
                <EnlaceDocumento key="documento" documento={d.documento}>
                  Descargar<span className="visually-hidden">{` el informe ${d.anioDocumentoAsString}`}</span>
                </EnlaceDocumento>,
              ]}
            />
          )}
        </SectionContent>
      </section>

      <section aria-labelledby="galeria-titulo">
        <h2 id="galeria-titulo">Galería de imágenes</h2>
        <SectionContent seccion={galeria} que="la galería de imágenes">
          {(imagenes) => <Galeria imagenes={imagenes} />}
        </SectionContent>
      </section>
    </div>
  );
}

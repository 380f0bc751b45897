import { CONJUNTOS, ICALENDAR, LICENCIA_URL, modificacionesDelCatalogo } from '#domain/datos/catalogo.ts';
import { calendariosDelCatalogo } from '#domain/recoleccion/publicacion.ts';
import { TRANSPARENCIA_ACTIVA, fechasTransparencia } from '#domain/datos/transparencia.ts';
import { appContext } from '#app/context.ts';
import { SectionContent } from '#app/components/ui/section.tsx';
import { formatShortDate } from '#domain/shared/formato.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/datos';

/**
 * Open data (docs/decisions/025-datos-abiertos.md): every dataset of the catalogue with its
 * downloads, licence and last update, and the active-transparency items of law 27.275 art. 32.
 * The same list makes /data.json. Render-cached like every public page: any write to what it
 * dates changes the content version (docs/decisions/007-cache-de-paginas.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  // Only what the page shows leaves the loader: the catalogue's module reads the database.
  const catalogo = await loadSection(log, 'datos', async () => {
    const modificaciones = await modificacionesDelCatalogo(db);
    const fechas = await fechasTransparencia(db, modificaciones);
    // One calendar per collection zone, as /data.json lists them (server/datos.ts).
    const calendarios = (await calendariosDelCatalogo(db)).map((c) => ({ ...c, ...ICALENDAR }));
    const iso = (d: Date | undefined) => d?.toISOString() ?? null;
    return {
      conjuntos: CONJUNTOS.map((c) => ({
        id: c.id,
        title: c.title,
        description: c.description,
        periodicidad: PERIODICIDAD[c.accrualPeriodicity] ?? c.accrualPeriodicity,
        landingPage: c.landingPage,
        distribution: [...c.distribution, ...(c.id === 'recoleccion' ? calendarios : [])].map((d) => ({
          id: d.id,
          title: d.title,
          downloadURL: d.downloadURL,
          mediaType: d.mediaType,
        })),
        modificado: iso(modificaciones.get(c.id)),
      })),
      transparencia: TRANSPARENCIA_ACTIVA.map(({ conjuntos: _conjuntos, ...item }) => ({ ...item, fecha: iso(fechas.get(item.inciso)) })),
    };
  });
  return sectionsPage({ catalogo, licencia: LICENCIA_URL });
}

export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  ...pageMeta(
    'Datos abiertos',
    'Los datos que publica la Municipalidad de Villa La Angostura, para descargar en CSV y JSON con licencia abierta, y la transparencia activa de la ley 27.275.',
  ),
  { tagName: 'link', rel: 'alternate', type: 'application/json', href: '/data.json', title: 'Catálogo de datos abiertos (data.json)' },
];

/** How often each dataset changes, in words (accrualPeriodicity). */
const PERIODICIDAD: Record<string, string> = {
  'R/P1W': 'semanal',
  'R/P1M': 'mensual',
  'R/P1Y': 'anual',
  'R/PT1M': 'continua',
  eventual: 'cuando cambia',
};

/** Each dataset's page by its name, not its path: people read names (docs/architecture.md, "Datos abiertos"). */
const PAGINAS: Record<string, string> = {
  '/consulta-ordenanzas': 'Consulta de Ordenanzas',
  '/boletines-oficiales': 'Boletines Oficiales',
  '/areas': 'Áreas',
  '/ejecutivo': 'Ejecutivo',
  '/concejo-deliverante': 'Concejo Deliberante',
  '/estados-contables': 'Estados Contables',
  '/sueldos': 'Sueldos',
  '/observatorio-vial': 'Observatorio Vial',
  '/seguimiento-vehiculos': 'Seguimiento de Vehículos',
  '/mi-calle': 'Mi calle',
  '/reclamos': 'Reclamos',
};

function Fecha({ iso }: { iso: string | null | undefined }) {
  return iso ? <time dateTime={iso}>{formatShortDate(iso)}</time> : <>sin fecha</>;
}

export default function Datos({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina datos">
      <h1>Datos abiertos</h1>
      <p>
        La Municipalidad publica estos datos para que cualquiera los descargue, los use y los comparta. Están bajo la licencia{' '}
        <a href={loaderData.licencia} rel="license">
          Creative Commons Atribución 4.0 Internacional
        </a>
        : podés reutilizarlos para cualquier fin, citando a la Municipalidad de Villa La Angostura como fuente.
      </p>
      <p>
        El catálogo completo está en el formato que usan datos.gob.ar y los portales Andino y CKAN: <a href="/data.json">catálogo de datos abiertos (JSON)</a>.
        Para usar los datos desde un programa, leé la <a href="/api/docs">documentación de la API</a>.
      </p>
      <SectionContent seccion={loaderData.catalogo} que="el catálogo de datos">
        {({ conjuntos, transparencia }) => (
          <>
            <h2 id="conjuntos">Conjuntos de datos</h2>
            <ul className="datos__conjuntos" aria-labelledby="conjuntos">
              {conjuntos.map((c) => (
                <li key={c.id} className="datos__conjunto">
                  <h3 id={`conjunto-${c.id}`}>{c.title}</h3>
                  <p>{c.description}</p>
                  <p className="datos__meta">
                    {c.periodicidad === 'continua' ? (
                      'Se actualiza en tiempo real'
                    ) : (
                      <>
                        Última actualización: <Fecha iso={c.modificado} />. Actualización {c.periodicidad}
                      </>
                    )}
                    . En el sitio: <a href={c.landingPage}>{PAGINAS[c.landingPage] ?? 'ver la página'}</a>
                  </p>
                  <ul className="datos__descargas" aria-label={`Descargas de ${c.title}`}>
                    {c.distribution.map((d) => (
                      <li key={d.id}>
                        <a href={d.downloadURL} type={d.mediaType}>
                          {d.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>

            <h2 id="transparencia">Transparencia activa (Ley 27.275, art. 32)</h2>
            <p>Lo que la ley pide publicar a cada organismo, dónde está en este sitio y cuándo se actualizó por última vez.</p>
            <ul className="datos__transparencia" aria-labelledby="transparencia">
              {transparencia.map((item) => (
                <li key={item.inciso}>
                  <strong>{`${item.inciso}) ${item.texto}`}</strong>
                  {item.enlaces.length > 0 ? (
                    <>
                      {': '}
                      {item.enlaces.map((e, i) => (
                        <span key={e.href + e.texto}>
                          {i > 0 ? ', ' : null}
                          <a href={e.href}>{e.texto}</a>
                        </span>
                      ))}
                      {'. '}
                      Última actualización: <Fecha iso={item.fecha} />.
                    </>
                  ) : (
                    ': no publicado en este sitio.'
                  )}
                  {item.nota ? ` ${item.nota}` : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </SectionContent>
    </div>
  );
}

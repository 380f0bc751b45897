import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { TIPOS_PANEL } from '#domain/gobierno/panel-tipos.ts';
import { countTipos } from '#domain/gobierno/panel.ts';
import type { Route } from './+types/gobierno';

/**
 * The Gobierno back-office's index (docs/decisions/019-panel-de-gobierno.md), for editors
 * and administrators: one section per kind of content the public Gobierno pages show, with how
 * many items it has, a link to edit them and one to the public page.
 */
export async function loader(args: Route.LoaderArgs) {
  const cuentas = await countTipos(args.context.get(appContext).db);
  return data({
    tipos: TIPOS_PANEL.map((t) => ({
      tipo: t.tipo,
      titulo: t.titulo,
      descripcion: t.descripcion,
      rutaPublica: t.rutaPublica,
      unico: t.unico ?? false,
      cantidad: cuentas[t.tipo] ?? 0,
    })),
  });
}

export const headers = privateDataHeaders;

export default function Gobierno({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <title>{`Gobierno | ${SITE_NAME}`}</title>
      <h1>Gobierno</h1>
      <p className="admin__bajada">
        Lo que muestran las páginas Áreas, Ejecutivo, Concejo Deliberante y Plan Estratégico. Los cambios se ven en el sitio al instante.
      </p>
      <ul className="admin__tarjetas" aria-label="Contenidos de Gobierno">
        {loaderData.tipos.map((t) => (
          <li key={t.tipo} className="admin__tarjeta">
            <h2 className="admin__tarjeta-titulo">
              <a href={`/admin/gobierno/${t.tipo}`}>{t.titulo}</a>
            </h2>
            <p className="admin__tarjeta-valor">
              {t.unico ? (t.cantidad > 0 ? 'Cargado' : 'Sin cargar') : t.cantidad === 1 ? '1 elemento' : `${t.cantidad} elementos`}
            </p>
            <p>{t.descripcion}</p>
            <a href={t.rutaPublica}>
              Ver la página pública<span className="visually-hidden"> de {t.titulo}</span>
            </a>
          </li>
        ))}
        <li className="admin__tarjeta">
          <h2 className="admin__tarjeta-titulo">
            <a href="/admin/observatorio">Observatorio Vial</a>
          </h2>
          <p>La presentación con su logo, la galería de imágenes y los documentos de la Terminal y de OSSIVI.</p>
          <a href="/observatorio-vial">
            Ver la página pública<span className="visually-hidden"> del Observatorio Vial</span>
          </a>
        </li>
      </ul>
    </>
  );
}

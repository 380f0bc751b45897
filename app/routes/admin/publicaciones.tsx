import { Link } from 'react-router';
import { appContext } from '#app/context.ts';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { AvisoHecho } from '#app/features/admin/avisos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { listPendientes } from '#domain/publicaciones/queries.ts';
import { formatDateTime } from '#domain/shared/formato.ts';
import type { Route } from './+types/publicaciones';

/**
 * Drafts, scheduled publications and those that could not be published, of the kinds the person's
 * role may edit (docs/decisions/053-borradores-y-publicacion-programada.md).
 */
const AVISOS = {
  publicada: 'Publicamos el contenido: ya se ve en el sitio.',
  descartada: 'Descartamos la publicación pendiente: nada de ella quedó publicado.',
} as const;

export const ESTADOS_PENDIENTE = { borrador: 'Borrador', programada: 'Programada', fallida: 'No se pudo publicar' } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const pendientes = await listPendientes(db, actorPanel(context));
  const aviso = new URL(request.url).searchParams.get('aviso');
  return {
    pendientes: pendientes.map((p) => ({ ...p, publicarEn: p.publicarEn?.toISOString() ?? null, actualizada: p.actualizada.toISOString() })),
    aviso: aviso !== null && Object.hasOwn(AVISOS, aviso) ? AVISOS[aviso as keyof typeof AVISOS] : null,
  };
}

export const headers = privateDataHeaders;

export default function Publicaciones({ loaderData }: Route.ComponentProps) {
  const { pendientes, aviso } = loaderData;
  return (
    <>
      <title>{`Borradores y programadas | ${SITE_NAME}`}</title>
      <h1>Borradores y programadas</h1>
      <AvisoHecho texto={aviso} />
      <p>
        Lo que todavía no se ve en el sitio: borradores, publicaciones programadas para una fecha y hora, y las que no se pudieron publicar. Para crear un
        borrador, elegí «Guardar como borrador» o «Programar» al guardar una ordenanza.
      </p>
      {pendientes.length === 0 ? (
        <p>No hay borradores ni publicaciones programadas.</p>
      ) : (
        <DataTable
          caption="Publicaciones pendientes: primero las programadas, por fecha; después las demás, de la más reciente a la más antigua"
          columns={['Contenido', 'Tipo', 'Situación', 'Se publica', 'Último cambio']}
          rows={pendientes}
          rowKey={(p) => String(p.id)}
          cells={(p) => [
            <Link key="titulo" to={`/admin/publicaciones/${p.id}`}>
              {p.titulo}
            </Link>,
            p.etiqueta,
            ESTADOS_PENDIENTE[p.estado],
            p.publicarEn ? (
              <time key="en" dateTime={p.publicarEn}>
                {formatDateTime(p.publicarEn)}
              </time>
            ) : (
              '—'
            ),
            <time key="cambio" dateTime={p.actualizada}>
              {formatDateTime(p.actualizada)}
            </time>,
          ]}
        />
      )}
    </>
  );
}

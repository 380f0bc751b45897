import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { datosMapaZona } from '#app/features/admin/mapa-zona.server.ts';
import estilosMapa from '#app/features/admin/mapa-zona.scss?url';
import { type CampoZona, CamposZona, erroresZona } from '#app/features/admin/recoleccion-campos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { createZona } from '#domain/recoleccion/commands.ts';
import { listCambios, listServicios, listZonas } from '#domain/recoleccion/queries.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';
import type { Route } from './+types/zonas';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * Mi calle's zones (docs/decisions/056-mi-calle.md), for editors and administrators: each zone with
 * its services and its next one-off change, and the form that adds a zone (its area drawn on the
 * map, or as a GeoJSON file or text). A new zone answers 303 to its own page.
 */

async function cargar(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const { db, clock } = ctx;
  const hoy = fechaEnArgentina(clock.now());
  const [zonas, servicios, cambios] = await Promise.all([listZonas(db), listServicios(db), listCambios(db, { desde: hoy, hasta: sumarDias(hoy, 366) })]);
  const aviso = new URL(args.request.url).searchParams.get('aviso') === 'baja' ? 'Borramos la zona con sus servicios y sus cambios.' : null;
  return {
    aviso,
    mapa: await datosMapaZona(ctx, zonas),
    zonas: zonas.map((z) => {
      const proximo = cambios.find((c) => c.zonaId === z.id);
      return {
        slug: z.slug,
        nombre: z.nombre,
        servicios: servicios.filter((s) => s.zonaId === z.id).map((s) => s.nombre),
        cambio: proximo ? `${formatLongDateWithWeekday(proximo.fecha)}: ${proximo.motivo}` : null,
      };
    }),
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { formulario: 'crear'; errores: Partial<Record<CampoZona, string>>; valores: Partial<Record<CampoZona, string>> }
  | { formulario: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista de zonas y envialo de nuevo.' });
  const r = await createZona(db, actor, form);
  if (r.tipo === 'guardado') return redirect(`/admin/recoleccion/zonas/${r.zona.slug}?aviso=alta`, { status: 303 });
  if (r.tipo === 'invalido') return fallo({ formulario: 'crear', errores: r.errores, valores: r.valores });
  return fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

// Leaflet's and Geoman's styles and the drawing map's: only the zone pages link them.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilosMapa, precedence: 'default' }];

export default function Zonas({ loaderData, actionData }: Route.ComponentProps) {
  const { zonas, aviso, mapa } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'crear' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [formulario, resumen],
    [general, alerta],
    [aviso, estado],
  ]);
  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}Mi calle: zonas de recolección | ${SITE_NAME}`}</title>
      <h1>Mi calle: zonas de recolección</h1>
      <p className="admin__bajada">
        Cada zona tiene su área y los servicios que pasan por ella, con sus días y horarios. Con esto el sitio responde, para cualquier dirección, cuándo pasa
        el camión, y arma los calendarios y los avisos.
      </p>
      <nav aria-label="Más de Mi calle">
        <ul>
          <li>
            <Link to="/admin/recoleccion/calles">Índice de calles</Link>: las calles y sus alturas con las que el sitio ubica una dirección.
          </li>
          <li>
            <Link to="/admin/recoleccion/cobertura">Cobertura</Link>: si los camiones pasaron por cada zona en su horario.
          </li>
        </ul>
      </nav>
      <AvisoHecho texto={respuesta ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />
      <section aria-labelledby="lista-titulo" className="admin__seccion">
        <h2 id="lista-titulo">Zonas</h2>
        {zonas.length > 0 ? (
          <DataTable
            caption="Las zonas de recolección, con sus servicios y el próximo cambio"
            className="tabla-admin"
            columns={['Zona', 'Servicios', 'Próximo cambio']}
            rows={zonas}
            rowKey={(z) => z.slug}
            cells={(z) => [
              <Link to={`/admin/recoleccion/zonas/${z.slug}`}>{z.nombre}</Link>,
              z.servicios.length > 0 ? z.servicios.join(', ') : 'Ninguno todavía',
              z.cambio ?? 'Ninguno',
            ]}
          />
        ) : (
          <p>Todavía no hay zonas: agregá la primera con el formulario de abajo.</p>
        )}
      </section>
      <section aria-labelledby="agregar-titulo" className="admin__seccion">
        <h2 id="agregar-titulo">Agregar una zona</h2>
        <ErrorSummary title="Revisá la zona" errors={erroresZona(formulario?.errores ?? {})} ref={resumen} />
        <Form method="post" encType="multipart/form-data" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
          <CamposZona errores={formulario?.errores ?? {}} valores={formulario?.valores ?? {}} nueva mapa={mapa} />
          <button type="submit" className="btn btn-primary">
            Agregar la zona
          </button>
        </Form>
      </section>
    </>
  );
}

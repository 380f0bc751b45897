import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { SECCIONES } from '#app/features/admin/secciones.ts';

// Spanish URLs exactly as the original site has them: people and other sites link to them.
export default [
  layout('routes/layout.tsx', [
    index('routes/home.tsx', { id: 'home-index' }),
    route('home', 'routes/home.tsx'),
    route('acceso-empleados', 'routes/acceso-empleados.ts'),
    route('consulta-ordenanzas', 'routes/ordenanzas/consulta.tsx'),
    route('consulta-ordenanzas/:anio/:numero', 'routes/ordenanzas/detalle.tsx'),
    route('solicitud-decretos', 'routes/decretos/solicitud.tsx'),
    route('solicitud-decretos/estado', 'routes/decretos/estado.tsx'),
    route('seguimiento-vehiculos', 'routes/vehiculos/seguimiento.tsx'),
    route('boletines-oficiales', 'routes/boletines/boletines-oficiales.tsx'),
    route('areas', 'routes/gobierno/areas.tsx'),
    route('ejecutivo', 'routes/gobierno/ejecutivo.tsx'),
    route('concejo-deliverante', 'routes/gobierno/concejo.tsx'),
    route('observatorio-vial', 'routes/gobierno/observatorio.tsx'),
    route('plan-estrategico', 'routes/gobierno/plan-estrategico.tsx'),
    route('estados-contables', 'routes/finanzas/estados-contables.tsx'),
    route('sueldos', 'routes/finanzas/sueldos.tsx'),
    // The accessibility statement and its barrier report (docs/decisions/026-declaracion-de-accesibilidad.md).
    route('accesibilidad', 'routes/accesibilidad.tsx'),
    // Open data: the catalogue's page; /data.json and its CSV files are Fastify routes (server/datos.ts).
    route('datos', 'routes/datos.tsx'),
    // Alerts by e-mail (docs/decisions/024-alertas.md): the forms post to /alertas; the mail's links carry a
    // secret in ?token=. In the site's frame, so someone arriving from a mail can go on through the site.
    layout('routes/alertas/marco.tsx', [
      route('alertas', 'routes/alertas/suscribir.tsx'),
      route('alertas/confirmar', 'routes/alertas/confirmar.tsx'),
      route('alertas/gestion', 'routes/alertas/gestion.tsx'),
      route('alertas/baja', 'routes/alertas/baja.tsx'),
    ]),
    // Mi calle's subscriptions (docs/architecture.md, «Mi calle: avisos»): the mails' links carry a secret in ?token=.
    route('mi-calle/avisos', 'routes/mi-calle/avisos.tsx'),
    route('mi-calle/avisos/confirmar', 'routes/mi-calle/avisos-confirmar.tsx'),
    route('mi-calle/avisos/gestion', 'routes/mi-calle/avisos-gestion.tsx'),
    route('mi-calle/avisos/baja', 'routes/mi-calle/avisos-baja.tsx'),
    // One search for the whole site (docs/decisions/049-buscador-del-sitio.md); /opensearch.xml is a Fastify route (server/feeds.ts).
    route('buscar', 'routes/buscar.tsx'),
    // A zone's collection month to print (docs/decisions/056-mi-calle.md); its .ics files and the zones' GeoJSON are Fastify routes (server/recoleccion.ts).
    route('recoleccion/:zona', 'routes/recoleccion/mes.tsx'),
    // Mi calle (docs/decisions/056-mi-calle.md): an address's collection zone, its next days and «¿Cuándo pasó?».
    route('mi-calle', 'routes/mi-calle.tsx'),
    // Citizen reports (docs/decisions/057-reclamos.md): the public list with its map and each report's page;
    // the list's Atom feed, /reclamos/feed.atom, is a Fastify route (server/feeds.ts).
    route('reclamos', 'routes/reclamos/lista.tsx'),
    // The citizen's form, and the pages of the links in the reporter's mails (?token= is the report's secret).
    route('reclamos/nuevo', 'routes/reclamos/nuevo.tsx'),
    route('reclamos/baja', 'routes/reclamos/baja.tsx'),
    route('reclamos/consulta', 'routes/reclamos/consulta.tsx'),
    route('reclamos/:codigo', 'routes/reclamos/detalle.tsx'),
  ]),
  // The decree form's ordinance search (JSON for the combobox).
  route('solicitud-decretos/ordenanzas', 'routes/decretos/ordenanzas.ts'),
  // The decree form's look-up of a decree already published in an official bulletin (JSON for its island).
  route('solicitud-decretos/publicado', 'routes/decretos/publicado.ts'),
  // The back-office: its own shell, whose middleware checks session, role and no-store for every page; the
  // pages come section by section from the registry (app/features/admin/secciones.ts).
  route(
    'admin',
    'routes/admin/layout.tsx',
    { id: 'admin' },
    SECCIONES.flatMap((seccion) =>
      seccion.paginas.map((pagina) => (pagina.ruta === '' ? index(pagina.archivo) : route(pagina.ruta, pagina.archivo, pagina.id ? { id: pagina.id } : {}))),
    ),
  ),
  layout('routes/service-layout.tsx', [
    route('login', 'routes/login.tsx'),
    // Setting a password from an invite: outside the signed-in guard.
    route('admin/clave', 'routes/admin/clave.tsx'),
    route('reservas', 'routes/reservas.ts'),
    route('sign-out', 'routes/sign-out.tsx'),
    route('unauthorized', 'routes/unauthorized.tsx'),
    route('notfound', 'routes/not-found.tsx', { id: 'notfound' }),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

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
    // The accessibility statement and its barrier report (issue 15, docs/decisions/026-declaracion-de-accesibilidad.md).
    route('accesibilidad', 'routes/accesibilidad.tsx'),
    // Open data (issue 15): the catalogue's page; /data.json and its CSV files are Fastify routes (server/datos.ts).
    route('datos', 'routes/datos.tsx'),
  ]),
  // The decree form's ordinance search (JSON for the combobox).
  route('solicitud-decretos/ordenanzas', 'routes/decretos/ordenanzas.ts'),
  // The decree form's look-up of a decree already published in an official bulletin (JSON for its island, issue 15).
  route('solicitud-decretos/publicado', 'routes/decretos/publicado.ts'),
  // The back-office (issue 12): its own shell; every page checks session and role (app/lib/sesion.server.ts).
  route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
    index('routes/admin/inicio.tsx'),
    // The decree-copy desk: the list and one request (its form uploads the decree's PDF: server/pages.ts gives it a larger body limit).
    route('solicitudes', 'routes/admin/solicitudes.tsx'),
    route('solicitudes/:codigo', 'routes/admin/solicitud.tsx'),
    // Ordinances (issue 14): the list, the CSV import with its template and the export, one ordinance (its form uploads the PDF: server/pages.ts).
    route('ordenanzas', 'routes/admin/ordenanzas.tsx'),
    route('ordenanzas/importar', 'routes/admin/ordenanzas-importar.tsx'),
    route('ordenanzas/plantilla.csv', 'routes/admin/ordenanzas-csv.ts', { id: 'admin-ordenanzas-plantilla' }),
    route('ordenanzas/exportar.csv', 'routes/admin/ordenanzas-csv.ts', { id: 'admin-ordenanzas-exportar' }),
    route('ordenanzas/nueva', 'routes/admin/ordenanza.tsx', { id: 'admin-ordenanza-nueva' }),
    route('ordenanzas/:id', 'routes/admin/ordenanza.tsx', { id: 'admin-ordenanza' }),
    route('boletines', 'routes/admin/boletines.tsx'),
    route('boletines/:id', 'routes/admin/boletin.tsx'),
    // The current bulletin (issue 14): its texts in the rich-text editor, its ordinance and decree lines, one line.
    route('boletin-vigente', 'routes/admin/boletin-vigente.tsx'),
    route('boletin-vigente/:lista/:id', 'routes/admin/boletin-vigente-item.tsx'),
    route('estados-contables', 'routes/admin/finanzas.tsx', { id: 'admin-estados-contables' }),
    route('estados-contables/:id', 'routes/admin/finanzas-item.tsx', { id: 'admin-estado-contable' }),
    route('sueldos', 'routes/admin/finanzas.tsx', { id: 'admin-sueldos' }),
    route('sueldos/:id', 'routes/admin/finanzas-item.tsx', { id: 'admin-sueldo' }),
    route('usuarios', 'routes/admin/usuarios.tsx'),
    route('cuenta', 'routes/admin/cuenta.tsx'),
    route('auditoria', 'routes/admin/auditoria.tsx'),
    route('auditoria.csv', 'routes/admin/auditoria-csv.ts'),
    route('gobierno', 'routes/admin/gobierno.tsx'),
    route('gobierno/:tipo', 'routes/admin/gobierno-tipo.tsx'),
    route('gobierno/:tipo/:id', 'routes/admin/gobierno-item.tsx'),
    route('observatorio', 'routes/admin/observatorio.tsx'),
    route('observatorio/:clase/:id', 'routes/admin/observatorio-item.tsx'),
    route('correo', 'routes/admin/correo.tsx'),
    route('feriados', 'routes/admin/feriados.tsx'),
    route('datos-personales', 'routes/admin/datos-personales.tsx'),
    // The fleet of the vehicle map (issue 13): the list, one vehicle, and its printable setup sheet for Traccar Client.
    route('vehiculos', 'routes/admin/vehiculos.tsx'),
    route('vehiculos/:id', 'routes/admin/vehiculo.tsx'),
    route('vehiculos/:id/configuracion', 'routes/admin/vehiculo-configuracion.tsx'),
    route('ajustes', 'routes/admin/ajustes.tsx'),
  ]),
  layout('routes/service-layout.tsx', [
    route('login', 'routes/login.tsx'),
    // Setting a password from an invite: outside the signed-in guard.
    route('admin/clave', 'routes/admin/clave.tsx'),
    route('reservas', 'routes/reservas.ts'),
    route('sign-out', 'routes/sign-out.tsx'),
    route('unauthorized', 'routes/unauthorized.tsx'),
    // Alerts by e-mail (issue 15, docs/decisions/024-alertas.md): the forms post to /alertas; the mail's links carry a secret in ?token=.
    route('alertas', 'routes/alertas/suscribir.tsx'),
    route('alertas/confirmar', 'routes/alertas/confirmar.tsx'),
    route('alertas/gestion', 'routes/alertas/gestion.tsx'),
    route('alertas/baja', 'routes/alertas/baja.tsx'),
    route('notfound', 'routes/not-found.tsx', { id: 'notfound' }),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

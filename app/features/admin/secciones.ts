import { LIMITES_MESA, MENSAJE_PDF_GRANDE } from '#domain/decretos/campos.ts';
import type { Rol } from '#domain/shared/actor.ts';
import { PERMISOS } from '#domain/shared/permisos.ts';
import { accionesDeSeccion, esSeccionAuditoria } from '#domain/auditoria/acciones.ts';

/**
 * The back-office, section by section (docs/decisions/044-secciones-del-panel.md): each section is
 * declared here once, and the route table (app/routes.ts), the menu, the guard (the middleware of
 * app/routes/admin/layout.tsx), the upload limits (server/pages.ts) and the upload forms
 * (limiteSubida) read its entry. Data only: app/routes.ts reads it at build time, so nothing here
 * may import React, Fastify or the database.
 */

/** The menu's groups, in the menu's order; a section goes after the others of its group. */
export const GRUPOS_MENU = ['inicio', 'mesa', 'contenido', 'administracion', 'cuenta'] as const;
export type GrupoMenu = (typeof GRUPOS_MENU)[number];

/**
 * One page of a section: its path under /admin (React Router's syntax, '' for /admin itself),
 * its route module under app/, its route id when the module serves more than one path, and
 * whether its form uploads a file (the section's `subidas` then apply to it).
 */
export type PaginaSeccion = { ruta: string; archivo: string; id?: string; subida?: true };

/**
 * What the pages of a section that upload take: a body up to `maxBytes` (UPLOAD_MAX_BYTES when
 * not set) plus 64 KiB for the other fields, larger ones refused with `mensajeGrande` (the upload
 * pipeline's words when not set), and `prohibido`: the words for a large body from someone whose
 * role may not upload here (docs/decisions/017-subidas.md).
 */
export type SubidasSeccion = { prohibido: string; maxBytes?: number; mensajeGrande?: string };

export type Seccion = {
  id: string;
  /** The menu's label; a section without one (reached from another's page) is not in the menu. */
  texto?: string;
  grupo: GrupoMenu;
  /** Who may open its pages and post to them: a PERMISOS entry, the same the commands check. */
  roles: readonly Rol[];
  paginas: readonly PaginaSeccion[];
  subidas?: SubidasSeccion;
  /**
   * The audit actions its writes record: domain/auditoria's catalogue lists them by section (the
   * registry reads it below); a section without a domain module of its own names its codes here.
   */
  auditoria?: readonly string[];
};

const editores = (texto: string) => `Para ${texto} tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé a la página.`;

const ENTRADAS: readonly Seccion[] = [
  { id: 'inicio', texto: 'Inicio', grupo: 'inicio', roles: PERMISOS.panel, paginas: [{ ruta: '', archivo: 'routes/admin/inicio.tsx' }] },
  // The header's search box: every list the person's role opens (app/features/admin/busqueda.server.ts).
  { id: 'buscar', grupo: 'inicio', roles: PERMISOS.panel, paginas: [{ ruta: 'buscar', archivo: 'routes/admin/buscar.tsx' }] },
  {
    // The decree-copy desk: its form uploads the decree's PDF, up to 10 MB (docs/decisions/013-mesa-de-entradas.md).
    id: 'solicitudes',
    texto: 'Solicitudes',
    grupo: 'mesa',
    roles: PERMISOS.mesa,
    paginas: [
      { ruta: 'solicitudes', archivo: 'routes/admin/solicitudes.tsx' },
      { ruta: 'solicitudes/:codigo', archivo: 'routes/admin/solicitud.tsx', subida: true },
    ],
    subidas: {
      maxBytes: LIMITES_MESA.pdf,
      mensajeGrande: MENSAJE_PDF_GRANDE,
      prohibido:
        'Para enviar un decreto tenés que haber ingresado al panel con un usuario de la mesa de entradas o de administración: ingresá y volvé a la solicitud.',
    },
  },
  {
    // The list, the CSV import with its template and the export, one ordinance with its PDF (docs/decisions/018-ordenanzas-en-el-panel.md).
    id: 'ordenanzas',
    texto: 'Ordenanzas',
    grupo: 'contenido',
    roles: PERMISOS.ordenanzas,
    paginas: [
      { ruta: 'ordenanzas', archivo: 'routes/admin/ordenanzas.tsx' },
      { ruta: 'ordenanzas/importar', archivo: 'routes/admin/ordenanzas-importar.tsx', subida: true },
      { ruta: 'ordenanzas/plantilla.csv', archivo: 'routes/admin/ordenanzas-csv.ts', id: 'admin-ordenanzas-plantilla' },
      { ruta: 'ordenanzas/exportar.csv', archivo: 'routes/admin/ordenanzas-csv.ts', id: 'admin-ordenanzas-exportar' },
      // What was withdrawn in the last 90 days, to restore it (docs/decisions/054-retirados-restaurables.md); the same page in each section.
      { ruta: 'ordenanzas/retirados', archivo: 'routes/admin/retirados.tsx', id: 'admin-ordenanzas-retirados' },
      { ruta: 'ordenanzas/nueva', archivo: 'routes/admin/ordenanza.tsx', id: 'admin-ordenanza-nueva', subida: true },
      { ruta: 'ordenanzas/:id', archivo: 'routes/admin/ordenanza.tsx', id: 'admin-ordenanza', subida: true },
    ],
    subidas: {
      prohibido: 'Para cargar ordenanzas tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé a la ordenanza.',
    },
  },
  {
    id: 'boletines',
    texto: 'Boletines',
    grupo: 'contenido',
    roles: PERMISOS.boletines,
    paginas: [
      { ruta: 'boletines', archivo: 'routes/admin/boletines.tsx', subida: true },
      { ruta: 'boletines/retirados', archivo: 'routes/admin/retirados.tsx', id: 'admin-boletines-retirados' },
      { ruta: 'boletines/:id', archivo: 'routes/admin/boletin.tsx', subida: true },
    ],
    subidas: {
      prohibido:
        'Para subir un boletín oficial tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé a la página de boletines.',
    },
  },
  {
    // The old current-bulletin screen, now the latest bulletin's page: its addresses redirect there and it has no menu entry
    // (docs/decisions/050-un-solo-boletin.md); its audit entries stay readable under its name.
    id: 'boletin-vigente',
    grupo: 'contenido',
    roles: PERMISOS.boletines,
    paginas: [
      { ruta: 'boletin-vigente', archivo: 'routes/admin/boletin-vigente.ts' },
      { ruta: 'boletin-vigente/*', archivo: 'routes/admin/boletin-vigente.ts', id: 'admin-boletin-vigente-linea' },
    ],
  },
  {
    // Accounting statements and salary reports share their pages (docs/decisions/020-finanzas-en-el-panel.md).
    id: 'estados-contables',
    texto: 'Estados contables',
    grupo: 'contenido',
    roles: PERMISOS.finanzas,
    paginas: [
      { ruta: 'estados-contables', archivo: 'routes/admin/finanzas.tsx', id: 'admin-estados-contables', subida: true },
      { ruta: 'estados-contables/retirados', archivo: 'routes/admin/retirados.tsx', id: 'admin-estados-contables-retirados' },
      { ruta: 'estados-contables/:id', archivo: 'routes/admin/finanzas-item.tsx', id: 'admin-estado-contable', subida: true },
    ],
    subidas: { prohibido: editores('subir estados contables o informes de sueldos') },
  },
  {
    id: 'sueldos',
    texto: 'Sueldos',
    grupo: 'contenido',
    roles: PERMISOS.finanzas,
    paginas: [
      { ruta: 'sueldos', archivo: 'routes/admin/finanzas.tsx', id: 'admin-sueldos', subida: true },
      { ruta: 'sueldos/retirados', archivo: 'routes/admin/retirados.tsx', id: 'admin-sueldos-retirados' },
      { ruta: 'sueldos/:id', archivo: 'routes/admin/finanzas-item.tsx', id: 'admin-sueldo', subida: true },
    ],
    subidas: { prohibido: editores('subir estados contables o informes de sueldos') },
  },
  {
    id: 'gobierno',
    texto: 'Gobierno',
    grupo: 'contenido',
    roles: PERMISOS.gobierno,
    paginas: [
      { ruta: 'gobierno', archivo: 'routes/admin/gobierno.tsx' },
      { ruta: 'gobierno/:tipo', archivo: 'routes/admin/gobierno-tipo.tsx' },
      { ruta: 'gobierno/:tipo/:id', archivo: 'routes/admin/gobierno-item.tsx' },
    ],
  },
  {
    // Reached from Gobierno's page: logo, gallery images and its PDFs (docs/decisions/021-observatorio-en-el-panel.md).
    id: 'observatorio',
    grupo: 'contenido',
    roles: PERMISOS.gobierno,
    paginas: [
      { ruta: 'observatorio', archivo: 'routes/admin/observatorio.tsx', subida: true },
      { ruta: 'observatorio/retirados', archivo: 'routes/admin/retirados.tsx', id: 'admin-observatorio-retirados' },
      { ruta: 'observatorio/:clase/:id', archivo: 'routes/admin/observatorio-item.tsx', subida: true },
    ],
    subidas: {
      prohibido:
        'Para cambiar el Observatorio Vial tenés que haber ingresado al panel con un usuario editor o de administración: ingresá y volvé al Observatorio.',
    },
  },
  {
    // Drafts and scheduled publications of every kind the person's role may edit (docs/decisions/053-borradores-y-publicacion-programada.md).
    id: 'publicaciones',
    texto: 'Borradores y programadas',
    grupo: 'contenido',
    roles: PERMISOS.publicaciones,
    paginas: [
      { ruta: 'publicaciones', archivo: 'routes/admin/publicaciones.tsx' },
      { ruta: 'publicaciones/:id', archivo: 'routes/admin/publicacion.tsx' },
      { ruta: 'publicaciones/:id/vista-previa', archivo: 'routes/admin/publicacion-vista-previa.ts' },
    ],
  },
  {
    id: 'correo',
    texto: 'Correo',
    grupo: 'administracion',
    roles: PERMISOS.correo,
    paginas: [{ ruta: 'correo', archivo: 'routes/admin/correo.tsx' }],
  },
  {
    id: 'usuarios',
    texto: 'Usuarios',
    grupo: 'administracion',
    roles: PERMISOS.usuarios,
    paginas: [{ ruta: 'usuarios', archivo: 'routes/admin/usuarios.tsx' }],
  },
  {
    id: 'auditoria',
    texto: 'Auditoría',
    grupo: 'administracion',
    roles: PERMISOS.auditoria,
    paginas: [
      { ruta: 'auditoria', archivo: 'routes/admin/auditoria.tsx' },
      { ruta: 'auditoria.csv', archivo: 'routes/admin/auditoria-csv.ts' },
    ],
  },
  {
    // What citizens searched for on the site and did not find: counts only (docs/decisions/049-buscador-del-sitio.md).
    id: 'busquedas',
    texto: 'Búsquedas sin resultados',
    grupo: 'contenido',
    roles: PERMISOS.busquedas,
    paginas: [{ ruta: 'busquedas', archivo: 'routes/admin/busquedas.tsx' }],
  },
  {
    id: 'feriados',
    texto: 'Feriados',
    grupo: 'administracion',
    roles: PERMISOS.feriados,
    paginas: [{ ruta: 'feriados', archivo: 'routes/admin/feriados.tsx' }],
  },
  {
    id: 'datos-personales',
    texto: 'Datos personales',
    grupo: 'administracion',
    roles: PERMISOS.personales,
    paginas: [{ ruta: 'datos-personales', archivo: 'routes/admin/datos-personales.tsx' }],
  },
  {
    // The fleet of the vehicle map: the list (with how many days of positions are kept), one vehicle, and
    // its printable setup sheet for Traccar Client.
    id: 'vehiculos',
    texto: 'Vehículos',
    grupo: 'administracion',
    roles: PERMISOS.vehiculos,
    paginas: [
      { ruta: 'vehiculos', archivo: 'routes/admin/vehiculos.tsx' },
      { ruta: 'vehiculos/:id', archivo: 'routes/admin/vehiculo.tsx' },
      { ruta: 'vehiculos/:id/configuracion', archivo: 'routes/admin/vehiculo-configuracion.tsx' },
    ],
  },
  {
    // Mi calle (docs/decisions/056-mi-calle.md): collection zones with their areas (a GeoJSON upload), their
    // services and one-off changes, the town's street index, and whether the trucks covered each zone.
    id: 'recoleccion',
    texto: 'Mi calle',
    grupo: 'contenido',
    roles: PERMISOS.recoleccion,
    paginas: [
      { ruta: 'recoleccion', archivo: 'routes/admin/recoleccion/zonas.tsx', subida: true },
      { ruta: 'recoleccion/zonas/:zona', archivo: 'routes/admin/recoleccion/zona.tsx', subida: true },
      { ruta: 'recoleccion/zonas/:zona/servicios/:servicio', archivo: 'routes/admin/recoleccion/servicio.tsx' },
      { ruta: 'recoleccion/calles', archivo: 'routes/admin/recoleccion/calles.tsx', subida: true },
      { ruta: 'recoleccion/cobertura', archivo: 'routes/admin/recoleccion/cobertura.tsx' },
    ],
    subidas: {
      // LIMITES_GEOMETRIA.bytes of domain/recoleccion/schemas.ts (not imported: it reads the database schema).
      maxBytes: 1024 * 1024,
      mensajeGrande: 'El archivo pesa más de 1 MB: el área de una zona o el índice de calles pueden pesar hasta 1 MB. Simplificá el archivo antes de subirlo.',
      prohibido: editores('cambiar las zonas de recolección'),
    },
  },
  {
    // The catalogue of citizen reports (docs/decisions/057-reclamos.md): categories (Open311 services) with their
    // extra questions, the outside bodies reports are derived to, and the Open311 API keys.
    id: 'reclamos-catalogo',
    texto: 'Reclamos: catálogo',
    grupo: 'administracion',
    roles: PERMISOS.reclamosCatalogo,
    paginas: [
      { ruta: 'reclamos/categorias', archivo: 'routes/admin/reclamos/categorias.tsx' },
      { ruta: 'reclamos/categorias/nueva', archivo: 'routes/admin/reclamos/categoria.tsx', id: 'admin-reclamos-categoria-nueva' },
      { ruta: 'reclamos/categorias/:id', archivo: 'routes/admin/reclamos/categoria.tsx', id: 'admin-reclamos-categoria' },
      { ruta: 'reclamos/organismos', archivo: 'routes/admin/reclamos/organismos.tsx' },
      { ruta: 'reclamos/claves-open311', archivo: 'routes/admin/reclamos/claves-open311.tsx' },
    ],
  },
  {
    // The staff's desk of citizen reports (docs/decisions/057-reclamos.md): the queue with its clocks, each
    // report with its actions, the CSV export of the queue's filters and the heat map.
    id: 'reclamos',
    texto: 'Reclamos',
    grupo: 'mesa',
    roles: PERMISOS.reclamos,
    paginas: [
      { ruta: 'reclamos', archivo: 'routes/admin/reclamos/index.tsx' },
      { ruta: 'reclamos.csv', archivo: 'routes/admin/reclamos/csv.ts' },
      { ruta: 'reclamos/mapa-de-calor', archivo: 'routes/admin/reclamos/mapa-de-calor.tsx' },
      { ruta: 'reclamos/:codigo', archivo: 'routes/admin/reclamos/detalle.tsx' },
    ],
  },
  {
    // The reports' answer templates per state: whoever answers reports writes them (docs/decisions/057-reclamos.md).
    id: 'reclamos-plantillas',
    texto: 'Plantillas de reclamos',
    grupo: 'mesa',
    roles: PERMISOS.reclamos,
    paginas: [{ ruta: 'reclamos/plantillas', archivo: 'routes/admin/reclamos/plantillas.tsx' }],
  },
  {
    id: 'ajustes',
    texto: 'Ajustes',
    grupo: 'administracion',
    roles: PERMISOS.ajustes,
    paginas: [{ ruta: 'ajustes', archivo: 'routes/admin/ajustes.tsx' }],
  },
  {
    id: 'cuenta',
    texto: 'Mi cuenta',
    grupo: 'cuenta',
    roles: PERMISOS.panel,
    paginas: [{ ruta: 'cuenta', archivo: 'routes/admin/cuenta.tsx' }],
  },
];

/** The entries, each with the audit actions the catalogue lists for it. */
export const SECCIONES: readonly (Seccion & { auditoria: readonly string[] })[] = ENTRADAS.map((seccion) => ({
  ...seccion,
  auditoria: seccion.auditoria ?? (esSeccionAuditoria(seccion.id) ? accionesDeSeccion(seccion.id) : []),
}));

/** A page's path as the router and Fastify write it: `/admin/ordenanzas/:id`, `/admin` for the dashboard. */
export const rutaCompleta = (pagina: Pick<PaginaSeccion, 'ruta'>) => (pagina.ruta === '' ? '/admin' : `/admin/${pagina.ruta}`);

/**
 * The section whose page has this route pattern (React Router's `pattern`: the matched routes'
 * paths joined, `admin/ordenanzas/:id`, without a leading slash), among `secciones`.
 */
export function seccionDeRuta(secciones: readonly Seccion[], patron: string): Seccion | undefined {
  const ruta = `/${patron.replace(/^\/+/, '')}`;
  return secciones.find((s) => s.paginas.some((p) => rutaCompleta(p) === ruta));
}

export type EntradaMenu = { href: string; texto: string };

/** The menu of a role: its sections with a label, by group in GRUPOS_MENU's order, each group in declaration order. */
export function menuPara(secciones: readonly Seccion[], rol: Rol): EntradaMenu[] {
  return GRUPOS_MENU.flatMap((grupo) =>
    secciones
      .filter((s) => s.grupo === grupo && s.texto !== undefined && s.roles.includes(rol))
      .map((s) => ({ href: rutaCompleta(s.paginas[0]!), texto: s.texto! })),
  );
}

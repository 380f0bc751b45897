/**
 * The breadcrumb trail of each public page below the home (docs/decisions/051-listas-largas-y-migas.md):
 * Inicio, the pages above it and the page itself, by its address. One table for every page of the
 * site's layout, so the layout draws them and a test checks that none is missing.
 */

/** One step of the trail: a page above (with its address) or the current page (the last, without one). */
export type Miga = { titulo: string; href?: string };

const INICIO: Miga = { titulo: 'Inicio', href: '/' };

/** Pages whose trail is Inicio and themselves; the title is the page's own heading. */
const PAGINAS: Record<string, string> = {
  '/consulta-ordenanzas': 'Consulta de Ordenanzas',
  '/solicitud-decretos': 'Solicitud de Decretos',
  '/seguimiento-vehiculos': 'Seguimiento de Vehículos',
  '/boletines-oficiales': 'Boletines Oficiales',
  '/areas': 'Áreas',
  '/ejecutivo': 'Ejecutivo',
  '/concejo-deliverante': 'Concejo Deliberante',
  '/observatorio-vial': 'Observatorio Vial',
  '/plan-estrategico': 'Plan Estratégico',
  '/estados-contables': 'Estados Contables',
  '/sueldos': 'Sueldos',
  '/accesibilidad': 'Declaración de accesibilidad',
  '/datos': 'Datos abiertos',
  '/alertas': 'Alertas por correo',
  '/buscar': 'Buscar en el sitio',
  '/mi-calle': 'Mi calle',
  '/reclamos': 'Reclamos',
};

/** Pages below another page: their trail passes through it. */
const SUBPAGINAS: Record<string, { padre: string; titulo: string }> = {
  '/solicitud-decretos/estado': { padre: '/solicitud-decretos', titulo: 'Estado de la solicitud' },
  '/alertas/confirmar': { padre: '/alertas', titulo: 'Confirmar la alerta' },
  '/alertas/gestion': { padre: '/alertas', titulo: 'Tus alertas' },
  '/alertas/baja': { padre: '/alertas', titulo: 'Dar de baja la alerta' },
  '/mi-calle/avisos': { padre: '/mi-calle', titulo: 'Avisos de recolección' },
  '/mi-calle/avisos/confirmar': { padre: '/mi-calle', titulo: 'Confirmar los avisos' },
  '/mi-calle/avisos/gestion': { padre: '/mi-calle', titulo: 'Tus avisos' },
  '/mi-calle/avisos/baja': { padre: '/mi-calle', titulo: 'Dar de baja los avisos' },
  '/reclamos/nuevo': { padre: '/reclamos', titulo: 'Hacé un reclamo' },
  '/reclamos/baja': { padre: '/reclamos', titulo: 'Dejar de recibir correos del reclamo' },
  '/reclamos/consulta': { padre: '/reclamos', titulo: '¿Se resolvió tu reclamo?' },
};

const ORDENANZA = /^\/consulta-ordenanzas\/(\d{1,4})\/(\d{1,10})$/;
/** A citizen report's page (/reclamos/RC-2026-7KQ-3XM-9PK): under the list of reports (other pages under /reclamos are in SUBPAGINAS). */
const RECLAMO = /^\/reclamos\/([A-Za-z0-9-]{1,40})$/;
/** A zone's collection month (/recoleccion/{zona}): under Mi calle, where the zone is found. */
const MES_DE_RECOLECCION = /^\/recoleccion\/[a-z0-9-]{1,60}$/;

/**
 * The trail of a page by its path (`/areas`, `/consulta-ordenanzas/2026/4242`), Inicio first and
 * the page last; `null` for the home and for addresses that are not one of these pages.
 */
export function migasDe(pathname: string): Miga[] | null {
  const ruta = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const titulo = PAGINAS[ruta];
  if (titulo !== undefined) return [INICIO, { titulo }];
  const sub = SUBPAGINAS[ruta];
  if (sub !== undefined) return [INICIO, { titulo: PAGINAS[sub.padre]!, href: sub.padre }, { titulo: sub.titulo }];
  const ordenanza = ORDENANZA.exec(ruta);
  if (ordenanza) {
    const [, anio, numero] = ordenanza;
    return [INICIO, { titulo: PAGINAS['/consulta-ordenanzas']!, href: '/consulta-ordenanzas' }, { titulo: `Ordenanza N° ${numero}/${anio}` }];
  }
  const reclamo = RECLAMO.exec(ruta);
  if (reclamo) return [INICIO, { titulo: PAGINAS['/reclamos']!, href: '/reclamos' }, { titulo: `Reclamo ${reclamo[1]!.toUpperCase()}` }];
  if (MES_DE_RECOLECCION.test(ruta)) return [INICIO, { titulo: 'Mi calle', href: '/mi-calle' }, { titulo: 'Calendario de recolección' }];
  return null;
}

/**
 * The same trail as schema.org BreadcrumbList JSON-LD, with absolute addresses, as text safe to write
 * inside a `<script>` element (no `<` can close it).
 */
export function migasJsonLd(migas: Miga[], pathname: string, absoluta: (path: string) => string): string {
  const lista = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: migas.map((miga, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: miga.titulo,
      item: absoluta(miga.href ?? pathname),
    })),
  };
  return JSON.stringify(lista).replace(/</g, '\\u003c');
}

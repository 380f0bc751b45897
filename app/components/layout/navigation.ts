import type { SiteSettings } from '#domain/sitio/settings.ts';

/** One entry of a menu: a page of this site, or an external address that opens in a new tab. */
type NavEntry = {
  label: string;
  href: string;
  /** External addresses open in a new tab (and say so to screen-reader users). */
  external: boolean;
};

export type NavMenuId = 'gobierno' | 'ciudadano' | 'turismo' | 'empleados';

export type NavMenu = {
  id: NavMenuId;
  label: string;
  entries: NavEntry[];
};

const page = (label: string, href: string): NavEntry => ({ label, href, external: false });
const external = (label: string, href: string): NavEntry => ({ label, href, external: true });

/**
 * The four navigation dropdowns, exactly as the spec's table lists them (section 2). The nav and
 * the home page's boxes both read this, so a change here shows everywhere. Routes keep the
 * original spelling (/concejo-deliverante): people and other sites link to them.
 */
export function buildNavigation(settings: SiteSettings): NavMenu[] {
  const { enlaces } = settings;
  return [
    {
      id: 'gobierno',
      label: 'Gobierno',
      entries: [
        page('Áreas', '/areas'),
        page('Ejecutivo', '/ejecutivo'),
        page('Concejo Deliberante', '/concejo-deliverante'),
        page('Observatorio Vial', '/observatorio-vial'),
        page('Plan Estratégico', '/plan-estrategico'),
        page('Estados Contables', '/estados-contables'),
        page('Sueldos', '/sueldos'),
        page('Datos Abiertos', '/datos'),
        external('Gestión y Presupuesto', enlaces.gestionPresupuesto),
      ],
    },
    {
      id: 'ciudadano',
      label: 'Ciudadano',
      entries: [
        page('Solicitud de Decretos', '/solicitud-decretos'),
        page('Consulta de Ordenanzas', '/consulta-ordenanzas'),
        page('Boletines Oficiales', '/boletines-oficiales'),
        page('Seguimiento de Vehículos', '/seguimiento-vehiculos'),
        external('Denuncias de Medio Ambiente', enlaces.denunciasMedioAmbiente),
        external('Reclamos Defensor del Consumidor', enlaces.defensorConsumidor),
      ],
    },
    {
      id: 'turismo',
      label: 'Turismo',
      entries: [
        external('Descubrí', enlaces.turismo),
        external('Organizá', enlaces.turismo),
        external('Explorá', enlaces.turismo),
        external('Disfrutá de VLA y sus eventos', enlaces.turismo),
      ],
    },
    {
      id: 'empleados',
      label: 'Empleados',
      entries: [
        external('Envío Certificados Médicos', enlaces.chatCertificadosMedicos),
        external('Consultas Recursos Humanos', enlaces.chatRecursosHumanos),
        external('Recibos', enlaces.recibosSueldo),
      ],
    },
  ];
}

/** One menu by id; the home page shows Gobierno, Ciudadano and Turismo as boxes. */
export function navMenu(menus: NavMenu[], id: NavMenuId): NavMenu {
  const menu = menus.find((item) => item.id === id);
  if (!menu) throw new Error(`Menú desconocido: ${id}`);
  return menu;
}

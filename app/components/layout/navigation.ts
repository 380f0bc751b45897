import { DENUNCIAS_MEDIO_AMBIENTE_ORIGINAL } from '#domain/sitio/enlaces-originales.ts';
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

/** The report form with the environmental category chosen (its `codigo` in the demo catalogue). */
export const RUTA_DENUNCIAS_MEDIO_AMBIENTE = '/reclamos/nuevo?categoria=medio-ambiente';

const page = (label: string, href: string): NavEntry => ({ label, href, external: false });
const external = (label: string, href: string): NavEntry => ({ label, href, external: true });

/**
 * The four navigation dropdowns, exactly as the spec's table lists them (section 2). The nav and
 * the home page's boxes both read this, so a change here shows everywhere. Routes keep the
 * original spelling (/concejo-deliverante): people and other sites link to them.
 */
export function buildNavigation(settings: SiteSettings): NavMenu[] {
  const { enlaces } = settings;
  // Environmental complaints are reports of the site's own form (docs/decisions/057-reclamos.md); a
  // municipality that set another address for them in the settings keeps its own.
  const denunciasMedioAmbiente =
    enlaces.denunciasMedioAmbiente === DENUNCIAS_MEDIO_AMBIENTE_ORIGINAL
      ? page('Denuncias de Medio Ambiente', RUTA_DENUNCIAS_MEDIO_AMBIENTE)
      : external('Denuncias de Medio Ambiente', enlaces.denunciasMedioAmbiente);
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
        page('Mi calle', '/mi-calle'),
        page('Reclamos', '/reclamos'),
        denunciasMedioAmbiente,
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

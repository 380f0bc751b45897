import { ROLES, type Rol } from '#domain/shared/actor.ts';

export type EntradaMenu = { href: string; texto: string; roles: readonly Rol[] };

/**
 * The back-office menu (issue 12), by role. The desk's pages (/admin/solicitudes) are listed here
 * already; each page's loader still checks the role itself (requireStaff).
 */
export const MENU_ADMIN: readonly EntradaMenu[] = [
  { href: '/admin', texto: 'Inicio', roles: ROLES },
  { href: '/admin/solicitudes', texto: 'Solicitudes', roles: ['mesa-de-entradas', 'administrador'] },
  { href: '/admin/ordenanzas', texto: 'Ordenanzas', roles: ['editor', 'administrador'] },
  { href: '/admin/boletines', texto: 'Boletines', roles: ['editor', 'administrador'] },
  { href: '/admin/boletin-vigente', texto: 'Boletín vigente', roles: ['editor', 'administrador'] },
  { href: '/admin/estados-contables', texto: 'Estados contables', roles: ['editor', 'administrador'] },
  { href: '/admin/sueldos', texto: 'Sueldos', roles: ['editor', 'administrador'] },
  { href: '/admin/gobierno', texto: 'Gobierno', roles: ['editor', 'administrador'] },
  { href: '/admin/correo', texto: 'Correo', roles: ['administrador', 'mesa-de-entradas'] },
  { href: '/admin/usuarios', texto: 'Usuarios', roles: ['administrador'] },
  { href: '/admin/auditoria', texto: 'Auditoría', roles: ['administrador'] },
  { href: '/admin/feriados', texto: 'Feriados', roles: ['administrador'] },
  { href: '/admin/datos-personales', texto: 'Datos personales', roles: ['administrador'] },
  { href: '/admin/vehiculos', texto: 'Vehículos', roles: ['administrador'] },
  { href: '/admin/ajustes', texto: 'Ajustes', roles: ['administrador'] },
  { href: '/admin/cuenta', texto: 'Mi cuenta', roles: ROLES },
];

export const menuPara = (rol: Rol) => MENU_ADMIN.filter((entrada) => entrada.roles.includes(rol)).map(({ href, texto }) => ({ href, texto }));

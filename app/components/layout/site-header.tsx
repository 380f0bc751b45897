import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, matchPath, useLocation } from 'react-router';
import type { SiteSettings } from '#domain/sitio/settings.ts';
import { Fragmento, claveDe } from '#app/lib/fragmento.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { ExternalLink } from '#app/components/external-link.tsx';
import { ChevronDownIcon, MenuIcon } from '#app/components/icons.tsx';
import { ContactDetails, ContactLinks, SocialLinks } from './contact-links.tsx';
import { type NavMenu, type NavMenuId, buildNavigation } from './navigation.ts';
import { CajaDeBusqueda } from '#app/components/ui/caja-de-busqueda.tsx';

const PANEL_ID = 'navegacion-panel';
const menuDomId = (id: NavMenuId) => `menu-${id}`;
/** Where the menu collapses behind the 'Menú' button; keep in step with $menu-colapsa. */
const MENU_COLAPSADO = '(max-width: 991.98px)';

/**
 * The top bar: logo, the four dropdowns and the contact icons (a strip above the bar on computers,
 * the bottom row of the menu panel on phones; CSS shows one or the other).
 *
 * The dropdowns follow the WAI-ARIA disclosure navigation pattern: a button with aria-expanded per
 * menu; Escape closes the open one and returns focus to its button; a click outside or focus
 * moving elsewhere closes it (a press onto another menu's button leaves that to its click, which
 * switches: docs/architecture.md, "JavaScript sólo donde hace falta"); opening one closes the others. Before hydration (or without
 * JavaScript) CSS shows a menu while focus is inside it, and the buttons carry no aria-expanded,
 * since nothing would keep it true.
 */
export function SiteHeader({ settings }: { settings: SiteSettings }) {
  // The header's HTML depends on the settings and, through NavLink's aria-current, on which of the
  // menus' pages the address is in: that is its key (app/lib/fragmento.tsx).
  const { pathname } = useLocation();
  const activas = buildNavigation(settings)
    .flatMap((menu) => menu.entries)
    .filter((entry) => !entry.external && matchPath({ path: entry.href, end: false }, pathname))
    .map((entry) => entry.href);
  return (
    <Fragmento como="header" className="cabecera" clave={`cabecera ${claveDe(settings)} ${activas.join(' ')}`}>
      <ContenidoCabecera settings={settings} />
    </Fragmento>
  );
}

function ContenidoCabecera({ settings }: { settings: SiteSettings }) {
  const menus = buildNavigation(settings);
  const hydrated = useHydrated();
  const [openMenu, setOpenMenu] = useState<NavMenuId | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const buttons = useRef(new Map<NavMenuId, HTMLButtonElement>());
  /** What the last press (finger, mouse or pen) went down on, until a key is pressed. */
  const pressed = useRef<Node | null>(null);

  // Someone who clicked or tabbed into a menu before the page hydrated keeps it open.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || !navRef.current?.contains(active)) return;
    for (const [id, button] of buttons.current) {
      if (button.parentElement?.contains(active)) setOpenMenu(id);
    }
    if (window.matchMedia(MENU_COLAPSADO).matches) setPanelOpen(true);
  }, []);

  // A click outside the dropdowns closes the open one; outside the whole nav, the panel too. Focus
  // moving elsewhere (Tab past a menu's last link) does the same.
  useEffect(() => {
    if (openMenu === null && !panelOpen) return;
    function onClick(event: MouseEvent) {
      const target = event.target instanceof Node ? event.target : null;
      if (!target) return;
      if (!navRef.current?.contains(target)) {
        setOpenMenu(null);
        setPanelOpen(false);
      } else if (!listRef.current?.contains(target)) {
        setOpenMenu(null);
      }
    }
    // A press starts by moving focus (mousedown), and only its end (click) says what it chose. On
    // a phone the open menu's links push the other buttons down: closing that menu at the focus
    // would move the button from under the finger, the click would land on the page below and close
    // the whole panel. So a focus that a press moves to another menu's button leaves the menus to
    // that press's click, which switches them; a focus moved by keyboard closes the menu at once.
    function onPointerDown(event: PointerEvent) {
      pressed.current = event.target instanceof Node ? event.target : null;
    }
    function onKeyDown(event: globalThis.KeyboardEvent) {
      pressed.current = null;
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      if (openMenu !== null) {
        const button = buttons.current.get(openMenu);
        const hadFocus = !!active && !!button?.parentElement?.contains(active);
        setOpenMenu(null);
        if (hadFocus) button?.focus();
      } else if (panelOpen) {
        const hadFocus = !!active && !!navRef.current?.contains(active);
        setPanelOpen(false);
        if (hadFocus) toggleRef.current?.focus();
      }
    }
    function onFocusIn(event: FocusEvent) {
      const target = event.target instanceof Node ? event.target : null;
      if (!target) return;
      const byPress = !!pressed.current && target.contains(pressed.current);
      const toAnotherMenu = !!listRef.current?.contains(target);
      if (openMenu !== null && !buttons.current.get(openMenu)?.parentElement?.contains(target) && !(byPress && toAnotherMenu)) {
        setOpenMenu(null);
      }
      if (panelOpen && !navRef.current?.contains(target)) setPanelOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [openMenu, panelOpen]);

  function closeAll() {
    setOpenMenu(null);
    setPanelOpen(false);
  }

  function toggleMenu(id: NavMenuId) {
    setOpenMenu((current) => (current === id ? null : id));
  }

  /** Arrow keys move between a menu's links (optional keys of the disclosure pattern). */
  function onMenuKeyDown(id: NavMenuId, event: KeyboardEvent<HTMLElement>) {
    const item = buttons.current.get(id)?.parentElement;
    if (!item) return;
    const links = () => Array.from(item.querySelectorAll<HTMLAnchorElement>('.desplegable__menu a'));
    const onButton = event.currentTarget === buttons.current.get(id);
    if (onButton) {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      flushSync(() => setOpenMenu(id));
      links()[0]?.focus();
      return;
    }
    const all = links();
    const index = all.indexOf(event.currentTarget as HTMLAnchorElement);
    const next: Record<string, number> = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    all[target]?.focus();
  }

  return (
    <>
      <div className="cabecera__utilidades">
        <div className="contenedor cabecera__utilidades-fila">
          <ContactDetails settings={settings} />
          <SocialLinks settings={settings} />
        </div>
      </div>
      <div className="contenedor cabecera__barra">
        <Link to="/home" className="cabecera__marca" onClick={closeAll}>
          <img className="cabecera__logo" src="/logo-municipalidad.svg" alt="Municipalidad de Villa La Angostura" width={276} height={60} />
        </Link>
        <nav ref={navRef} aria-label="Principal" className={panelOpen ? 'navegacion navegacion--abierta' : 'navegacion'}>
          <button
            ref={toggleRef}
            type="button"
            className="navegacion__alternar"
            aria-controls={PANEL_ID}
            aria-expanded={hydrated ? panelOpen : undefined}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <MenuIcon />
            Menú
          </button>
          <div id={PANEL_ID} className="navegacion__panel">
            <ul ref={listRef} className="navegacion__menus">
              {menus.map((menu) => (
                <Dropdown
                  key={menu.id}
                  menu={menu}
                  open={openMenu === menu.id}
                  hydrated={hydrated}
                  buttonRef={(button) => {
                    if (button) buttons.current.set(menu.id, button);
                    else buttons.current.delete(menu.id);
                  }}
                  onToggle={() => toggleMenu(menu.id)}
                  onKeyDown={(event) => onMenuKeyDown(menu.id, event)}
                  onNavigate={closeAll}
                />
              ))}
            </ul>
            <ContactLinks settings={settings} className="navegacion__contacto" />
          </div>
        </nav>
      </div>
      <BusquedaDelSitio />
    </>
  );
}

/**
 * The site search in every public page's header: a plain GET form to /buscar, the same with or
 * without JavaScript (docs/decisions/049-buscador-del-sitio.md). Always empty, so the header's
 * remembered HTML does not depend on the search (app/lib/fragmento.tsx).
 */
function BusquedaDelSitio() {
  return (
    <div className="contenedor cabecera__busqueda">
      <CajaDeBusqueda
        action="/buscar"
        id="buscar-en-el-sitio"
        etiqueta="Buscar en el sitio"
        nombre="En todo el sitio"
        placeholder="Buscar en el sitio"
        maxLength={200}
        className="busqueda-sitio"
        campoClassName="form-control busqueda-sitio__campo"
        botonClassName="btn btn-primary busqueda-sitio__boton"
      />
    </div>
  );
}

type DropdownProps = {
  menu: NavMenu;
  open: boolean;
  hydrated: boolean;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onNavigate: () => void;
};

function Dropdown({ menu, open, hydrated, buttonRef, onToggle, onKeyDown, onNavigate }: DropdownProps) {
  return (
    <li className={open ? 'desplegable desplegable--abierto' : 'desplegable'}>
      <button
        ref={buttonRef}
        type="button"
        className="desplegable__boton"
        aria-expanded={hydrated ? open : undefined}
        aria-controls={menuDomId(menu.id)}
        onClick={onToggle}
        onKeyDown={onKeyDown}
      >
        {menu.label}
        <ChevronDownIcon className="desplegable__flecha" />
      </button>
      <ul id={menuDomId(menu.id)} className="desplegable__menu">
        {menu.entries.map((entry) => (
          <li key={entry.label}>
            {entry.external ? (
              <ExternalLink href={entry.href} className="desplegable__enlace" onClick={onNavigate} onKeyDown={onKeyDown}>
                {entry.label}
              </ExternalLink>
            ) : (
              <NavLink to={entry.href} className="desplegable__enlace" onClick={onNavigate} onKeyDown={onKeyDown}>
                {entry.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The first stop of the Tab key: straight to the page's content, past the menus. */
export function SkipLink() {
  return (
    <a className="salto" href="#contenido">
      Saltar al contenido
    </a>
  );
}

/** Lake and mountains down the left on large screens: decoration only, hidden from assistive technology. */
export function Decoration() {
  return <div className="sitio__decoracion" aria-hidden="true" />;
}

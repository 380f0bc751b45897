type Props = {
  /** Where the GET goes, with the words as `q`. */
  action: string;
  /** The field's id, and the name a screen reader gives it («Buscar en el sitio»). */
  id: string;
  etiqueta: string;
  /** The landmark's name, when the page has another search. */
  nombre?: string;
  placeholder: string;
  maxLength: number;
  className: string;
  campoClassName: string;
  botonClassName: string;
};

/**
 * A header's search box (the public site's and the back-office's): a plain GET form with a
 * visually hidden label, the same with or without JavaScript (docs/decisions/049-buscador-del-sitio.md).
 * Always empty, so the header does not depend on the search.
 */
export function CajaDeBusqueda(p: Props) {
  return (
    <form method="get" action={p.action} role="search" aria-label={p.nombre} className={p.className}>
      <label htmlFor={p.id} className="visually-hidden">
        {p.etiqueta}
      </label>
      <input id={p.id} name="q" type="search" className={p.campoClassName} autoComplete="off" maxLength={p.maxLength} placeholder={p.placeholder} />
      <button type="submit" className={p.botonClassName}>
        Buscar
      </button>
    </form>
  );
}

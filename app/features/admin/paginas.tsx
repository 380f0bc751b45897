/** Previous and next links of a back-office list, with where one is; nothing when it fits in one page. */
export function Paginas({ etiqueta, pagina, paginas, enlace }: { etiqueta: string; pagina: number; paginas: number; enlace: (p: number) => string }) {
  if (paginas <= 1) return null;
  return (
    <nav aria-label={etiqueta} className="admin__paginas">
      {pagina > 1 ? <a href={enlace(pagina - 1)}>Anterior</a> : null}
      <span>{`Página ${pagina} de ${paginas}`}</span>
      {pagina < paginas ? <a href={enlace(pagina + 1)}>Siguiente</a> : null}
    </nav>
  );
}

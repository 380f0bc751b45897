import type { ResultadoSitio, Tramo } from '#domain/buscador/queries.ts';

function ConMarcas({ tramos }: { tramos: Tramo[] }) {
  return <>{tramos.map((t, i) => (t.marca ? <mark key={i}>{t.texto}</mark> : t.texto))}</>;
}

/** The site search's results: what each is, its title as a link, and a snippet. */
export function ResultadosBusqueda({ items, inicio }: { items: ResultadoSitio[]; inicio: number }) {
  return (
    <ol className="buscador__resultados" start={inicio}>
      {items.map((r) => (
        <li key={`${r.tipo} ${r.enlace} ${r.titulo}`} className="buscador__resultado">
          <p className="buscador__tipo">{r.etiqueta}</p>
          <h2 className="buscador__titulo">
            <a href={r.enlace}>{r.titulo}</a>
          </h2>
          {r.resumen ? <p className="buscador__resumen">{r.resumen}</p> : null}
          {r.fragmento ? (
            <p className="buscador__fragmento">
              <span className="visually-hidden">En el documento: </span>
              <ConMarcas tramos={r.fragmento} />
            </p>
          ) : r.enDocumento ? (
            <p className="buscador__fragmento">Las palabras están en el texto de su documento (PDF).</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

import type { BandaRecorrido } from './estado.ts';

type Props = {
  bandas: BandaRecorrido[];
  etiquetasServicio: Record<string, string>;
  minutosGris: number;
};

/**
 * What the map's colours and lines mean, in words: the markers' colours by service and
 * the grey of a silent vehicle, and the trails' three ages. Each trail's sample is drawn with the
 * same classes as the map's lines, so colour and dash pattern match; the text says it all anyway.
 */
export function LeyendaMapa({ bandas, etiquetasServicio, minutosGris }: Props) {
  return (
    <div className="leyenda-mapa">
      <h2 className="leyenda-mapa__titulo" id="leyenda-mapa-titulo">
        Referencias del mapa
      </h2>
      <ul className="leyenda-mapa__lista" aria-labelledby="leyenda-mapa-titulo">
        {Object.entries(etiquetasServicio).map(([servicio, etiqueta]) => (
          <li key={servicio}>
            <span className={`leyenda-mapa__disco vehiculo-marcador--${servicio}`} aria-hidden="true" />
            {etiqueta}
          </li>
        ))}
        <li>
          <span className="leyenda-mapa__disco vehiculo-marcador--gris" aria-hidden="true" />
          {`Sin reportar hace ${minutosGris} minutos o más`}
        </li>
        {bandas.map((banda, i) => (
          <li key={banda.minutos}>
            <svg className="leyenda-mapa__linea" viewBox="0 0 40 12" width="40" height="12" aria-hidden="true" focusable="false">
              <path className={`recorrido recorrido--${i}`} d="M3 6H37" />
            </svg>
            {banda.texto}
          </li>
        ))}
      </ul>
    </div>
  );
}

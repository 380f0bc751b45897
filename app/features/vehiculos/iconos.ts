/**
 * One glyph per vehicle icon (db/schema/vehiculos.ts, ICONOS_VEHICULO), drawn in white on the
 * marker's coloured disc and in the list. Plain SVG markup, no style attribute: the map's markers
 * take it as their HTML, which the CSP allows (it forbids inline styles, not presentation
 * attributes). An unknown icon gets the truck.
 */

/** A wheel: a disc with a hole for the hub (even-odd fill). */
const rueda = (x: number, y: number, r: number) =>
  `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0zM${x - r * 0.4} ${y}a${r * 0.4} ${r * 0.4} 0 1 1 ${r * 0.8} 0a${r * 0.4} ${r * 0.4} 0 1 1 ${-r * 0.8} 0z`;

/** A cab facing right with its window cut out. */
const cabina = 'M14 8.5h4.2l3.3 3.8V16H14zM15.3 9.8h2.4l2 2.3h-4.4z';

const FORMAS: Record<string, string> = {
  // A compactor box with its ribs, and the cab.
  recolector: `M1.5 6h11.5v10H1.5zM4 8h1.3v6H4zM7 8h1.3v6H7zM10 8h1.3v6H10z${cabina}${rueda(5, 18, 2.3)}${rueda(17.5, 18, 2.3)}`,
  // A tipper's bed, and the cab.
  camion: `M1.5 7.5h12L12.5 16h-10z${cabina}${rueda(5, 18, 2.3)}${rueda(17.5, 18, 2.3)}`,
  // A long frame, the cab at the back, the blade under the middle.
  motoniveladora: `M1.5 12h21v2.4h-21zM2.5 9h2.2v3H2.5zM15 4.5h5.5V12H15zM16.2 5.8h3.1v3h-3.1zM7 15.6h6.5l-1.3 2.6H8.3z${rueda(4, 18.5, 2)}${rueda(16.2, 18.5, 2)}${rueda(20.6, 18.5, 2)}`,
  // A bucket on its arm in front, the body and cab behind, big wheels.
  pala_cargadora: `M1 11.5h5.5l-1 5.5H1zM5.5 11.2l4-3.2 1 1.2-4 3.2zM9 9.8h13v4.6H9zM13.5 4h5v5.8h-5zM14.7 5.2h2.6v2.6h-2.6z${rueda(11.5, 18.3, 2.6)}${rueda(19.3, 18.3, 2.6)}`,
  // A small body, the round brush in front.
  barredora: `M8 7h8.5l3.5 4v5.5H8zM12 8.3h4l2.4 2.9H12zM3 12.5h5v1.6H3z${rueda(4.6, 17.6, 3.3)}${rueda(17, 18.5, 2)}`,
  // A pick-up: cab and open bed.
  camioneta: `M1.5 11.5h8V8h7l3.2 3.5h2.8v4.8h-21zM10.8 9.2h5.1l2.1 2.3h-7.2z${rueda(6, 17.2, 2.3)}${rueda(17.5, 17.2, 2.3)}`,
};

/** The SVG of an icon, as markup; `clase` names it for the page's styles. */
export function svgIcono(icono: string, clase = 'icono-vehiculo'): string {
  const forma = FORMAS[icono] ?? FORMAS.camion!;
  return `<svg class="${clase}" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" fill-rule="evenodd" d="${forma}"/></svg>`;
}

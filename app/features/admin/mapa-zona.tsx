import { type RefObject, useEffect, useState } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import { describirArea, poligonosDelTexto, textoDeLosPoligonos } from './area-zona.ts';

/** What the zone pages' loaders give the map (app/features/admin/mapa-zona.server.ts). */
export type DatosMapaZona = {
  teselas: string;
  centro: { latitud: number; longitud: number };
  otras: { nombre: string; geometria: [number, number][][][] }[];
};

/**
 * The drawing map above a zone's area field (docs/decisions/056-mi-calle.md), once the page has
 * hydrated: Leaflet and Geoman are fetched only then (./mapa-zona-leaflet.ts). It starts from the
 * field's text and writes every change back into it; a change typed or pasted in the field shows on
 * the map when the field loses the focus, if it reads as a polygon. The field and the file stay the
 * keyboard's way, and the only way without JavaScript, where nothing of this is drawn.
 */
export function MapaZona({ datos, campo, nueva }: { datos: DatosMapaZona; campo: RefObject<HTMLTextAreaElement | null>; nueva: boolean }) {
  const hidratado = useHydrated();
  const [conFondo, setConFondo] = useState(true);
  const [mensaje, setMensaje] = useState('');

  const { contenedor, mapa, estado } = useMapaDiferido(
    hidratado,
    () =>
      import('./mapa-zona-leaflet.ts').then(({ createMapaZona }) => (elemento: HTMLDivElement) => {
        const texto = campo.current;
        return createMapaZona({
          contenedor: elemento,
          teselas: datos.teselas,
          centro: datos.centro,
          otras: datos.otras,
          area: (texto && poligonosDelTexto(texto.value)) ?? [],
          alCambiarArea: (poligonos, como) => {
            if (texto) texto.value = textoDeLosPoligonos(poligonos);
            if (poligonos.length === 0)
              setMensaje(
                nueva
                  ? 'Borraste el área: dibujá otra, pegá el GeoJSON abajo o subí un archivo.'
                  : 'Borraste el área: dibujá otra. Si guardás sin área, la zona conserva la que tenía.',
              );
            else if (como === 'dibujo') setMensaje(`Dibujaste un polígono: el área tiene ${describirArea(poligonos)}. Guardá la zona para que quede.`);
            else if (como === 'edicion') setMensaje(`Cambiaste el área: tiene ${describirArea(poligonos)}. Guardá la zona para que quede.`);
            else setMensaje(`Borraste un polígono: el área tiene ${describirArea(poligonos)}.`);
          },
          alCambiarFondo: setConFondo,
        });
      }),
    [campo, datos, nueva],
  );

  // A change typed or pasted in the field shows on the map when the field loses the focus.
  useEffect(() => {
    const texto = campo.current;
    if (!hidratado || !texto) return;
    const alCambiarTexto = () => {
      const poligonos = poligonosDelTexto(texto.value);
      if (poligonos === null) {
        setMensaje('El mapa no puede mostrar el texto del área: no es un Polygon ni un MultiPolygon en GeoJSON. Al guardar te decimos qué corregir.');
        return;
      }
      mapa.current?.mostrarArea(poligonos);
      setMensaje(
        poligonos.length > 0
          ? `El mapa muestra el área del texto: ${describirArea(poligonos)}.`
          : 'El texto del área está vacío: el mapa no muestra ningún área.',
      );
    };
    texto.addEventListener('change', alCambiarTexto);
    return () => texto.removeEventListener('change', alCambiarTexto);
  }, [hidratado, campo, mapa]);

  if (!hidratado) return null;
  return (
    <div className="mapa-zona">
      <p id="mapa-zona-ayuda" className="mapa-zona__ayuda">
        Dibujá el área con la herramienta de polígono; también podés pegar el GeoJSON abajo o subir un archivo.
      </p>
      {conFondo ? null : (
        <p className="mapa-zona__fondo">El mapa de fondo no está disponible en este momento: podés dibujar igual, con las otras zonas como referencia.</p>
      )}
      <div className={conFondo ? 'mapa-zona__marco' : 'mapa-zona__marco mapa-zona__marco--sin-fondo'}>
        <div ref={contenedor} className="mapa-zona__mapa" role="region" aria-label="Mapa para dibujar el área de la zona" aria-describedby="mapa-zona-ayuda" />
        {estado === 'cargando' ? <p className="mapa-zona__aviso">Cargando el mapa…</p> : null}
        {estado === 'error' ? (
          <p className="mapa-zona__aviso" role="alert">
            No se pudo cargar el mapa: pegá el GeoJSON del área abajo o subí un archivo.
          </p>
        ) : null}
      </div>
      {/* A live line, not a `status`: the page's own status line is the one that says what was saved. */}
      <p className="mapa-zona__estado" aria-live="polite">
        {mensaje}
      </p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import { CAMPO_FOTOS } from './campos.ts';
import { gpsDeJpeg } from './gps-de-foto.ts';
import type { PuntoMapa } from './mapa-lugar.ts';

const redondear = (x: number) => String(Math.round(x * 1e6) / 1e6);

/** The form's coordinates as typed, when both read as numbers. */
function puntoDelFormulario(): PuntoMapa | null {
  const lat = Number((document.getElementById('latitud') as HTMLInputElement | null)?.value.replace(',', '.') || NaN);
  const lon = Number((document.getElementById('longitud') as HTMLInputElement | null)?.value.replace(',', '.') || NaN);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { latitud: lat, longitud: lon } : null;
}

/**
 * The place with JavaScript: a pin on a map (Leaflet, fetched only now), «Usar mi ubicación» and, when a
 * chosen photo carries GPS, the OFFER to use its place (never moved silently). Each fills the form's
 * latitude and longitude fields, which the page shows in «Tengo las coordenadas»; without JavaScript
 * this renders a sentence and the address is the way.
 */
export function UbicacionConJavaScript({ teselas, centro, alUbicar }: { teselas: string; centro: PuntoMapa; alUbicar: () => void }) {
  const hidratado = useHydrated();
  const [mensaje, setMensaje] = useState('');
  const [deFoto, setDeFoto] = useState<PuntoMapa | null>(null);

  /** Writes the point into the form's fields and says so. */
  const escribir = (p: PuntoMapa, como: string) => {
    const lat = document.getElementById('latitud') as HTMLInputElement | null;
    const lon = document.getElementById('longitud') as HTMLInputElement | null;
    if (lat) lat.value = redondear(p.latitud);
    if (lon) lon.value = redondear(p.longitud);
    alUbicar();
    setMensaje(`${como}: latitud ${redondear(p.latitud)}, longitud ${redondear(p.longitud)}.`);
  };

  // The map is made once per place and tiles; a pin placed on it only writes to the form.
  const {
    contenedor,
    mapa,
    estado: estadoMapa,
  } = useMapaDiferido(
    hidratado,
    () =>
      import('./mapa-lugar.ts').then(
        ({ createMapaLugar }) =>
          (elemento: HTMLDivElement) =>
            createMapaLugar({
              contenedor: elemento,
              teselas,
              centro,
              pin: puntoDelFormulario(),
              alElegir: (p) => escribir(p, 'Marcaste el lugar en el mapa'),
            }),
      ),
    [teselas, centro],
  );

  /** A point from the browser's location or a photo: into the form, and the map's pin moves there. */
  const usar = (p: PuntoMapa, como: string) => {
    escribir(p, como);
    mapa.current?.marcar(p);
  };

  // A photo chosen: its GPS, read here, is offered. Listened to on the document: the file field is the
  // form's, rendered and re-rendered apart from this component.
  useEffect(() => {
    if (!hidratado) return;
    const alCambiar = async (entrada: HTMLInputElement) => {
      setDeFoto(null);
      for (const archivo of Array.from(entrada.files ?? [])) {
        const punto = gpsDeJpeg(await archivo.slice(0, 256 * 1024).arrayBuffer());
        if (punto) {
          setDeFoto(punto);
          return;
        }
      }
    };
    const escuchar = (evento: Event) => {
      if (evento.target instanceof HTMLInputElement && evento.target.id === CAMPO_FOTOS) void alCambiar(evento.target);
    };
    document.addEventListener('change', escuchar);
    // Photos chosen before the page's script ran are read now.
    const yaElegidas = document.getElementById(CAMPO_FOTOS);
    if (yaElegidas instanceof HTMLInputElement && (yaElegidas.files?.length ?? 0) > 0) void alCambiar(yaElegidas);
    return () => document.removeEventListener('change', escuchar);
  }, [hidratado]);

  const usarUbicacion = () => {
    if (!('geolocation' in navigator)) {
      setMensaje('Tu navegador no puede dar tu ubicación: escribí la dirección o marcá el lugar en el mapa.');
      return;
    }
    setMensaje('Buscando tu ubicación…');
    navigator.geolocation.getCurrentPosition(
      (p) => usar({ latitud: p.coords.latitude, longitud: p.coords.longitude }, 'Usamos tu ubicación'),
      () => setMensaje('No pudimos saber tu ubicación (quizás no diste permiso): escribí la dirección o marcá el lugar en el mapa.'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  if (!hidratado) return <p>Escribí la dirección o, si las tenés, las coordenadas del lugar.</p>;
  return (
    <div className="reclamo-nuevo__mapa-bloque">
      <p id="mapa-lugar-ayuda">
        O marcá el lugar en el mapa: hacé clic o tocá donde está el problema. Con el teclado: enfocá el mapa, movelo con las flechas hasta que el lugar quede en
        el centro y usá «Marcar el centro del mapa».
      </p>
      <div className="reclamos__marco">
        <div
          ref={contenedor}
          className="reclamos__mapa reclamo-nuevo__mapa"
          role="region"
          aria-label="Mapa para marcar el lugar"
          aria-describedby="mapa-lugar-ayuda"
        />
        {estadoMapa === 'cargando' ? <p className="reclamos__aviso-mapa">Cargando el mapa…</p> : null}
        {estadoMapa === 'error' ? (
          <p className="reclamos__aviso-mapa" role="alert">
            No se pudo cargar el mapa: escribí la dirección del problema.
          </p>
        ) : null}
      </div>
      <div className="reclamo-nuevo__botones">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={estadoMapa !== 'listo'}
          onClick={() => {
            const c = mapa.current?.centro();
            if (c) usar(c, 'Marcaste el centro del mapa');
          }}
        >
          Marcar el centro del mapa
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={usarUbicacion}>
          Usar mi ubicación
        </button>
      </div>
      {deFoto ? (
        <div className="reclamo-nuevo__oferta-foto">
          <p>Una de las fotos tiene la ubicación donde se sacó.</p>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => {
              usar(deFoto, 'Usamos la ubicación de la foto');
              setDeFoto(null);
            }}
          >
            Usar la ubicación de la foto
          </button>
        </div>
      ) : null}
      <p role="status" className="reclamo-nuevo__mensaje">
        {mensaje}
      </p>
    </div>
  );
}

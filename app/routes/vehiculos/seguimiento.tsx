import { useEffect, useMemo, useRef, useState } from 'react';
import { data } from 'react-router';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { ETIQUETAS_ICONO, ETIQUETAS_SERVICIO } from '#domain/vehiculos/campos.ts';
import { listRecorridosVialidad, listVehiculosEnMapa } from '#domain/vehiculos/queries.ts';
import { appContext } from '#app/context.ts';
import { InlineScript } from '#app/components/inline-script.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import {
  type RecorridoVivo,
  type VehiculoVivo,
  aplicarPosicion,
  bandasRecorrido,
  extenderRecorrido,
  vehiculosMostrados,
} from '#app/features/vehiculos/estado.ts';
import type { EstadoEnVivo } from '#app/features/vehiculos/en-vivo.ts';
import { horaEnArgentina } from '#app/features/vehiculos/hora.ts';
import { LeyendaMapa } from '#app/features/vehiculos/leyenda.tsx';
import { ListaVehiculos } from '#app/features/vehiculos/lista.tsx';
import type { MarcadorVehiculo } from '#app/features/vehiculos/mapa-leaflet.ts';
import estilos from '#app/styles/vehiculos.scss?url';
import type { Route } from './+types/seguimiento';

const TITULO = 'Seguimiento de Vehículos';

// Leaflet's stylesheet and the page's own, on this page only (the site's main stylesheet does not carry them).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

export const meta: Route.MetaFunction = () =>
  pageMeta(TITULO, 'Seguí en un mapa, en vivo, los camiones de recolección de residuos y las máquinas viales que reparan las calles de Villa La Angostura.');

const redondear = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Live data: each active vehicle's last public position of the last minutes and the road
 * machines' public trails, read at every visit. `no-store`: the render cache never keeps this page
 * (server/render-cache.ts, isStorable), nor does a browser or a CDN.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock, config } = context.get(appContext);
  const ahora = clock.now();
  const { vehiculos: ajustes } = await getSiteSettingsForPages(db);
  const [enMapa, recorridos] = await Promise.all([
    listVehiculosEnMapa(db, ahora, ajustes.minutosRecientes),
    listRecorridosVialidad(db, ahora, ajustes.horasRecorrido),
  ]);
  return data(
    {
      ahora: ahora.toISOString(),
      // Written here: the page never calls Intl while it hydrates (docs/decisions/010-lighthouse.md).
      horaTexto: horaEnArgentina(ahora.toISOString()),
      ajustes: {
        minutosRecientes: ajustes.minutosRecientes,
        minutosGris: ajustes.minutosGris,
        horasRecorrido: ajustes.horasRecorrido,
        centro: ajustes.centro,
        radioKm: ajustes.radioKm,
        horario: ajustes.horario,
      },
      teselas: config.mapTileUrl,
      etiquetas: { iconos: ETIQUETAS_ICONO as Record<string, string>, servicios: ETIQUETAS_SERVICIO as Record<string, string> },
      // Only what the page shows: no speed, heading, battery or device.
      vehiculos: enMapa.map((v): VehiculoVivo => ({
        id: v.id,
        alias: v.alias,
        icono: v.icono,
        servicio: v.servicio,
        latitud: v.latitud,
        longitud: v.longitud,
        vistoEn: v.vistoEn.toISOString(),
        horaTexto: horaEnArgentina(v.vistoEn.toISOString()),
      })),
      recorridos: [...recorridos].map(([id, puntos]): RecorridoVivo => ({
        id,
        puntos: puntos.map((p) => [redondear(p.latitud), redondear(p.longitud), p.hora.getTime()]),
      })),
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}

export const headers = privateDataHeaders;

const MENSAJE_EN_VIVO: Record<EstadoEnVivo, string> = {
  conectando: 'Conectando las actualizaciones en vivo…',
  'en-vivo': 'En vivo: el mapa y la lista se actualizan solos.',
  reconectando: 'Se cortó la conexión en vivo. Reconectando…',
  'no-disponible': 'Las actualizaciones en vivo no están disponibles ahora: se ven las últimas posiciones recibidas y la página vuelve a intentarlo sola.',
};

export default function SeguimientoVehiculos({ loaderData }: Route.ComponentProps) {
  const { ajustes, etiquetas, teselas } = loaderData;
  const hidratado = useHydrated();
  const [vehiculos, setVehiculos] = useState<readonly VehiculoVivo[]>(loaderData.vehiculos);
  const [recorridos, setRecorridos] = useState<readonly RecorridoVivo[]>(loaderData.recorridos);

  // The page's clock: the server's instant while hydrating (the same words as the HTML), then the
  // browser's. A device whose clock is more than a minute off the server's is corrected, so it
  // neither hides nor greys vehicles that are reporting; less is the time the page took to arrive
  // and hydrate, and stays. "Visto hace" moves every minute.
  const desfase = useRef<number | undefined>(undefined);
  const [ahora, setAhora] = useState(() => Date.parse(loaderData.ahora));
  useEffect(() => {
    const diferencia = Date.parse(loaderData.ahora) - Date.now();
    desfase.current = Math.abs(diferencia) > 60_000 ? diferencia : 0;
    const tic = () => setAhora(Date.now() + (desfase.current ?? 0));
    tic();
    const intervalo = window.setInterval(tic, 60_000);
    return () => window.clearInterval(intervalo);
  }, [loaderData.ahora]);

  // Live positions: the stream's module is fetched once the page has hydrated, like the map's.
  const conocidos = useMemo(() => ({ iconos: Object.keys(etiquetas.iconos), servicios: Object.keys(etiquetas.servicios) }), [etiquetas]);
  const [enVivo, setEnVivo] = useState<EstadoEnVivo>('conectando');
  const recibir = useRef({
    posicion(p: VehiculoVivo) {
      setVehiculos((actuales) => aplicarPosicion(actuales, p));
      if (p.servicio === 'vialidad') setRecorridos((actuales) => extenderRecorrido(actuales, p));
      setAhora(Date.now() + (desfase.current ?? 0));
    },
    instantanea(posiciones: VehiculoVivo[]) {
      // The stream's view replaces the page's: a vehicle it does not list has left the map.
      setVehiculos(posiciones.reduce<readonly VehiculoVivo[]>((lista, p) => aplicarPosicion(lista, p), []));
      setAhora(Date.now() + (desfase.current ?? 0));
    },
  });
  useEffect(() => {
    let vigente = true;
    let cerrar: (() => void) | undefined;
    import('#app/features/vehiculos/en-vivo.ts')
      .then(({ conectarEnVivo }) => {
        if (!vigente) return;
        cerrar = conectarEnVivo({
          conocidos,
          alRecibirPosicion: (p) => recibir.current.posicion(p),
          alRecibirInstantanea: (posiciones) => recibir.current.instantanea(posiciones),
          alCambiarEstado: setEnVivo,
        });
      })
      .catch(() => {
        if (vigente) setEnVivo('no-disponible');
      });
    return () => {
      vigente = false;
      cerrar?.();
    };
  }, [conocidos]);

  const mostrados = useMemo(() => vehiculosMostrados(vehiculos, ahora, ajustes), [vehiculos, ahora, ajustes]);
  const bandas = useMemo(() => bandasRecorrido(ajustes.horasRecorrido), [ajustes.horasRecorrido]);

  // The map: Leaflet and the code that drives it are fetched only now, in the browser.
  const [conFondo, setConFondo] = useState(true);
  const { centro, radioKm } = ajustes;
  const {
    contenedor,
    mapa,
    estado: estadoMapa,
  } = useMapaDiferido(
    true,
    () =>
      import('#app/features/vehiculos/mapa-leaflet.ts').then(
        ({ createMapa }) =>
          (elemento: HTMLDivElement) =>
            createMapa({ contenedor: elemento, teselas, centro, radioKm, alCambiarFondo: setConFondo }),
      ),
    [teselas, centro, radioKm],
  );

  useEffect(() => {
    if (estadoMapa !== 'listo') return;
    const marcadores = mostrados.map((v): MarcadorVehiculo => ({
      ...v,
      gris: v.estado === 'gris',
      tipo: etiquetas.iconos[v.icono] ?? v.icono,
      texto: v.texto,
    }));
    mapa.current?.mostrarVehiculos(marcadores);
  }, [mostrados, estadoMapa, etiquetas, mapa]);
  // The trails age by the minute: redrawn when one grows or a minute passes, not on every position.
  const minuto = Math.floor(ahora / 60_000) * 60_000;
  useEffect(() => {
    if (estadoMapa === 'listo') mapa.current?.mostrarRecorridos(recorridos, minuto, bandas);
  }, [recorridos, minuto, bandas, estadoMapa, mapa]);

  return (
    <div className="pagina vehiculos">
      <div className="contenedor">
        <h1>{TITULO}</h1>
        <p className="vehiculos__nota">Sólo se muestran los vehículos de recolección de residuos y las máquinas viales asignadas a la reparación de calles.</p>
      </div>

      {/* The map shows only with JavaScript: the line below marks the page before its first paint,
          so the map's 600 px are there from the start; without it, this note instead of the map. */}
      <InlineScript code="document.documentElement.classList.add('con-javascript');" />
      <p className="contenedor vehiculos__sin-mapa">El mapa necesita JavaScript. La lista de abajo muestra los mismos vehículos.</p>
      <div className="mapa-vehiculos">
        <h2 className="visually-hidden" id="mapa-vehiculos-titulo">
          Mapa de los vehículos
        </h2>
        <a className="mapa-vehiculos__salto" href="#lista-vehiculos">
          Saltar el mapa e ir a la lista de vehículos
        </a>
        <p className="visually-hidden" id="mapa-vehiculos-ayuda">
          Con el mapa enfocado, las flechas lo mueven y las teclas más y menos lo acercan y lo alejan. Tab recorre los vehículos; Enter abre los datos del
          vehículo enfocado y Escape los cierra.
        </p>
        {/* Always in the page, so the message is announced when it appears; empty while the streets show. */}
        <div className="contenedor">
          <p className="mapa-vehiculos__fondo" role="status">
            {estadoMapa === 'listo' && !conFondo
              ? 'El mapa de fondo no está disponible en este momento. Los vehículos se siguen viendo en su lugar, y la lista de abajo los muestra a todos.'
              : ''}
          </p>
        </div>
        <div className={conFondo ? 'mapa-vehiculos__marco' : 'mapa-vehiculos__marco mapa-vehiculos__marco--sin-fondo'}>
          <div
            ref={contenedor}
            className="mapa-vehiculos__mapa"
            role="region"
            aria-label="Mapa de los vehículos"
            aria-describedby="mapa-vehiculos-ayuda"
            hidden={estadoMapa === 'error'}
          />
          {estadoMapa === 'cargando' ? <p className="mapa-vehiculos__aviso">Cargando el mapa…</p> : null}
          {estadoMapa === 'error' ? (
            <div className="mapa-vehiculos__aviso mapa-vehiculos__aviso--error" role="alert">
              <p>
                <strong>No se pudo cargar el mapa.</strong>
              </p>
              <p>La lista de vehículos, más abajo, muestra cada uno con su servicio y cuándo informó su posición por última vez.</p>
            </div>
          ) : null}
        </div>
        {/* The legend explains the map: without it, it goes too. */}
        {estadoMapa === 'error' ? null : (
          <div className="contenedor">
            <LeyendaMapa bandas={bandas} etiquetasServicio={etiquetas.servicios} minutosGris={ajustes.minutosGris} />
          </div>
        )}
      </div>

      {/* Below the map, and with room for its longest text: as it changes, nothing above moves. */}
      <div className="contenedor">
        <p className="vehiculos__en-vivo" role="status">
          {hidratado ? MENSAJE_EN_VIVO[enVivo] : `Posiciones de las ${loaderData.horaTexto}. Recargá la página para ver las más recientes.`}
        </p>
      </div>

      <section className="contenedor vehiculos__lista" aria-labelledby="lista-vehiculos">
        <h2 id="lista-vehiculos" tabIndex={-1}>
          Vehículos en servicio
        </h2>
        <ListaVehiculos
          vehiculos={mostrados}
          etiquetas={etiquetas}
          minutosRecientes={ajustes.minutosRecientes}
          horario={ajustes.horario}
          centro={ajustes.centro}
        />
      </section>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { data, useNavigate } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { type CampoConsulta, type Consulta, consultarMiCalle } from '#app/features/mi-calle/consulta.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import estilos from '#app/features/mi-calle/mi-calle.scss?url';
import type { Route } from './+types/mi-calle';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

const TITULO = 'Mi calle';

/**
 * «Mi calle» (docs/decisions/056-mi-calle.md): for an address, a point or a zone of the list, when
 * the truck comes and when it last passed. A GET form, so an answer is a link and works without
 * JavaScript; the pin map is an island. An answer is `no-store`: it is never kept by the render
 * cache, a CDN or a browser's history cache, and the address stays out of the log.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const consulta = await consultarMiCalle(ctx, params, ctx.direccion);
  const { vehiculos } = await getSiteSettingsForPages(ctx.db);
  const pagina = { consulta, teselas: ctx.config.mapTileUrl, centro: vehiculos.centro };
  const privada = { 'Cache-Control': 'no-store' };
  if (consulta.tipo === 'limite') return data(pagina, { status: 429, headers: { ...privada, 'Retry-After': '60' } });
  if (consulta.tipo === 'invalida') return data(pagina, { status: 400, headers: privada });
  if (consulta.tipo === 'zona-desconocida') return data(pagina, { status: 404, headers: privada });
  if (consulta.tipo === 'inicio') return pagina;
  return data(pagina, { headers: privada });
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

export const headers = privateDataHeaders;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const consulta = loaderData?.consulta;
  const error = consulta?.tipo === 'invalida' || consulta?.tipo === 'limite' || consulta?.tipo === 'zona-desconocida';
  const [titulo, ...resto] = pageMeta(
    consulta?.tipo === 'respuesta' ? `${TITULO}: zona ${consulta.respuesta.zona.nombre}` : TITULO,
    'Escribí tu dirección y mirá qué días pasa el camión de recolección por tu calle, cuándo pasó por última vez, y suscribite a los avisos.',
  );
  return [error ? { title: `Error: ${(titulo as { title: string }).title}` } : titulo!, ...resto];
};

const ETIQUETAS: Record<CampoConsulta, string> = { q: 'Tu dirección', lat: 'Latitud', lon: 'Longitud' };

const redondear = (x: number) => String(Math.round(x * 1e6) / 1e6);
const conPunto = (lat: number, lon: number) => `/mi-calle?${new URLSearchParams({ lat: redondear(lat), lon: redondear(lon) })}`;

function Respuesta({ consulta }: { consulta: Extract<Consulta, { tipo: 'respuesta' }> }) {
  const { zona, origen, punto, servicios } = consulta.respuesta;
  const avisos = new URLSearchParams({ zona: zona.slug, ...(punto ? { lat: redondear(punto.latitud), lon: redondear(punto.longitud) } : {}) });
  return (
    <section aria-labelledby="respuesta-titulo" className="mi-calle__respuesta">
      <h2 id="respuesta-titulo" tabIndex={-1}>
        Zona {zona.nombre}
      </h2>
      <p role="status">
        {origen.tipo === 'direccion'
          ? `${origen.calle} ${origen.numero} está en la zona ${zona.nombre}.`
          : origen.tipo === 'punto'
            ? `El punto que marcaste está en la zona ${zona.nombre}.`
            : `Elegiste la zona ${zona.nombre} de la lista.`}
      </p>
      {origen.tipo === 'lista' ? (
        <p>
          Para saber cuándo pasó el camión cerca de tu casa, escribí tu dirección o marcá tu casa en el mapa: elegida de la lista, la zona no dice dónde estás.
        </p>
      ) : null}
      {servicios.length === 0 ? <p>Todavía no hay servicios cargados para esta zona.</p> : null}
      {servicios.map((s) => (
        <section key={s.slug} aria-labelledby={`servicio-${s.slug}`} className="mi-calle__servicio">
          <h3 id={`servicio-${s.slug}`}>{s.nombre}</h3>
          <p className="mi-calle__horario">Pasa {s.horario}.</p>
          {s.cuandoPaso !== null ? (
            <p className="mi-calle__cuando">
              <strong>¿Cuándo pasó?</strong> {s.cuandoPaso}
            </p>
          ) : null}
          <h4>Próximos días</h4>
          {s.dias.length === 0 ? (
            <p>No pasa en los próximos 14 días.</p>
          ) : (
            <ul className="mi-calle__dias">
              {s.dias.map((d) => (
                <li key={`${d.fecha}-${d.suspendido}`} className={d.suspendido ? 'mi-calle__dia mi-calle__dia--suspendido' : 'mi-calle__dia'}>
                  {d.suspendido ? <strong>No pasa el {d.texto}</strong> : <strong>{d.texto[0]!.toUpperCase() + d.texto.slice(1)}</strong>}
                  {d.horario ? `, ${d.horario}` : ''}
                  {d.nota ? `. ${d.nota}` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <h3>Llevalo con vos</h3>
      <ul className="mi-calle__enlaces">
        <li>
          <a href={`/recoleccion/${zona.slug}.ics`}>Calendario de la zona {zona.nombre} para tu agenda (iCalendar)</a>
        </li>
        <li>
          <a href={`/recoleccion/${zona.slug}`}>Calendario del mes para imprimir</a>
        </li>
        <li>
          <a href={`/mi-calle/avisos?${avisos}`}>Recibí avisos: el recordatorio la noche anterior, los cambios y cuando el camión está cerca</a>
        </li>
      </ul>
    </section>
  );
}

export default function MiCalle({ loaderData }: Route.ComponentProps) {
  const { consulta, teselas, centro } = loaderData;
  const { valores, zonas } = consulta;
  const errores = consulta.tipo === 'invalida' ? consulta.errores : {};
  const listaErrores = (Object.entries(errores) as [CampoConsulta, string][]).map(([c, m]): [string, string, string] => [c, ETIQUETAS[c], m]);
  const hidratado = useHydrated();
  const navigate = useNavigate();
  const resumen = useRef<HTMLDivElement>(null);
  const punto = consulta.tipo === 'respuesta' ? consulta.respuesta.punto : consulta.tipo === 'fuera' ? consulta.punto : null;
  const zonaElegida = consulta.tipo === 'respuesta' && consulta.respuesta.origen.tipo === 'lista' ? consulta.respuesta.zona.slug : null;

  useEffect(() => {
    if (listaErrores.length > 0) resumen.current?.focus();
    else if (consulta.tipo === 'respuesta') document.getElementById('respuesta-titulo')?.focus();
  }, [consulta, listaErrores.length]);

  // The map: Leaflet is fetched only now, in the browser.
  // It is made once per answer: a new point is a new page.
  const [ubicando, setUbicando] = useState<string>('');
  const {
    contenedor,
    mapa,
    estado: estadoMapa,
  } = useMapaDiferido(
    hidratado,
    () =>
      import('#app/features/mi-calle/mapa-pin.ts').then(
        ({ createMapaPin }) =>
          (elemento: HTMLDivElement) =>
            createMapaPin({
              contenedor: elemento,
              teselas,
              centro,
              zonas,
              pin: punto,
              zonaElegida,
              alElegir: (p) => void navigate(conPunto(p.latitud, p.longitud)),
            }),
      ),
    [teselas, centro, zonas, punto, zonaElegida, navigate],
  );

  const usarUbicacion = () => {
    if (!('geolocation' in navigator)) {
      setUbicando('Tu navegador no puede dar tu ubicación: escribí tu dirección o marcá tu casa en el mapa.');
      return;
    }
    setUbicando('Buscando tu ubicación…');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setUbicando('');
        void navigate(conPunto(p.coords.latitude, p.coords.longitude));
      },
      () => setUbicando('No pudimos saber tu ubicación (quizás no diste permiso): escribí tu dirección o marcá tu casa en el mapa.'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <div className="contenedor pagina mi-calle">
      <h1>{TITULO}</h1>
      <p>Escribí tu dirección y te decimos en qué zona de recolección está, qué días pasa cada servicio y cuándo pasó el camión por última vez.</p>
      <ErrorSummary title="Revisá la dirección" errors={listaErrores} ref={resumen} />
      {consulta.tipo === 'limite' ? (
        <p className="aviso aviso--error" role="alert">
          {consulta.mensaje}
        </p>
      ) : null}

      <form method="get" action="/mi-calle" className="mi-calle__formulario" role="search" aria-label="Buscar tu dirección">
        <FormField name="q" label="Tu dirección" hint="La calle y la altura, por ejemplo «Av. Arrayanes 250» o «Los Notros al 1200»." error={errores.q}>
          {(control) => <input {...control} type="text" className="form-control" autoComplete="address-line1" maxLength={200} defaultValue={valores.q} />}
        </FormField>
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
      </form>
      {consulta.tipo === 'invalida' && consulta.parecidas.length > 0 ? (
        <div className="mi-calle__parecidas">
          <p>Calles parecidas:</p>
          <ul>
            {consulta.parecidas.map((nombre) => (
              <li key={nombre}>
                <a href={`/mi-calle?${new URLSearchParams({ q: consulta.numero !== null ? `${nombre} ${consulta.numero}` : nombre })}`}>{nombre}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {consulta.tipo === 'zona-desconocida' ? (
        <p className="aviso aviso--error" role="alert">
          No encontramos esa zona de recolección: elegí la tuya de la lista de abajo o escribí tu dirección.
        </p>
      ) : null}
      {consulta.tipo === 'fuera' ? (
        <p className="aviso aviso--error" role="alert">
          Ese punto no está en ninguna zona de recolección. Revisá que sea tu casa o elegí tu zona de la lista.
        </p>
      ) : null}

      {consulta.tipo === 'respuesta' ? <Respuesta consulta={consulta} /> : null}

      <section aria-labelledby="mapa-titulo" className="mi-calle__mapa-seccion">
        <h2 id="mapa-titulo">Marcá tu casa en el mapa</h2>
        {hidratado ? (
          <>
            <p id="mapa-ayuda">
              Hacé clic o tocá en el mapa donde está tu casa. Con el teclado: enfocá el mapa, movelo con las flechas hasta que tu casa quede en el centro y usá
              «Marcar el centro del mapa».
            </p>
            <div className="mi-calle__marco">
              <div ref={contenedor} className="mi-calle__mapa" role="region" aria-label="Mapa de las zonas de recolección" aria-describedby="mapa-ayuda" />
              {estadoMapa === 'cargando' ? <p className="mi-calle__aviso-mapa">Cargando el mapa…</p> : null}
              {estadoMapa === 'error' ? (
                <p className="mi-calle__aviso-mapa" role="alert">
                  No se pudo cargar el mapa: escribí tu dirección o elegí tu zona de la lista.
                </p>
              ) : null}
            </div>
            <div className="mi-calle__acciones">
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={estadoMapa !== 'listo'}
                onClick={() => {
                  const c = mapa.current?.centro();
                  if (c) void navigate(conPunto(c.latitud, c.longitud));
                }}
              >
                Marcar el centro del mapa
              </button>
              <button type="button" className="btn btn-outline-primary" onClick={usarUbicacion}>
                Usar mi ubicación
              </button>
            </div>
            <p role="status" className="mi-calle__ubicando">
              {ubicando}
            </p>
          </>
        ) : (
          <p>El mapa necesita JavaScript: escribí tu dirección, las coordenadas de tu casa o elegí tu zona de la lista.</p>
        )}
        <details className="mi-calle__coordenadas" open={Boolean(errores.lat || errores.lon) || undefined}>
          <summary>Escribir las coordenadas</summary>
          <form method="get" action="/mi-calle" aria-label="Buscar por coordenadas">
            <FormField name="lat" label="Latitud" hint="En grados, por ejemplo -40.7621." error={errores.lat}>
              {(control) => <input {...control} type="text" inputMode="decimal" className="form-control" autoComplete="off" defaultValue={valores.lat} />}
            </FormField>
            <FormField name="lon" label="Longitud" hint="En grados, por ejemplo -71.6462." error={errores.lon}>
              {(control) => <input {...control} type="text" inputMode="decimal" className="form-control" autoComplete="off" defaultValue={valores.lon} />}
            </FormField>
            <button type="submit" className="btn btn-outline-primary">
              Buscar por coordenadas
            </button>
          </form>
        </details>
      </section>

      <section aria-labelledby="zonas-titulo" className="mi-calle__zonas">
        <h2 id="zonas-titulo">O elegí tu zona</h2>
        {zonas.length === 0 ? (
          <p>Todavía no hay zonas de recolección cargadas.</p>
        ) : (
          <ul>
            {zonas.map((z) => (
              <li key={z.slug}>
                <a
                  href={`/mi-calle?zona=${encodeURIComponent(z.slug)}`}
                  aria-current={consulta.tipo === 'respuesta' && consulta.respuesta.zona.slug === z.slug ? 'true' : undefined}
                >
                  {z.nombre}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { Link, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { ETIQUETAS_ICONO } from '#domain/vehiculos/campos.ts';
import { getVehiculoAdmin } from '#domain/vehiculos/admin.ts';
import { AJUSTES_SUGERIDOS, codigoQr, direccionesIngesta, enlaceAppTraccar, enlaceQrTraccar, plantillaOsmAnd } from '#domain/vehiculos/configuracion.ts';
import { parseVehiculoId, AVISO_DISPOSITIVO_DEBIL, dispositivoDebil } from '#domain/vehiculos/schemas.ts';
import type { Route } from './+types/vehiculo-configuracion';

/**
 * A vehicle's setup sheet, for administrators: what a driver's phone needs to report
 * the vehicle's positions, to read on screen or print (the print stylesheet leaves only the
 * sheet). Traccar Client reads everything from the QR code at once; the same values are written
 * out to type by hand, with the steps for Android and iPhone, and the line for OsmAnd. The
 * formats and where they come from: docs/decisions/015-seguimiento-de-vehiculos.md.
 */

const NO_ENCONTRADO = () => data('Vehículo no encontrado', { status: 404 });

export async function loader(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const id = parseVehiculoId(args.params.id);
  if (id === null) throw NO_ENCONTRADO();
  const v = await getVehiculoAdmin(ctx.db, id, 0);
  if (!v) throw NO_ENCONTRADO();
  const direcciones = direccionesIngesta(ctx, ctx.config.ingestPort);
  const enlaceQr = enlaceQrTraccar(direcciones.principal, v.dispositivo);
  return {
    vehiculo: { id: v.id, alias: v.alias, iconoEtiqueta: ETIQUETAS_ICONO[v.icono], dispositivo: v.dispositivo, activo: v.activo },
    direcciones,
    enlaceQr,
    qr: await codigoQr(enlaceQr),
    enlaceApp: enlaceAppTraccar(direcciones.principal, v.dispositivo),
    osmand: plantillaOsmAnd(direcciones.principal, v.dispositivo),
    ajustes: AJUSTES_SUGERIDOS,
    avisoDispositivo: dispositivoDebil(v.dispositivo) ? AVISO_DISPOSITIVO_DEBIL : null,
  };
}

export const headers = privateDataHeaders;

/** Printing needs JavaScript for the button; without it the browser's own menu does the same. */
function Imprimir() {
  const hidratada = useHydrated();
  if (!hidratada) return <p className="configuracion__imprimir">Para imprimirla, usá «Imprimir» en el menú del navegador (Ctrl+P).</p>;
  return (
    <p className="configuracion__imprimir">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        Imprimir la hoja
      </button>
    </p>
  );
}

export default function VehiculoConfiguracion({ loaderData }: Route.ComponentProps) {
  const { vehiculo: v, direcciones, enlaceQr, qr, enlaceApp, osmand, ajustes, avisoDispositivo } = loaderData;
  return (
    <article className="configuracion" aria-labelledby="configuracion-titulo">
      <title>{`Configuración de Traccar Client: ${v.alias} | ${SITE_NAME}`}</title>
      <p className="migas configuracion__sin-imprimir">
        <Link to={`/admin/vehiculos/${v.id}`}>Volver a {v.alias}</Link>
      </p>
      <h1 id="configuracion-titulo">Configurar el teléfono de {v.alias}</h1>
      <p className="admin__bajada">
        Municipalidad de Villa La Angostura · Seguimiento de vehículos · {v.iconoEtiqueta}. Esta hoja es para quien prepara el teléfono que viaja en el
        vehículo: con Traccar Client (gratuita, para Android y iPhone) el teléfono informa la posición al sitio y el vehículo aparece en el mapa público.
      </p>
      {!v.activo ? (
        <div className="aviso aviso--error">
          <strong>Este vehículo está inactivo:</strong> el sitio rechaza sus reportes hasta que lo reactives desde su página.
        </div>
      ) : null}
      <Imprimir />

      <section aria-labelledby="qr-titulo" className="configuracion__seccion configuracion__qr">
        <h2 id="qr-titulo">Con el código QR</h2>
        <figure className="configuracion__figura">
          <img
            src={qr}
            alt={`Código QR con la configuración de Traccar Client para ${v.alias}`}
            width={240}
            height={240}
            className="configuracion__imagen-qr"
          />
          <figcaption>
            Contiene la dirección del servidor, el identificador <code>{v.dispositivo}</code> y los ajustes sugeridos:
            <span className="configuracion__enlace">{enlaceQr}</span>
          </figcaption>
        </figure>
        <ol>
          <li>Instalá Traccar Client desde Google Play (Android) o el App Store (iPhone) y abrila.</li>
          <li>En la app, buscá la opción para escanear un código QR y apuntá la cámara a este código. La app toma todos los datos de una vez.</li>
          <li>Escanealo desde Traccar Client, no con la cámara del teléfono: la cámara abriría la dirección en el navegador.</li>
          <li>
            Revisá en «Ajustes» que el identificador sea <code>{v.dispositivo}</code> y encendé «Seguimiento continuo».
          </li>
        </ol>
        <p>Si tu versión de la app no ofrece escanear códigos, cargá los datos a mano con los pasos de abajo.</p>
      </section>

      <section aria-labelledby="datos-titulo" className="configuracion__seccion">
        <h2 id="datos-titulo">Los datos, para cargarlos a mano</h2>
        <dl className="configuracion__datos">
          <dt>Identificador del dispositivo</dt>
          <dd>
            <code className="configuracion__valor">{v.dispositivo}</code>
            {avisoDispositivo ? <p className="aviso configuracion__nota">{avisoDispositivo}</p> : null}
          </dd>
          <dt>URL del servidor</dt>
          <dd>
            <code className="configuracion__valor">{direcciones.principal}</code>
          </dd>
          {direcciones.puerto ? (
            <>
              <dt>URL del servidor por el puerto de ingesta</dt>
              <dd>
                <code className="configuracion__valor">{direcciones.puerto}</code>
                <span className="configuracion__nota">
                  Para rastreadores que sólo aceptan un servidor y un puerto (protocolo OsmAnd, sin cifrar). Un teléfono usa la de arriba.
                </span>
              </dd>
            </>
          ) : null}
          <dt>Precisión de la ubicación</dt>
          <dd>Alta</dd>
          <dt>Distancia (metros)</dt>
          <dd>{ajustes.distanciaM}</dd>
          <dt>Intervalo (segundos)</dt>
          <dd>{ajustes.intervaloS}</dd>
          <dt>Intervalo mínimo (segundos), en «Ajustes avanzados»</dt>
          <dd>{ajustes.intervaloMinimoS}</dd>
        </dl>
        <p className="configuracion__nota">
          Con estos ajustes el teléfono informa su posición cada {ajustes.intervaloS} segundos mientras el vehículo anda. Gasta batería: dejalo conectado al
          cargador del vehículo.
        </p>
      </section>

      <section aria-labelledby="android-titulo" className="configuracion__seccion">
        <h2 id="android-titulo">En Android, paso a paso</h2>
        <ol>
          <li>Instalá «Traccar Client» desde Google Play y abrila. Aceptá el aviso sobre la ubicación.</li>
          <li>
            Tocá «Ajustes» y cargá: «Identificador del dispositivo» <code>{v.dispositivo}</code>; «URL del servidor» <code>{direcciones.principal}</code>;
            «Precisión de la ubicación» Alta; «Distancia (metros)» {ajustes.distanciaM}; «Intervalo (segundos)» {ajustes.intervaloS}.
          </li>
          <li>Encendé «Ajustes avanzados» y poné «Intervalo mínimo (segundos)» en {ajustes.intervaloMinimoS}.</li>
          <li>Volvé y encendé «Seguimiento continuo». Cuando Android pregunte por la ubicación, elegí «Permitir todo el tiempo».</li>
          <li>
            Cuando la app lo pida, desactivá la optimización de batería para Traccar Client (en Ajustes de Android, Aplicaciones, Traccar Client, Batería: «Sin
            restricciones»): si no, Android la detiene y el vehículo desaparece del mapa.
          </li>
          <li>Tocá «Mostrar estado»: cada envío correcto aparece en el registro. En unos segundos, el vehículo figura con su último reporte en el panel.</li>
        </ol>
      </section>

      <section aria-labelledby="ios-titulo" className="configuracion__seccion">
        <h2 id="ios-titulo">En iPhone, paso a paso</h2>
        <ol>
          <li>Instalá «Traccar Client» desde el App Store y abrila.</li>
          <li>
            Tocá «Ajustes» y cargá: «Identificador del dispositivo» <code>{v.dispositivo}</code>; «URL del servidor» <code>{direcciones.principal}</code>;
            «Precisión de la ubicación» Alta; «Distancia (metros)» {ajustes.distanciaM}.
          </li>
          <li>Encendé «Seguimiento continuo». Cuando el iPhone pregunte por la ubicación, permitila, y cuando ofrezca «Permitir siempre», elegilo.</li>
          <li>
            En Ajustes del iPhone, Traccar Client: «Ubicación» en «Siempre», con «Ubicación exacta» encendida, y «Actualización en segundo plano» encendida.
          </li>
          <li>
            En iPhone el sistema decide cuándo entrega cada posición según el movimiento: el intervalo en segundos puede no aplicarse. Con distancia 0 informa
            mientras el vehículo se mueve.
          </li>
          <li>Tocá «Mostrar estado» para ver los envíos; el vehículo figura con su último reporte en el panel.</li>
        </ol>
      </section>

      <section aria-labelledby="osmand-titulo" className="configuracion__seccion">
        <h2 id="osmand-titulo">Con OsmAnd, en lugar de Traccar Client</h2>
        <p>
          En OsmAnd, el complemento «Registro de viaje» (<span lang="en">Trip recording</span>) tiene «Seguimiento en línea» (
          <span lang="en">Online tracking</span>): como dirección web, copiá esta línea entera. OsmAnd completa lo que va entre llaves con la posición, la hora,
          la velocidad y la batería.
        </p>
        <p>
          <code className="configuracion__valor">{osmand}</code>
        </p>
      </section>

      <section aria-labelledby="enlace-titulo" className="configuracion__seccion configuracion__sin-imprimir">
        <h2 id="enlace-titulo">Desde el mismo teléfono</h2>
        <p>
          Si abrís esta hoja en el teléfono que va en el vehículo, con Traccar Client ya instalada, este enlace abre la app con los mismos datos (la app
          pregunta antes de aplicarlos): <a href={enlaceApp}>Configurar Traccar Client en este teléfono</a>.
        </p>
      </section>
    </article>
  );
}

import QRCode from 'qrcode';
import type { AppContext } from '#domain/shared/context.ts';

/**
 * What a phone or tracker needs to report a vehicle's positions: the ingest address,
 * the device identifier and the suggested settings, written the way each app reads them. The
 * formats and their sources are in docs/decisions/015-seguimiento-de-vehiculos.md:
 *
 * - Traccar Client (Android and iOS, version 9) scans a QR code whose text is the server address
 *   followed by its settings as query parameters: it keeps the address without the query as its
 *   server URL and reads `id`, `accuracy`, `distance`, `interval`, `fastest_interval`… from the
 *   query (traccar-client lib/qr_code_screen.dart and lib/configuration_service.dart; Traccar's
 *   own web app makes the same QR code, traccar-web src/common/components/QrCodeDialog.jsx).
 * - The same settings open the app as a link with its own scheme, `org.traccar.client://?url=…`
 *   (its Android manifest and iOS Info.plist register the scheme; lib/configuration_service.dart
 *   reads `url` there), in versions that handle links.
 * - OsmAnd's online tracking takes an address template whose `{0}`…`{6}` and `{11}` it fills in
 *   (latitude, longitude, time in milliseconds, accuracy in metres, altitude, speed in m/s,
 *   bearing, battery): OsmAnd's LiveSender.getLiveUrl.
 */

/** Where trackers report on the site's own address (OsmAnd protocol; server/api/vehiculos.ts serves it). */
export const RUTA_INGESTA = '/api/v1/posiciones';

/**
 * The settings suggested for a vehicle: a position every 10 s whatever the distance, with high
 * accuracy. Traccar Client's Android side never delivers positions faster than its minimum
 * interval (30 s unless set), so that goes to 10 s too.
 */
export const AJUSTES_SUGERIDOS = { intervaloS: 10, intervaloMinimoS: 10, distanciaM: 0, precision: 'high' } as const;

/**
 * The addresses a tracker may report to: the site's own (HTTPS behind the site's certificate in
 * production) and, when the ingest also listens on a port of its own (the usual 5055 of OsmAnd
 * trackers, which often take only a host and a port), that one over plain HTTP on the same host.
 */
export function direccionesIngesta(ctx: Pick<AppContext, 'url' | 'config'>, puerto?: number): { principal: string; puerto: string | null } {
  return {
    principal: ctx.url(RUTA_INGESTA),
    puerto: puerto ? `http://${new URL(ctx.config.siteUrl).hostname}:${puerto}` : null,
  };
}

const parametrosTraccar = (dispositivo: string) =>
  new URLSearchParams({
    id: dispositivo,
    accuracy: AJUSTES_SUGERIDOS.precision,
    distance: String(AJUSTES_SUGERIDOS.distanciaM),
    interval: String(AJUSTES_SUGERIDOS.intervaloS),
    fastest_interval: String(AJUSTES_SUGERIDOS.intervaloMinimoS),
  });

/** The text of the QR code Traccar Client scans: the server address, then the device and the settings. */
export function enlaceQrTraccar(servidor: string, dispositivo: string): string {
  return `${servidor}?${parametrosTraccar(dispositivo)}`;
}

/** The same settings as a link that opens Traccar Client on the phone itself (it asks before applying them). */
export function enlaceAppTraccar(servidor: string, dispositivo: string): string {
  return `org.traccar.client://?${new URLSearchParams({ url: servidor, ...Object.fromEntries(parametrosTraccar(dispositivo)) })}`;
}

/**
 * OsmAnd's online tracking address for a device. OsmAnd fills the template with Java's
 * MessageFormat, where a quote or a brace is syntax: the identifier goes percent-encoded, quote
 * included (the identifier's pattern allows neither, this is for safety).
 */
export function plantillaOsmAnd(servidor: string, dispositivo: string): string {
  const id = encodeURIComponent(dispositivo).replace(/'/g, '%27');
  return `${servidor}?id=${id}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}&batt={11}`;
}

/** A QR code of `texto` as an SVG data URL, drawn here (no outside service); the CSP allows `img-src data:`. */
export async function codigoQr(texto: string): Promise<string> {
  const svg = await QRCode.toString(texto, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

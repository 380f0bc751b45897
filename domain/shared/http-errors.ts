/**
 * What an error page tells a citizen, by HTTP status. One table for the pages' error
 * boundary and for the server's own JSON and HTML error answers, so both say the same thing.
 * Never an internal message, SQL, stack or path: only what happened and what to do now.
 */
const HTTP_MESSAGES: Readonly<Record<number, string>> = {
  400: 'La solicitud no es válida: revisá la dirección o los datos que enviaste y probá de nuevo.',
  401: 'Tenés que ingresar para ver esta página.',
  403: 'No tenés permiso para ver esta página.',
  404: 'No encontramos esa página: puede que la dirección esté mal escrita o que la página ya no exista.',
  405: 'Ese método no está permitido para esta dirección: volvé a la página anterior y usá sus enlaces o formularios.',
  406: 'No podemos responder en el formato que pediste.',
  408: 'La solicitud tardó demasiado en llegar: probá de nuevo.',
  409: 'Los datos cambiaron mientras los enviabas: recargá la página y probá de nuevo.',
  410: 'Esa página ya no existe.',
  413: 'Lo que enviaste es demasiado grande: achicá el texto o los archivos y probá de nuevo.',
  414: 'La dirección es demasiado larga: acortá la búsqueda y probá de nuevo.',
  415: 'No podemos leer el formato de lo que enviaste: usá el formulario de la página.',
  422: 'No pudimos procesar los datos que enviaste: revisalos y probá de nuevo.',
  429: 'Recibimos demasiadas solicitudes desde tu conexión: esperá unos minutos y probá de nuevo.',
  431: 'La solicitud trae demasiados datos de encabezado: borrá las cookies de este sitio y probá de nuevo.',
  500: 'Ocurrió un error de nuestra parte, no en lo que hiciste: probá de nuevo en unos minutos.',
  501: 'Esa función todavía no está disponible en el sitio.',
  502: 'El servicio no respondió como esperábamos: probá de nuevo en unos minutos.',
  503: 'El servicio no está disponible en este momento: probá de nuevo en unos minutos.',
  504: 'El servicio tardó demasiado en responder: probá de nuevo en unos minutos.',
};

const MENSAJE_4XX = 'No pudimos atender la solicitud: revisá la dirección o los datos que enviaste y probá de nuevo.';
const MENSAJE_5XX = 'El sitio tuvo un problema al responder: probá de nuevo en unos minutos.';

/** The Spanish sentence for a status; unknown ones by class (4xx: the request; 5xx and others: us). */
export function httpErrorMessage(status: number): string {
  return HTTP_MESSAGES[status] ?? (status >= 400 && status < 500 ? MENSAJE_4XX : MENSAJE_5XX);
}

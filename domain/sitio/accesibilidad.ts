/**
 * The accessibility statement of /accesibilidad (docs/decisions/026-declaracion-de-accesibilidad.md):
 * the date of its last review, the self-assessment of every WCAG 2.2 level A and AA success
 * criterion and the known exceptions. One typed list, not hand-written table rows: the page and its
 * tests read the same data. Every "cómo" says only what the repository shows (its tests, its
 * decisions); a criterion that nothing checks automatically says so. No zod here: the page's
 * browser bundle imports the limits below.
 */

import { formatLongDate } from '#domain/shared/formato.ts';

/** The last review of this statement (a date, Argentina's calendar). Change it with every review. */
export const FECHA_REVISION = '2026-11-27';

/** How often the statement is reviewed, as the page says it. */
export const PERIODICIDAD_REVISION = 'una vez por año y cada vez que se agrega una sección o un formulario al sitio';

export type Principio = 'Perceptible' | 'Operable' | 'Comprensible' | 'Robusto';
export type EstadoCriterio = 'Cumple' | 'Cumple parcialmente' | 'No aplica';

export type Criterio = {
  /** The success criterion's number in WCAG 2.2, such as '1.4.3'. */
  numero: string;
  /** Its name in Spanish. */
  nombre: string;
  nivel: 'A' | 'AA';
  principio: Principio;
  estado: EstadoCriterio;
  /** How the site meets it and how that is verified (or why it does not apply). */
  como: string;
};

export const PRINCIPIOS: readonly Principio[] = ['Perceptible', 'Operable', 'Comprensible', 'Robusto'];

const AXE = 'axe-core (WCAG 2.2 A y AA) revisa cada página pública en los tests de punta a punta';

const c = (numero: string, nombre: string, nivel: 'A' | 'AA', principio: Principio, estado: EstadoCriterio, como: string): Criterio => ({
  numero,
  nombre,
  nivel,
  principio,
  estado,
  como,
});

/** The 55 success criteria of WCAG 2.2 at levels A and AA (4.1.1 was removed in 2.2), in the standard's order. */
export const CRITERIOS: readonly Criterio[] = [
  c(
    '1.1.1',
    'Contenido no textual',
    'A',
    'Perceptible',
    'Cumple parcialmente',
    `Las imágenes tienen texto alternativo y los íconos decorativos están ocultos para lectores de pantalla; ${AXE}. Los PDF que publica la Municipalidad pueden no tenerlo (ver excepciones).`,
  ),
  c('1.2.1', 'Sólo audio y sólo video (grabado)', 'A', 'Perceptible', 'No aplica', 'El sitio no publica audio ni video propios.'),
  c('1.2.2', 'Subtítulos (grabado)', 'A', 'Perceptible', 'No aplica', 'El sitio no publica video propio.'),
  c('1.2.3', 'Audiodescripción o medio alternativo (grabado)', 'A', 'Perceptible', 'No aplica', 'El sitio no publica video propio.'),
  c('1.2.4', 'Subtítulos (en directo)', 'AA', 'Perceptible', 'No aplica', 'El sitio no transmite en directo.'),
  c('1.2.5', 'Audiodescripción (grabado)', 'AA', 'Perceptible', 'No aplica', 'El sitio no publica video propio.'),
  c(
    '1.3.1',
    'Información y relaciones',
    'A',
    'Perceptible',
    'Cumple parcialmente',
    `Títulos en orden, listas, tablas con título y encabezados de columna, etiquetas en cada campo; ${AXE} y un test revisa la etiqueta de cada campo de los formularios públicos. Otro valida el HTML de cada página con el validador del W3C, y otro comprueba en el navegador que las tablas que se apilan en tarjetas en un teléfono se siguen leyendo como tablas, con sus encabezados. Los PDF publicados pueden no estar etiquetados (ver excepciones).`,
  ),
  c(
    '1.3.2',
    'Secuencia significativa',
    'A',
    'Perceptible',
    'Cumple',
    'El orden del código es el orden de lectura; en teléfonos las tablas se apilan en tarjetas sin cambiar el orden.',
  ),
  c(
    '1.3.3',
    'Características sensoriales',
    'A',
    'Perceptible',
    'Cumple',
    'Las instrucciones nombran los campos y botones por su texto, no por su forma, color o posición.',
  ),
  c(
    '1.3.4',
    'Orientación',
    'AA',
    'Perceptible',
    'Cumple',
    'Ninguna página fija la orientación; los tests recorren cada página pública a 320, 390 y 1366 px de ancho.',
  ),
  c(
    '1.3.5',
    'Identificar el propósito de la entrada',
    'AA',
    'Perceptible',
    'Cumple',
    'Los campos de datos personales declaran su propósito (autocomplete: name, email, username, current-password).',
  ),
  c(
    '1.4.1',
    'Uso del color',
    'A',
    'Perceptible',
    'Cumple',
    `Los errores se escriben en texto, con «Error:» para lectores de pantalla; la lista de vehículos dice en texto hace cuánto informó cada uno, no sólo con el gris del mapa; ${AXE}.`,
  ),
  c('1.4.2', 'Control del audio', 'A', 'Perceptible', 'No aplica', 'Ninguna página reproduce sonido.'),
  c('1.4.3', 'Contraste (mínimo)', 'AA', 'Perceptible', 'Cumple', `${AXE}, contraste de colores incluido, a 320 px y en computadora.`),
  c(
    '1.4.4',
    'Cambio de tamaño del texto',
    'AA',
    'Perceptible',
    'Cumple',
    'Los tamaños son relativos; a 320 px de ancho (lo que ocupa una pantalla de 1280 px con un zoom del 400 %) ninguna página se desplaza de costado, según los tests.',
  ),
  c('1.4.5', 'Imágenes de texto', 'AA', 'Perceptible', 'Cumple', 'Los textos son texto; sólo el logotipo es una imagen con letras.'),
  c(
    '1.4.10',
    'Reajuste del contenido (reflow)',
    'AA',
    'Perceptible',
    'Cumple',
    'Un test comprueba que ninguna página pública se desplaza de costado a 320 px; las tablas se apilan en tarjetas. El mapa de vehículos necesita dos dimensiones, como admite el criterio, y tiene la lista como alternativa.',
  ),
  c(
    '1.4.11',
    'Contraste no textual',
    'AA',
    'Perceptible',
    'Cumple',
    'El foco se marca con un contorno visible y los campos tienen borde; axe-core no mide este criterio por completo: se revisa a mano en cada revisión de esta declaración.',
  ),
  c('1.4.12', 'Espaciado del texto', 'AA', 'Perceptible', 'Cumple', 'Los bloques de texto no tienen alto fijo y se estiran con el texto; sin test automático.'),
  c(
    '1.4.13',
    'Contenido con hover o foco',
    'AA',
    'Perceptible',
    'Cumple',
    'Los menús se abren con clic, toque o foco, quedan abiertos mientras se usan y Escape los cierra; los tests lo comprueban con el teclado.',
  ),
  c(
    '2.1.1',
    'Teclado',
    'A',
    'Operable',
    'Cumple',
    'Menús, formularios, la búsqueda de ordenanzas y el panel se usan con el teclado, y hay tests que los recorren así. El mapa de vehículos tiene la lista como alternativa.',
  ),
  c(
    '2.1.2',
    'Sin trampas para el foco del teclado',
    'A',
    'Operable',
    'Cumple',
    'Tab sale de cada menú y de cada campo; un test comprueba que salir de un menú con Tab lo cierra.',
  ),
  c('2.1.4', 'Atajos del teclado', 'A', 'Operable', 'Cumple', 'El sitio no define atajos de una sola tecla; los del editor de textos del panel usan Ctrl.'),
  c(
    '2.2.1',
    'Tiempo ajustable',
    'A',
    'Operable',
    'Cumple parcialmente',
    'Las páginas públicas no tienen límites de tiempo. El panel de la Municipalidad cierra la sesión tras 30 minutos sin actividad, sin avisar antes (ver excepciones).',
  ),
  c(
    '2.2.2',
    'Pausar, detener, ocultar',
    'A',
    'Operable',
    'Cumple parcialmente',
    'Nada se mueve ni parpadea. El mapa de vehículos y su lista se actualizan en vivo sin un control para pausarlos (ver excepciones).',
  ),
  c('2.3.1', 'Umbral de tres destellos o menos', 'A', 'Operable', 'Cumple', 'Ningún contenido destella.'),
  c(
    '2.4.1',
    'Evitar bloques',
    'A',
    'Operable',
    'Cumple',
    'Cada página empieza con un enlace «Saltar al contenido»; un test comprueba que lleva al contenido principal.',
  ),
  c(
    '2.4.2',
    'Titulado de páginas',
    'A',
    'Operable',
    'Cumple',
    'Cada página tiene un título propio seguido del nombre del sitio; con errores en un formulario empieza con «Error:».',
  ),
  c(
    '2.4.3',
    'Orden del foco',
    'A',
    'Operable',
    'Cumple',
    'El foco sigue el orden de lectura; al cambiar de página sin recargar pasa al contenido principal (un test lo comprueba).',
  ),
  c(
    '2.4.4',
    'Propósito de los enlaces (en contexto)',
    'A',
    'Operable',
    'Cumple',
    'Las descargas dicen nombre, formato y tamaño; los enlaces que abren otra pestaña lo anuncian.',
  ),
  c('2.4.5', 'Múltiples vías', 'AA', 'Operable', 'Cumple', 'Los menús de la cabecera, las tarjetas del inicio y la búsqueda de ordenanzas.'),
  c(
    '2.4.6',
    'Encabezados y etiquetas',
    'AA',
    'Operable',
    'Cumple',
    'Los títulos describen cada sección y cada campo tiene una etiqueta visible que dice qué escribir.',
  ),
  c(
    '2.4.7',
    'Foco visible',
    'AA',
    'Operable',
    'Cumple',
    'Todo elemento que recibe el foco muestra un contorno (:focus-visible) en las hojas de estilo del sitio.',
  ),
  c('2.4.11', 'Foco no oculto (mínimo)', 'AA', 'Operable', 'Cumple', 'La cabecera no queda fija al desplazarse, así que nada tapa el elemento con el foco.'),
  c('2.5.1', 'Gestos del puntero', 'A', 'Operable', 'Cumple', 'Nada pide gestos de varios dedos ni trazos; el mapa tiene botones para acercar y alejar.'),
  c(
    '2.5.2',
    'Cancelación del puntero',
    'A',
    'Operable',
    'Cumple',
    'Botones y enlaces son los del navegador: actúan al soltar y se cancelan saliendo de ellos.',
  ),
  c(
    '2.5.3',
    'Etiqueta en el nombre',
    'A',
    'Operable',
    'Cumple',
    'El nombre accesible de cada control contiene su texto visible (por ejemplo «Escribir a» seguido de la dirección que se ve).',
  ),
  c('2.5.4', 'Activación mediante movimiento', 'A', 'Operable', 'No aplica', 'Nada se activa moviendo o sacudiendo el dispositivo.'),
  c(
    '2.5.7',
    'Movimientos de arrastre',
    'AA',
    'Operable',
    'Cumple',
    'Arrastrar el mapa no es la única forma: tiene botones de zoom, se mueve con las flechas y la lista de vehículos dice lo mismo.',
  ),
  c(
    '2.5.8',
    'Tamaño del objetivo (mínimo)',
    'AA',
    'Operable',
    'Cumple',
    `${AXE}; los marcadores del mapa miden 36 × 36 px y, cuando dos se superponen, rige la excepción del criterio para mapas (ver excepciones).`,
  ),
  c('3.1.1', 'Idioma de la página', 'A', 'Comprensible', 'Cumple', 'Cada página declara el español de la Argentina (lang="es-AR"); axe-core lo revisa.'),
  c('3.1.2', 'Idioma de las partes', 'AA', 'Comprensible', 'Cumple', 'Los pocos textos en inglés que conserva el sitio original están marcados con lang="en".'),
  c(
    '3.2.1',
    'Al recibir el foco',
    'A',
    'Comprensible',
    'Cumple',
    'Recibir el foco no cambia de página ni envía nada; en computadora sólo despliega el menú que lo recibe.',
  ),
  c(
    '3.2.2',
    'Al recibir entradas',
    'A',
    'Comprensible',
    'Cumple',
    'Los formularios se envían con su botón; la búsqueda de ordenanzas actualiza los resultados sin cambiar de página.',
  ),
  c('3.2.3', 'Navegación coherente', 'AA', 'Comprensible', 'Cumple', 'La cabecera, los menús y el pie son los mismos en todas las páginas públicas.'),
  c('3.2.4', 'Identificación coherente', 'AA', 'Comprensible', 'Cumple', 'Los mismos controles tienen el mismo nombre en todo el sitio.'),
  c(
    '3.2.6',
    'Ayuda coherente',
    'A',
    'Comprensible',
    'Cumple',
    'El correo y el teléfono de la Municipalidad están en la cabecera de cada página, y el teléfono también en el pie, siempre en el mismo lugar.',
  ),
  c(
    '3.3.1',
    'Identificación de errores',
    'A',
    'Comprensible',
    'Cumple',
    'Un resumen de errores enlaza a cada campo y el mensaje se repite junto al campo; los tests envían datos inválidos y los leen.',
  ),
  c(
    '3.3.2',
    'Etiquetas o instrucciones',
    'A',
    'Comprensible',
    'Cumple',
    'Cada campo tiene etiqueta, los obligatorios se marcan y se explica qué significa la marca; un test revisa cada campo público.',
  ),
  c(
    '3.3.3',
    'Sugerencias ante errores',
    'AA',
    'Comprensible',
    'Cumple',
    'Los mensajes dicen qué escribir (por ejemplo «Ingresá un DNI de 7 u 8 números») y lo escrito se conserva.',
  ),
  c(
    '3.3.4',
    'Prevención de errores (legales, financieros, datos)',
    'AA',
    'Comprensible',
    'Cumple',
    'La solicitud de decretos confirma lo enviado en la página y por correo, y su estado se consulta con un código; el sitio no tiene trámites con pagos.',
  ),
  c('3.3.7', 'Entrada redundante', 'A', 'Comprensible', 'Cumple', 'Ningún trámite pide dos veces el mismo dato.'),
  c(
    '3.3.8',
    'Autenticación accesible (mínimo)',
    'AA',
    'Comprensible',
    'Cumple',
    'El ingreso al panel pide correo y contraseña, admite pegarlos y el gestor de contraseñas; no hay pruebas de memoria ni de reconocimiento.',
  ),
  c(
    '4.1.2',
    'Nombre, función, valor',
    'A',
    'Robusto',
    'Cumple',
    `Controles nativos del navegador; los menús, el buscador de ordenanzas y la barra del editor dicen su estado (aria-expanded, aria-pressed); ${AXE}.`,
  ),
  c(
    '4.1.3',
    'Mensajes de estado',
    'AA',
    'Robusto',
    'Cumple',
    'Confirmaciones, cantidades de resultados y «Enviando…» se anuncian sin mover el foco (role="status"); los errores, con role="alert".',
  ),
];

export type Excepcion = { titulo: string; detalle: string; alternativa: string };

/** What is known not to meet the target, and what a person can do meanwhile. */
export const EXCEPCIONES: readonly Excepcion[] = [
  {
    titulo: 'Marcadores del mapa de vehículos',
    detalle:
      'Cada marcador mide 36 × 36 px, pero dos vehículos en la misma calle se superponen. El criterio 2.5.8 exceptúa la posición de los marcadores en un mapa, porque es esencial para la información.',
    alternativa: 'Debajo del mapa, la lista «Vehículos en servicio» muestra cada vehículo con su servicio y la hora de su último reporte, sin JavaScript.',
  },
  {
    titulo: 'Actualización en vivo del mapa de vehículos',
    detalle: 'El mapa y su lista se actualizan solos mientras la página está abierta, y no hay un botón para pausarlos.',
    alternativa: 'Sin JavaScript la página muestra las posiciones de una hora fija y no cambia hasta recargarla.',
  },
  {
    titulo: 'Documentos PDF',
    detalle:
      'Los boletines oficiales, los decretos, las ordenanzas y los estados contables se publican como PDF preparados por cada área; pueden no estar etiquetados ni tener texto alternativo, y algunos son documentos escaneados.',
    alternativa: 'Pedinos el documento en otro formato con el formulario de esta página o por correo, y te lo enviamos.',
  },
  {
    titulo: 'Editor de textos del panel',
    detalle:
      'En el panel de la Municipalidad, el editor del boletín vigente no ofrece tablas (quita las que tenga el texto al abrirlo) y su botón «Enlace» pide la dirección en una ventana del navegador. Cuando hay un error en ese campo, el enlace del resumen de errores no lleva el foco al editor.',
    alternativa: 'Sin JavaScript el mismo campo es un área de texto común, que conserva las tablas y recibe el foco desde el resumen.',
  },
  {
    titulo: 'Tiempo de sesión del panel',
    detalle: 'El panel de la Municipalidad cierra la sesión después de 30 minutos sin actividad y no avisa antes.',
    alternativa: 'Al volver a ingresar, el panel lleva a la página en la que se estaba.',
  },
  {
    titulo: 'Sitios de terceros',
    detalle:
      'Los enlaces a turismo, noticias, gestión presupuestaria, formularios de denuncias, recibos de sueldo, los chats y las redes sociales llevan a sitios que no forman parte de este y que esta declaración no cubre.',
    alternativa: 'Si encontrás una barrera en uno de ellos, contanos igual: la hacemos llegar a quien lo administra.',
  },
];

/** The barrier form's honeypot: a field people never see or fill; bots that fill every field do. */
export const CAMPO_TRAMPA_BARRERA = 'sitio_web';

/** The barrier report's fields, for the form (maxlength) and the schema alike. */
export const LIMITES_BARRERA = { pagina: 500, descripcion: 3000, tecnologia: 200, nombre: 120, email: 254 } as const;

/** '2026-11-27' → '27 de noviembre de 2026' (the date is a calendar day: read and written in UTC). */
export function formatFechaRevision(fecha: string = FECHA_REVISION): string {
  return formatLongDate(fecha);
}

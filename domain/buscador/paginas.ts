/**
 * The site's own pages as the search finds them: title, what the page offers (shown), and the words
 * people use for it (not shown). A new public page is added here too.
 */
export type PaginaDelSitio = { titulo: string; resumen: string; palabras: string; enlace: string };

export const PAGINAS_DEL_SITIO: readonly PaginaDelSitio[] = [
  {
    titulo: 'Consulta de Ordenanzas',
    resumen: 'Buscá las ordenanzas municipales por número, año, estado o palabras de su texto, y descargá cada una.',
    palabras: 'digesto normativa concejo deliberante',
    enlace: '/consulta-ordenanzas',
  },
  {
    titulo: 'Solicitud de Decretos',
    resumen: 'Pedí la copia de un decreto municipal; la Mesa de Entradas responde en días hábiles, sin contar fines de semana ni feriados.',
    palabras: 'copia decreto pedido tramite plazo plazos feriados dias habiles mesa de entradas',
    enlace: '/solicitud-decretos',
  },
  {
    titulo: 'Estado de una solicitud de decreto',
    resumen: 'Seguí tu pedido de copia de un decreto con el código que te enviamos, y mirá hasta cuándo tenemos para responder.',
    palabras: 'seguimiento codigo plazo vencimiento feriados dias habiles',
    enlace: '/solicitud-decretos/estado',
  },
  {
    titulo: 'Boletines Oficiales',
    resumen: 'El Boletín Oficial vigente y el archivo de boletines publicados, con sus decretos, ordenanzas y licitaciones.',
    palabras: 'boletin oficial licitaciones decretos publicados',
    enlace: '/boletines-oficiales',
  },
  {
    titulo: 'Seguimiento de Vehículos',
    resumen: 'Dónde están ahora los vehículos municipales en servicio: recolección, barredoras y transporte.',
    palabras: 'mapa camion recoleccion residuos basura colectivo vehiculos',
    enlace: '/seguimiento-vehiculos',
  },
  {
    titulo: 'Áreas',
    resumen: 'Las áreas municipales con su domicilio, teléfono y correo.',
    palabras: 'oficinas telefonos contacto direcciones',
    enlace: '/areas',
  },
  {
    titulo: 'Ejecutivo',
    resumen: 'Intendente, viceintendente, secretarías y subsecretarías, con sus contactos.',
    palabras: 'intendente intendencia gabinete secretarios funcionarios',
    enlace: '/ejecutivo',
  },
  {
    titulo: 'Concejo Deliberante',
    resumen: 'La presidencia del Concejo Deliberante y sus bloques, con concejales y asesores.',
    palabras: 'hcd concejales bloques legislativo',
    enlace: '/concejo-deliverante',
  },
  {
    titulo: 'Observatorio Vial',
    resumen: 'Movimiento de la terminal de ómnibus e informes estadísticos de tránsito.',
    palabras: 'transito terminal omnibus accidentes estadisticas',
    enlace: '/observatorio-vial',
  },
  {
    titulo: 'Plan Estratégico',
    resumen: 'Los documentos y enlaces del plan estratégico de la localidad.',
    palabras: 'planificacion desarrollo',
    enlace: '/plan-estrategico',
  },
  {
    titulo: 'Estados Contables',
    resumen: 'Estados contables de recursos y gastos de la Municipalidad, mes por mes.',
    palabras: 'presupuesto recursos gastos finanzas ejecucion',
    enlace: '/estados-contables',
  },
  {
    titulo: 'Sueldos',
    resumen: 'Informes mensuales de sueldos del personal municipal, con los aguinaldos.',
    palabras: 'sueldos salarios haberes remuneraciones aguinaldo personal',
    enlace: '/sueldos',
  },
  {
    titulo: 'Declaración de accesibilidad',
    resumen: 'Cómo cumple este sitio las pautas de accesibilidad (WCAG 2.2 AA), sus límites conocidos y cómo informar una barrera.',
    palabras: 'accesibilidad barrera lector de pantalla teclado wcag discapacidad',
    enlace: '/accesibilidad',
  },
  {
    titulo: 'Datos abiertos',
    resumen: 'Los conjuntos de datos del sitio para descargar (CSV, JSON, Atom) y la transparencia activa de la Ley 27.275.',
    palabras: 'datos abiertos csv json api transparencia',
    enlace: '/datos',
  },
  {
    titulo: 'Alertas por correo',
    resumen: 'Recibí un correo cuando se publique un boletín oficial o una ordenanza que te interese.',
    palabras: 'alertas avisos suscripcion correo novedades',
    enlace: '/alertas',
  },
];

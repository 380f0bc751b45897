// Demo content for the government pages. Every person here is fictional; addresses and phones are
// plausible for the town but invented.

export const usuarios = ['Lucía Ferreyra', 'Tomás Quiroga', 'Valeria Montenegro'];

export const areas = [
  { nombre: 'Secretaría de Turismo', domicilio: 'Av. Siete Lagos 93', telefono: '+54 294 449-4124', email: 'turismo@villalaangostura.gob.ar' },
  { nombre: 'Obras Públicas', domicilio: 'Las Fucsias 165', telefono: '+54 294 449-4301', email: 'obraspublicas@villalaangostura.gob.ar' },
  { nombre: 'Hacienda y Rentas', domicilio: 'Av. Arrayanes 282', telefono: '+54 294 449-4110', email: 'rentas@villalaangostura.gob.ar' },
  { nombre: 'Desarrollo Social', domicilio: 'Los Maquis 48', telefono: '+54 294 449-4240', email: 'desarrollosocial@villalaangostura.gob.ar' },
  { nombre: 'Ambiente y Recursos Naturales', domicilio: 'Cerro Bayo 210', telefono: '+54 294 449-4377', email: 'ambiente@villalaangostura.gob.ar' },
  { nombre: 'Tránsito y Transporte', domicilio: 'Av. Nahuel Huapi 1850', telefono: '+54 294 449-4152', email: 'transito@villalaangostura.gob.ar' },
  { nombre: 'Defensa Civil', domicilio: 'Av. Arrayanes 1510', telefono: '+54 294 449-4103', email: 'defensacivil@villalaangostura.gob.ar' },
  { nombre: 'Catastro y Planeamiento', domicilio: 'Las Fucsias 171', telefono: '+54 294 449-4318', email: 'catastro@villalaangostura.gob.ar' },
  { nombre: 'Deportes y Cultura', domicilio: 'Los Notros 25', telefono: '+54 294 449-4266', email: 'cultura@villalaangostura.gob.ar' },
];

export const ejecutivoDemo = {
  intendenteNombre: 'Ernesto Valdivia Larrea',
  intendenteEmail: 'intendencia@villalaangostura.gob.ar',
  intendenteTelefono: '+54 294 449-4100',
  viceIntendenteNombre: 'Marina Echeverri Sosa',
  viceIntendenteEmail: 'viceintendencia@villalaangostura.gob.ar',
  viceIntendenteTelefono: '+54 294 449-4101',
};

const sub = (nombre: string, subSecretarioNombre: string, email: string, tel: string) => ({
  nombre,
  subSecretarioNombre,
  subSecretarioEmail: `${email}@villalaangostura.gob.ar`,
  subSecretarioTelefono: tel,
});

export const secretariasDemo = [
  {
    secretaria: {
      nombre: 'Secretaría de Turismo y Desarrollo Económico',
      secretarioNombre: 'Paula Arrieta Gómez',
      secretarioEmail: 'sec.turismo@villalaangostura.gob.ar',
      secretarioTelefono: '+54 294 449-4124',
    },
    subSecretariaList: [
      sub('Subsecretaría de Promoción Turística', 'Iván Cardozo Peña', 'promocion', '+54 294 449-4125'),
      sub('Subsecretaría de Comercio y Habilitaciones', 'Noelia Bustos Ríos', 'comercio', '+54 294 449-4126'),
    ],
  },
  {
    secretaria: {
      nombre: 'Secretaría de Obras y Servicios Públicos',
      secretarioNombre: 'Gustavo Lamberti Ortiz',
      secretarioEmail: 'sec.obras@villalaangostura.gob.ar',
      secretarioTelefono: '+54 294 449-4301',
    },
    subSecretariaList: [
      sub('Subsecretaría de Servicios Públicos', 'Raúl Ibáñez Correa', 'servicios', '+54 294 449-4302'),
      sub('Subsecretaría de Planeamiento Urbano', 'Carla Méndez Aráoz', 'planeamiento', '+54 294 449-4318'),
    ],
  },
  {
    secretaria: {
      nombre: 'Secretaría de Hacienda',
      secretarioNombre: 'Silvina Prado Etchart',
      secretarioEmail: 'sec.hacienda@villalaangostura.gob.ar',
      secretarioTelefono: '+54 294 449-4110',
    },
    subSecretariaList: [sub('Subsecretaría de Rentas', 'Damián Olmos Vera', 'rentas', '+54 294 449-4111')],
  },
  {
    secretaria: {
      nombre: 'Secretaría de Desarrollo Social',
      secretarioNombre: 'Mónica Ledesma Ruiz',
      secretarioEmail: 'sec.social@villalaangostura.gob.ar',
      secretarioTelefono: '+54 294 449-4240',
    },
    subSecretariaList: [
      sub('Subsecretaría de Niñez y Familia', 'Andrea Villar Núñez', 'familia', '+54 294 449-4241'),
      sub('Subsecretaría de Deportes', 'Federico Salas Giménez', 'deportes', '+54 294 449-4266'),
    ],
  },
  {
    secretaria: {
      nombre: 'Secretaría de Ambiente',
      secretarioNombre: 'Julián Arce Benítez',
      secretarioEmail: 'sec.ambiente@villalaangostura.gob.ar',
      secretarioTelefono: '+54 294 449-4377',
    },
    subSecretariaList: [sub('Subsecretaría de Bosques y Áreas Protegidas', 'Romina Toledo Paz', 'bosques', '+54 294 449-4378')],
  },
];

export const presidenciaDemo = {
  nombrePresidente: 'Horacio Benavídez Luna',
  nombreVicepresidente: 'Cecilia Roldán Ibarra',
  nombreSecretaria: 'Verónica Miranda Soler',
  nombreProsecretaria: 'Gabriela Funes Acosta',
  nombreSecretariaDigesto: 'Laura Pereyra Domínguez',
  telefono: '+54 294 449-4500',
};

export const bloquesDemo = [
  {
    nombreBloque: 'Bloque Frente Lacustre',
    nombreSecretaria: 'Mariela Duarte',
    concejales: ['Horacio Benavídez Luna', 'Sergio Ojeda Campos', 'Natalia Vega Ríos'],
    asesores: ['Pablo Rinaldi', 'Soledad Ferro'],
  },
  {
    nombreBloque: 'Bloque Unión Cordillerana',
    nombreSecretaria: 'Jorge Aguirre',
    concejales: ['Cecilia Roldán Ibarra', 'Martín Cabrera Sanz'],
    asesores: ['Inés Maldonado'],
  },
  {
    nombreBloque: 'Bloque Vecinos del Bosque',
    nombreSecretaria: 'Analía Ponce',
    concejales: ['Rodrigo Lucero Blanco'],
    asesores: ['Camila Herrera', 'Diego Suárez'],
  },
  { nombreBloque: 'Bloque Compromiso Angosturense', nombreSecretaria: 'Patricia Molina', concejales: ['Beatriz Castro Medina'], asesores: ['Emilio Guzmán'] },
];

export const textoObservatorio = `<p>El <strong>Observatorio Vial</strong> de Villa La Angostura reúne los datos de tránsito, siniestralidad y transporte de la localidad para orientar las políticas de seguridad vial.</p>
<p>Publica cada mes el movimiento de pasajeros de la Terminal de Ómnibus y cada año el informe estadístico del Observatorio de Seguridad y Siniestralidad Vial (OSSIVI).</p>
<p>Consultas: <a href="mailto:observatorio@villalaangostura.gob.ar">observatorio@villalaangostura.gob.ar</a></p>`;

export const imagenesGaleria = [
  {
    titulo: 'Ruta 40 y Av. Arrayanes',
    alt: 'Cruce de la Ruta 40 con la avenida Arrayanes, con el cerro al fondo',
    descripcion: 'Cruce de la Ruta Nacional 40 con la avenida Arrayanes, el de mayor tránsito de la villa.',
    cielo: [70, 130, 200],
    montana: [60, 90, 70],
    lago: [30, 90, 140],
  },
  {
    titulo: 'Senda peatonal del puerto',
    alt: 'Senda peatonal junto al lago Nahuel Huapi',
    descripcion: 'Senda peatonal y ciclovía de Bahía Mansa, habilitada en 2025.',
    cielo: [120, 170, 220],
    montana: [80, 110, 80],
    lago: [40, 110, 160],
  },
  {
    titulo: 'Terminal de Ómnibus',
    alt: 'Dársenas de la Terminal de Ómnibus al atardecer',
    descripcion: 'Dársenas de la Terminal de Ómnibus, donde se cuenta el movimiento mensual de pasajeros.',
    cielo: [230, 140, 90],
    montana: [70, 60, 80],
    lago: [60, 80, 120],
  },
  {
    titulo: 'Cruce del Correntoso',
    alt: 'Puente sobre el río Correntoso con nieve en las montañas',
    descripcion: 'Puente del río Correntoso en invierno: tramo con control de velocidad.',
    cielo: [150, 180, 210],
    montana: [90, 100, 110],
    lago: [50, 100, 130],
  },
  {
    titulo: 'Camino al Cerro Bayo',
    alt: 'Camino de montaña hacia el Cerro Bayo entre bosques',
    descripcion: 'Camino al Cerro Bayo, con cadenas obligatorias en temporada de nieve.',
    cielo: [90, 150, 210],
    montana: [40, 80, 50],
    lago: [40, 70, 60],
  },
  {
    titulo: 'Educación vial en escuelas',
    alt: 'Pista de educación vial pintada en el patio de una escuela',
    descripcion: 'Pista de educación vial itinerante que recorre las escuelas primarias.',
    cielo: [100, 160, 230],
    montana: [110, 130, 90],
    lago: [150, 150, 150],
  },
] as const;

export const enlacesPlan = [
  {
    titulo: 'Guía del inversor',
    descripcion: 'Oportunidades, normativa y trámites para invertir en Villa La Angostura.',
    url: 'https://www.villalaangostura.gob.ar/plan-estrategico/guia-del-inversor.pdf',
  },
  {
    titulo: 'Estadísticas de turismo',
    descripcion: 'Ocupación, arribos y temporadas, del Observatorio Turístico.',
    url: 'https://www.villalaangostura.gob.ar/turismo/estadisticas',
  },
  {
    titulo: 'Economía circular: diagnóstico local (PDF)',
    descripcion: 'Diagnóstico de residuos y materiales de la localidad.',
    url: 'https://www.villalaangostura.gob.ar/plan-estrategico/economia-circular-diagnostico.pdf',
  },
  {
    titulo: 'Economía circular: hoja de ruta (PDF)',
    descripcion: 'Metas y acciones de la estrategia de economía circular.',
    url: 'https://www.villalaangostura.gob.ar/plan-estrategico/economia-circular-hoja-de-ruta.pdf',
  },
];

export const legalesDemo = `<p>El <strong>Boletín Oficial Municipal</strong> publica las ordenanzas sancionadas por el Concejo Deliberante, los decretos del Departamento Ejecutivo y las licitaciones de la Municipalidad de Villa La Angostura, conforme a la Carta Orgánica Municipal.</p>
<p>Las normas publicadas entran en vigencia a partir del día siguiente al de su publicación, salvo que ellas mismas dispongan otra cosa.</p>`;

export const licitacionesDemo = `<h3>Licitación Pública N° 14/2026</h3>
<p>Objeto: provisión de ripio y áridos para el mantenimiento de calles no pavimentadas. Apertura de sobres: 18 de noviembre de 2026, 11 h, en Hacienda (Av. Arrayanes 282).</p>
<h3>Concurso de Precios N° 31/2026</h3>
<p>Objeto: adquisición de cubiertas para la flota de recolección de residuos. Pliegos sin costo en <a href="mailto:compras@villalaangostura.gob.ar">compras@villalaangostura.gob.ar</a>.</p>`;

export const decretosDemo = [
  { numero: '1421/2026', descripcion: 'Declara de interés municipal la Fiesta de los Jardines 2026.', area: 'Turismo' },
  { numero: '1418/2026', descripcion: 'Aprueba el pliego de la Licitación Pública N° 14/2026 de provisión de áridos.', area: 'Obras Públicas' },
  { numero: '1410/2026', descripcion: 'Otorga subsidio a la Asociación de Bomberos Voluntarios.', area: 'Desarrollo Social' },
  { numero: '1402/2026', descripcion: 'Fija el cronograma de vencimientos de la tasa por servicios 2027.', area: 'Hacienda' },
  { numero: '1397/2026', descripcion: 'Establece veda de extracción de leña en el Área Natural Protegida Lago Correntoso.', area: 'Ambiente' },
];

import type { Aleatorio } from './random.ts';

// Demo material for a mountain town on Lake Nahuel Huapi. Every person named here is fictional.

const barrios = [
  'El Cruce',
  'La Villa',
  'Puerto Manzano',
  'Las Balsas',
  'Cumelén',
  'Bahía Manzano',
  'Villa Correntoso',
  'El Mallín',
  'Barrio Norte',
  'Piedritas',
  'Los Coihues',
  'Inacayal',
] as const;
const calles = [
  'Los Notros',
  'Las Frutillas',
  'Los Maquis',
  'Cerro Bayo',
  'Los Pinos',
  'Las Retamas',
  'Los Calafates',
  'El Colihue',
  'Los Radales',
  'Las Mutisias',
] as const;
const instituciones = [
  'la Asociación de Bomberos Voluntarios',
  'la Biblioteca Popular Osvaldo Bayer',
  'el Club Social y Deportivo Angostura',
  'la Cooperadora del Hospital Rural',
  'la Escuela Provincial N° 104',
  'el Centro de Jubilados Arrayanes',
  'la Asociación Vecinal de Puerto Manzano',
] as const;
const actividades = ['cabalgatas', 'kayak y canotaje', 'guías de montaña', 'alquiler de bicicletas', 'excursiones lacustres', 'pesca deportiva'] as const;

export type Tema = { descripcion: string; articulos: string[] };

const temas: ((r: Aleatorio, anio: number) => Tema)[] = [
  (r) => {
    const zona = r.elegir(barrios);
    return {
      descripcion: `Habilitación de comercios en la zona de ${zona}: requisitos y plazos`,
      articulos: [
        `Establécense los requisitos para la habilitación comercial de locales ubicados en ${zona}.`,
        'La Dirección de Comercio e Industria otorgará la habilitación en un plazo no mayor de treinta días hábiles.',
      ],
    };
  },
  (r) => ({
    descripcion: `Regulación del tránsito y estacionamiento sobre Av. Arrayanes entre ${r.elegir(calles)} y ${r.elegir(calles)}`,
    articulos: [
      'Dispónese el sentido único de circulación y el estacionamiento medido en el tramo indicado.',
      'La Dirección de Tránsito señalizará el sector dentro de los sesenta días.',
    ],
  }),
  (_r, anio) => ({
    descripcion: `Ordenanza Tarifaria para el ejercicio ${anio + 1}`,
    articulos: [
      'Fíjanse las tasas, derechos y contribuciones municipales para el ejercicio siguiente.',
      'Las tasas por servicios retributivos se abonarán en seis cuotas bimestrales.',
    ],
  }),
  (_r, anio) => ({
    descripcion: `Presupuesto General de Gastos y Cálculo de Recursos del ejercicio ${anio + 1}`,
    articulos: ['Fíjase el Presupuesto General de Gastos de la Administración Municipal.', 'Estímase el Cálculo de Recursos destinado a su financiamiento.'],
  }),
  (r) => ({
    descripcion: `Protección del bosque nativo de arrayanes y coihues en ${r.elegir(barrios)}`,
    articulos: [
      'Prohíbese la tala de ejemplares nativos sin autorización previa de la autoridad de aplicación.',
      'Las infracciones serán sancionadas con multas y la obligación de reforestar.',
    ],
  }),
  () => ({
    descripcion: 'Tasa por servicios de recolección de residuos sólidos urbanos y separación en origen',
    articulos: [
      'Créase el programa de separación de residuos en origen para todo el ejido municipal.',
      'Los residuos reciclables se recolectarán los días martes y viernes.',
    ],
  }),
  (r) => ({
    descripcion: `Régimen de alojamientos turísticos temporarios y complejos de cabañas en ${r.elegir(barrios)}`,
    articulos: [
      'Todo alojamiento turístico deberá inscribirse en el Registro Municipal de Prestadores.',
      'La Secretaría de Turismo fiscalizará las condiciones de seguridad e higiene.',
    ],
  }),
  (r) => ({
    descripcion: `Designación con el nombre de calle ${r.elegir(calles)} a la arteria sin nombre del barrio ${r.elegir(barrios)}`,
    articulos: ['Impónese el nombre indicado a la calle referida.', 'La Dirección de Catastro actualizará la cartografía oficial.'],
  }),
  (r) => ({
    descripcion: `Donación de un lote fiscal a ${r.elegir(instituciones)}`,
    articulos: [
      'Dónase el lote identificado en el anexo con cargo de destinarlo a fines sociales.',
      'El incumplimiento del cargo hará revertir el dominio al Municipio.',
    ],
  }),
  (r) => ({
    descripcion: `Regulación de la actividad de ${r.elegir(actividades)} en el lago Nahuel Huapi`,
    articulos: [
      'Los prestadores deberán contar con seguro de responsabilidad civil y guías habilitados.',
      'Fíjanse las zonas de embarque y los horarios permitidos.',
    ],
  }),
  () => ({
    descripcion: 'Prevención de incendios forestales en zonas de interfase urbano-forestal',
    articulos: [
      'Los propietarios mantendrán los lotes libres de material combustible durante la temporada estival.',
      'Prohíbense las quemas a cielo abierto entre el 1 de noviembre y el 31 de marzo.',
    ],
  }),
  () => ({
    descripcion: 'Prohibición de la entrega de bolsas plásticas de un solo uso en comercios',
    articulos: [
      'Prohíbese la entrega gratuita o a título oneroso de bolsas plásticas no biodegradables.',
      'Los comercios exhibirán carteles informativos sobre la presente ordenanza.',
    ],
  }),
  () => ({
    descripcion: 'Código de Edificación: normas para construcciones en terrenos con pendiente',
    articulos: [
      'Las construcciones en terrenos con pendiente mayor al quince por ciento requerirán estudio de suelos.',
      'Fíjanse los retiros mínimos de línea municipal y ejes medianeros.',
    ],
  }),
  () => ({
    descripcion: 'Tenencia responsable y registro de animales de compañía',
    articulos: ['Créase el Registro Municipal de Animales de Compañía.', 'La castración será gratuita en el Centro de Zoonosis municipal.'],
  }),
  () => ({
    descripcion: 'Eximición del pago de tasas municipales a la Asociación de Bomberos Voluntarios',
    articulos: [
      'Exímese del pago de tasas retributivas a la asociación mencionada.',
      'La eximición regirá mientras subsista su carácter de entidad de bien público.',
    ],
  }),
  () => ({
    descripcion: 'Ratificación del convenio con la Administración de Parques Nacionales para el Parque Nacional Nahuel Huapi',
    articulos: ['Ratifícase el convenio de cooperación suscripto por el Departamento Ejecutivo.', 'El convenio forma parte de la presente como Anexo I.'],
  }),
  () => ({
    descripcion: 'Régimen del servicio de transporte público urbano de pasajeros',
    articulos: ['El servicio se prestará mediante concesión otorgada por licitación pública.', 'La tarifa será fijada anualmente por el Concejo Deliberante.'],
  }),
  () => ({
    descripcion: 'Publicidad y cartelería en la vía pública: régimen de autorizaciones',
    articulos: [
      'Toda cartelería comercial requerirá permiso previo y el pago del derecho correspondiente.',
      'Prohíbese la colocación de carteles sobre árboles y postes de alumbrado.',
    ],
  }),
  () => ({
    descripcion: 'Declaración de interés municipal de la Fiesta Provincial de los Jardines',
    articulos: [
      'Declárase de interés municipal la Fiesta Provincial de los Jardines.',
      'El Departamento Ejecutivo prestará apoyo logístico a su organización.',
    ],
  }),
  () => ({
    descripcion: 'Protección de la costa del lago Correntoso y acceso público a las playas',
    articulos: ['Garantízase el libre acceso público a las costas del lago Correntoso.', 'Prohíbese el cerramiento de la franja costera de uso público.'],
  }),
];

export function temaAleatorio(r: Aleatorio, anio: number): Tema {
  return r.elegir(temas)(r, anio);
}

export const firmantes = ['Mariela Quintana Ruiz', 'Hernán Lucero Páez', 'Valeria Sosa Ibarra', 'Gustavo Ledesma Rivas', 'Florencia Acuña Toledo'] as const;

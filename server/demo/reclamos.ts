import { eq } from 'drizzle-orm';
import { areasMunicipales, usuarios } from '#db/schema/index.ts';
import { crearCategoria, crearOrganismo, completarPlantilla, crearPlantilla, listOrganismos, listPlantillas } from '#domain/reclamos/catalogo.ts';
import { crearReclamo } from '#domain/reclamos/commands.ts';
import { asignar, cambiarEstado, derivar, fusionar } from '#domain/reclamos/estados.ts';
import { ACTOR_SISTEMA, type Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { Seeder } from './seeder.ts';

type CategoriaDemo = {
  nombre: string;
  codigo: string;
  grupo: string;
  descripcion: string;
  area: string;
  plazo: number;
  radio: number;
  aviso?: string;
  servicio?: 'recoleccion' | 'vialidad';
  preguntas?: Record<string, string>;
};

/** The demo's categories, by group, with the areas of ./gobierno-datos.ts. */
const CATEGORIAS: readonly CategoriaDemo[] = [
  {
    nombre: 'Bache',
    codigo: 'bache',
    grupo: 'Calles y veredas',
    descripcion: 'Un pozo en una calle o en una vereda municipal.',
    area: 'Obras Públicas',
    plazo: 15,
    radio: 30,
  },
  {
    nombre: 'Calle sin despejar',
    codigo: 'calle-sin-despejar',
    grupo: 'Calles y veredas',
    descripcion: 'Nieve o hielo que no deja pasar, después de una nevada.',
    area: 'Obras Públicas',
    plazo: 2,
    radio: 150,
    servicio: 'vialidad',
  },
  {
    nombre: 'Contenedor desbordado',
    codigo: 'contenedor-desbordado',
    grupo: 'Residuos',
    descripcion: 'Un contenedor lleno, con bolsas alrededor.',
    area: 'Ambiente y Recursos Naturales',
    plazo: 3,
    radio: 40,
  },
  {
    nombre: 'El camión no pasó',
    codigo: 'camion-no-paso',
    grupo: 'Residuos',
    descripcion: 'La recolección no pasó por tu calle el día que le tocaba.',
    area: 'Ambiente y Recursos Naturales',
    plazo: 2,
    radio: 200,
    servicio: 'recoleccion',
  },
  {
    nombre: 'Árbol caído',
    codigo: 'arbol-caido',
    grupo: 'Arbolado',
    descripcion: 'Un árbol o una rama grande caídos en la calle o la vereda.',
    area: 'Defensa Civil',
    plazo: 5,
    radio: 50,
    aviso: 'Si hay cables o peligro, llamá al 103 (Defensa Civil).',
  },
  {
    nombre: 'Luminaria apagada',
    codigo: 'luminaria-apagada',
    grupo: 'Alumbrado',
    descripcion: 'Una luz de la calle que no prende o que queda prendida de día.',
    area: 'Obras Públicas',
    plazo: 10,
    radio: 25,
    preguntas: { pregunta_etiqueta_1: 'Número de poste', pregunta_codigo_1: 'numero-de-poste', pregunta_tipo_1: 'texto' },
  },
  {
    nombre: 'Denuncias de Medio Ambiente',
    codigo: 'medio-ambiente',
    grupo: 'Ambiente',
    descripcion: 'Basurales, quemas, vertidos en arroyos o en el lago, tala sin permiso.',
    area: 'Ambiente y Recursos Naturales',
    plazo: 10,
    radio: 100,
  },
  {
    nombre: 'Animales sueltos',
    codigo: 'animales-sueltos',
    grupo: 'Animales',
    descripcion: 'Perros sueltos o en jauría, caballos o vacas en la calle.',
    area: 'Desarrollo Social',
    plazo: 5,
    radio: 100,
  },
];

/** Fictitious addresses on the demo domain: the demo never mails a real body. */
const ORGANISMOS = [
  { nombre: 'Vialidad Nacional', email: 'vialidad-nacional@demo.villalaangostura.gob.ar' },
  { nombre: 'Parque Nacional Nahuel Huapi', email: 'parque-nahuel-huapi@demo.villalaangostura.gob.ar' },
  { nombre: 'Cooperativa de agua', email: 'cooperativa-agua@demo.villalaangostura.gob.ar' },
  { nombre: 'Cooperativa eléctrica', email: 'cooperativa-electrica@demo.villalaangostura.gob.ar' },
] as const;

const PLANTILLAS = [
  { estado: 'recibido', nombre: 'Recibido', texto: 'Recibimos tu reclamo {codigo} de {categoria}. Tiene respuesta prevista hasta el {vence}.' },
  {
    estado: 'recibido',
    nombre: 'Recibido con inspección',
    texto: 'Recibimos el reclamo {codigo}: una cuadrilla va a ir a ver {direccion} en los próximos días.',
  },
  { estado: 'en_curso', nombre: 'Cuadrilla asignada', texto: 'Una cuadrilla ya tiene asignado el reclamo {codigo} en {direccion}.' },
  {
    estado: 'en_curso',
    nombre: 'Esperando materiales',
    texto: 'El trabajo de {direccion} está en curso: esperamos materiales para terminarlo antes del {vence}.',
  },
  { estado: 'derivado', nombre: 'Derivado', texto: 'El reclamo {codigo} es de {organismo}: se lo enviamos el {fecha} para que lo resuelva.' },
  { estado: 'derivado', nombre: 'Derivado a ruta nacional', texto: 'La ruta es nacional: derivamos el reclamo {codigo} a {organismo}, que la mantiene.' },
  { estado: 'resuelto', nombre: 'Resuelto', texto: 'Resolvimos el reclamo {codigo} en {direccion} el {fecha}. ¡Gracias por avisar!' },
  { estado: 'resuelto', nombre: 'Bache tapado', texto: 'Tapamos el bache de {direccion} el {fecha}.' },
  { estado: 'no_corresponde', nombre: 'Terreno privado', texto: 'El lugar del reclamo {codigo} es un terreno privado: el municipio no puede intervenir.' },
  { estado: 'no_corresponde', nombre: 'Fuera del ejido', texto: 'El lugar del reclamo {codigo} queda fuera del ejido municipal.' },
  { estado: 'duplicado', nombre: 'Duplicado', texto: 'Ya teníamos un reclamo por el mismo problema en {direccion}: seguimos ese.' },
  {
    estado: 'duplicado',
    nombre: 'Duplicado de otro vecino',
    texto: 'Otro vecino ya había avisado de este problema: te contamos novedades por el reclamo original.',
  },
] as const;

/**
 * The catalogue of Reclamos (docs/decisions/057-reclamos.md): eight categories in groups, four
 * outside bodies with fictitious addresses and two templates a state, through the commands staff
 * use (docs/decisions/047-carga-historica.md). No reports: those come from citizens.
 */
export const seedReclamos: Seeder = {
  nombre: 'reclamos',
  async run({ db }) {
    const ctx = { db };
    const areas = await db.select({ id: areasMunicipales.id, nombre: areasMunicipales.nombre }).from(areasMunicipales);
    for (const c of CATEGORIAS) {
      const r = await crearCategoria(ctx, ACTOR_SISTEMA, {
        nombre: c.nombre,
        codigo: c.codigo,
        grupo: c.grupo,
        descripcion: c.descripcion,
        aviso: c.aviso ?? '',
        plazoDiasHabiles: String(c.plazo),
        radioDuplicadosM: String(c.radio),
        areaId: String(areas.find((a) => a.nombre === c.area)?.id ?? ''),
        servicioVehiculo: c.servicio ?? 'ninguno',
        ...c.preguntas,
      });
      if (r.tipo !== 'guardado') throw new Error(`La categoría de demostración «${c.nombre}» no se guardó: ${JSON.stringify(r)}`);
    }
    for (const o of ORGANISMOS) {
      const r = await crearOrganismo(ctx, ACTOR_SISTEMA, o);
      if (r.tipo !== 'guardado') throw new Error(`El organismo de demostración «${o.nombre}» no se guardó: ${JSON.stringify(r)}`);
    }
    for (const p of PLANTILLAS) {
      const r = await crearPlantilla(ctx, ACTOR_SISTEMA, p);
      if (r.tipo !== 'guardado') throw new Error(`La plantilla de demostración «${p.nombre}» no se guardó: ${JSON.stringify(r)}`);
    }
  },
};

type ReporteDemo = {
  categoria: string;
  latitud: number;
  longitud: number;
  direccion: string;
  descripcion: string;
  /** Days before the seed's clock when it arrived. */
  hace: number;
  preguntas?: Record<string, string>;
  /** What staff did, a day after it arrived. */
  luego?:
    | { tipo: 'resuelto'; plantilla: string }
    | { tipo: 'derivado'; organismo: string; plantilla: string }
    | { tipo: 'en_curso'; area: string; plantilla: string }
    | { tipo: 'no_corresponde'; plantilla: string }
    | { tipo: 'duplicado'; de: number };
};

/** About a dozen reports over the demo streets (./calles-demo.csv), in several categories and every state. */
const REPORTES: readonly ReporteDemo[] = [
  {
    categoria: 'bache',
    latitud: -40.7604,
    longitud: -71.6552,
    direccion: 'Av. Arrayanes 320',
    descripcion: 'Un pozo hondo en la mano que baja al lago: los autos lo esquivan por la banquina.',
    hace: 24,
    luego: { tipo: 'resuelto', plantilla: 'Bache tapado' },
  },
  {
    categoria: 'luminaria-apagada',
    latitud: -40.7601,
    longitud: -71.64,
    direccion: 'Los Notros 180',
    descripcion: 'La luz de la esquina no prende desde hace una semana.',
    hace: 21,
    preguntas: { 'pregunta_numero-de-poste': '1043' },
    luego: { tipo: 'resuelto', plantilla: 'Resuelto' },
  },
  {
    categoria: 'calle-sin-despejar',
    latitud: -40.7702,
    longitud: -71.6572,
    direccion: 'Bv. Nahuel Huapi y ruta 40',
    descripcion: 'Después de la nevada la banquina de la ruta quedó con hielo y un auto se fue a la cuneta.',
    hace: 17,
    luego: { tipo: 'derivado', organismo: 'Vialidad Nacional', plantilla: 'Derivado a ruta nacional' },
  },
  {
    categoria: 'contenedor-desbordado',
    latitud: -40.7575,
    longitud: -71.6345,
    direccion: 'Las Fucsias 60',
    descripcion: 'El contenedor está lleno y hay bolsas rotas alrededor; los perros las desparraman.',
    hace: 12,
    luego: { tipo: 'en_curso', area: 'Ambiente y Recursos Naturales', plantilla: 'Cuadrilla asignada' },
  },
  {
    categoria: 'bache',
    latitud: -40.7585,
    longitud: -71.6425,
    direccion: 'Cerro Belvedere 150',
    descripcion: 'Se abrió un bache grande en la subida, frente a la parada del colectivo.',
    hace: 9,
  },
  {
    categoria: 'bache',
    latitud: -40.7586,
    longitud: -71.6424,
    direccion: 'Cerro Belvedere 160',
    descripcion: 'Hay un pozo en la subida del Belvedere, cerca de la parada.',
    hace: 8,
    luego: { tipo: 'duplicado', de: 4 },
  },
  {
    categoria: 'animales-sueltos',
    latitud: -40.7742,
    longitud: -71.6095,
    direccion: 'Costanera Puerto Manzano',
    descripcion: 'Caballos sueltos en la costanera a la noche, sin luces.',
    hace: 10,
    luego: { tipo: 'no_corresponde', plantilla: 'Fuera del ejido' },
  },
  {
    categoria: 'medio-ambiente',
    latitud: -40.7722,
    longitud: -71.6052,
    direccion: 'Los Radales al fondo',
    descripcion: 'Alguien tira escombros y ramas en el arroyo, al final de la calle.',
    hace: 7,
    luego: { tipo: 'en_curso', area: 'Ambiente y Recursos Naturales', plantilla: 'Cuadrilla asignada' },
  },
  {
    categoria: 'arbol-caido',
    latitud: -40.7721,
    longitud: -71.6498,
    direccion: 'Los Maquis 420',
    descripcion: 'Una rama grande de un coihue quedó apoyada sobre el cable de la luz.',
    hace: 4,
  },
  {
    categoria: 'camion-no-paso',
    latitud: -40.7642,
    longitud: -71.6595,
    direccion: 'Las Retamas 230',
    descripcion: 'El martes no pasó el camión de la basura por la cuadra.',
    hace: 3,
  },
  {
    categoria: 'luminaria-apagada',
    latitud: -40.7561,
    longitud: -71.6498,
    direccion: 'Pje. Los Coihues 12',
    descripcion: 'La luminaria del pasaje queda prendida de día y apagada de noche.',
    hace: 2,
  },
  {
    categoria: 'contenedor-desbordado',
    latitud: -40.7611,
    longitud: -71.6448,
    direccion: 'Av. Arrayanes 510',
    descripcion: 'El contenedor de la esquina del supermercado rebalsa desde el fin de semana.',
    hace: 1,
  },
];

const DIA_MS = 86_400_000;

/**
 * The demo's reports (docs/decisions/057-reclamos.md), made as citizens and staff make them
 * (docs/decisions/047-carga-historica.md): each through `crearReclamo` at a moment of the last weeks
 * (a clock set back), and the desk's steps a day later through the state commands, with the answer
 * templates above. Their e-mails are on the demo domain. Needs the whole context (the cipher opens
 * and seals the reporter): it runs once the app's context exists, after the catalogue's seeder.
 */
export async function seedReportesDemo(ctx: AppContext): Promise<string[]> {
  const [mesa] = await ctx.db
    .select({ id: usuarios.id, email: usuarios.email, nombre: usuarios.nombre, rol: usuarios.rol })
    .from(usuarios)
    .where(eq(usuarios.email, 'mesa@demo.villalaangostura.gob.ar'));
  const actor: Actor = mesa ? { usuarioId: mesa.id, email: mesa.email, nombre: mesa.nombre, rol: mesa.rol as Actor['rol'] } : ACTOR_SISTEMA;
  const [plantillas, organismos, areas] = await Promise.all([
    listPlantillas(ctx.db),
    listOrganismos(ctx.db),
    ctx.db.select({ id: areasMunicipales.id, nombre: areasMunicipales.nombre }).from(areasMunicipales),
  ]);
  const plantilla = (nombre: string) => {
    const p = plantillas.find((x) => x.nombre === nombre);
    if (!p) throw new Error(`Falta la plantilla de demostración «${nombre}»`);
    return p.id;
  };
  const ahora = ctx.clock.now().getTime();
  const en = (instante: number): AppContext => ({ ...ctx, clock: { now: () => new Date(instante) } });
  const creados: { id: number; codigo: string }[] = [];
  const comprobar = (r: { tipo: string }, que: string) => {
    if (r.tipo !== 'hecho') throw new Error(`El reclamo de demostración no pudo ${que}: ${JSON.stringify(r)}`);
  };
  for (const [i, d] of REPORTES.entries()) {
    const llegada = ahora - d.hace * DIA_MS;
    const r = await crearReclamo(en(llegada), {
      categoria: d.categoria,
      latitud: d.latitud,
      longitud: d.longitud,
      direccion: d.direccion,
      descripcion: d.descripcion,
      email: `vecino.${i + 1}@demo.villalaangostura.gob.ar`,
      nombre: `Vecino de demostración ${i + 1}`,
      ...d.preguntas,
    });
    if (r.tipo !== 'recibido') throw new Error(`El reclamo de demostración ${i + 1} no se guardó: ${JSON.stringify(r)}`);
    creados.push({ id: r.id, codigo: r.codigo });
    const luego = d.luego;
    if (!luego) continue;
    const despues = en(llegada + DIA_MS);
    if (luego.tipo === 'duplicado') {
      comprobar(await fusionar(despues, actor, { duplicadoId: r.id, originalId: creados[luego.de]!.id }), 'marcarse duplicado');
    } else if (luego.tipo === 'derivado') {
      const organismo = organismos.find((o) => o.nombre === luego.organismo);
      const texto = plantillas.find((p) => p.id === plantilla(luego.plantilla))!.texto;
      comprobar(
        await derivar(despues, actor, {
          reclamoId: r.id,
          organismoId: organismo?.id ?? 0,
          respuesta: completarPlantilla(
            texto,
            { codigo: r.codigo, categoria: d.categoria, direccion: d.direccion, organismo: luego.organismo },
            new Date(llegada + DIA_MS),
          ),
        }),
        'derivarse',
      );
    } else {
      if (luego.tipo === 'en_curso') {
        const area = areas.find((a) => a.nombre === luego.area);
        comprobar(await asignar(despues, actor, { reclamoId: r.id, areaId: area?.id ?? null, usuarioId: mesa?.id ?? null }), 'asignarse');
      }
      comprobar(
        await cambiarEstado(despues, actor, { reclamoId: r.id, estadoEsperado: 'recibido', estado: luego.tipo, plantillaId: plantilla(luego.plantilla) }),
        'cambiar de estado',
      );
    }
  }
  return creados.map((c) => c.codigo);
}

/*
 * The writes of "Mi calle"'s back-office (docs/decisions/056-mi-calle.md): zones, their services and
 * one-off changes. One write path (docs/decisions/047): the pages, the demo and the tests' data all
 * come through here, with the permission `recoleccion` and the audit log in the same transaction.
 */
import { restriccionUnica } from '#db/errors.ts';
import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { cambiosRecoleccion, serviciosRecoleccion, usuarios, zonasRecoleccion } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { type Actor, esSistema } from '#domain/shared/actor.ts';
import { sumarDias } from '#domain/shared/fechas.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { puede } from '#domain/shared/permisos.ts';
import type { CambioCalendario } from './calendario.ts';
import { type Servicio, type Zona, columnasServicio, columnasZona, getZonaPorId } from './queries.ts';
import { LIMITES_GEOMETRIA, cambioSchema, servicioAGuardar, servicioSchema, slugDe, zonaSchema } from './schemas.ts';

type CampoZona = 'nombre' | 'slug' | 'descripcion' | 'geometria' | 'archivo';
type CampoServicio =
  'nombre' | 'slug' | 'frecuencia' | 'dias' | 'regla' | 'desde' | 'horaDesde' | 'horaHasta' | 'feriado' | 'guardia' | 'servicioVehiculo' | 'supervisorEmail';
type CampoCambio = 'zonaId' | 'servicioId' | 'fecha' | 'tipo' | 'motivo' | 'horaDesde' | 'horaHasta';

type Invalido<C extends string> = { tipo: 'invalido'; errores: Partial<Record<C, string>>; valores: Partial<Record<C, string>> };
type Prohibido = { tipo: 'prohibido'; mensaje: string };
type NoEncontrado = { tipo: 'no_encontrado'; mensaje: string };

export type ResultadoZona = { tipo: 'guardado'; zona: Zona } | Invalido<CampoZona> | NoEncontrado | Prohibido;
export type ResultadoServicio = { tipo: 'guardado'; servicio: Servicio } | Invalido<CampoServicio> | NoEncontrado | Prohibido;
export type ResultadoCambio = { tipo: 'guardado'; cambio: CambioCalendario } | Invalido<CampoCambio> | Prohibido;
export type ResultadoBorrado = { tipo: 'borrado' } | NoEncontrado | Prohibido;

const PROHIBIDO: Prohibido = {
  tipo: 'prohibido',
  mensaje: 'Para cambiar las zonas y los servicios de recolección tenés que haber ingresado al panel con un usuario editor o de administración.',
};
const ZONA_NO_ENCONTRADA: NoEncontrado = {
  tipo: 'no_encontrado',
  mensaje: 'Esa zona ya no existe: puede que otra persona la haya borrado. Volvé a la lista de zonas.',
};
const SERVICIO_NO_ENCONTRADO: NoEncontrado = {
  tipo: 'no_encontrado',
  mensaje: 'Ese servicio ya no existe: puede que otra persona lo haya borrado. Volvé a la zona.',
};
const CAMBIO_NO_ENCONTRADO: NoEncontrado = {
  tipo: 'no_encontrado',
  mensaje: 'Ese cambio ya no existe: puede que otra persona lo haya borrado. Volvé a la zona.',
};

/** Ids of the URL or the form: a PostgreSQL integer, or nothing is found. */
const esId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2 ** 31 - 1;

/** What the audit keeps of a zone: not its polygons (large), only how many vertices and its box. */
const resumenZona = (z: Zona) => ({
  nombre: z.nombre,
  slug: z.slug,
  descripcion: z.descripcion,
  poligonos: z.geometria.length,
  vertices: z.geometria.flat(2).length,
  caja: [z.minLongitud, z.minLatitud, z.maxLongitud, z.maxLatitud],
});

/**
 * The zone form's input with the uploaded file, when there is one, read into `geometria`: a file
 * wins over the textarea. A file over 1 MB is refused before it is read.
 */
async function leerZona(input: FormInput, actual?: Zona) {
  const objeto = firstValues(input);
  const archivo = objeto.archivo;
  const hayArchivo = archivo instanceof File && !(archivo.size === 0 && archivo.name === '');
  const tipeado = typeof objeto.geometria === 'string' ? objeto.geometria : undefined;
  if (hayArchivo) {
    if (archivo.size > LIMITES_GEOMETRIA.bytes) {
      const { valores } = readForm(zonaSchema, { ...objeto, geometria: '' }, { largo: LIMITES_GEOMETRIA.bytes });
      return {
        ok: false,
        errores: {
          archivo: `El archivo pesa ${formatNumber(Math.ceil(archivo.size / 1024))} KB: el GeoJSON puede pesar hasta 1 MB. Simplificá el área antes de subirla.`,
        },
        valores: { ...valores, geometria: tipeado },
      } as const;
    }
    objeto.geometria = await archivo.text();
  } else if (actual && (tipeado === undefined || tipeado.trim() === '')) {
    // Editing without a new area keeps the one it has.
    objeto.geometria = JSON.stringify({ type: 'MultiPolygon', coordinates: actual.geometria });
  }
  const leido = readForm(zonaSchema, objeto, { largo: LIMITES_GEOMETRIA.bytes });
  const valores: Partial<Record<CampoZona, string>> = { ...leido.valores };
  if (hayArchivo || tipeado === undefined) {
    if (tipeado === undefined) delete valores.geometria;
    else valores.geometria = tipeado;
  }
  if (leido.ok) return { ok: true, datos: leido.datos, valores } as const;
  const errores: Partial<Record<CampoZona, string>> = { ...leido.errores };
  if (hayArchivo && errores.geometria) {
    errores.archivo = `El archivo «${archivo.name.slice(0, 100)}» no sirve: ${errores.geometria}`;
    delete errores.geometria;
  }
  return { ok: false, errores, valores } as const;
}

const slugOcupado = (slug: string) => `Ya hay una zona con la dirección corta «${slug}»: elegí otro nombre o escribí otra dirección corta.`;

/**
 * Adds a collection zone: its name, its slug (from the name when not given), a description and its
 * area (GeoJSON typed, drawn or uploaded as `archivo`). Audited as `recoleccion.zona_alta`.
 */
export async function createZona(db: Db, actor: Actor, input: FormInput): Promise<ResultadoZona> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  const leido = await leerZona(input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const { nombre, descripcion, geometria: area } = leido.datos;
  const slug = leido.datos.slug ?? slugDe(nombre);
  const campoSlug = leido.datos.slug ? 'slug' : 'nombre';
  try {
    return await db.transaction(async (tx) => {
      const [ocupado] = await tx.select({ id: zonasRecoleccion.id }).from(zonasRecoleccion).where(eq(zonasRecoleccion.slug, slug));
      if (ocupado) return { tipo: 'invalido', errores: { [campoSlug]: slugOcupado(slug) }, valores: leido.valores };
      const [ultimo] = await tx.select({ orden: max(zonasRecoleccion.orden) }).from(zonasRecoleccion);
      const [zona] = await tx
        .insert(zonasRecoleccion)
        .values({ slug, nombre, descripcion, geometria: area.geometria, ...area.caja, orden: (ultimo?.orden ?? 0) + 1 })
        .returning(columnasZona);
      await registrarAuditoria(tx, { actor, accion: 'recoleccion.zona_alta', entidad: 'zona_recoleccion', entidadId: zona!.id, despues: resumenZona(zona!) });
      return { tipo: 'guardado', zona: zona! };
    });
  } catch (error) {
    if (restriccionUnica(error) === undefined) throw error;
    return { tipo: 'invalido', errores: { [campoSlug]: slugOcupado(slug) }, valores: leido.valores };
  }
}

/**
 * Changes a zone: name, description, area (a new file or text; neither keeps the area it has) and,
 * when given, its slug (empty keeps it: subscribed calendars use it). Audited with before and after.
 */
export async function updateZona(db: Db, actor: Actor, id: number, input: FormInput): Promise<ResultadoZona> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  const actual = esId(id) ? await getZonaPorId(db, id) : undefined;
  if (!actual) return ZONA_NO_ENCONTRADA;
  const leido = await leerZona(input, actual);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const { nombre, descripcion, geometria: area } = leido.datos;
  const slug = leido.datos.slug ?? actual.slug;
  try {
    return await db.transaction(async (tx) => {
      const [ocupado] = await tx
        .select({ id: zonasRecoleccion.id })
        .from(zonasRecoleccion)
        .where(and(eq(zonasRecoleccion.slug, slug), ne(zonasRecoleccion.id, id)));
      if (ocupado) return { tipo: 'invalido', errores: { slug: slugOcupado(slug) }, valores: leido.valores };
      const [zona] = await tx
        .update(zonasRecoleccion)
        .set({ slug, nombre, descripcion, geometria: area.geometria, ...area.caja, updatedAt: new Date() })
        .where(eq(zonasRecoleccion.id, id))
        .returning(columnasZona);
      if (!zona) return ZONA_NO_ENCONTRADA;
      await registrarAuditoria(tx, {
        actor,
        accion: 'recoleccion.zona_cambio',
        entidad: 'zona_recoleccion',
        entidadId: id,
        antes: resumenZona(actual),
        despues: resumenZona(zona),
      });
      return { tipo: 'guardado', zona };
    });
  } catch (error) {
    if (restriccionUnica(error) === undefined) throw error;
    return { tipo: 'invalido', errores: { slug: slugOcupado(slug) }, valores: leido.valores };
  }
}

/** Removes a zone with its services and one-off changes (and the subscriptions to it), audited with what it was. */
export async function deleteZona(db: Db, actor: Actor, id: number): Promise<ResultadoBorrado> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  if (!esId(id)) return ZONA_NO_ENCONTRADA;
  return db.transaction(async (tx) => {
    const [zona] = await tx.delete(zonasRecoleccion).where(eq(zonasRecoleccion.id, id)).returning(columnasZona);
    if (!zona) return ZONA_NO_ENCONTRADA;
    await registrarAuditoria(tx, { actor, accion: 'recoleccion.zona_baja', entidad: 'zona_recoleccion', entidadId: id, antes: resumenZona(zona) });
    return { tipo: 'borrado' };
  });
}

/**
 * The service form's input with the builder's day checkboxes joined: a form sends `dias` once per
 * checked box, a JSON body as a list or comma-separated text.
 */
function leerServicio(input: FormInput) {
  const objeto = firstValues(input);
  if (input instanceof FormData || input instanceof URLSearchParams) {
    const dias = input.getAll('dias').filter((d): d is string => typeof d === 'string');
    if (dias.length > 0) objeto.dias = dias.join(',');
  } else if (Array.isArray(objeto.dias)) objeto.dias = objeto.dias.filter((d) => typeof d === 'string').join(',');
  return readForm(servicioSchema, objeto, { largo: 400 });
}

const servicioOcupado = (slug: string) => `La zona ya tiene un servicio con la dirección corta «${slug}»: elegí otro nombre o escribí otra dirección corta.`;

/** What the audit keeps of a service. */
const resumenServicio = (s: Servicio) => ({
  nombre: s.nombre,
  slug: s.slug,
  regla: s.regla,
  desde: s.desde,
  horaDesde: s.horaDesde,
  horaHasta: s.horaHasta,
  feriado: s.feriado,
  guardia: s.guardia,
  servicioVehiculo: s.servicioVehiculo,
});

/**
 * Adds a service to a zone: its days (an RRULE or the builder's fields), from when, its window, what
 * it does on a holiday, which vehicles do it and who gets its coverage summary. `desde` empty: the
 * first of January of this year. Audited as `recoleccion.servicio_alta`.
 */
export async function createServicio(db: Db, actor: Actor, zonaId: number, input: FormInput): Promise<ResultadoServicio> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  const leido = leerServicio(input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  if (!esId(zonaId)) return ZONA_NO_ENCONTRADA;
  const { slug: slugDado, desde, ...datos } = servicioAGuardar(leido.datos);
  const slug = slugDado ?? slugDe(datos.nombre);
  const campoSlug = slugDado ? 'slug' : 'nombre';
  try {
    return await db.transaction(async (tx) => {
      const [zona] = await tx
        .select({ id: zonasRecoleccion.id, nombre: zonasRecoleccion.nombre })
        .from(zonasRecoleccion)
        .where(eq(zonasRecoleccion.id, zonaId));
      if (!zona) return ZONA_NO_ENCONTRADA;
      const [ocupado] = await tx
        .select({ id: serviciosRecoleccion.id })
        .from(serviciosRecoleccion)
        .where(and(eq(serviciosRecoleccion.zonaId, zonaId), eq(serviciosRecoleccion.slug, slug)));
      if (ocupado) return { tipo: 'invalido', errores: { [campoSlug]: servicioOcupado(slug) }, valores: leido.valores };
      const [ultimo] = await tx
        .select({ orden: max(serviciosRecoleccion.orden) })
        .from(serviciosRecoleccion)
        .where(eq(serviciosRecoleccion.zonaId, zonaId));
      const [fila] = await tx
        .insert(serviciosRecoleccion)
        .values({ ...datos, zonaId, slug, desde: desde ?? `${fechaEnArgentina(new Date()).slice(0, 4)}-01-01`, orden: (ultimo?.orden ?? 0) + 1 })
        .returning(columnasServicio);
      const servicio = fila as Servicio;
      await registrarAuditoria(tx, {
        actor,
        accion: 'recoleccion.servicio_alta',
        entidad: 'servicio_recoleccion',
        entidadId: servicio.id,
        despues: { ...resumenServicio(servicio), zona: zona.nombre },
      });
      return { tipo: 'guardado', servicio };
    });
  } catch (error) {
    if (restriccionUnica(error) === undefined) throw error;
    return { tipo: 'invalido', errores: { [campoSlug]: servicioOcupado(slug) }, valores: leido.valores };
  }
}

/** Changes a service (its slug only when given; `desde` empty keeps the one it has). Audited with before and after. */
export async function updateServicio(db: Db, actor: Actor, id: number, input: FormInput): Promise<ResultadoServicio> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  const leido = leerServicio(input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  if (!esId(id)) return SERVICIO_NO_ENCONTRADO;
  const { slug: slugDado, desde, ...datos } = servicioAGuardar(leido.datos);
  try {
    return await db.transaction(async (tx) => {
      const [fila] = await tx.select(columnasServicio).from(serviciosRecoleccion).where(eq(serviciosRecoleccion.id, id));
      if (!fila) return SERVICIO_NO_ENCONTRADO;
      const antes = fila as Servicio;
      const slug = slugDado ?? antes.slug;
      const [ocupado] = await tx
        .select({ id: serviciosRecoleccion.id })
        .from(serviciosRecoleccion)
        .where(and(eq(serviciosRecoleccion.zonaId, antes.zonaId), eq(serviciosRecoleccion.slug, slug), ne(serviciosRecoleccion.id, id)));
      if (ocupado) return { tipo: 'invalido', errores: { slug: servicioOcupado(slug) }, valores: leido.valores };
      const [nueva] = await tx
        .update(serviciosRecoleccion)
        .set({ ...datos, slug, desde: desde ?? antes.desde, updatedAt: new Date() })
        .where(eq(serviciosRecoleccion.id, id))
        .returning(columnasServicio);
      const servicio = nueva as Servicio;
      await registrarAuditoria(tx, {
        actor,
        accion: 'recoleccion.servicio_cambio',
        entidad: 'servicio_recoleccion',
        entidadId: id,
        antes: resumenServicio(antes),
        despues: resumenServicio(servicio),
      });
      return { tipo: 'guardado', servicio };
    });
  } catch (error) {
    if (restriccionUnica(error) === undefined) throw error;
    return { tipo: 'invalido', errores: { slug: servicioOcupado(slugDado ?? '') }, valores: leido.valores };
  }
}

/** Removes a service with its one-off changes, audited with what it was. */
export async function deleteServicio(db: Db, actor: Actor, id: number): Promise<ResultadoBorrado> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  if (!esId(id)) return SERVICIO_NO_ENCONTRADO;
  return db.transaction(async (tx) => {
    const [fila] = await tx.delete(serviciosRecoleccion).where(eq(serviciosRecoleccion.id, id)).returning(columnasServicio);
    if (!fila) return SERVICIO_NO_ENCONTRADO;
    await registrarAuditoria(tx, {
      actor,
      accion: 'recoleccion.servicio_baja',
      entidad: 'servicio_recoleccion',
      entidadId: id,
      antes: resumenServicio(fila as Servicio),
    });
    return { tipo: 'borrado' };
  });
}

const columnasCambio = {
  id: cambiosRecoleccion.id,
  zonaId: cambiosRecoleccion.zonaId,
  servicioId: cambiosRecoleccion.servicioId,
  fecha: cambiosRecoleccion.fecha,
  tipo: cambiosRecoleccion.tipo,
  motivo: cambiosRecoleccion.motivo,
  horaDesde: cambiosRecoleccion.horaDesde,
  horaHasta: cambiosRecoleccion.horaHasta,
};

/**
 * Adds a one-off change for a date in a zone: no pass ('suspendido', of one service or, without
 * `servicioId`, of all), or an extra pass of one service. The subscribers are told by the alerts'
 * job (it reads `avisado_en`). A date more than a year back is refused (a typo, not a record).
 * Audited as `recoleccion.cambio_alta`.
 */
export async function createCambio(db: Db, actor: Actor, input: FormInput): Promise<ResultadoCambio> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  const leido = readForm(cambioSchema, input, { largo: 400 });
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const datos = leido.datos;
  const invalido = (errores: Partial<Record<CampoCambio, string>>): ResultadoCambio => ({ tipo: 'invalido', errores, valores: leido.valores });
  if (datos.fecha < sumarDias(fechaEnArgentina(new Date()), -366)) return invalido({ fecha: 'La fecha es de hace más de un año: revisala.' });
  return db.transaction(async (tx) => {
    const [zona] = await tx
      .select({ id: zonasRecoleccion.id, nombre: zonasRecoleccion.nombre })
      .from(zonasRecoleccion)
      .where(eq(zonasRecoleccion.id, datos.zonaId));
    if (!zona) return invalido({ zonaId: 'Esa zona ya no existe: elegí otra de la lista.' });
    let servicio: string | undefined;
    if (datos.servicioId !== null) {
      const [s] = await tx
        .select({ nombre: serviciosRecoleccion.nombre })
        .from(serviciosRecoleccion)
        .where(and(eq(serviciosRecoleccion.id, datos.servicioId), eq(serviciosRecoleccion.zonaId, datos.zonaId)));
      if (!s) return invalido({ servicioId: `Ese servicio no pasa por la zona ${zona.nombre}: elegí uno de la lista.` });
      servicio = s.nombre;
    }
    // Who added it, for the back-office's list (never a public page): the site itself is no one, and
    // an account deleted meanwhile leaves it empty, as its deletion later does (`on delete set null`).
    const creadoPor = esSistema(actor) ? null : sql`(select ${usuarios.id} from ${usuarios} where ${usuarios.id} = ${actor.usuarioId})`;
    const [cambio] = await tx
      .insert(cambiosRecoleccion)
      .values({ ...datos, creadoPor })
      .returning(columnasCambio);
    await registrarAuditoria(tx, {
      actor,
      accion: 'recoleccion.cambio_alta',
      entidad: 'cambio_recoleccion',
      entidadId: cambio!.id,
      despues: { zona: zona.nombre, servicio: servicio ?? 'todos los servicios', fecha: datos.fecha, tipo: datos.tipo, motivo: datos.motivo },
    });
    return { tipo: 'guardado', cambio: cambio! };
  });
}

/** Removes a one-off change, audited with what it was. */
export async function deleteCambio(db: Db, actor: Actor, id: number): Promise<ResultadoBorrado> {
  if (!puede(actor, 'recoleccion')) return PROHIBIDO;
  if (!esId(id)) return CAMBIO_NO_ENCONTRADO;
  return db.transaction(async (tx) => {
    const [cambio] = await tx.delete(cambiosRecoleccion).where(eq(cambiosRecoleccion.id, id)).returning(columnasCambio);
    if (!cambio) return CAMBIO_NO_ENCONTRADO;
    const [zona] = await tx.select({ nombre: zonasRecoleccion.nombre }).from(zonasRecoleccion).where(eq(zonasRecoleccion.id, cambio.zonaId));
    await registrarAuditoria(tx, {
      actor,
      accion: 'recoleccion.cambio_baja',
      entidad: 'cambio_recoleccion',
      entidadId: id,
      antes: { zona: zona?.nombre, fecha: cambio.fecha, tipo: cambio.tipo, motivo: cambio.motivo },
    });
    return { tipo: 'borrado' };
  });
}

import { restriccionUnica } from '#db/errors.ts';
import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import type { IconoVehiculo, ServicioVehiculo } from './campos.ts';
import { type DatosVehiculo, type FiltrosVehiculos, POR_PAGINA_VEHICULOS, vehiculoSchema } from './schemas.ts';
import { escaparLike, normalizado } from '#domain/shared/texto.ts';

/**
 * The fleet in the back-office: administrators add vehicles, change them and
 * deactivate or reactivate them, each write audited in its own transaction; staff read the list
 * with each vehicle's last report. A vehicle is never deleted here: its positions are its history,
 * and a deactivated one keeps them while its reports are refused and the map leaves it out.
 */

export type Vehiculo = {
  id: number;
  alias: string;
  icono: IconoVehiculo;
  servicio: ServicioVehiculo;
  dispositivo: string;
  activo: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The last position a vehicle reported: when the device took it, when it arrived, and whether the public saw it. */
export type UltimoReporte = { hora: Date; recibidaEn: Date; publica: boolean };
/** The last battery level a vehicle's device sent (percent) and when. */
export type UltimaBateria = { nivel: number; hora: Date };

export type VehiculoEnLista = Vehiculo & { ultimoReporte: UltimoReporte | null; ultimaBateria: UltimaBateria | null };

/** One of a vehicle's recent positions, as staff see it (the public sees only the public ones, on the map). */
export type PosicionAdmin = {
  hora: Date;
  recibidaEn: Date;
  latitud: number;
  longitud: number;
  velocidadKmh: number | null;
  precisionM: number | null;
  bateria: number | null;
  publica: boolean;
};

export type VehiculoDetalle = VehiculoEnLista & { posiciones: PosicionAdmin[] };

type Campo = keyof DatosVehiculo;
type Errores = Partial<Record<Campo, string>>;

export type ResultadoVehiculo =
  | { tipo: 'guardado'; vehiculo: Vehiculo; cambio: boolean }
  /** A message per field, and what was typed to show back (docs/architecture.md, "Formularios"). */
  | { tipo: 'invalido'; errores: Errores; valores: Errores }
  | { tipo: 'no_encontrado'; mensaje: string }
  | { tipo: 'prohibido'; mensaje: string };

const PROHIBIDO = { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar los vehículos.' } as const;
const noEncontrado = (id: number) =>
  ({ tipo: 'no_encontrado', mensaje: `No existe el vehículo n.º ${id}: puede que la dirección esté mal escrita. Volvé a la lista de vehículos.` }) as const;

const columnas = {
  id: vehiculos.id,
  alias: vehiculos.alias,
  icono: vehiculos.icono,
  servicio: vehiculos.servicio,
  dispositivo: vehiculos.dispositivo,
  activo: vehiculos.activo,
  createdAt: vehiculos.createdAt,
  updatedAt: vehiculos.updatedAt,
};

/** What the audit log keeps of a vehicle: the fields a person sets (no positions, nothing personal). */
const auditable = (v: Pick<Vehiculo, Campo | 'activo'>) => ({
  alias: v.alias,
  icono: v.icono,
  servicio: v.servicio,
  dispositivo: v.dispositivo,
  activo: v.activo,
});

const dispositivoRepetido = (dispositivo: string, alias?: string) =>
  `Ya hay un vehículo con el identificador ${dispositivo}${alias ? ` (${alias})` : ''}: cada teléfono o rastreador tiene el suyo. Revisá el identificador, o editá ese vehículo.`;

async function aliasDelDispositivo(db: Db, dispositivo: string, salvoId?: number): Promise<string | undefined> {
  const [fila] = await db.select({ id: vehiculos.id, alias: vehiculos.alias }).from(vehiculos).where(eq(vehiculos.dispositivo, dispositivo));
  return fila && fila.id !== salvoId ? fila.alias : undefined;
}

/**
 * A device identifier another vehicle took between our check and our write: the unique
 * constraint refused it (two administrators at once, or two tabs). Answered like the check would
 * have; any other error is not ours to explain.
 */
async function repetidoEnCarrera(db: Db, error: unknown, datos: DatosVehiculo, valores: Errores): Promise<ResultadoVehiculo> {
  const restriccion = restriccionUnica(error);
  if (restriccion === undefined || (restriccion !== '' && restriccion !== 'vehiculos_dispositivo_unique')) throw error;
  const alias = await aliasDelDispositivo(db, datos.dispositivo);
  return { tipo: 'invalido', errores: { dispositivo: dispositivoRepetido(datos.dispositivo, alias) }, valores };
}

/**
 * Adds a vehicle (administrators only), active, audited (`vehiculo.alta`) in the same transaction.
 * A device identifier that another vehicle has is refused with that vehicle's name, also when two
 * requests race: the unique constraint decides, and its violation becomes the same message.
 */
export async function createVehiculo(db: Db, actor: Actor, input: FormInput): Promise<ResultadoVehiculo> {
  if (!puede(actor, 'vehiculos')) return PROHIBIDO;
  const leido = readForm(vehiculoSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const datos = leido.datos;
  try {
    return await db.transaction(async (tx): Promise<ResultadoVehiculo> => {
      const otro = await aliasDelDispositivo(tx, datos.dispositivo);
      if (otro !== undefined) return { tipo: 'invalido', errores: { dispositivo: dispositivoRepetido(datos.dispositivo, otro) }, valores: leido.valores };
      const [vehiculo] = await tx.insert(vehiculos).values(datos).returning(columnas);
      await registrarAuditoria(tx, { actor, accion: 'vehiculo.alta', entidad: 'vehiculo', entidadId: vehiculo!.id, despues: auditable(vehiculo!) });
      return { tipo: 'guardado', vehiculo: vehiculo!, cambio: true };
    });
  } catch (error) {
    return repetidoEnCarrera(db, error, datos, leido.valores);
  }
}

/**
 * Changes a vehicle's alias, icon, service or device identifier (administrators only), with the
 * row locked; audited (`vehiculo.cambio`) with the values before and after. Nothing changed:
 * nothing written, `cambio: false`. A new device identifier starts a new device: the old one's
 * reports are refused from then on, and the positions already stored stay this vehicle's.
 */
export async function updateVehiculo(db: Db, actor: Actor, id: number, input: FormInput): Promise<ResultadoVehiculo> {
  if (!puede(actor, 'vehiculos')) return PROHIBIDO;
  const leido = readForm(vehiculoSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const datos = leido.datos;
  try {
    return await db.transaction(async (tx): Promise<ResultadoVehiculo> => {
      const [antes] = await tx.select(columnas).from(vehiculos).where(eq(vehiculos.id, id)).for('update');
      if (!antes) return noEncontrado(id);
      const cambiados = (Object.keys(datos) as Campo[]).filter((c) => datos[c] !== antes[c]);
      if (cambiados.length === 0) return { tipo: 'guardado', vehiculo: antes, cambio: false };
      if (datos.dispositivo !== antes.dispositivo) {
        const otro = await aliasDelDispositivo(tx, datos.dispositivo, id);
        if (otro !== undefined) return { tipo: 'invalido', errores: { dispositivo: dispositivoRepetido(datos.dispositivo, otro) }, valores: leido.valores };
      }
      const [despues] = await tx
        .update(vehiculos)
        .set({ ...datos, updatedAt: sql`now()` })
        .where(eq(vehiculos.id, id))
        .returning(columnas);
      await registrarAuditoria(tx, {
        actor,
        accion: 'vehiculo.cambio',
        entidad: 'vehiculo',
        entidadId: id,
        antes: auditable(antes),
        despues: auditable(despues!),
      });
      return { tipo: 'guardado', vehiculo: despues!, cambio: true };
    });
  } catch (error) {
    return repetidoEnCarrera(db, error, datos, leido.valores);
  }
}

/**
 * Deactivates (`activo: false`) or reactivates a vehicle (administrators only), audited as
 * `vehiculo.baja` or `vehiculo.reactivacion`. Deactivated, its reports are refused and the map
 * leaves it out; its history stays. Already in that state: nothing written, `cambio: false`.
 */
export async function setActivo(db: Db, actor: Actor, id: number, activo: boolean): Promise<Exclude<ResultadoVehiculo, { tipo: 'invalido' }>> {
  if (!puede(actor, 'vehiculos')) return PROHIBIDO;
  return db.transaction(async (tx): Promise<Exclude<ResultadoVehiculo, { tipo: 'invalido' }>> => {
    const [antes] = await tx.select(columnas).from(vehiculos).where(eq(vehiculos.id, id)).for('update');
    if (!antes) return noEncontrado(id);
    if (antes.activo === activo) return { tipo: 'guardado', vehiculo: antes, cambio: false };
    const [despues] = await tx
      .update(vehiculos)
      .set({ activo, updatedAt: sql`now()` })
      .where(eq(vehiculos.id, id))
      .returning(columnas);
    await registrarAuditoria(tx, {
      actor,
      accion: activo ? 'vehiculo.reactivacion' : 'vehiculo.baja',
      entidad: 'vehiculo',
      entidadId: id,
      antes: { activo: antes.activo },
      despues: { activo },
    });
    return { tipo: 'guardado', vehiculo: despues!, cambio: true };
  });
}

function condicionTexto(texto: string): SQL {
  const partes: SQL[] = [ilike(vehiculos.dispositivo, `%${escaparLike(texto)}%`)];
  if (normalizado(texto) !== '') partes.push(sql`public.f_normalizar(${vehiculos.alias}) like '%' || public.f_normalizar(${texto}) || '%'`);
  return or(...partes)!;
}

/** Each vehicle's last report and last battery level: one row each through the (vehiculo_id, hora_dispositivo desc) index. */
function ultimos(db: Db) {
  const ultimo = db
    .select({ hora: posicionesVehiculo.horaDispositivo, recibidaEn: posicionesVehiculo.recibidaEn, publica: posicionesVehiculo.publica })
    .from(posicionesVehiculo)
    .where(eq(posicionesVehiculo.vehiculoId, vehiculos.id))
    .orderBy(desc(posicionesVehiculo.horaDispositivo))
    .limit(1)
    .as('ultimo');
  const bateria = db
    .select({ nivel: posicionesVehiculo.bateria, horaBateria: posicionesVehiculo.horaDispositivo })
    .from(posicionesVehiculo)
    .where(and(eq(posicionesVehiculo.vehiculoId, vehiculos.id), isNotNull(posicionesVehiculo.bateria)))
    .orderBy(desc(posicionesVehiculo.horaDispositivo))
    .limit(1)
    .as('bateria');
  return { ultimo, bateria };
}

type FilaConUltimos = Vehiculo & {
  hora: Date | null;
  recibidaEn: Date | null;
  publica: boolean | null;
  nivel: number | null;
  horaBateria: Date | null;
};

function conUltimos({ hora, recibidaEn, publica, nivel, horaBateria, ...vehiculo }: FilaConUltimos): VehiculoEnLista {
  return {
    ...vehiculo,
    ultimoReporte: hora && recibidaEn && publica !== null ? { hora, recibidaEn, publica } : null,
    ultimaBateria: nivel !== null && horaBateria !== null ? { nivel, hora: horaBateria } : null,
  };
}

async function leerConUltimos(db: Db, where: SQL | undefined, pagina?: { limite: number; desde: number }): Promise<VehiculoEnLista[]> {
  const { ultimo, bateria } = ultimos(db);
  const consulta = db
    .select({ ...columnas, hora: ultimo.hora, recibidaEn: ultimo.recibidaEn, publica: ultimo.publica, nivel: bateria.nivel, horaBateria: bateria.horaBateria })
    .from(vehiculos)
    .leftJoinLateral(ultimo, sql`true`)
    .leftJoinLateral(bateria, sql`true`)
    .where(where)
    // Accents and case aside, the same on both engines whatever their collation.
    .orderBy(sql`public.f_normalizar(${vehiculos.alias}) collate "C"`, vehiculos.id);
  const filas = pagina ? await consulta.limit(pagina.limite).offset(pagina.desde) : await consulta;
  return filas.map(conUltimos);
}

/**
 * The fleet for staff, by name: part of the alias (accents and case aside) or of the device
 * identifier, active or inactive, a page at a time with the total; each vehicle with its last
 * report (when, and whether the public saw it) and its last battery level.
 */
export async function listVehiculosAdmin(
  db: Db,
  filtros: Pick<FiltrosVehiculos, 'texto' | 'estado' | 'pagina'> & { porPagina?: number },
): Promise<{ items: VehiculoEnLista[]; total: number }> {
  const porPagina = filtros.porPagina ?? POR_PAGINA_VEHICULOS;
  const where = and(
    filtros.texto ? condicionTexto(filtros.texto) : undefined,
    filtros.estado === 'activos' ? eq(vehiculos.activo, true) : filtros.estado === 'inactivos' ? eq(vehiculos.activo, false) : undefined,
  );
  const [items, [fila]] = await Promise.all([
    leerConUltimos(db, where, { limite: porPagina, desde: (filtros.pagina - 1) * porPagina }),
    db.select({ n: count() }).from(vehiculos).where(where),
  ]);
  return { items, total: fila?.n ?? 0 };
}

/** How many of a vehicle's latest positions its page lists. */
export const POSICIONES_RECIENTES = 10;

/** One vehicle for staff: its fields, its last report and battery, and its latest positions, newest first; undefined when there is none. */
export async function getVehiculoAdmin(db: Db, id: number, cantidad = POSICIONES_RECIENTES): Promise<VehiculoDetalle | undefined> {
  const [[vehiculo], posiciones] = await Promise.all([
    leerConUltimos(db, eq(vehiculos.id, id)),
    db
      .select({
        hora: posicionesVehiculo.horaDispositivo,
        recibidaEn: posicionesVehiculo.recibidaEn,
        latitud: posicionesVehiculo.latitud,
        longitud: posicionesVehiculo.longitud,
        velocidadKmh: posicionesVehiculo.velocidadKmh,
        precisionM: posicionesVehiculo.precisionM,
        bateria: posicionesVehiculo.bateria,
        publica: posicionesVehiculo.publica,
      })
      .from(posicionesVehiculo)
      .where(eq(posicionesVehiculo.vehiculoId, id))
      .orderBy(desc(posicionesVehiculo.horaDispositivo))
      .limit(cantidad),
  ]);
  return vehiculo && { ...vehiculo, posiciones };
}

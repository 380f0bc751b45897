// Backups that are restored, not only made (docs/decisions/031-respaldos.md): one file with the
// database's dump, every stored file and a manifest; its restore into an empty target; and the
// weekly check that restores the last one into a throwaway database.
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, journalEntries, openPglite, openPostgres, queryRows } from '#db/client.ts';
import type { Storage } from '#db/storage.ts';
import { usuarios } from '#db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import { enqueueMail } from '#domain/correo/outbox.ts';
import { smtpTransport } from '#domain/correo/smtp.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import type { Config } from './env.ts';
import { existingCipher } from './data-key.ts';
import { localStorageFolder, openStorage } from './storage.ts';

const exec = promisify(execFile);

/**
 * The libpq tools' arguments for a connection URL, its password in PGPASSWORD: a password on the
 * command line would be visible to every user of the machine (`ps`).
 */
function conexionLibpq(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const args = [`--dbname=${decodeURIComponent(u.pathname.slice(1))}`];
  if (u.hostname) args.push(`--host=${decodeURIComponent(u.hostname).replace(/^\[|\]$/g, '')}`);
  // postgres:///base?host=/var/run/postgresql: the server's unix socket, as node-postgres reads it.
  const socket = u.searchParams.get('host');
  if (!u.hostname && socket) args.push(`--host=${socket}`);
  if (u.port) args.push(`--port=${u.port}`);
  if (u.username) args.push(`--username=${decodeURIComponent(u.username)}`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return { args, env };
}

/** A backup refused or a restore stopped, with the reason in Spanish for the operator. */
export class RespaldoError extends Error {}

/** The running embedded site's door for backups (docs/decisions/031-respaldos.md): a unix socket in DATA_DIR. */
export const SOCKET_RESPALDO = 'respaldo.sock';
const LOCK_FILE = 'municipalidad.lock';
const VERIFICADOR = 'verificador_clave_datos';
const MANIFIESTO = 'manifiesto.json';

export type ArchivoGuardado = { clave: string; sha256: string; bytes: number };

export type Manifiesto = {
  formato: 1;
  creado: string;
  /** The site's version (package.json) that made it. */
  version: string;
  motor: 'pglite' | 'postgresql';
  /** Migrations applied in the dump: a restore refuses a level above this code's. */
  migraciones: number;
  /** Rows per table ("esquema.tabla") at the instant of the dump. */
  tablas: Record<string, number>;
  /** The proof of the data key the database was written with (never the key). */
  verificadorClave: string | null;
  base: { archivo: string; sha256: string; bytes: number };
  almacenamiento: 'local' | 's3';
  archivos: ArchivoGuardado[];
};

/** Tables and their rows, and the key's proof, read with the dump. */
type Estado = { tablas: Record<string, number>; verificadorClave: string | null };

type Consulta = <T extends Record<string, unknown>>(texto: string) => Promise<T[]>;

const consultaDe =
  (db: Db): Consulta =>
  (texto) =>
    queryRows(db, sql.raw(texto));

const TABLAS_SQL = `select table_schema || '.' || table_name as nombre from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`;

/** One statement that counts the rows of every table named. */
function conteoSql(tablas: string[]): string {
  return tablas
    .map((nombre) => {
      const [esquema = '', tabla = ''] = nombre.split('.');
      return `select ${pg.escapeLiteral(nombre)} as tabla, count(*) as filas from ${pg.escapeIdentifier(esquema)}.${pg.escapeIdentifier(tabla)}`;
    })
    .join(' union all ');
}

const aTablas = (filas: { tabla: string; filas: number | string }[]) => Object.fromEntries(filas.map((f) => [f.tabla, Number(f.filas)]));

async function leerVerificador(consulta: Consulta): Promise<string | null> {
  const filas = await consulta<{ valor: string }>(`select valor from claves_servidor where nombre = ${pg.escapeLiteral(VERIFICADOR)}`);
  return filas[0]?.valor ?? null;
}

/** The embedded database's rows and folder at one instant; the running site answers this on its socket. */
export async function instantaneaPglite(database: Database): Promise<Estado & { datos: Blob }> {
  if (!database.snapshot) throw new RespaldoError('Esta base no es PGlite.');
  const consulta = consultaDe(database.db);
  const tablas = (await consulta<{ nombre: string }>(TABLAS_SQL)).map((t) => t.nombre);
  const verificadorClave = await leerVerificador(consulta);
  const { rows, data } = await database.snapshot<{ tabla: string; filas: number }>(conteoSql(tablas));
  return { tablas: aTablas(rows), verificadorClave, datos: data };
}

/** Asks the running embedded site over its socket; undefined when no site answers there. */
async function pedirAlSitio(
  dataDir: string,
  metodo: 'GET' | 'POST',
  ruta: string,
  cuerpo?: unknown,
): Promise<{ cabeceras: http.IncomingHttpHeaders; datos: Buffer } | undefined> {
  const socketPath = path.join(dataDir, SOCKET_RESPALDO);
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const pedido = http.request({ socketPath, method: metodo, path: ruta, headers: { 'content-type': 'application/json' } }, (respuesta) => {
      const partes: Buffer[] = [];
      respuesta.on('data', (parte: Buffer) => partes.push(parte));
      respuesta.on('error', reject);
      respuesta.on('end', () => {
        const datos = Buffer.concat(partes);
        if (respuesta.statusCode !== 200) reject(new RespaldoError(`El sitio en marcha no pudo atender el pedido: ${datos.toString('utf8')}`));
        else resolve({ cabeceras: respuesta.headers, datos });
      });
    });
    pedido.on('error', (error: NodeJS.ErrnoException) => {
      // A socket left by a site that is no longer running.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    pedido.end(cuerpo === undefined ? undefined : JSON.stringify(cuerpo));
  });
}

async function sha256De(archivo: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(archivo), hash);
  return hash.digest('hex');
}

async function volcarPglite(config: Config, destino: string): Promise<Estado> {
  const delSitio = await pedirAlSitio(config.dataDir, 'GET', '/instantanea');
  if (delSitio) {
    fs.writeFileSync(destino, delSitio.datos);
    return JSON.parse(Buffer.from(String(delSitio.cabeceras['x-estado']), 'base64').toString('utf8')) as Estado;
  }
  // No site running: the folder is opened here (its lock keeps a site from starting meanwhile).
  const database = await openPglite(config.dataDir, config.database);
  try {
    const { datos, ...estado } = await instantaneaPglite(database);
    fs.writeFileSync(destino, Buffer.from(await datos.arrayBuffer()));
    return estado;
  } finally {
    await database.close();
  }
}

/** pg_dump inside a transaction whose snapshot it shares: the counts are of exactly what it dumps. */
async function volcarPostgres(url: string, destino: string): Promise<Estado> {
  const cliente = new pg.Client({ connectionString: url });
  cliente.on('error', () => {});
  await cliente.connect();
  try {
    await cliente.query('begin isolation level repeatable read read only');
    const snapshot = String((await cliente.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s);
    const consulta: Consulta = async (texto) => (await cliente.query(texto)).rows;
    const tablas = (await consulta<{ nombre: string }>(TABLAS_SQL)).map((t) => t.nombre);
    const conteo = aTablas(await consulta<{ tabla: string; filas: string }>(conteoSql(tablas)));
    const verificadorClave = await leerVerificador(consulta);
    const conexion = conexionLibpq(url);
    await exec('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${destino}`, ...conexion.args], {
      env: conexion.env,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => {
      throw new RespaldoError(`pg_dump falló: ${String(error.stderr ?? error).trim()}`);
    });
    await cliente.query('commit');
    return { tablas: conteo, verificadorClave };
  } finally {
    await cliente.end().catch(() => {});
  }
}

async function copiarArchivos(storage: Storage, carpeta: string): Promise<ArchivoGuardado[]> {
  if (!storage.list) throw new RespaldoError('El almacenamiento de archivos no permite listarlos.');
  const archivos: ArchivoGuardado[] = [];
  for await (const clave of storage.list()) {
    const destino = path.join(carpeta, ...clave.split('/'));
    fs.mkdirSync(path.dirname(destino), { recursive: true });
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      await storage.get(clave),
      async function* (origen: AsyncIterable<Buffer | string>) {
        for await (const texto of origen) {
          const parte = typeof texto === 'string' ? Buffer.from(texto) : texto;
          hash.update(parte);
          bytes += parte.length;
          yield parte;
        }
      },
      fs.createWriteStream(destino),
    );
    archivos.push({ clave, sha256: hash.digest('hex'), bytes });
  }
  return archivos.sort((a, b) => a.clave.localeCompare(b.clave));
}

function versionDelSitio(): string {
  return (JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Writes one backup file at `destino` (docs/decisions/031-respaldos.md): the database dumped at one
 * instant, every stored file, and the manifest. The file appears whole or not at all; never holds
 * the data key.
 */
export async function createRespaldo(config: Config, destino: string): Promise<Manifiesto> {
  const carpeta = path.dirname(path.resolve(destino));
  fs.mkdirSync(carpeta, { recursive: true });
  const armado = fs.mkdtempSync(path.join(carpeta, '.respaldo-'));
  const parcial = `${destino}.parcial-${process.pid}`;
  const storage = openStorage(config);
  try {
    fs.mkdirSync(path.join(armado, 'base'));
    const motor = config.databaseUrl ? 'postgresql' : 'pglite';
    const base = motor === 'postgresql' ? 'base/postgresql.dump' : 'base/pglite.tar';
    const estado = config.databaseUrl ? await volcarPostgres(config.databaseUrl, path.join(armado, base)) : await volcarPglite(config, path.join(armado, base));
    // After the dump: every file a row of it names was stored before that row was committed.
    const archivos = await copiarArchivos(storage, path.join(armado, 'archivos'));
    const manifiesto: Manifiesto = {
      formato: 1,
      creado: new Date().toISOString(),
      version: versionDelSitio(),
      motor,
      migraciones: estado.tablas['drizzle.__drizzle_migrations'] ?? 0,
      tablas: estado.tablas,
      verificadorClave: estado.verificadorClave,
      base: { archivo: base, sha256: await sha256De(path.join(armado, base)), bytes: fs.statSync(path.join(armado, base)).size },
      almacenamiento: config.s3 ? 's3' : 'local',
      archivos,
    };
    fs.writeFileSync(path.join(armado, MANIFIESTO), `${JSON.stringify(manifiesto, null, 2)}\n`);
    fs.mkdirSync(path.join(armado, 'archivos'), { recursive: true });
    await exec('tar', ['--zstd', '-cf', parcial, '-C', armado, MANIFIESTO, 'base', 'archivos']);
    fs.renameSync(parcial, destino);
    return manifiesto;
  } finally {
    storage.close?.();
    fs.rmSync(armado, { recursive: true, force: true });
    fs.rmSync(parcial, { force: true });
  }
}

/** A backup file unpacked into a temporary folder and checked against its manifest. */
type Desempacado = { carpeta: string; manifiesto: Manifiesto; descartar(): void };

function esManifiesto(valor: unknown): valor is Manifiesto {
  const m = valor as Manifiesto;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.formato === 1 &&
    (m.motor === 'pglite' || m.motor === 'postgresql') &&
    Number.isInteger(m.migraciones) &&
    typeof m.tablas === 'object' &&
    typeof m.base?.sha256 === 'string' &&
    Array.isArray(m.archivos)
  );
}

/**
 * Unpacks a backup and checks it against its manifest: a file cut short, altered or not ours is
 * refused here, before anything is written to a target, as is a dump of a newer version.
 */
export async function desempacar(archivo: string): Promise<Desempacado> {
  if (!fs.existsSync(archivo)) throw new RespaldoError(`No existe el archivo de respaldo ${archivo}.`);
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-restaurar-'));
  const descartar = () => fs.rmSync(carpeta, { recursive: true, force: true });
  try {
    try {
      await exec('tar', ['--zstd', '-xf', archivo, '-C', carpeta, '--no-same-owner', '--no-same-permissions']);
    } catch (error) {
      const detalle = String((error as { stderr?: string }).stderr ?? '')
        .trim()
        .split('\n')[0];
      throw new RespaldoError(`El archivo de respaldo está incompleto o dañado y no se puede leer (${detalle || 'error al descomprimir'}). Usá otro respaldo.`);
    }
    let manifiesto: unknown;
    try {
      manifiesto = JSON.parse(fs.readFileSync(path.join(carpeta, MANIFIESTO), 'utf8'));
    } catch {
      throw new RespaldoError('El archivo no tiene un manifiesto legible: no es un respaldo de este sitio o está dañado.');
    }
    if (!esManifiesto(manifiesto))
      throw new RespaldoError('El manifiesto del respaldo no tiene la forma esperada: no es un respaldo de este sitio o está dañado.');
    const problemas: string[] = [];
    const base = path.join(carpeta, manifiesto.base.archivo);
    if (!fs.existsSync(base) || (await sha256De(base)) !== manifiesto.base.sha256)
      problemas.push(`la copia de la base (${manifiesto.base.archivo}) no coincide con su suma SHA-256`);
    for (const a of manifiesto.archivos) {
      const ruta = path.join(carpeta, 'archivos', ...a.clave.split('/'));
      if (!fs.existsSync(ruta)) problemas.push(`falta el archivo ${a.clave}`);
      else if ((await sha256De(ruta)) !== a.sha256) problemas.push(`el archivo ${a.clave} no coincide con su suma SHA-256`);
    }
    if (problemas.length > 0) throw new RespaldoError(`El respaldo está dañado: ${resumir(problemas)}.`);
    const nivel = journalEntries();
    if (manifiesto.migraciones > nivel) {
      throw new RespaldoError(
        `El respaldo es de una versión más nueva del sitio (${manifiesto.version}, ${manifiesto.migraciones} migraciones; este código llega a ${nivel}). Instalá esa versión o una posterior y restaurá con ella.`,
      );
    }
    return { carpeta, manifiesto, descartar };
  } catch (error) {
    descartar();
    throw error;
  }
}

const resumir = (problemas: string[]) => (problemas.length > 5 ? `${problemas.slice(0, 5).join('; ')} y ${problemas.length - 5} más` : problemas.join('; '));

/** The key the restore needs, or a refusal; checked against the backup's proof before anything is written. */
function claveParaRestaurar(config: Config, manifiesto: Manifiesto): Cipher {
  const cipher = existingCipher(config);
  if (!cipher) {
    throw new RespaldoError(
      'Falta la clave de los datos personales: poné en DATA_KEY la clave con la que se hizo el respaldo, o copiá su archivo clave-datos.key en DATA_DIR. El respaldo nunca la incluye.',
    );
  }
  if (manifiesto.verificadorClave && !cipher.recognises(manifiesto.verificadorClave)) {
    throw new RespaldoError(
      'La clave de los datos personales no es la del respaldo: con ella no se pueden leer los DNI y correos guardados. Usá la clave con la que se hizo (DATA_KEY o clave-datos.key).',
    );
  }
  return cipher;
}

/** Personal data columns: every value must open with the key given. */
const COLUMNAS_CIFRADAS: [string, string[]][] = [
  ['solicitudes_decreto', ['dni', 'email']],
  ['outbox', ['destinatario', 'responder_a', 'texto']],
  ['suscripciones_alertas', ['email', 'token']],
  ['usuarios', ['totp_secreto']],
];

/**
 * Compares a restored database with the manifest: rows per table, personal data that opens with
 * the key, and a file in the backup for every file the rows name. Answers the differences.
 */
export async function compararConManifiesto(db: Db, manifiesto: Manifiesto, cipher: Cipher): Promise<{ problemas: string[]; descifrados: number }> {
  const consulta = consultaDe(db);
  const problemas: string[] = [];
  const tablas = Object.keys(manifiesto.tablas);
  const existentes = new Set((await consulta<{ nombre: string }>(TABLAS_SQL)).map((t) => t.nombre));
  const faltan = tablas.filter((t) => !existentes.has(t));
  for (const t of faltan) problemas.push(`falta la tabla ${t}`);
  const conteo = aTablas(await consulta<{ tabla: string; filas: number | string }>(conteoSql(tablas.filter((t) => existentes.has(t)))));
  for (const [tabla, filas] of Object.entries(conteo)) {
    if (filas !== manifiesto.tablas[tabla]) problemas.push(`${tabla} tiene ${filas} filas y el manifiesto dice ${manifiesto.tablas[tabla]}`);
  }
  let descifrados = 0;
  let ilegibles = 0;
  for (const [tabla, columnas] of COLUMNAS_CIFRADAS) {
    if (!existentes.has(`public.${tabla}`)) continue;
    const filas = await consulta<Record<string, string | null>>(
      `select ${columnas.map((c) => pg.escapeIdentifier(c)).join(', ')} from ${pg.escapeIdentifier(tabla)}`,
    );
    for (const fila of filas) {
      for (const valor of Object.values(fila)) {
        if (typeof valor !== 'string' || !cipher.isEncrypted(valor)) continue;
        try {
          cipher.decrypt(valor);
          descifrados++;
        } catch {
          ilegibles++;
        }
      }
    }
  }
  if (ilegibles > 0) problemas.push(`${ilegibles} datos personales no se pueden descifrar con la clave dada`);
  const guardados = new Set(manifiesto.archivos.map((a) => a.clave));
  const nombrados = await consulta<{ clave: string }>(
    `select clave from documentos union select clave_web from documentos where clave_web is not null union select clave_miniatura from documentos where clave_miniatura is not null`,
  );
  const sinArchivo = nombrados.filter((n) => !guardados.has(n.clave));
  if (sinArchivo.length > 0)
    problemas.push(
      `${sinArchivo.length} documentos no tienen su archivo en el respaldo (${sinArchivo
        .slice(0, 3)
        .map((n) => n.clave)
        .join(', ')})`,
    );
  return { problemas, descifrados };
}

type Resumen = { manifiesto: Manifiesto; descifrados: number };

/** The schemas of a PostgreSQL database that hold anything of ours: none in an empty target. */
async function objetosEnPostgres(url: string): Promise<number> {
  const cliente = new pg.Client({ connectionString: url });
  cliente.on('error', () => {});
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await cliente.end().catch(() => {});
  }
}

/** Leaves a PostgreSQL target as empty as it was found: every schema the restore made goes, and public is emptied. */
async function vaciarPostgres(url: string, antes: Set<string>): Promise<void> {
  const cliente = new pg.Client({ connectionString: url });
  cliente.on('error', () => {});
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
    );
    for (const { nspname } of rows) {
      if (nspname === 'public') {
        await cliente.query('drop schema public cascade; create schema public authorization pg_database_owner; grant usage on schema public to public');
      } else if (!antes.has(nspname)) {
        await cliente.query(`drop schema ${pg.escapeIdentifier(nspname)} cascade`);
      }
    }
  } finally {
    await cliente.end().catch(() => {});
  }
}

async function esquemas(url: string): Promise<Set<string>> {
  const cliente = new pg.Client({ connectionString: url });
  cliente.on('error', () => {});
  await cliente.connect();
  try {
    return new Set((await cliente.query<{ nspname: string }>('select nspname from pg_namespace')).rows.map((r) => r.nspname));
  } finally {
    await cliente.end().catch(() => {});
  }
}

async function pgRestore(url: string, archivo: string): Promise<void> {
  try {
    const conexion = conexionLibpq(url);
    await exec('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', ...conexion.args, archivo], {
      env: conexion.env,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new RespaldoError(
      `pg_restore no pudo cargar la copia de la base: ${String((error as { stderr?: string }).stderr ?? error)
        .trim()
        .split('\n')
        .slice(0, 3)
        .join(' ')}`,
    );
  }
}

function pgliteVacia(dataDir: string): boolean {
  const carpeta = path.join(dataDir, 'pglite');
  return !fs.existsSync(carpeta) || fs.readdirSync(carpeta).length === 0;
}

/** Opens the PGlite copy of a backup in `dataDir` (a new folder) or in memory. */
function abrirCopiaPglite(config: Config, dataDir: string | undefined, desempacado: Desempacado): Promise<Database> {
  const tar = fs.readFileSync(path.join(desempacado.carpeta, desempacado.manifiesto.base.archivo));
  return openPglite(dataDir, config.database, { loadDataDir: new Blob([tar]) });
}

/**
 * Restores a backup into the empty database and store the settings name, as `npm start` would
 * open them (docs/decisions/031-respaldos.md). Everything is checked before the target is touched;
 * what the restore wrote is removed again if the restored copy does not match its manifest.
 */
export async function restaurarRespaldo(config: Config, archivo: string): Promise<Resumen> {
  const desempacado = await desempacar(archivo);
  const { manifiesto, carpeta } = desempacado;
  try {
    const motor = config.databaseUrl ? 'postgresql' : 'pglite';
    if (manifiesto.motor !== motor) {
      throw new RespaldoError(
        `El respaldo es de ${manifiesto.motor === 'pglite' ? 'PGlite (la base embebida)' : 'PostgreSQL'} y la configuración apunta a ${motor === 'pglite' ? 'PGlite (sin DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}: restauralo con la misma clase de base.`,
      );
    }
    const cipher = claveParaRestaurar(config, manifiesto);
    // The target must be empty: a restore never mixes two sites' data.
    const storage = openStorage(config);
    try {
      if (motor === 'postgresql' && (await objetosEnPostgres(config.databaseUrl!)) > 0) {
        throw new RespaldoError('La base de DATABASE_URL no está vacía: restaurá en una base nueva (createdb) para no mezclar datos.');
      }
      if (motor === 'pglite' && (!pgliteVacia(config.dataDir) || fs.existsSync(path.join(config.dataDir, LOCK_FILE)))) {
        throw new RespaldoError(
          `DATA_DIR (${config.dataDir}) ya tiene una base: restaurá en una carpeta nueva o vacía (sólo puede tener el archivo de la clave).`,
        );
      }
      if (!storage.list) throw new RespaldoError('El almacenamiento de archivos no permite listarlos.');
      for await (const clave of storage.list()) {
        throw new RespaldoError(
          `El almacenamiento de archivos no está vacío (tiene ${clave}, entre otros): restaurá en ${config.s3 ? 'un bucket vacío' : 'una carpeta vacía'}.`,
        );
      }
      const { descifrados, deshacer } =
        motor === 'postgresql' ? await restaurarPostgres(config, desempacado, cipher) : await restaurarPglite(config, desempacado, cipher);
      try {
        await subirArchivos(config, storage, carpeta, manifiesto);
      } catch (error) {
        await deshacer();
        throw error;
      }
      return { manifiesto, descifrados };
    } finally {
      storage.close?.();
    }
  } finally {
    desempacado.descartar();
  }
}

/** A database restored and checked, and the way to take it back out if the files then fail. */
type BaseRestaurada = { descifrados: number; deshacer(): Promise<void> };

async function restaurarPostgres(config: Config, desempacado: Desempacado, cipher: Cipher): Promise<BaseRestaurada> {
  const url = config.databaseUrl!;
  const antes = await esquemas(url);
  let hecho = false;
  try {
    await pgRestore(url, path.join(desempacado.carpeta, desempacado.manifiesto.base.archivo));
    const database = await openPostgres(url, config.database);
    try {
      const { problemas, descifrados } = await compararConManifiesto(database.db, desempacado.manifiesto, cipher);
      if (problemas.length > 0) throw new RespaldoError(`La copia restaurada no coincide con el manifiesto: ${resumir(problemas)}.`);
      hecho = true;
      return { descifrados, deshacer: () => vaciarPostgres(url, antes) };
    } finally {
      await database.close();
    }
  } finally {
    if (!hecho) await vaciarPostgres(url, antes).catch(() => {});
  }
}

async function restaurarPglite(config: Config, desempacado: Desempacado, cipher: Cipher): Promise<BaseRestaurada> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const temporal = fs.mkdtempSync(path.join(config.dataDir, '.restaurando-'));
  try {
    const database = await abrirCopiaPglite(config, temporal, desempacado);
    let descifrados: number;
    try {
      const resultado = await compararConManifiesto(database.db, desempacado.manifiesto, cipher);
      if (resultado.problemas.length > 0) throw new RespaldoError(`La copia restaurada no coincide con el manifiesto: ${resumir(resultado.problemas)}.`);
      descifrados = resultado.descifrados;
    } finally {
      await database.close();
    }
    fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
    const destino = path.join(config.dataDir, 'pglite');
    fs.renameSync(path.join(temporal, 'pglite'), destino);
    return { descifrados, deshacer: async () => fs.rmSync(destino, { recursive: true, force: true }) };
  } finally {
    fs.rmSync(temporal, { recursive: true, force: true });
  }
}

/** The backup's files into the store; in a bucket, those already written go again if one fails. */
async function subirArchivos(config: Config, storage: Storage, carpeta: string, manifiesto: Manifiesto): Promise<void> {
  const origen = (clave: string) => path.join(carpeta, 'archivos', ...clave.split('/'));
  if (!config.s3) {
    // The local folder appears whole: copied beside it, then renamed.
    const destino = localStorageFolder(config);
    const temporal = `${destino}.restaurando-${randomBytes(4).toString('hex')}`;
    try {
      fs.mkdirSync(temporal, { recursive: true });
      for (const a of manifiesto.archivos) {
        fs.mkdirSync(path.dirname(path.join(temporal, ...a.clave.split('/'))), { recursive: true });
        fs.copyFileSync(origen(a.clave), path.join(temporal, ...a.clave.split('/')));
      }
      fs.rmSync(destino, { recursive: true, force: true });
      fs.renameSync(temporal, destino);
    } finally {
      fs.rmSync(temporal, { recursive: true, force: true });
    }
    return;
  }
  const subidos: string[] = [];
  try {
    for (const a of manifiesto.archivos) {
      await storage.put(a.clave, fs.readFileSync(origen(a.clave)));
      subidos.push(a.clave);
    }
  } catch (error) {
    for (const clave of subidos) await storage.delete(clave).catch(() => {});
    throw error;
  }
}

/**
 * The weekly check (docs/decisions/031-respaldos.md): restores a backup into a throwaway database
 * (PGlite in memory, or a new database on the PostgreSQL server) and compares it with its manifest.
 * Answers the problems found; an empty list means the backup restores.
 */
export async function verificarRespaldo(config: Config, archivo: string): Promise<{ problemas: string[]; manifiesto?: Manifiesto; descifrados: number }> {
  let desempacado: Desempacado;
  try {
    desempacado = await desempacar(archivo);
  } catch (error) {
    if (error instanceof RespaldoError) return { problemas: [error.message], descifrados: 0 };
    throw error;
  }
  const { manifiesto } = desempacado;
  try {
    let cipher: Cipher;
    try {
      cipher = claveParaRestaurar(config, manifiesto);
    } catch (error) {
      if (error instanceof RespaldoError) return { problemas: [error.message], manifiesto, descifrados: 0 };
      throw error;
    }
    if (manifiesto.motor === 'pglite') {
      const database = await abrirCopiaPglite(config, undefined, desempacado);
      try {
        return { ...(await compararConManifiesto(database.db, manifiesto, cipher)), manifiesto };
      } finally {
        await database.close();
      }
    }
    if (!config.databaseUrl)
      return {
        problemas: ['El respaldo es de PostgreSQL: la verificación necesita DATABASE_URL para crear una base descartable.'],
        manifiesto,
        descifrados: 0,
      };
    const nombre = `vla_verificacion_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: config.databaseUrl });
    admin.on('error', () => {});
    await admin.connect();
    try {
      await admin.query(`create database ${pg.escapeIdentifier(nombre)}`);
      try {
        const url = new URL(config.databaseUrl);
        url.pathname = `/${nombre}`;
        await pgRestore(url.toString(), path.join(desempacado.carpeta, manifiesto.base.archivo));
        const database = await openPostgres(url.toString(), config.database);
        try {
          return { ...(await compararConManifiesto(database.db, manifiesto, cipher)), manifiesto };
        } finally {
          await database.close();
        }
      } catch (error) {
        if (error instanceof RespaldoError) return { problemas: [error.message], manifiesto, descifrados: 0 };
        throw error;
      } finally {
        await admin.query(`drop database if exists ${pg.escapeIdentifier(nombre)} with (force)`).catch(() => {});
      }
    } finally {
      await admin.end().catch(() => {});
    }
  } finally {
    desempacado.descartar();
  }
}

/** Writes a mail to every active administrator in the outbox; answers how many. */
export async function avisarAdministradores(db: Db, cipher: Cipher, aviso: { asunto: string; texto: string }): Promise<number> {
  const destinatarios = await administradores(db);
  await enqueueMail(
    db,
    cipher,
    destinatarios.map((destinatario) => ({ destinatario, asunto: aviso.asunto, texto: aviso.texto, referencia: 'respaldo' })),
  );
  return destinatarios.length;
}

async function administradores(db: Db): Promise<string[]> {
  const filas = await db
    .select({ email: usuarios.email })
    .from(usuarios)
    .where(and(eq(usuarios.rol, 'administrador'), eq(usuarios.activo, true)));
  return filas.map((f) => f.email);
}

/**
 * Tells the administrators (docs/decisions/031-respaldos.md): the running embedded site writes the
 * mail to its outbox (it holds the folder); otherwise the mail goes out at once over SMTP_URL, and
 * to the outbox, for the site to send later, when there is no SMTP_URL or it fails.
 */
export async function avisarPorCorreo(config: Config, aviso: { asunto: string; texto: string }): Promise<number> {
  if (!config.databaseUrl) {
    const delSitio = await pedirAlSitio(config.dataDir, 'POST', '/aviso', aviso);
    if (delSitio) return (JSON.parse(delSitio.datos.toString('utf8')) as { avisados: number }).avisados;
  }
  const cipher = existingCipher(config);
  if (!cipher) throw new RespaldoError('No hay clave de datos para escribir el aviso en la bandeja de salida.');
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, config.database) : await openPglite(config.dataDir, config.database);
  try {
    if (config.smtpUrl) {
      const destinatarios = await administradores(database.db);
      const transport = smtpTransport(config.smtpUrl, { connections: 1 });
      try {
        for (const destinatario of destinatarios) {
          await transport.send({
            from: config.mailFrom,
            to: destinatario,
            subject: aviso.asunto,
            text: aviso.texto,
            messageId: `<respaldo-${randomUUID()}@villalaangostura.gob.ar>`,
          });
        }
        return destinatarios.length;
      } catch {
        // Not sent now: the outbox keeps it and the site retries.
      } finally {
        transport.close?.();
      }
    }
    return await avisarAdministradores(database.db, cipher, aviso);
  } finally {
    await database.close();
  }
}

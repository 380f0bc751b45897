import { restriccionUnica } from '#db/errors.ts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { ordenanzas } from '#db/schema/index.ts';
import { republicarRutas } from '#domain/sitio/retirados.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { readForm } from '#domain/shared/form.ts';
import { FORMULA, celdaSegura } from '#domain/shared/csv.ts';
import { type OrdenanzaAdmin, paresExistentes, repetida } from './admin.ts';
import { rutaOrdenanza } from './enlaces.ts';
import { COLUMNAS, type CampoOrdenanza, ETIQUETAS_ORDENANZA, ordenanzaSchema } from './admin-schemas.ts';
import { ESTADOS_ORDENANZA } from './estados.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/**
 * The bulk import of ordinances from a CSV file (docs/decisions/018-ordenanzas-en-el-panel.md):
 * UTF-8 with a header row, the columns of COLUMNAS; every row is checked like the form checks one
 * ordinance, plus repeats within the file and against the register. All or nothing: one bad row and
 * nothing is imported, and the report names each bad row, its field and why.
 */

type Columna = (typeof COLUMNAS)[number];
const CAMPO_DE: Record<Columna, CampoOrdenanza> = {
  numero: 'numero',
  anio: 'anio',
  estado: 'estado',
  fecha_emision: 'fechaEmision',
  descripcion: 'descripcion',
  expediente: 'expediente',
  modifica: 'modifica',
};
const OBLIGATORIAS: readonly Columna[] = ['numero', 'anio', 'estado', 'descripcion'];

export const LIMITE_CSV_BYTES = 5 * 1024 * 1024;
export const MENSAJE_CSV_GRANDE = 'El archivo supera los 5 MB: partilo en varios archivos de hasta 5.000 filas cada uno.';
export const LIMITE_FILAS = 5000;
/** A cell longer than this is not an ordinance's field: the row is refused without reading further. */
const LARGO_CELDA = 4000;
const LOTE = 250;

export type ErrorDeFila = { fila: number; campo: string; mensaje: string };
export type ResultadoImportacion =
  | { tipo: 'importado'; cantidad: number }
  | { tipo: 'rechazado'; errores: ErrorDeFila[]; filasConError: number; filasLeidas: number; general?: string }
  | { tipo: 'prohibido'; mensaje: string };

type Rechazo = Extract<ResultadoImportacion, { tipo: 'rechazado' }>;
const rechazo = (general: string): Rechazo => ({ tipo: 'rechazado', errores: [], filasConError: 0, filasLeidas: 0, general });

/** The estado as a code (2) or its label (Aprobada/Vigente, any case). */
function codigoEstado(valor: string): string {
  const v = valor.trim().toLowerCase();
  const porEtiqueta = ESTADOS_ORDENANZA.find((e) => e.etiqueta.toLowerCase() === v || e.etiqueta.toLowerCase().split('/')[0] === v);
  return porEtiqueta ? String(porEtiqueta.codigo) : valor;
}

type FilaLista = {
  fila: number;
  numero: number;
  anio: number;
  estado: number;
  fechaEmision: string | null;
  descripcion: string;
  expediente: string | null;
  modifica: { numero: number; anio: number } | null;
};

/** Reads and checks the file; nothing is written. */
async function leer(db: Db, data: Uint8Array): Promise<{ filas: FilaLista[] } | Rechazo> {
  if (data.length === 0) return rechazo('El archivo está vacío: descargá la plantilla, completala y subila de nuevo.');
  if (data.length > LIMITE_CSV_BYTES) return rechazo(MENSAJE_CSV_GRANDE);
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return rechazo(
      'El archivo no está en UTF-8 (quizás en Latin-1 o Windows-1252): en la planilla, guardalo como «CSV UTF-8 (delimitado por comas)» y subilo de nuevo.',
    );
  }
  if (texto.includes('\u0000')) return rechazo('El archivo no es un CSV de texto: descargá la plantilla y guardala como «CSV UTF-8».');
  let registros: string[][];
  try {
    registros = parse(texto, { bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 64 * 1024, trim: false }) as string[][];
  } catch (error) {
    const linea = (error as { lines?: number }).lines;
    return rechazo(
      `No pudimos leer el CSV${linea ? ` cerca de la línea ${linea}` : ''}: revisá que las comillas estén cerradas y que ninguna celda sea enorme, o partí de la plantilla.`,
    );
  }
  const [encabezado, ...cuerpo] = registros;
  if (!encabezado || cuerpo.length === 0)
    return rechazo('El archivo no tiene ordenanzas: la primera fila lleva los nombres de las columnas y cada fila siguiente, una ordenanza.');
  const nombres = encabezado.map((c) => c.trim().toLowerCase());
  const faltan = OBLIGATORIAS.filter((c) => !nombres.includes(c));
  const desconocidas = nombres.filter((c) => !(COLUMNAS as readonly string[]).includes(c));
  if (faltan.length > 0 || desconocidas.length > 0) {
    const partes = [
      faltan.length ? `faltan las columnas ${faltan.join(', ')}` : '',
      desconocidas.length ? `sobran columnas que no conocemos (${desconocidas.map((c) => c.slice(0, 30)).join(', ')})` : '',
    ].filter(Boolean);
    return rechazo(`La primera fila debe nombrar las columnas ${COLUMNAS.join(', ')}: ${partes.join(' y ')}.`);
  }
  if (cuerpo.length > LIMITE_FILAS) return rechazo(`El archivo tiene ${formatNumber(cuerpo.length)} filas: importá hasta 5.000 por vez.`);

  const errores: ErrorDeFila[] = [];
  const filas: FilaLista[] = [];
  const enArchivo = new Map<string, number>();
  cuerpo.forEach((registro, i) => {
    const fila = i + 2; // As a spreadsheet numbers it: the header is row 1.
    const propios: ErrorDeFila[] = [];
    if (registro.length !== encabezado.length) {
      propios.push({
        fila,
        campo: 'Fila',
        mensaje: `La fila tiene ${registro.length} celdas y el encabezado ${encabezado.length}: revisá las comas y las comillas.`,
      });
    }
    const valores: Record<string, string> = Object.create(null);
    nombres.forEach((nombre, j) => {
      const celda = registro[j] ?? '';
      const campo = CAMPO_DE[nombre as Columna];
      if (celda.length > LARGO_CELDA) {
        propios.push({
          fila,
          campo: ETIQUETAS_ORDENANZA[campo],
          mensaje: `La celda tiene ${formatNumber(celda.length)} caracteres: es demasiado larga.`,
        });
        return;
      }
      if ((campo === 'descripcion' || campo === 'expediente') && FORMULA.test(celda.trim())) {
        propios.push({
          fila,
          campo: ETIQUETAS_ORDENANZA[campo],
          mensaje: 'La celda empieza con =, +, -, @ o un tabulador, y una planilla la leería como fórmula: quitá ese signo.',
        });
        return;
      }
      valores[campo] = campo === 'estado' ? codigoEstado(celda) : celda;
    });
    if (propios.length === 0) {
      const leido = readForm(ordenanzaSchema, valores);
      if (!leido.ok) {
        for (const [campo, mensaje] of Object.entries(leido.errores))
          propios.push({ fila, campo: ETIQUETAS_ORDENANZA[campo as CampoOrdenanza], mensaje: mensaje! });
        // Its number and year, if they are right, still count: another row may modify it, and that row is not wrong.
        const clave = `${Number(valores.numero)}/${Number(valores.anio)}`;
        if (!leido.errores.numero && !leido.errores.anio && !enArchivo.has(clave)) enArchivo.set(clave, fila);
      } else {
        const d = leido.datos;
        const clave = `${d.numero}/${d.anio}`;
        const anterior = enArchivo.get(clave);
        if (anterior !== undefined)
          propios.push({ fila, campo: ETIQUETAS_ORDENANZA.numero, mensaje: `La ordenanza ${clave} ya está en la fila ${anterior} del archivo.` });
        else enArchivo.set(clave, fila);
        if (d.modifica && d.modifica.numero === d.numero && d.modifica.anio === d.anio)
          propios.push({ fila, campo: ETIQUETAS_ORDENANZA.modifica, mensaje: 'Una ordenanza no puede modificarse a sí misma.' });
        if (propios.length === 0) filas.push({ fila, ...d });
      }
    }
    errores.push(...propios);
  });

  // Against the register: the same number and year already there; the modified ordinance somewhere.
  const existentes = await paresExistentes(db, [...filas, ...filas.flatMap((f) => (f.modifica ? [f.modifica] : []))]);
  for (const f of filas) {
    if (existentes.has(`${f.numero}/${f.anio}`)) errores.push({ fila: f.fila, campo: ETIQUETAS_ORDENANZA.numero, mensaje: repetida(f.numero, f.anio) });
    if (f.modifica) {
      const clave = `${f.modifica.numero}/${f.modifica.anio}`;
      if (!existentes.has(clave) && !enArchivo.has(clave))
        errores.push({ fila: f.fila, campo: ETIQUETAS_ORDENANZA.modifica, mensaje: `La ordenanza ${clave} no está en el registro ni en el archivo.` });
    }
  }
  if (errores.length > 0) {
    errores.sort((a, b) => a.fila - b.fila);
    return { tipo: 'rechazado', errores, filasConError: new Set(errores.map((e) => e.fila)).size, filasLeidas: cuerpo.length };
  }
  return { filas };
}

/**
 * Imports the file whole or not at all (editors and administrators). The rows go in batches in
 * one transaction, then the links to modified ordinances that are in the same file; the audit
 * log records how many, not what.
 */
export async function importarOrdenanzas(db: Db, actor: Actor, data: Uint8Array): Promise<ResultadoImportacion> {
  if (!puede(actor, 'ordenanzas')) return { tipo: 'prohibido', mensaje: 'Sólo un editor o un administrador puede importar ordenanzas.' };
  const leido = await leer(db, data);
  if (!('filas' in leido)) return leido;
  const { filas } = leido;
  try {
    return await db.transaction(async (tx): Promise<ResultadoImportacion> => {
      const ids = await paresExistentes(
        tx,
        filas.flatMap((f) => (f.modifica ? [f.modifica] : [])),
      );
      for (let i = 0; i < filas.length; i += LOTE) {
        const lote = filas.slice(i, i + LOTE);
        const insertadas = await tx
          .insert(ordenanzas)
          .values(
            lote.map((f) => ({
              numero: f.numero,
              anio: f.anio,
              estado: f.estado,
              fechaEmision: f.fechaEmision,
              descripcion: f.descripcion,
              expediente: f.expediente,
              modificatoriaDe: f.modifica ? (ids.get(`${f.modifica.numero}/${f.modifica.anio}`) ?? null) : null,
            })),
          )
          .returning({ id: ordenanzas.id, numero: ordenanzas.numero, anio: ordenanzas.anio });
        for (const o of insertadas) ids.set(`${o.numero}/${o.anio}`, o.id);
      }
      // Links to ordinances of the same file, now that they have ids.
      const enlaces = filas
        .filter((f) => f.modifica)
        .map((f) => [ids.get(`${f.numero}/${f.anio}`)!, ids.get(`${f.modifica!.numero}/${f.modifica!.anio}`)!] as const);
      for (let i = 0; i < enlaces.length; i += LOTE) {
        const valores = sql.join(
          enlaces.slice(i, i + LOTE).map(([id, mod]) => sql`(${id}::int, ${mod}::int)`),
          sql`, `,
        );
        await tx.execute(sql`update ordenanzas set modificatoria_de = v.mod from (values ${valores}) as v(id, mod) where ordenanzas.id = v.id`);
      }
      const rutas = filas.map(rutaOrdenanza);
      await republicarRutas(tx, rutas);
      await registrarAuditoria(tx, { actor, accion: 'ordenanza.importacion', entidad: 'ordenanza', despues: { cantidad: filas.length } });
      return { tipo: 'importado', cantidad: filas.length };
    });
  } catch (error) {
    if (restriccionUnica(error) === undefined) throw error;
    // Someone added one of these numbers while we checked: nothing was imported.
    return rechazo('Mientras revisábamos el archivo alguien cargó una de sus ordenanzas: no importamos nada. Subilo de nuevo para ver cuál.');
  }
}

/** The template: the header and two example rows. */
export function plantillaCsv(): string {
  return stringify(
    [
      [...COLUMNAS],
      ['4310', '2026', '2', '2026-03-15', 'Aprueba el presupuesto participativo 2026', 'Expte. 120/2026', ''],
      ['4311', '2026', 'Clasificando', '', 'Modifica el artículo 3 de la Ordenanza 4310/2026', '', '4310/2026'],
    ],
    { record_delimiter: '\r\n' },
  );
}

/** One export row, in the template's columns (the file can be edited and imported elsewhere). */
export const filaCsv = (o: OrdenanzaAdmin): string =>
  stringify(
    [
      [
        String(o.numero),
        String(o.anio),
        String(o.estado),
        o.fechaEmision ?? '',
        celdaSegura(o.descripcion),
        celdaSegura(o.expediente ?? ''),
        o.modifica ? `${o.modifica.numero}/${o.modifica.anio}` : '',
      ],
    ],
    { record_delimiter: '\r\n' },
  );

export const encabezadoCsv = (): string => stringify([[...COLUMNAS]], { record_delimiter: '\r\n' });

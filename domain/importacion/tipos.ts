import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import {
  areasMunicipales,
  boletinesOficiales,
  contenidosRetirados,
  documentosObservatorio,
  ejecutivo,
  estadosContables,
  galeriaImagenes,
  hcdBloques,
  hcdIntegrantes,
  hcdPresidencia,
  observatorioVial,
  ordenanzas,
  secretarias,
  subsecretarias,
  sueldos,
} from '#db/schema/index.ts';
import { boletinSchema } from '#domain/boletines/admin.ts';
import { TIPOS_IMAGEN } from '#domain/documentos/subidas.ts';
import { PERIODOS_SUELDO, estadoContableSchema, sueldoSchema } from '#domain/finanzas/admin.ts';
import { imagenSchema, readDocumento, presentacionSchema } from '#domain/gobierno/observatorio-admin.ts';
import { esquemaTipo } from '#domain/gobierno/panel.ts';
import { tipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { ordenanzaSchema } from '#domain/ordenanzas/admin-schemas.ts';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { type FormResult, readForm } from '#domain/shared/form.ts';
import type { z } from '#domain/shared/zod.ts';
import type { Carpeta } from './carpeta.ts';
import { type DocImportado, type DocumentosDeTipo, sqlSetval } from './documentos.ts';

/**
 * The kinds of content the previous system answered (docs/sitio-original.md §3), each read from one
 * JSON file of the folder and checked with the schemas the back-office forms use
 * (docs/decisions/033-mudanza.md). Each kind says how an item is found again on a second run: by
 * the old ID (ordinances), by the old document id (bulletins, statements, salaries, the
 * observatory's documents and gallery) or by its name (areas, secretariats, council blocs); the
 * single pages (executive, council presidency, observatory) get a new current row only if they changed.
 */

/** A refused item: which (an id, a name or its position) and why, in Spanish. */
export type Rechazo = { id: string; motivo: string };
export type Conteo = { nuevos: number; actualizados: number; sinCambios: number };

type Entrada = { valor: unknown; db: Db; docs: DocumentosDeTipo; carpeta: Carpeta };
/** What a kind found: its refused items, or the write to run in the kind's transaction. */
type Preparacion = { rechazos: Rechazo[]; escribir(tx: Db): Promise<Conteo> };

export type TipoImportacion = {
  nombre: string;
  /** The JSON file in the folder. */
  archivo: string;
  /** What the previous system called the answer (README, «Mudanza»). */
  forma: 'lista' | 'objeto';
  preparar(entrada: Entrada): Promise<Preparacion>;
};

// ------------------------------------------------------------------ reading the answers

type Objeto = Record<string, unknown>;
const esObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field by its path (`documento.id`). */
function campo(item: unknown, ruta: string): unknown {
  let v: unknown = item;
  for (const parte of ruta.split('.')) v = esObjeto(v) ? v[parte] : undefined;
  return v;
}

/** A text field as the forms receive it: numbers as digits, null or absent as empty. */
function texto(item: unknown, ruta: string): string {
  const v = campo(item, ruta);
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** A positive whole id, given as a number or digits. */
function idDe(item: unknown, ruta: string): number | undefined {
  const v = texto(item, ruta).trim();
  return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

const sinAcentos = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** `mesAsString` as the forms take it (1 to 12): «Marzo», «MARZO», «3» or «03». Anything else stays as it is, for the schema to refuse. */
function mes(item: unknown, ruta: string): string {
  const v = sinAcentos(texto(item, ruta)).replace(/^setiembre$/, 'septiembre');
  const i = MESES.indexOf(v);
  if (i >= 0) return String(i + 1);
  return /^0?\d{1,2}$/.test(v) ? String(Number(v)) : texto(item, ruta);
}

/** A creation date: absent is now (undefined); unreadable is an error message. */
function fecha(item: unknown, ruta: string): Date | undefined | string {
  const v = texto(item, ruta).trim();
  if (v === '') return undefined;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? `${ruta} («${v.slice(0, 40)}») no es una fecha: escribila como AAAA-MM-DD.` : d;
}

/** A form's errors in one line. */
const errores = (leido: Extract<FormResult<z.ZodObject>, { ok: false }>): string =>
  [...Object.values(leido.errores), ...(leido.general ? [leido.general] : [])].join(' ');

function lista(valor: unknown): unknown[] | Rechazo {
  if (Array.isArray(valor)) return valor;
  return { id: '—', motivo: 'el archivo no es una lista (un arreglo JSON [...]): guardá la respuesta completa del sistema anterior.' };
}

const NO_ES_OBJETO: Rechazo = { id: '—', motivo: 'el archivo no es un objeto JSON ({...}): guardá la respuesta completa del sistema anterior.' };

const refusal = (rechazos: Rechazo[]): Preparacion => ({ rechazos, escribir: () => Promise.reject(new Error('un tipo rechazado no se escribe')) });

/** Same value: numbers, text, null and dates compared as values. */
const igual = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? new Date(a as Date).getTime() === new Date(b as Date).getTime() : (a ?? null) === (b ?? null);
const iguales = (fila: Objeto | undefined, valores: Objeto) => fila !== undefined && Object.entries(valores).every(([k, v]) => igual(fila[k], v));

const LOTE = 500;
async function enLotes<T, R>(items: T[], f: (lote: T[]) => Promise<R[]>): Promise<R[]> {
  const salida: R[] = [];
  for (let i = 0; i < items.length; i += LOTE) salida.push(...(await f(items.slice(i, i + LOTE))));
  return salida;
}

/** The reasons an item is refused, in one line (its document's, its fields', its date's). */
const motivos = (...partes: (string | false)[]) => partes.filter(Boolean).join(' ');

/** A document that cannot be used: the item is refused with this reason. */
const docRechazado = (doc: DocImportado | string): doc is string => typeof doc === 'string';

// ------------------------------------------------------------------ kinds keyed by their document

type TablaConDocumento = PgTable & { id: PgColumn; documentoId: PgColumn };
type PorDocumento = { id: string; documentoId: number; doc: DocImportado; valores: Objeto; clave?: string };

/**
 * Rows found again by their document (the previous system's `documento.id`): updated if they
 * changed, inserted if new. `donde` narrows the table (the observatory's two lists share one).
 */
function porDocumento(tabla: TablaConDocumento, filas: PorDocumento[], rechazos: Rechazo[], db: Db, donde?: SQL): Promise<Preparacion> | Preparacion {
  const vistos = new Map<number, string>();
  const claves = new Map<string, string>();
  for (const f of filas) {
    const antes = vistos.get(f.documentoId);
    if (antes !== undefined) rechazos.push({ id: f.id, motivo: `el documento ${f.documentoId} ya está en otro ítem del archivo (${antes}).` });
    vistos.set(f.documentoId, f.id);
    if (f.clave !== undefined) {
      const otro = claves.get(f.clave);
      if (otro !== undefined) rechazos.push({ id: f.id, motivo: `${f.clave} ya está en otro ítem del archivo (${otro}).` });
      claves.set(f.clave, f.id);
    }
  }
  if (rechazos.length > 0) return refusal(rechazos);
  return (async () => {
    const existentes = new Map<number, Objeto>();
    const ids = filas.map((f) => f.documentoId);
    const leidas = await enLotes(ids, (lote) =>
      db
        .select()
        .from(tabla as PgTable)
        .where(and(inArray(tabla.documentoId, lote), donde)),
    );
    for (const fila of leidas as Objeto[]) existentes.set(fila.documentoId as number, fila);
    return {
      rechazos,
      async escribir(tx) {
        const conteo: Conteo = { nuevos: 0, actualizados: 0, sinCambios: 0 };
        for (const f of filas) {
          const antes = existentes.get(f.documentoId);
          const valores = { ...f.valores, documentoId: f.doc.id! };
          if (!antes) {
            await tx.insert(tabla).values(valores as never);
            conteo.nuevos++;
          } else if (iguales(antes, valores)) conteo.sinCambios++;
          else {
            await tx
              .update(tabla)
              .set(valores as never)
              .where(eq(tabla.id, antes.id));
            conteo.actualizados++;
          }
        }
        return conteo;
      },
    };
  })();
}

/** The previous system's document of an item, checked; a reason if it cannot be used. */
async function documentoDe(docs: DocumentosDeTipo, item: unknown, ruta: string, tipos: Parameters<DocumentosDeTipo['porIdViejo']>[1]) {
  const id = idDe(item, ruta);
  if (id === undefined) return { id, doc: `no tiene ${ruta} (el id numérico de su documento).` };
  return { id, doc: await docs.porIdViejo(id, tipos) };
}

/** Official bulletins: `documento.id`, `numeroBoletinOficial`, `mesAsString`, `anioDocumentoAsString`, `usuarioCreacion`, `fechaCreacion`. */
const boletines: TipoImportacion = {
  nombre: 'boletines-oficiales',
  archivo: 'boletines-oficiales.json',
  forma: 'lista',
  async preparar({ valor, db, docs }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    const filas: PorDocumento[] = [];
    for (const [i, item] of items.entries()) {
      const { id: documentoId, doc } = await documentoDe(docs, item, 'documento.id', ['pdf']);
      const id = documentoId === undefined ? `posición ${i + 1}` : `documento ${documentoId}`;
      const leido = readForm(boletinSchema, {
        numero: texto(item, 'numeroBoletinOficial'),
        mes: mes(item, 'mesAsString'),
        anio: texto(item, 'anioDocumentoAsString'),
      });
      const creado = fecha(item, 'fechaCreacion');
      if (!leido.ok || docRechazado(doc) || typeof creado === 'string') {
        rechazos.push({ id, motivo: motivos(docRechazado(doc) && doc, !leido.ok && errores(leido), typeof creado === 'string' && creado) });
        continue;
      }
      const { numero, mes: m, anio } = leido.datos;
      filas.push({
        id,
        documentoId: documentoId!,
        doc,
        clave: `el boletín N° ${numero} de ${anio}`,
        valores: {
          numeroBoletinOficial: numero,
          mes: m,
          anio,
          usuarioCreacion: texto(item, 'usuarioCreacion').trim() || 'Sistema anterior',
          ...(creado ? { fechaCreacion: creado } : {}),
        },
      });
    }
    // The same number and year with another document: the site keeps one bulletin per number in a year.
    for (const f of filas) {
      const [otro] = await db
        .select({ documentoId: boletinesOficiales.documentoId })
        .from(boletinesOficiales)
        .where(
          and(eq(boletinesOficiales.numeroBoletinOficial, f.valores.numeroBoletinOficial as number), eq(boletinesOficiales.anio, f.valores.anio as number)),
        );
      if (otro && otro.documentoId !== f.documentoId)
        rechazos.push({ id: f.id, motivo: `el sitio ya tiene ${f.clave} con otro documento (${otro.documentoId}).` });
    }
    return porDocumento(boletinesOficiales, filas, rechazos, db);
  },
};

/** Accounting statements: `tipoEstadoContable` (RECURSOS or GASTOS), `documento.id`, `mesAsString`, `anioDocumentoAsString`… */
const estados: TipoImportacion = {
  nombre: 'estados-contables',
  archivo: 'estados-contables.json',
  forma: 'lista',
  async preparar({ valor, db, docs }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    const filas: PorDocumento[] = [];
    for (const [i, item] of items.entries()) {
      const { id: documentoId, doc } = await documentoDe(docs, item, 'documento.id', ['pdf']);
      const id = documentoId === undefined ? `posición ${i + 1}` : `documento ${documentoId}`;
      const leido = readForm(estadoContableSchema, {
        tipo: texto(item, 'tipoEstadoContable').trim().toUpperCase(),
        mes: mes(item, 'mesAsString'),
        anio: texto(item, 'anioDocumentoAsString'),
      });
      const creado = fecha(item, 'fechaCreacion');
      if (!leido.ok || docRechazado(doc) || typeof creado === 'string') {
        rechazos.push({
          id,
          motivo: motivos(docRechazado(doc) && doc, !leido.ok && errores(leido), typeof creado === 'string' && creado),
        });
        continue;
      }
      filas.push({
        id,
        documentoId: documentoId!,
        doc,
        valores: {
          tipoEstadoContable: leido.datos.tipo,
          mes: leido.datos.mes,
          anio: leido.datos.anio,
          usuarioCreacion: texto(item, 'usuarioCreacion').trim() || 'Sistema anterior',
          ...(creado ? { fechaCreacion: creado } : {}),
        },
      });
    }
    return porDocumento(estadosContables, filas, rechazos, db);
  },
};

const ORDEN_PERIODO = new Map(PERIODOS_SUELDO.map(([p, orden]) => [sinAcentos(p), [p, orden] as const]));

/** Salary reports: `documento.id`, `periodoSueldoAsString` (a month or «Aguinaldo 1er semestre»), `anioDocumentoAsString`. */
const sueldosTipo: TipoImportacion = {
  nombre: 'sueldos',
  archivo: 'sueldos.json',
  forma: 'lista',
  async preparar({ valor, db, docs }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    const filas: PorDocumento[] = [];
    for (const [i, item] of items.entries()) {
      const { id: documentoId, doc } = await documentoDe(docs, item, 'documento.id', ['pdf']);
      const id = documentoId === undefined ? `posición ${i + 1}` : `documento ${documentoId}`;
      const periodo = ORDEN_PERIODO.get(sinAcentos(texto(item, 'periodoSueldoAsString')).replace(/\s+/g, ' '));
      const leido = readForm(sueldoSchema, { periodo: periodo?.[0] ?? texto(item, 'periodoSueldoAsString'), anio: texto(item, 'anioDocumentoAsString') });
      if (!leido.ok || docRechazado(doc)) {
        rechazos.push({ id, motivo: motivos(docRechazado(doc) && doc, !leido.ok && errores(leido)) });
        continue;
      }
      filas.push({ id, documentoId: documentoId!, doc, valores: { periodo: leido.datos.periodo, orden: periodo![1], anio: leido.datos.anio } });
    }
    return porDocumento(sueldos, filas, rechazos, db);
  },
};

/** The observatory's two lists: the Terminal's monthly movement and the yearly statistical (OSSIVI) reports. */
function documentosDelObservatorio(tipo: 'MOVIMIENTO_TERMINAL' | 'INFORME_ESTADISTICO', nombre: string): TipoImportacion {
  return {
    nombre,
    archivo: `${nombre}.json`,
    forma: 'lista',
    async preparar({ valor, db, docs }) {
      const items = lista(valor);
      if (!Array.isArray(items)) return refusal([items]);
      const rechazos: Rechazo[] = [];
      const filas: PorDocumento[] = [];
      for (const [i, item] of items.entries()) {
        const { id: documentoId, doc } = await documentoDe(docs, item, 'documento.id', ['pdf']);
        const id = documentoId === undefined ? `posición ${i + 1}` : `documento ${documentoId}`;
        const leido = readDocumento({ tipo, mes: mes(item, 'mesAsString'), anio: texto(item, 'anioDocumentoAsString') });
        if (!leido.ok || docRechazado(doc)) {
          rechazos.push({
            id,
            motivo: motivos(docRechazado(doc) && doc, !leido.ok && Object.values(leido.errores).join(' ')),
          });
          continue;
        }
        filas.push({ id, documentoId: documentoId!, doc, valores: { tipo, mes: leido.datos.mes, anio: leido.datos.anio } });
      }
      return porDocumento(documentosObservatorio, filas, rechazos, db, eq(documentosObservatorio.tipo, tipo));
    },
  };
}

/** The gallery named in the observatory's answer: items with `imagen.id` (and a title or description if the answer has them). */
const galeria: TipoImportacion = {
  nombre: 'galeria',
  archivo: 'galeria.json',
  forma: 'lista',
  async preparar({ valor, db, docs, carpeta }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const observatorio = await carpeta.readJson(observatorio_.archivo);
    let nombre = observatorio?.ok ? texto(observatorio.valor, 'galeria.nombre').trim() : '';
    if (nombre === '') {
      const [actual] = await db.select({ galeria: observatorioVial.galeriaNombre }).from(observatorioVial).orderBy(desc(observatorioVial.id)).limit(1);
      nombre = actual?.galeria ?? '';
    }
    if (nombre === '') return refusal([{ id: '—', motivo: 'no sabemos el nombre de la galería: falta observatorio.json con galeria.nombre.' }]);
    const rechazos: Rechazo[] = [];
    const filas: PorDocumento[] = [];
    for (const [i, item] of items.entries()) {
      const { id: documentoId, doc } = await documentoDe(docs, item, 'imagen.id', TIPOS_IMAGEN);
      const id = documentoId === undefined ? `posición ${i + 1}` : `imagen ${documentoId}`;
      const titulo = (texto(item, 'titulo') || texto(item, 'title') || texto(item, 'nombre')).trim() || `Imagen ${i + 1} de ${nombre}`;
      const descripcion = (texto(item, 'descripcion') || texto(item, 'description')).trim();
      const leido = readForm(imagenSchema, { titulo, descripcion, alt: (texto(item, 'alt') || descripcion || titulo).trim() });
      if (!leido.ok || docRechazado(doc)) {
        rechazos.push({ id, motivo: motivos(docRechazado(doc) && doc, !leido.ok && errores(leido)) });
        continue;
      }
      filas.push({ id, documentoId: documentoId!, doc, valores: { galeria: nombre, ...leido.datos, orden: i } });
    }
    return porDocumento(galeriaImagenes, filas, rechazos, db, eq(galeriaImagenes.galeria, nombre));
  },
};

// ------------------------------------------------------------------ ordinances

/** Ordinances: `ID`, `Numero`, `Anio`, `Estado`, `FechaEmision`, `Descripcion`, `Expediente`, `ModificatoriaDe` (another ordinance's ID); files in `ordenanzas/`. */
const ordenanzasTipo: TipoImportacion = {
  nombre: 'ordenanzas',
  archivo: 'ordenanzas.json',
  forma: 'lista',
  async preparar({ valor, db, docs }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    type Plan = {
      id: number;
      valores: { numero: number; anio: number; estado: number; fechaEmision: string | null; descripcion: string; expediente: string | null };
      modifica: number | null;
      doc?: DocImportado;
    };
    const planes: Plan[] = [];
    const ids = new Set<number>();
    const pares = new Map<string, number>();
    for (const [i, item] of items.entries()) {
      const id = idDe(item, 'ID');
      if (id === undefined) {
        rechazos.push({ id: `posición ${i + 1}`, motivo: 'no tiene ID (el número con que el sistema anterior la identifica).' });
        continue;
      }
      if (ids.has(id)) {
        rechazos.push({ id: `ID ${id}`, motivo: `el ID ${id} ya está en otra ordenanza del archivo.` });
        continue;
      }
      ids.add(id);
      const leido = readForm(ordenanzaSchema, {
        numero: texto(item, 'Numero'),
        anio: texto(item, 'Anio'),
        estado: texto(item, 'Estado'),
        fechaEmision: texto(item, 'FechaEmision').trim().slice(0, 10),
        descripcion: texto(item, 'Descripcion'),
        expediente: texto(item, 'Expediente'),
      });
      if (!leido.ok) {
        rechazos.push({ id: `ID ${id}`, motivo: errores(leido) });
        continue;
      }
      const d = leido.datos;
      const par = `${d.numero}/${d.anio}`;
      const otro = pares.get(par);
      if (otro !== undefined) {
        rechazos.push({ id: `ID ${id}`, motivo: `la ordenanza ${par} ya está en el archivo con el ID ${otro}.` });
        continue;
      }
      pares.set(par, id);
      const modificaTexto = texto(item, 'ModificatoriaDe').trim();
      const modifica = idDe(item, 'ModificatoriaDe') ?? null;
      if (modificaTexto !== '' && modificaTexto !== '0' && modifica === null) {
        rechazos.push({ id: `ID ${id}`, motivo: `ModificatoriaDe («${modificaTexto.slice(0, 20)}») no es el ID de una ordenanza.` });
        continue;
      }
      if (modifica === id) {
        rechazos.push({ id: `ID ${id}`, motivo: 'una ordenanza no puede modificarse a sí misma.' });
        continue;
      }
      planes.push({
        id,
        modifica,
        valores: { numero: d.numero, anio: d.anio, estado: d.estado, fechaEmision: d.fechaEmision, descripcion: d.descripcion, expediente: d.expediente },
      });
    }
    // Against the site: an ID used by another ordinance, a number and year under another ID, a modified one nowhere.
    const existentes = new Map<number, Objeto>();
    for (const fila of await enLotes([...ids], (lote) => db.select().from(ordenanzas).where(inArray(ordenanzas.id, lote)))) existentes.set(fila.id, fila);
    const modificadas = [...new Set(planes.flatMap((p) => (p.modifica !== null && !ids.has(p.modifica) ? [p.modifica] : [])))];
    const enSitio = new Set(
      (await enLotes(modificadas, (lote) => db.select({ id: ordenanzas.id }).from(ordenanzas).where(inArray(ordenanzas.id, lote)))).map((f) => f.id),
    );
    const conPar = await enLotes(planes, (lote) =>
      db
        .select({ id: ordenanzas.id, numero: ordenanzas.numero, anio: ordenanzas.anio })
        .from(ordenanzas)
        .where(
          sql`(${ordenanzas.numero}, ${ordenanzas.anio}) in (${sql.join(
            lote.map((p) => sql`(${p.valores.numero}::int, ${p.valores.anio}::smallint)`),
            sql`, `,
          )})`,
        ),
    );
    const idDePar = new Map(conPar.map((f) => [`${f.numero}/${f.anio}`, f.id]));
    const validos: Plan[] = [];
    for (const p of planes) {
      const par = `${p.valores.numero}/${p.valores.anio}`;
      const antes = existentes.get(p.id);
      const motivos: string[] = [];
      if (antes && `${antes.numero as number}/${antes.anio as number}` !== par)
        motivos.push(`el sitio ya usa el ID ${p.id} para la ordenanza ${antes.numero as number}/${antes.anio as number}.`);
      const otroId = idDePar.get(par);
      if (otroId !== undefined && otroId !== p.id) motivos.push(`el sitio ya tiene la ordenanza ${par} con otro ID (${otroId}).`);
      if (p.modifica !== null && !ids.has(p.modifica) && !enSitio.has(p.modifica))
        motivos.push(`modifica la ordenanza con ID ${p.modifica}, que no está en el archivo ni en el sitio.`);
      if (motivos.length === 0) {
        const doc = await docs.deOrdenanza(p.id, (antes?.documentoId as number | null | undefined) ?? null);
        if (typeof doc === 'string') motivos.push(doc);
        else if (doc) p.doc = doc;
      }
      if (motivos.length > 0) rechazos.push({ id: `ID ${p.id}`, motivo: motivos.join(' ') });
      else validos.push(p);
    }
    // A modified ordinance that was refused takes the ones that modify it along: the kind is refused anyway.
    if (rechazos.length > 0) return refusal(rechazos);
    return {
      rechazos,
      async escribir(tx) {
        const conteo: Conteo = { nuevos: 0, actualizados: 0, sinCambios: 0 };
        const filas = validos.map((p) => {
          const antes = existentes.get(p.id);
          const valores = {
            ...p.valores,
            modificatoriaDe: p.modifica,
            documentoId: p.doc ? p.doc.id! : ((antes?.documentoId as number | null | undefined) ?? null),
            textoDocumento: p.doc ? p.doc.texto : ((antes?.textoDocumento as string | undefined) ?? ''),
          };
          const cambio: Cambio = !antes ? 'nuevo' : iguales(antes, valores) ? 'igual' : 'actualizado';
          contar(conteo, cambio);
          return { id: p.id, ...valores, cambio };
        });
        const cambiadas = filas.filter((f) => f.cambio !== 'igual');
        // Links to ordinances of the same file go in once every row exists.
        await enLotes(cambiadas, async (lote) =>
          tx
            .insert(ordenanzas)
            .values(lote.map(({ cambio: _cambio, ...f }) => ({ ...f, modificatoriaDe: null })))
            .onConflictDoUpdate({
              target: ordenanzas.id,
              set: {
                numero: sql`excluded.numero`,
                anio: sql`excluded.anio`,
                estado: sql`excluded.estado`,
                fechaEmision: sql`excluded.fecha_emision`,
                descripcion: sql`excluded.descripcion`,
                expediente: sql`excluded.expediente`,
                documentoId: sql`excluded.documento_id`,
                textoDocumento: sql`excluded.texto_documento`,
                modificatoriaDe: null,
                updatedAt: sql`now()`,
              },
            })
            .returning({ id: ordenanzas.id }),
        );
        const enlaces = cambiadas.filter((f) => f.modificatoriaDe !== null);
        await enLotes(enlaces, async (lote) => {
          const valores = sql.join(
            lote.map((f) => sql`(${f.id}::int, ${f.modificatoriaDe}::int)`),
            sql`, `,
          );
          await tx.execute(sql`update ordenanzas set modificatoria_de = v.mod from (values ${valores}) as v(id, mod) where ordenanzas.id = v.id`);
          return [];
        });
        // An ordinance withdrawn before and brought again is public again, as the CSV import does.
        const rutas = cambiadas.map((f) => rutaOrdenanza(f));
        await enLotes(rutas, (lote) =>
          tx.delete(contenidosRetirados).where(inArray(contenidosRetirados.ruta, lote)).returning({ ruta: contenidosRetirados.ruta }),
        );
        await tx.execute(sqlSetval('ordenanzas', 1));
        return conteo;
      },
    };
  },
};

// ------------------------------------------------------------------ government pages

const validarPanel = (tipo: string, valores: Objeto) => readForm(esquemaTipo(tipoPanel(tipo)!), valores);
const textos = (item: unknown, campos: readonly string[], prefijo = ''): Objeto =>
  Object.fromEntries(campos.map((c) => [c, texto(item, `${prefijo}${c}`).trim()]));

/** One page's current row (the newest): a new one only if it changed. */
async function unico(tx: Db, tabla: PgTable & { id: PgColumn }, valores: Objeto): Promise<Conteo> {
  const [actual] = (await tx
    .select()
    .from(tabla as PgTable)
    .orderBy(desc(tabla.id))
    .limit(1)) as Objeto[];
  if (iguales(actual, valores)) return { nuevos: 0, actualizados: 0, sinCambios: 1 };
  await tx.insert(tabla).values(valores as never);
  return actual ? { nuevos: 0, actualizados: 1, sinCambios: 0 } : { nuevos: 1, actualizados: 0, sinCambios: 0 };
}

type Cambio = 'nuevo' | 'actualizado' | 'igual';
function contar(conteo: Conteo, cambio: Cambio): void {
  if (cambio === 'nuevo') conteo.nuevos++;
  else if (cambio === 'actualizado') conteo.actualizados++;
  else conteo.sinCambios++;
}

/** Finds a row by its name (`clave`, in `columna`), updates or inserts it; answers its id and what changed. */
async function porNombre(
  tx: Db,
  tabla: PgTable & { id: PgColumn },
  columna: PgColumn,
  clave: string,
  valores: Objeto,
): Promise<{ id: number; cambio: Cambio }> {
  const [antes] = (await tx
    .select()
    .from(tabla as PgTable)
    .where(eq(columna, valores[clave]))
    .orderBy(tabla.id)
    .limit(1)) as Objeto[];
  if (!antes) {
    const [nueva] = (await tx
      .insert(tabla)
      .values(valores as never)
      .returning({ id: tabla.id })) as { id: number }[];
    return { id: nueva!.id, cambio: 'nuevo' };
  }
  if (iguales(antes, valores)) return { id: antes.id as number, cambio: 'igual' };
  await tx
    .update(tabla)
    .set(valores as never)
    .where(eq(tabla.id, antes.id));
  return { id: antes.id as number, cambio: 'actualizado' };
}

/** A row with children (subsecretariats, councillors): the row by its name, then its children become the file's. */
async function conHijos(
  tx: Db,
  padre: { tabla: PgTable & { id: PgColumn }; columna: PgColumn; clave: string; valores: Objeto },
  hijos: { tabla: PgTable & { id: PgColumn }; columna: PgColumn; clave: string; filas: Objeto[] },
  conteo: Conteo,
): Promise<void> {
  const { id, cambio } = await porNombre(tx, padre.tabla, padre.columna, padre.clave, padre.valores);
  const donde = eq(hijos.columna, id);
  const nuevos = hijos.filas.map((f) => ({ ...f, [hijos.clave]: id }));
  const actuales = (await tx
    .select()
    .from(hijos.tabla as PgTable)
    .where(donde)
    .orderBy(hijos.tabla.id)) as Objeto[];
  if (actuales.length === nuevos.length && nuevos.every((n, i) => iguales(actuales[i], n))) return contar(conteo, cambio);
  await tx.delete(hijos.tabla).where(donde);
  if (nuevos.length > 0) await tx.insert(hijos.tabla).values(nuevos as never);
  contar(conteo, cambio === 'igual' ? 'actualizado' : cambio);
}

/** Names repeated in a list: each after the first is refused. */
function repetidos(nombres: { id: string; nombre: string }[], rechazos: Rechazo[]): void {
  const vistos = new Set<string>();
  for (const n of nombres) {
    if (vistos.has(n.nombre)) rechazos.push({ id: n.id, motivo: `«${n.nombre}» ya está en otro ítem del archivo.` });
    vistos.add(n.nombre);
  }
}

/** Municipal areas: `nombre`, `domicilio`, `telefono`, `email`, found again by name. */
const areas: TipoImportacion = {
  nombre: 'areas',
  archivo: 'areas.json',
  forma: 'lista',
  async preparar({ valor }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    const filas: Objeto[] = [];
    for (const [i, item] of items.entries()) {
      const leido = validarPanel('areas', textos(item, ['nombre', 'domicilio', 'telefono', 'email']));
      const id = texto(item, 'nombre').trim() || `posición ${i + 1}`;
      if (!leido.ok) rechazos.push({ id, motivo: errores(leido) });
      else filas.push({ ...leido.datos, orden: i });
    }
    repetidos(
      filas.map((f) => ({ id: f.nombre as string, nombre: f.nombre as string })),
      rechazos,
    );
    if (rechazos.length > 0) return refusal(rechazos);
    return {
      rechazos,
      async escribir(tx) {
        const conteo: Conteo = { nuevos: 0, actualizados: 0, sinCambios: 0 };
        for (const f of filas) contar(conteo, (await porNombre(tx, areasMunicipales, areasMunicipales.nombre, 'nombre', f)).cambio);
        return conteo;
      },
    };
  },
};

const CAMPOS_EJECUTIVO = ['intendenteNombre', 'intendenteEmail', 'intendenteTelefono', 'viceIntendenteNombre', 'viceIntendenteEmail', 'viceIntendenteTelefono'];

/** The executive: one object, `intendenteNombre`… `viceIntendenteTelefono`. */
const ejecutivoTipo: TipoImportacion = {
  nombre: 'ejecutivo',
  archivo: 'ejecutivo.json',
  forma: 'objeto',
  preparar({ valor }) {
    const item = valor;
    if (!esObjeto(item)) return Promise.resolve(refusal([NO_ES_OBJETO]));
    const leido = validarPanel('ejecutivo', textos(item, CAMPOS_EJECUTIVO));
    if (!leido.ok) return Promise.resolve(refusal([{ id: 'ejecutivo', motivo: errores(leido) }]));
    return Promise.resolve({ rechazos: [], escribir: (tx: Db) => unico(tx, ejecutivo, leido.datos) });
  },
};

const CAMPOS_SECRETARIA = ['nombre', 'secretarioNombre', 'secretarioEmail', 'secretarioTelefono'];
const CAMPOS_SUBSECRETARIA = ['nombre', 'subSecretarioNombre', 'subSecretarioEmail', 'subSecretarioTelefono'];

/** Secretariats: `secretaria{…}` and `subSecretariaList[…]`, found again by name; their subsecretariats replaced by the file's. */
const secretariasTipo: TipoImportacion = {
  nombre: 'secretarias',
  archivo: 'secretarias.json',
  forma: 'lista',
  async preparar({ valor }) {
    const items = lista(valor);
    if (!Array.isArray(items)) return refusal([items]);
    const rechazos: Rechazo[] = [];
    const filas: { secretaria: Objeto; subs: Objeto[] }[] = [];
    for (const [i, item] of items.entries()) {
      const id = texto(item, 'secretaria.nombre').trim() || `posición ${i + 1}`;
      const leido = validarPanel('secretarias', textos(item, CAMPOS_SECRETARIA, 'secretaria.'));
      const motivos = leido.ok ? [] : [errores(leido)];
      const lista_ = campo(item, 'subSecretariaList') ?? [];
      const subs: Objeto[] = [];
      if (!Array.isArray(lista_)) motivos.push('subSecretariaList no es una lista.');
      else
        for (const [j, sub] of lista_.entries()) {
          const s = validarPanel('subsecretarias', { secretariaId: '1', ...textos(sub, CAMPOS_SUBSECRETARIA) });
          if (!s.ok) motivos.push(`Subsecretaría ${j + 1}: ${errores(s)}`);
          else subs.push({ ...s.datos, orden: j });
        }
      if (motivos.length > 0 || !leido.ok) rechazos.push({ id, motivo: motivos.join(' ') });
      else filas.push({ secretaria: { ...leido.datos, orden: i }, subs });
    }
    repetidos(
      filas.map((f) => ({ id: f.secretaria.nombre as string, nombre: f.secretaria.nombre as string })),
      rechazos,
    );
    if (rechazos.length > 0) return refusal(rechazos);
    return {
      rechazos,
      async escribir(tx) {
        const conteo: Conteo = { nuevos: 0, actualizados: 0, sinCambios: 0 };
        for (const f of filas)
          await conHijos(
            tx,
            { tabla: secretarias, columna: secretarias.nombre, clave: 'nombre', valores: f.secretaria },
            { tabla: subsecretarias, columna: subsecretarias.secretariaId, clave: 'secretariaId', filas: f.subs },
            conteo,
          );
        return conteo;
      },
    };
  },
};

const CAMPOS_PRESIDENCIA = ['nombrePresidente', 'nombreVicepresidente', 'nombreSecretaria', 'nombreProsecretaria', 'nombreSecretariaDigesto', 'telefono'];

/** The council: `presidencia{…}` and `bloqueList[{bloque{nombreBloque, nombreSecetaria}, concejalesList, asesoresList}]`. */
const concejo: TipoImportacion = {
  nombre: 'concejo',
  archivo: 'concejo.json',
  forma: 'objeto',
  preparar({ valor }) {
    const item = valor;
    if (!esObjeto(item)) return Promise.resolve(refusal([NO_ES_OBJETO]));
    const rechazos: Rechazo[] = [];
    const presidencia = validarPanel('presidencia', textos(item, CAMPOS_PRESIDENCIA, 'presidencia.'));
    if (!presidencia.ok) rechazos.push({ id: 'presidencia', motivo: errores(presidencia) });
    const bloqueList = campo(item, 'bloqueList') ?? [];
    const bloques: { bloque: Objeto; integrantes: Objeto[] }[] = [];
    if (!Array.isArray(bloqueList)) rechazos.push({ id: 'bloqueList', motivo: 'bloqueList no es una lista.' });
    else
      for (const [i, b] of bloqueList.entries()) {
        const id = texto(b, 'bloque.nombreBloque').trim() || `bloque ${i + 1}`;
        const leido = validarPanel('bloques', {
          nombreBloque: texto(b, 'bloque.nombreBloque').trim(),
          nombreSecretaria: texto(b, 'bloque.nombreSecetaria').trim(),
        });
        const motivos = leido.ok ? [] : [errores(leido)];
        const integrantes: Objeto[] = [];
        for (const [rol, ruta] of [
          ['concejal', 'concejalesList'],
          ['asesor', 'asesoresList'],
        ] as const) {
          const personas = campo(b, ruta) ?? [];
          if (!Array.isArray(personas)) {
            motivos.push(`${ruta} no es una lista.`);
            continue;
          }
          for (const [j, p] of personas.entries()) {
            const s = validarPanel('integrantes', { bloqueId: '1', rol, nombre: texto(p, 'nombre').trim() });
            if (!s.ok) motivos.push(`${ruta} ${j + 1}: ${errores(s)}`);
            else integrantes.push({ rol, nombre: s.datos.nombre, orden: j });
          }
        }
        if (motivos.length > 0 || !leido.ok) rechazos.push({ id, motivo: motivos.join(' ') });
        else bloques.push({ bloque: { ...leido.datos, orden: i }, integrantes });
      }
    repetidos(
      bloques.map((b) => ({ id: b.bloque.nombreBloque as string, nombre: b.bloque.nombreBloque as string })),
      rechazos,
    );
    if (rechazos.length > 0 || !presidencia.ok) return Promise.resolve(refusal(rechazos));
    return Promise.resolve({
      rechazos,
      async escribir(tx: Db) {
        const conteo = await unico(tx, hcdPresidencia, presidencia.datos);
        for (const b of bloques)
          await conHijos(
            tx,
            { tabla: hcdBloques, columna: hcdBloques.nombreBloque, clave: 'nombreBloque', valores: b.bloque },
            { tabla: hcdIntegrantes, columna: hcdIntegrantes.bloqueId, clave: 'bloqueId', filas: b.integrantes },
            conteo,
          );
        return conteo;
      },
    });
  },
};

/** The road observatory: `texto` (HTML, sanitised), `logo.id` (an image) and `galeria.nombre`. */
const observatorio_: TipoImportacion = {
  nombre: 'observatorio',
  archivo: 'observatorio.json',
  forma: 'objeto',
  async preparar({ valor, docs }) {
    const item = valor;
    if (!esObjeto(item)) return refusal([NO_ES_OBJETO]);
    const motivos: string[] = [];
    const leido = readForm(presentacionSchema, { texto: texto(item, 'texto') });
    if (!leido.ok) motivos.push(errores(leido));
    const galeriaNombre = texto(item, 'galeria.nombre').trim();
    if (galeriaNombre === '') motivos.push('falta galeria.nombre, el nombre de la galería de imágenes.');
    let logo: DocImportado | undefined;
    if (idDe(item, 'logo.id') !== undefined) {
      const doc = await docs.porIdViejo(idDe(item, 'logo.id')!, TIPOS_IMAGEN);
      if (docRechazado(doc)) motivos.push(doc);
      else logo = doc;
    }
    if (motivos.length > 0 || !leido.ok) return refusal([{ id: 'observatorio', motivo: motivos.join(' ') }]);
    return { rechazos: [], escribir: (tx: Db) => unico(tx, observatorioVial, { texto: leido.datos.texto, galeriaNombre, logoId: logo?.id ?? null }) };
  },
};

/**
 * Every kind, in the order they go in: the observatory before its gallery (the gallery's name is
 * the observatory's). A file that is not in the folder is skipped.
 */
export const TIPOS: readonly TipoImportacion[] = [
  ordenanzasTipo,
  boletines,
  areas,
  ejecutivoTipo,
  secretariasTipo,
  concejo,
  observatorio_,
  galeria,
  documentosDelObservatorio('MOVIMIENTO_TERMINAL', 'movimiento-terminal'),
  documentosDelObservatorio('INFORME_ESTADISTICO', 'informes-estadisticos'),
  estados,
  sueldosTipo,
];

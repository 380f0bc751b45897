import { createHash } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales, busquedaSitio, busquedaSitioEstado, documentos, versionContenido } from '#db/schema/index.ts';
import { CONJUNTOS } from '#domain/datos/catalogo.ts';
import { getConcejo, getEjecutivo, listAreas, listSecretarias } from '#domain/gobierno/queries.ts';
import { monthName } from '#domain/shared/meses.ts';
import { PAGINAS_DEL_SITIO } from './paginas.ts';
import type { TipoResultado } from './tipos.ts';

/**
 * The index's own version: raise it when what `entradas` copies changes, so every database
 * rebuilds it once after the deploy (it is rebuilt whenever 'contenido:indice' differs).
 */
const VERSION_INDICE = 1;

type Entrada = {
  tipo: TipoResultado;
  titulo: string;
  resumen: string;
  texto: string;
  enlace: string;
  orden: number;
  /** A bulletin's PDF text is not read to compare: its md5, and the document to read it from when the row is written. */
  documento?: { id: number; md5: string };
};

const unidos = (partes: (string | false | null | undefined)[]) => partes.filter((p): p is string => !!p && p.trim() !== '').join(' · ');
const contacto = (telefono: string, email: string) => unidos([telefono && `Teléfono: ${telefono}`, email && `Correo: ${email}`]);
const urlDocumento = (id: number) => `/api/v1/documentos/${id}`;

/**
 * Everything the site search finds besides ordinances, read through each owner's functions (the
 * Gobierno pages, the open-data catalogue) or its declared tables (the bulletins and their PDF's
 * text, module.json "reads").
 */
async function entradas(db: Db): Promise<Entrada[]> {
  const [areas, ejecutivo, secretarias, concejo, boletines, decretos] = await Promise.all([
    listAreas(db),
    getEjecutivo(db),
    listSecretarias(db),
    getConcejo(db),
    db
      .select({
        numero: boletinesOficiales.numeroBoletinOficial,
        mes: boletinesOficiales.mes,
        anio: boletinesOficiales.anio,
        documentoId: boletinesOficiales.documentoId,
        md5: sql<string>`md5(${documentos.texto})`,
      })
      .from(boletinesOficiales)
      .innerJoin(documentos, eq(documentos.id, boletinesOficiales.documentoId))
      .orderBy(desc(boletinesOficiales.id)),
    db
      .select({
        numero: boletinesDecretos.numero,
        anio: boletinesDecretos.anio,
        descripcion: boletinesDecretos.descripcion,
        area: boletinesDecretos.area,
        boletin: boletinesOficiales.numeroBoletinOficial,
        mes: boletinesOficiales.mes,
        anioBoletin: boletinesOficiales.anio,
        documentoId: boletinesOficiales.documentoId,
      })
      .from(boletinesDecretos)
      .innerJoin(boletinesOficiales, eq(boletinesOficiales.id, boletinesDecretos.boletinId))
      .orderBy(desc(boletinesDecretos.id)),
  ]);
  const filas: Entrada[] = [];
  for (const a of areas) {
    filas.push({
      tipo: 'area',
      titulo: a.nombre,
      resumen: unidos([a.telefono && `Teléfono: ${a.telefono}`, a.domicilio, a.email && `Correo: ${a.email}`]),
      texto: '',
      enlace: '/areas',
      orden: 0,
    });
  }
  if (ejecutivo) {
    filas.push({
      tipo: 'ejecutivo',
      titulo: `Intendente: ${ejecutivo.intendenteNombre}`,
      resumen: contacto(ejecutivo.intendenteTelefono, ejecutivo.intendenteEmail),
      texto: 'intendencia intendente municipal',
      enlace: '/ejecutivo',
      orden: 0,
    });
    filas.push({
      tipo: 'ejecutivo',
      titulo: `Viceintendente: ${ejecutivo.viceIntendenteNombre}`,
      resumen: contacto(ejecutivo.viceIntendenteTelefono, ejecutivo.viceIntendenteEmail),
      texto: 'vice intendente',
      enlace: '/ejecutivo',
      orden: 0,
    });
  }
  for (const { secretaria, subSecretariaList } of secretarias) {
    filas.push({
      tipo: 'ejecutivo',
      titulo: secretaria.nombre,
      resumen: unidos([secretaria.secretarioNombre, contacto(secretaria.secretarioTelefono, secretaria.secretarioEmail)]),
      texto: '',
      enlace: '/ejecutivo',
      orden: 0,
    });
    for (const sub of subSecretariaList) {
      filas.push({
        tipo: 'ejecutivo',
        titulo: sub.nombre,
        resumen: unidos([sub.subSecretarioNombre, contacto(sub.subSecretarioTelefono, sub.subSecretarioEmail), secretaria.nombre]),
        texto: '',
        enlace: '/ejecutivo',
        orden: 0,
      });
    }
  }
  const p = concejo.presidencia;
  if (p) {
    filas.push({
      tipo: 'concejo',
      titulo: 'Presidencia del Concejo Deliberante',
      resumen: unidos([
        p.nombrePresidente && `Presidencia: ${p.nombrePresidente}`,
        p.nombreVicepresidente && `Vicepresidencia: ${p.nombreVicepresidente}`,
        p.nombreSecretaria && `Secretaría: ${p.nombreSecretaria}`,
        p.nombreProsecretaria && `Prosecretaría: ${p.nombreProsecretaria}`,
        p.nombreSecretariaDigesto && `Digesto: ${p.nombreSecretariaDigesto}`,
        p.telefono && `Teléfono: ${p.telefono}`,
      ]),
      texto: 'hcd presidente vicepresidente secretaria',
      enlace: '/concejo-deliverante',
      orden: 0,
    });
  }
  for (const b of concejo.bloqueList) {
    filas.push({
      tipo: 'concejo',
      titulo: `Bloque ${b.bloque.nombreBloque}`,
      resumen: unidos([
        b.concejalesList.length > 0 && `Concejales: ${b.concejalesList.map((c) => c.nombre).join(', ')}`,
        b.asesoresList.length > 0 && `Asesores: ${b.asesoresList.map((c) => c.nombre).join(', ')}`,
        b.bloque.nombreSecetaria && `Secretaría: ${b.bloque.nombreSecetaria}`,
      ]),
      texto: 'concejal concejales bloque',
      enlace: '/concejo-deliverante',
      orden: 0,
    });
  }
  for (const b of boletines) {
    filas.push({
      tipo: 'boletin',
      titulo: `Boletín Oficial N° ${b.numero} - ${monthName(b.mes)} ${b.anio}`,
      resumen: `Edición de ${monthName(b.mes).toLowerCase()} de ${b.anio} (PDF).`,
      texto: '',
      enlace: urlDocumento(b.documentoId),
      orden: b.anio * 100 + b.mes,
      documento: { id: b.documentoId, md5: b.md5 },
    });
  }
  for (const d of decretos) {
    filas.push({
      tipo: 'decreto',
      titulo: `Decreto ${d.numero}/${d.anio}`,
      resumen: unidos([d.descripcion, d.area, `Publicado en el Boletín Oficial N° ${d.boletin} - ${monthName(d.mes)} ${d.anioBoletin}`]),
      texto: '',
      enlace: urlDocumento(d.documentoId),
      orden: d.anioBoletin * 100 + d.mes,
    });
  }
  for (const c of CONJUNTOS) {
    filas.push({
      tipo: 'datos',
      titulo: c.title,
      resumen: c.description,
      texto: `datos abiertos ${c.keyword.join(' ')}`,
      enlace: `/datos#conjunto-${c.id}`,
      orden: 0,
    });
  }
  for (const pagina of PAGINAS_DEL_SITIO) {
    filas.push({ tipo: 'pagina', titulo: pagina.titulo, resumen: pagina.resumen, texto: pagina.palabras, enlace: pagina.enlace, orden: 0 });
  }
  return filas;
}

/** The content version (raised by every write to a content table) and the index's own, as the index records them. */
const versionDe = (contenido: number | string) => `${contenido}:${VERSION_INDICE}`;
const contenidoDe = (version: string | null | undefined) => (version ? Number(version.split(':')[0]) : -1);

/** The content version and the version the index was built from, in one statement. */
async function versiones(db: Db): Promise<{ contenido: string; indice: string | null }> {
  const [fila] = await queryRows<{ contenido: string | number; indice: string | null }>(
    db,
    sql`select v.version as contenido, (select e.version from ${busquedaSitioEstado} e where e.id = 1) as indice from ${versionContenido} v where v.id = 1`,
  );
  return { contenido: versionDe(fila?.contenido ?? 0), indice: fila?.indice ?? null };
}

/** True when the index was never built here (a new database): the start builds it before serving. */
export async function indiceSinArmar(db: Db): Promise<boolean> {
  const [estado] = await db.select({ version: busquedaSitioEstado.version }).from(busquedaSitioEstado).where(eq(busquedaSitioEstado.id, 1));
  return estado === undefined;
}

const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');

/**
 * What identifies a row's content: everything it shows and finds (a PDF's text by its md5, the same
 * as PostgreSQL's md5 of the UTF-8 text). Two equal entries are told apart by their occurrence.
 */
function huellas(filas: Entrada[]): string[] {
  const vistas = new Map<string, number>();
  return filas.map((f) => {
    const base = createHash('sha256')
      .update(JSON.stringify([f.tipo, f.titulo, f.resumen, f.documento?.md5 ?? md5(f.texto), f.enlace, f.orden]))
      .digest('base64url');
    const n = vistas.get(base) ?? 0;
    vistas.set(base, n + 1);
    return n === 0 ? base : `${base}.${n}`;
  });
}

/**
 * How often the job looks at the content version besides when it hears it changed: a change that
 * was not heard (a notification lost with a connection) is in the index within this time.
 */
export const INTERVALO_INDICE_MS = 30_000;

/** Rows written per statement. */
const LOTE = 100;

export type Actualizacion = { version: string; agregadas: number; quitadas: number } | null;

/**
 * The scheduled job that keeps `busqueda_sitio` up to date (docs/decisions/049-buscador-del-sitio.md):
 * when the content version is not the one the index was built from, the entries are read again
 * through their owners and only what changed is written (rows are known by a fingerprint of their
 * content: a changed row is removed and added). Searches never call it: they read the index as it
 * is, a run behind at most. Null when the index was already current.
 *
 * Instances on one PostgreSQL take turns (an advisory lock) and none writes an older version over a
 * newer one; content written while it runs is newer than the version recorded, so the next run
 * brings it.
 */
export async function actualizarIndice(db: Db): Promise<Actualizacion> {
  const { contenido, indice } = await versiones(db);
  if (contenido === indice) return null;
  const filas = await entradas(db);
  const claves = huellas(filas);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4904901)`);
    const [estado] = await tx.select({ version: busquedaSitioEstado.version }).from(busquedaSitioEstado).where(eq(busquedaSitioEstado.id, 1));
    if (estado?.version === contenido || contenidoDe(estado?.version) > contenidoDe(contenido)) return null;
    const nuevas = new Map(claves.map((clave, i) => [clave, filas[i]!]));
    const actuales = await tx.select({ id: busquedaSitio.id, huella: busquedaSitio.huella }).from(busquedaSitio);
    // A row without a fingerprint was written by the version before the job (during a rolling upgrade): replaced.
    const quitar = actuales.filter((a) => a.huella === null || !nuevas.has(a.huella)).map((a) => a.id);
    for (const a of actuales) if (a.huella !== null) nuevas.delete(a.huella);
    for (let i = 0; i < quitar.length; i += LOTE) await tx.delete(busquedaSitio).where(inArray(busquedaSitio.id, quitar.slice(i, i + LOTE)));
    const agregar = [...nuevas];
    for (let i = 0; i < agregar.length; i += LOTE) {
      const lote = agregar.slice(i, i + LOTE);
      const ids = lote.flatMap(([, f]) => (f.documento ? [f.documento.id] : []));
      const textos =
        ids.length === 0
          ? new Map<number, string>()
          : new Map(
              (await tx.select({ id: documentos.id, texto: documentos.texto }).from(documentos).where(inArray(documentos.id, ids))).map((d) => [d.id, d.texto]),
            );
      await tx
        .insert(busquedaSitio)
        .values(lote.map(([huella, { documento, ...f }]) => ({ ...f, texto: documento ? (textos.get(documento.id) ?? '') : f.texto, huella })));
    }
    await tx
      .insert(busquedaSitioEstado)
      .values({ id: 1, version: contenido, filas: filas.length })
      .onConflictDoUpdate({ target: busquedaSitioEstado.id, set: { version: contenido, filas: filas.length, construidaEn: sql`now()` } });
    return { version: contenido, agregadas: agregar.length, quitadas: quitar.length };
  });
}

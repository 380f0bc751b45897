import { desc, eq, sql } from 'drizzle-orm';
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

type Entrada = { tipo: TipoResultado; titulo: string; resumen: string; texto: string; enlace: string; orden: number };

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
        texto: documentos.texto,
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
      texto: b.texto,
      enlace: urlDocumento(b.documentoId),
      orden: b.anio * 100 + b.mes,
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

/** The content version and the version the index was built from, in one statement. */
async function versiones(db: Db): Promise<{ contenido: string; indice: string | null }> {
  const [fila] = await queryRows<{ contenido: string | number; indice: string | null }>(
    db,
    sql`select v.version as contenido, (select e.version from ${busquedaSitioEstado} e where e.id = 1) as indice from ${versionContenido} v where v.id = 1`,
  );
  return { contenido: `${fila?.contenido ?? 0}:${VERSION_INDICE}`, indice: fila?.indice ?? null };
}

/** A rebuild under way, per database: concurrent searches wait for the same one. */
const enCurso = new WeakMap<Db, Promise<void>>();

/**
 * Makes `busqueda_sitio` match the content: rebuilt when the content version (raised by every write
 * to a content table, docs/decisions/007-cache-de-paginas.md) is not the one it was built from.
 * Content written while it is read is newer than the version recorded, so the next search rebuilds
 * again: the index may be one rebuild behind for an instant, never stuck behind.
 */
export async function asegurarIndice(db: Db): Promise<void> {
  const { contenido, indice } = await versiones(db);
  if (contenido === indice) return;
  let tarea = enCurso.get(db);
  if (!tarea) {
    tarea = reconstruir(db, contenido).finally(() => enCurso.delete(db));
    enCurso.set(db, tarea);
  }
  await tarea;
}

const LOTE = 200;

async function reconstruir(db: Db, version: string): Promise<void> {
  const filas = await entradas(db);
  await db.transaction(async (tx) => {
    // Two instances on one PostgreSQL rebuild one after the other; the second finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(4904901)`);
    const [estado] = await tx.select({ version: busquedaSitioEstado.version }).from(busquedaSitioEstado).where(eq(busquedaSitioEstado.id, 1));
    if (estado?.version === version) return;
    await tx.delete(busquedaSitio);
    for (let i = 0; i < filas.length; i += LOTE) await tx.insert(busquedaSitio).values(filas.slice(i, i + LOTE));
    await tx
      .insert(busquedaSitioEstado)
      .values({ id: 1, version, filas: filas.length })
      .onConflictDoUpdate({ target: busquedaSitioEstado.id, set: { version, filas: filas.length, construidaEn: sql`now()` } });
  });
}

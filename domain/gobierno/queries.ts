import { asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  areasMunicipales,
  documentos,
  documentosObservatorio,
  ejecutivo,
  galeriaImagenes,
  hcdBloques,
  hcdIntegrantes,
  hcdPresidencia,
  observatorioVial,
  planEstrategicoEnlaces,
  secretarias,
  subsecretarias,
} from '#db/schema/index.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { monthName } from '#domain/shared/meses.ts';
import type { DocumentoRef } from '#domain/shared/documento.ts';

export type Area = { nombre: string; domicilio: string; telefono: string; email: string };
export type Ejecutivo = {
  intendenteNombre: string;
  intendenteEmail: string;
  intendenteTelefono: string;
  viceIntendenteNombre: string;
  viceIntendenteEmail: string;
  viceIntendenteTelefono: string;
};
type SubSecretaria = { nombre: string; subSecretarioNombre: string; subSecretarioEmail: string; subSecretarioTelefono: string };
export type SecretariaEntrada = {
  secretaria: { nombre: string; secretarioNombre: string; secretarioEmail: string; secretarioTelefono: string };
  subSecretariaList: SubSecretaria[];
};
export type Presidencia = {
  nombrePresidente: string;
  nombreVicepresidente: string;
  nombreSecretaria: string;
  nombreProsecretaria: string;
  nombreSecretariaDigesto: string;
  telefono: string;
};
/** Spec §3, council; `nombreSecetaria` keeps the original's spelling. */
export type Concejo = {
  presidencia: Presidencia | null;
  bloqueList: { bloque: { nombreBloque: string; nombreSecetaria: string }; concejalesList: { nombre: string }[]; asesoresList: { nombre: string }[] }[];
};
export type Observatorio = { texto: string; logo: { id: number } | null; galeria: { nombre: string } } | null;
export type ImagenGaleria = { id: number; imagen: { id: number }; titulo: string; descripcion: string; alt: string };
export type DocumentoPeriodico = { id: number; documento: DocumentoRef; mes: number | null; anio: number; mesAsString: string; anioDocumentoAsString: string };
export type EnlacePlan = { titulo: string; descripcion: string; url: string };

const patron = (p: string | undefined) => (p && p.trim() ? `%${p.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);

export async function listAreas(db: Db, pattern?: string): Promise<Area[]> {
  const p = patron(pattern);
  return db
    .select({ nombre: areasMunicipales.nombre, domicilio: areasMunicipales.domicilio, telefono: areasMunicipales.telefono, email: areasMunicipales.email })
    .from(areasMunicipales)
    .where(p ? or(ilike(areasMunicipales.nombre, p), ilike(areasMunicipales.domicilio, p)) : undefined)
    .orderBy(asc(areasMunicipales.orden), asc(areasMunicipales.nombre));
}

export async function getEjecutivo(db: Db): Promise<Ejecutivo | null> {
  const [row] = await db.select().from(ejecutivo).orderBy(desc(ejecutivo.id)).limit(1);
  if (!row) return null;
  const { id: _id, ...datos } = row;
  return datos;
}

export async function listSecretarias(db: Db, pattern?: string): Promise<SecretariaEntrada[]> {
  const p = patron(pattern);
  const filas = await db
    .select()
    .from(secretarias)
    .where(p ? or(ilike(secretarias.nombre, p), ilike(secretarias.secretarioNombre, p)) : undefined)
    .orderBy(asc(secretarias.orden), asc(secretarias.id));
  if (filas.length === 0) return [];
  const subs = await db
    .select()
    .from(subsecretarias)
    .where(
      inArray(
        subsecretarias.secretariaId,
        filas.map((f) => f.id),
      ),
    )
    .orderBy(asc(subsecretarias.orden), asc(subsecretarias.id));
  return filas.map((s) => ({
    secretaria: { nombre: s.nombre, secretarioNombre: s.secretarioNombre, secretarioEmail: s.secretarioEmail, secretarioTelefono: s.secretarioTelefono },
    subSecretariaList: subs
      .filter((x) => x.secretariaId === s.id)
      .map((x) => ({
        nombre: x.nombre,
        subSecretarioNombre: x.subSecretarioNombre,
        subSecretarioEmail: x.subSecretarioEmail,
        subSecretarioTelefono: x.subSecretarioTelefono,
      })),
  }));
}

export async function getConcejo(db: Db): Promise<Concejo> {
  const [presidencia] = await db.select().from(hcdPresidencia).orderBy(desc(hcdPresidencia.id)).limit(1);
  const bloques = await db.select().from(hcdBloques).orderBy(asc(hcdBloques.orden), asc(hcdBloques.id));
  const integrantes = await db.select().from(hcdIntegrantes).orderBy(asc(hcdIntegrantes.orden), asc(hcdIntegrantes.id));
  const de = (bloqueId: number, rol: string) => integrantes.filter((i) => i.bloqueId === bloqueId && i.rol === rol).map((i) => ({ nombre: i.nombre }));
  return {
    presidencia: presidencia
      ? {
          nombrePresidente: presidencia.nombrePresidente,
          nombreVicepresidente: presidencia.nombreVicepresidente,
          nombreSecretaria: presidencia.nombreSecretaria,
          nombreProsecretaria: presidencia.nombreProsecretaria,
          nombreSecretariaDigesto: presidencia.nombreSecretariaDigesto,
          telefono: presidencia.telefono,
        }
      : null,
    bloqueList: bloques.map((b) => ({
      bloque: { nombreBloque: b.nombreBloque, nombreSecetaria: b.nombreSecretaria },
      concejalesList: de(b.id, 'concejal'),
      asesoresList: de(b.id, 'asesor'),
    })),
  };
}

/** The observatory's text is sanitised again on the way out. */
export async function getObservatorio(db: Db): Promise<Observatorio> {
  const [row] = await db.select().from(observatorioVial).orderBy(desc(observatorioVial.id)).limit(1);
  if (!row) return null;
  return { texto: sanitizeStaffHtml(row.texto), logo: row.logoId ? { id: row.logoId } : null, galeria: { nombre: row.galeriaNombre } };
}

export async function listImagenesGaleria(db: Db, galeria: string): Promise<ImagenGaleria[]> {
  const rows = await db
    .select({
      id: galeriaImagenes.id,
      documentoId: galeriaImagenes.documentoId,
      titulo: galeriaImagenes.titulo,
      descripcion: galeriaImagenes.descripcion,
      alt: galeriaImagenes.alt,
    })
    .from(galeriaImagenes)
    .where(eq(galeriaImagenes.galeria, galeria))
    .orderBy(asc(galeriaImagenes.orden), asc(galeriaImagenes.id));
  return rows.map(({ documentoId, ...r }) => ({ ...r, imagen: { id: documentoId } }));
}

/**
 * Which of these documents have the web size and thumbnail of the upload pipeline
 * (docs/decisions/017-subidas.md): images stored before it have only their original.
 */
export async function documentosConTamanos(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const filas = await db
    .select({ id: documentos.id, web: documentos.claveWeb, miniatura: documentos.claveMiniatura })
    .from(documentos)
    .where(inArray(documentos.id, ids));
  return new Set(filas.filter((f) => f.web !== null && f.miniatura !== null).map((f) => f.id));
}

export type TipoDocumentoObservatorio = 'MOVIMIENTO_TERMINAL' | 'INFORME_ESTADISTICO';

/** Newest period first. */
export async function listDocumentosObservatorio(db: Db, tipo: TipoDocumentoObservatorio): Promise<DocumentoPeriodico[]> {
  const rows = await db
    .select({
      id: documentosObservatorio.id,
      mes: documentosObservatorio.mes,
      anio: documentosObservatorio.anio,
      documentoId: documentos.id,
      tamano: documentos.tamano,
      tipoContenido: documentos.tipoContenido,
    })
    .from(documentosObservatorio)
    .innerJoin(documentos, eq(documentos.id, documentosObservatorio.documentoId))
    .where(eq(documentosObservatorio.tipo, tipo))
    .orderBy(desc(documentosObservatorio.anio), desc(documentosObservatorio.mes), desc(documentosObservatorio.id));
  return rows.map((r) => ({
    id: r.id,
    documento: { id: r.documentoId, tamano: r.tamano, tipoContenido: r.tipoContenido },
    mes: r.mes,
    anio: r.anio,
    mesAsString: monthName(r.mes),
    anioDocumentoAsString: String(r.anio),
  }));
}

export async function listEnlacesPlan(db: Db): Promise<EnlacePlan[]> {
  return db
    .select({ titulo: planEstrategicoEnlaces.titulo, descripcion: planEstrategicoEnlaces.descripcion, url: planEstrategicoEnlaces.url })
    .from(planEstrategicoEnlaces)
    .orderBy(asc(planEstrategicoEnlaces.orden), asc(planEstrategicoEnlaces.id));
}

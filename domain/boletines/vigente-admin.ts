import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinVigente, boletinVigenteDecretos, boletinVigenteOrdenanzas } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { z } from '#domain/shared/zod.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/**
 * The current bulletin in the back-office (docs/decisions/022-boletin-vigente-en-el-panel.md):
 * its two HTML texts (legales, licitaciones), sanitised with the site's one allow-list before they
 * are stored, and its ordinance and decree lines as two kinds of the generic panel machinery
 * (domain/gobierno/panel.ts, docs/decisions/019-panel-de-gobierno.md). The tables have the
 * content-version trigger (docs/decisions/007-cache-de-paginas.md): /boletines-oficiales and its
 * feeds change at once.
 */

const NUMERO = 40;
const TEXTO = 1000;

export const TIPOS_BOLETIN_VIGENTE: readonly TipoPanel[] = [
  {
    tipo: 'ordenanzas',
    titulo: 'Ordenanzas del boletín vigente',
    uno: 'la ordenanza del boletín',
    nuevo: 'una ordenanza',
    descripcion: 'Las ordenanzas que publica el boletín vigente: número, título y el enlace a su texto.',
    tabla: boletinVigenteOrdenanzas,
    entidad: 'boletin_vigente_ordenanza',
    auditoria: 'boletin_vigente',
    campos: [
      { nombre: 'numero', etiqueta: 'Número', tipo: 'texto', obligatorio: true, largo: NUMERO, enLista: true, ayuda: 'Por ejemplo 3456/2025.' },
      { nombre: 'titulo', etiqueta: 'Título', tipo: 'texto', obligatorio: true, largo: TEXTO, enLista: true },
      {
        nombre: 'link',
        etiqueta: 'Enlace',
        tipo: 'enlace',
        obligatorio: true,
        largo: 2000,
        enLista: true,
        ayuda: 'Una dirección que empiece con https:// o http://, o una página de este sitio que empiece con /, por ejemplo /consulta-ordenanzas.',
      },
    ],
    principal: 'numero',
    ordenable: true,
    rutaPublica: '/boletines-oficiales',
  },
  {
    tipo: 'decretos',
    titulo: 'Decretos del boletín vigente',
    uno: 'el decreto del boletín',
    nuevo: 'un decreto',
    descripcion: 'Los decretos que publica el boletín vigente: número, descripción y área.',
    tabla: boletinVigenteDecretos,
    entidad: 'boletin_vigente_decreto',
    auditoria: 'boletin_vigente',
    campos: [
      { nombre: 'numero', etiqueta: 'Número', tipo: 'texto', obligatorio: true, largo: NUMERO, enLista: true, ayuda: 'Por ejemplo 1234/2025.' },
      { nombre: 'descripcion', etiqueta: 'Descripción', tipo: 'texto', obligatorio: true, largo: TEXTO, enLista: true },
      { nombre: 'area', etiqueta: 'Área', tipo: 'texto', obligatorio: true, largo: 150, enLista: true },
    ],
    principal: 'numero',
    ordenable: true,
    rutaPublica: '/boletines-oficiales',
  },
];

/** The list an address names (`ordenanzas`, `decretos`), or undefined. */
export const tipoBoletinVigente = (nombre: string | null | undefined): TipoPanel | undefined => TIPOS_BOLETIN_VIGENTE.find((t) => t.tipo === nombre);

// ---------------------------------------------------------------------------------------------
// The two texts.

/** The most characters each text takes (as sent, before sanitising). */
const LARGO_HTML = 50_000;
/** The advisory lock of the texts' form (any number no other lock of the site uses). */
const LOCK_TEXTOS = 1_914_022;

export const CAMPOS_TEXTOS = [
  { nombre: 'legales', etiqueta: 'Legales' },
  { nombre: 'licitaciones', etiqueta: 'Licitaciones' },
] as const;
type CampoTexto = (typeof CAMPOS_TEXTOS)[number]['nombre'];
type Textos = Record<CampoTexto, string>;

const textoHtml = (etiqueta: string) =>
  z
    .string({ error: `Escribí el texto de «${etiqueta}» o dejalo vacío.` })
    .default('')
    .pipe(z.string().max(LARGO_HTML, { error: `Escribí «${etiqueta}» con hasta ${formatNumber(LARGO_HTML)} caracteres.` }))
    .transform((v) => sanitizeStaffHtml(v));

const textosSchema = z.object({ legales: textoHtml('Legales'), licitaciones: textoHtml('Licitaciones') });

/** The version of the texts: a short hash of both, carried by the form. */
const versionTextos = (t: Textos): string =>
  createHash('sha256')
    .update(JSON.stringify([t.legales, t.licitaciones]))
    .digest('base64url')
    .slice(0, 22);

async function textosActuales(db: Db): Promise<Textos & { id: number | null }> {
  const [fila] = await db
    .select({ id: boletinVigente.id, legales: boletinVigente.legales, licitaciones: boletinVigente.licitaciones })
    .from(boletinVigente)
    .orderBy(desc(boletinVigente.id))
    .limit(1);
  return fila ?? { id: null, legales: '', licitaciones: '' };
}

/** The current bulletin's texts as stored, with their version. */
export async function getTextosVigente(db: Db): Promise<Textos & { version: string }> {
  const t = await textosActuales(db);
  return { legales: t.legales, licitaciones: t.licitaciones, version: versionTextos(t) };
}

type ResultadoTextos =
  | { tipo: 'guardado'; cambio: boolean }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string; actual: Textos }
  | { tipo: 'prohibido'; mensaje: string };

/**
 * Saves the texts when they are still at `input.version`: sanitised with the site's allow-list
 * (domain/shared/html.ts), written over the current row (or as the first one), audited as
 * `boletin_vigente.cambio` with both texts before and after, all under a transaction-scoped lock.
 */
export async function saveTextosVigente(db: Db, actor: Actor, input: FormInput): Promise<ResultadoTextos> {
  if (!puede(actor, 'boletines')) return { tipo: 'prohibido', mensaje: 'Sólo un editor o un administrador puede cambiar el boletín vigente.' };
  const version = firstValues(input).version;
  const leido = readForm(textosSchema, input, { largo: LARGO_HTML + 1 });
  const valores = leido.valores as Record<string, string>;
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores as Record<string, string>, valores };
  const datos = leido.datos;
  return db.transaction(async (tx): Promise<ResultadoTextos> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_TEXTOS})`);
    const antes = await textosActuales(tx);
    const actual = versionTextos(antes);
    if (version !== actual)
      return {
        tipo: 'conflicto',
        mensaje:
          'Otra persona cambió el boletín vigente mientras lo editabas. Abajo están los textos que escribiste y, al lado, cómo quedaron; revisalos y guardá de nuevo si querés reemplazarlos.',
        valores,
        version: actual,
        actual: { legales: antes.legales, licitaciones: antes.licitaciones },
      };
    if (datos.legales === antes.legales && datos.licitaciones === antes.licitaciones) return { tipo: 'guardado', cambio: false };
    let id = antes.id;
    if (id === null) {
      const [fila] = await tx.insert(boletinVigente).values(datos).returning({ id: boletinVigente.id });
      id = fila!.id;
    } else {
      await tx.update(boletinVigente).set(datos).where(eq(boletinVigente.id, id));
    }
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin_vigente.cambio',
      entidad: 'boletin_vigente',
      entidadId: id,
      antes: { legales: antes.legales, licitaciones: antes.licitaciones },
      despues: datos,
    });
    return { tipo: 'guardado', cambio: true };
  });
}

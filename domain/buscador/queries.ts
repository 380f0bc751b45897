import { inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, queryRows } from '#db/client.ts';
import { busquedaSitio } from '#db/schema/index.ts';
import { ESTADO_TODOS } from '#domain/ordenanzas/estados.ts';
import { type OrdenanzaResumen, searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { normalizado } from '#domain/shared/texto.ts';
import { type BusquedaSitio, POR_PAGINA } from './schemas.ts';
import { TIPOS_RESULTADO, type TipoResultado, esTipoResultado } from './tipos.ts';

/** A piece of text, marked when it is one of the words searched. */
export type Tramo = { texto: string; marca: boolean };

export type ResultadoSitio = {
  tipo: TipoResultado;
  /** «Ordenanza», «Boletín Oficial», «Decreto», «Área»… */
  etiqueta: string;
  titulo: string;
  resumen: string;
  /** Where the words were found in a long text (a bulletin's PDF); null when the title and summary say it. */
  fragmento: Tramo[] | null;
  /** Said when only the document's text matched and no fragment is shown. */
  enDocumento: boolean;
  enlace: string;
};

export type PaginaSitio = {
  items: ResultadoSitio[];
  /** Every match when `totalExacto`; past the ordinance search's limit, "more than". */
  total: number;
  totalExacto: boolean;
  pagina: number;
  porPagina: number;
  /** False when the words are only stop words ('de la'): nothing was searched. */
  conPalabras: boolean;
};

/** The tsquery of some words (public.f_consulta, migration 0002), remembered like the ordinance search's. */
const consultas = new LRUCache<string, { q: string | null }>({ max: 1_000 });
async function consultaDePalabras(db: Db, texto: string): Promise<string | null> {
  const conocida = consultas.get(texto);
  if (conocida) return conocida.q;
  const [fila] = await queryRows<{ q: string | null }>(db, sql`select public.f_consulta(${texto})::text as q`);
  const q = fila?.q ?? null;
  consultas.set(texto, { q });
  return q;
}

/** The prefixes of a tsquery ('habilit':* & 'comerci':* → habilit, comerci), to mark them in a fragment. */
const prefijosDe = (consulta: string) => [...consulta.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));

/** Splits a text into words and the rest, marking each word that begins with a searched prefix. */
export function marcar(texto: string, prefijos: readonly string[]): Tramo[] {
  const tramos: Tramo[] = [];
  for (const parte of texto.split(/([\p{L}\p{N}]+)/u)) {
    if (parte === '') continue;
    const marca = /^[\p{L}\p{N}]/u.test(parte) && prefijos.some((p) => normalizado(parte).startsWith(p));
    const ultimo = tramos[tramos.length - 1];
    if (ultimo && ultimo.marca === marca && !marca) ultimo.texto += parte;
    else tramos.push({ texto: parte, marca });
  }
  return tramos;
}

type Candidato = { rango: number; orden: number; desempate: number; resultado: ResultadoSitio; id?: number };

/** Characters of a long text shown around the first word found. */
const ANTES = 90;
const LARGO_FRAGMENTO = 260;

/** At most this many matches of `busqueda_sitio` are counted: past it the total says "more than". */
export const LIMITE_CONTEO_SITIO = 250;

type FilaSitio = { id: number; tipo: string; titulo: string; resumen: string; enlace: string; orden: number; rango: number; total: number };

/**
 * The site search (docs/decisions/049-buscador-del-sitio.md): ordinances from their own bounded
 * search (docs/decisions/002-busqueda.md), everything else from `busqueda_sitio`, both with the same
 * words (f_consulta: accents, case and plurals do not matter, the last word is a prefix) and ranked
 * together by ts_rank on title and summary, newer first among equals. Each source is read up to the
 * last result of the page asked for; the index is read as the scheduled job left it (indice.ts).
 */
export async function buscarEnElSitio(db: Db, busqueda: BusquedaSitio): Promise<PaginaSitio> {
  const { pagina } = busqueda;
  const vacia = { items: [], total: 0, totalExacto: true, pagina, porPagina: POR_PAGINA };
  const consulta = busqueda.q === '' ? null : await consultaDePalabras(db, busqueda.q);
  if (consulta === null) return { ...vacia, conPalabras: false };
  const hasta = pagina * POR_PAGINA;
  const [ordenanzas, otros] = await Promise.all([
    searchOrdenanzas(db, { estado: ESTADO_TODOS, pattern: busqueda.q, pagina: 1 }, { porPagina: hasta, conRangos: true }),
    delSitio(db, consulta, busqueda.q, hasta),
  ]);
  const candidatos: Candidato[] = [
    ...ordenanzas.items.map((o, i) => {
      const rango = ordenanzas.rangos?.[i] ?? 0;
      return { rango, orden: o.anio * 100, desempate: o.numero, resultado: resultadoOrdenanza(o, rango === 0) };
    }),
    ...otros.flatMap((f) =>
      esTipoResultado(f.tipo)
        ? [
            {
              rango: f.rango,
              orden: f.orden,
              desempate: -f.id,
              id: f.id,
              resultado: {
                tipo: f.tipo,
                etiqueta: TIPOS_RESULTADO[f.tipo],
                titulo: f.titulo,
                resumen: f.resumen,
                fragmento: null,
                enDocumento: false,
                enlace: f.enlace,
              },
            },
          ]
        : [],
    ),
  ];
  candidatos.sort((a, b) => b.rango - a.rango || b.orden - a.orden || b.desempate - a.desempate);
  const enPagina = candidatos.slice(hasta - POR_PAGINA, hasta);
  await agregarFragmentos(db, enPagina, prefijosDe(consulta));
  const totalOtros = otros[0]?.total ?? 0;
  return {
    items: enPagina.map((c) => c.resultado),
    total: ordenanzas.total + Math.min(totalOtros, LIMITE_CONTEO_SITIO),
    totalExacto: ordenanzas.totalExacto && totalOtros <= LIMITE_CONTEO_SITIO,
    pagina,
    porPagina: POR_PAGINA,
    conPalabras: true,
  };
}

/**
 * The first `hasta` matches of `busqueda_sitio` in the search's order, in one statement that never
 * ranks nor sorts every match of a common word (public.f_buscar_sitio, migration 0022): those with a
 * word in the title or summary ranked, the rest newest first, each part at most `hasta`; counted up
 * to LIMITE_CONTEO_SITIO + 1.
 */
async function delSitio(db: Db, consulta: string, q: string, hasta: number): Promise<FilaSitio[]> {
  // Any of the words (the tsquery's terms joined by "or"): what gives a row a rank above 0.
  const alguna = consulta.replace(/ & /g, ' | ');
  const filas = await queryRows<FilaSitio>(
    db,
    sql`select * from public.f_buscar_sitio(${consulta}::tsquery, ${alguna}::tsquery, public.f_normalizar(${q}), ${hasta}, ${LIMITE_CONTEO_SITIO})`,
  );
  return filas.map((f) => ({ ...f, id: Number(f.id), orden: Number(f.orden), rango: Number(f.rango), total: Number(f.total) }));
}

function resultadoOrdenanza(o: OrdenanzaResumen, soloEnDocumento: boolean): ResultadoSitio {
  return {
    tipo: 'ordenanza',
    etiqueta: TIPOS_RESULTADO.ordenanza,
    titulo: `Ordenanza N° ${o.numero}/${o.anio}`,
    resumen: [o.descripcion, o.estadoEtiqueta, o.expediente && `Expediente ${o.expediente}`].filter(Boolean).join(' · '),
    fragmento: null,
    enDocumento: soloEnDocumento,
    enlace: `/consulta-ordenanzas/${o.anio}/${o.numero}`,
  };
}

/**
 * For the page's results whose words are only in their long text (a bulletin's PDF), the text
 * around the first word found, with the words marked.
 */
async function agregarFragmentos(db: Db, enPagina: Candidato[], prefijos: string[]): Promise<void> {
  const enTexto = enPagina.filter((c) => c.id !== undefined && c.rango === 0 && c.resultado.tipo === 'boletin');
  const ids = enTexto.map((c) => c.id!);
  if (ids.length === 0 || prefijos.length === 0) return;
  const filas = await db.select({ id: busquedaSitio.id, texto: busquedaSitio.texto }).from(busquedaSitio).where(inArray(busquedaSitio.id, ids));
  const porId = new Map(filas.map((f) => [f.id, fragmentoDe(f.texto, prefijos)]));
  for (const c of enTexto) {
    const texto = porId.get(c.id!);
    if (texto) c.resultado.fragmento = marcar(`…${texto}…`, prefijos);
    else c.resultado.enDocumento = true;
  }
}

/**
 * A text in lower case without accents, of the same length: each accented letter becomes its base
 * letter (what f_unaccent does to Spanish text), any other character stays as it is.
 */
const plano = (texto: string) =>
  texto
    .replace(/[^\p{ASCII}]/gu, (c) => {
      const base = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      return base.length === c.length ? base : c;
    })
    .toLowerCase();

/** The text around the first of the words found (in the text as the search reads it), spaces collapsed. */
export function fragmentoDe(texto: string, prefijos: readonly string[]): string {
  const bajo = plano(texto);
  const posiciones = prefijos.map((p) => bajo.indexOf(p)).filter((i) => i >= 0);
  const desde = posiciones.length === 0 ? 0 : Math.max(Math.min(...posiciones) - ANTES, 0);
  return texto
    .slice(desde, desde + LARGO_FRAGMENTO)
    .replace(/\s+/g, ' ')
    .trim();
}

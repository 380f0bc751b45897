import { desc, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, queryRows } from '#db/client.ts';
import { busquedaSitio } from '#db/schema/index.ts';
import { ESTADO_TODOS } from '#domain/ordenanzas/estados.ts';
import { type OrdenanzaResumen, searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { normalizado } from '#domain/shared/texto.ts';
import { asegurarIndice } from './indice.ts';
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

/**
 * The site search (docs/decisions/049-buscador-del-sitio.md): ordinances from their own bounded
 * search (docs/decisions/002-busqueda.md), everything else from `busqueda_sitio`, both with the same
 * words (f_consulta: accents, case and plurals do not matter, the last word is a prefix) and ranked
 * together by ts_rank on title and summary, newer first among equals. Each source is read up to the
 * last result of the page asked for.
 */
export async function buscarEnElSitio(db: Db, busqueda: BusquedaSitio): Promise<PaginaSitio> {
  const { pagina } = busqueda;
  const vacia = { items: [], total: 0, totalExacto: true, pagina, porPagina: POR_PAGINA };
  const consulta = busqueda.q === '' ? null : await consultaDePalabras(db, busqueda.q);
  if (consulta === null) return { ...vacia, conPalabras: false };
  const hasta = pagina * POR_PAGINA;
  await asegurarIndice(db);
  // A title that is exactly the words typed ('Sueldos' for 'sueldos') goes before the longer ones that repeat them.
  const rango = sql<number>`ts_rank(${busquedaSitio.busquedaTitulo}, ${consulta}::tsquery) + case when public.f_normalizar(${busquedaSitio.titulo}) = public.f_normalizar(${busqueda.q}) then 1 else 0 end`;
  const [ordenanzas, otros] = await Promise.all([
    searchOrdenanzas(db, { estado: ESTADO_TODOS, pattern: busqueda.q, pagina: 1 }, { porPagina: hasta }),
    db
      .select({
        id: busquedaSitio.id,
        tipo: busquedaSitio.tipo,
        titulo: busquedaSitio.titulo,
        resumen: busquedaSitio.resumen,
        enlace: busquedaSitio.enlace,
        orden: busquedaSitio.orden,
        rango: rango.mapWith(Number),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(busquedaSitio)
      .where(sql`${busquedaSitio.busqueda} @@ ${consulta}::tsquery`)
      .orderBy(desc(rango), desc(busquedaSitio.orden), busquedaSitio.id)
      .limit(hasta),
  ]);
  const rangos = await rangosDeOrdenanzas(db, ordenanzas.items, consulta);
  const candidatos: Candidato[] = [
    ...ordenanzas.items.map((o, i) => ({
      rango: rangos[i]!,
      orden: o.anio * 100,
      desempate: o.numero,
      resultado: resultadoOrdenanza(o, rangos[i]! === 0),
    })),
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
    total: ordenanzas.total + totalOtros,
    totalExacto: ordenanzas.totalExacto,
    pagina,
    porPagina: POR_PAGINA,
    conPalabras: true,
  };
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
 * The ordinances' ranks as their own search computes them (ts_rank on description A and expediente
 * B, db/schema/ordenanzas.ts), from the rows already read: no second read of the ordinances.
 */
async function rangosDeOrdenanzas(db: Db, items: OrdenanzaResumen[], consulta: string): Promise<number[]> {
  if (items.length === 0) return [];
  const filas = items.map((o, i) => ({ i, d: o.descripcion, e: o.expediente ?? '' }));
  const rangos = await queryRows<{ i: number; rango: number | string }>(
    db,
    sql`select r.i, ts_rank(setweight(to_tsvector('simple', public.f_normalizar(r.d)), 'A') || setweight(to_tsvector('simple', public.f_normalizar(r.e)), 'B'), ${consulta}::tsquery) as rango
        from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) as r(i int, d text, e text)`,
  );
  const porIndice = new Map(rangos.map((r) => [Number(r.i), Number(r.rango)]));
  return items.map((_, i) => porIndice.get(i) ?? 0);
}

/**
 * For the page's results whose words are only in their long text (a bulletin's PDF), the text
 * around the first word found, with the words marked.
 */
async function agregarFragmentos(db: Db, enPagina: Candidato[], prefijos: string[]): Promise<void> {
  const enTexto = enPagina.filter((c) => c.id !== undefined && c.rango === 0 && c.resultado.tipo === 'boletin');
  const ids = enTexto.map((c) => c.id!);
  if (ids.length === 0 || prefijos.length === 0) return;
  // f_unaccent keeps the length of Spanish text, so a position in the unaccented text is one in the text.
  const posicion = sql.join(
    prefijos.map((p) => sql`nullif(strpos(lower(public.f_unaccent(${busquedaSitio.texto})), ${p}), 0)`),
    sql`, `,
  );
  const filas = await db
    .select({
      id: busquedaSitio.id,
      fragmento: sql<string>`substr(${busquedaSitio.texto}, greatest(coalesce(least(${posicion}), 1) - ${ANTES}, 1), ${LARGO_FRAGMENTO})`,
    })
    .from(busquedaSitio)
    .where(inArray(busquedaSitio.id, ids));
  const porId = new Map(filas.map((f) => [f.id, f.fragmento]));
  for (const c of enTexto) {
    const texto = porId.get(c.id!)?.replace(/\s+/g, ' ').trim();
    if (texto) c.resultado.fragmento = marcar(`…${texto}…`, prefijos);
    else c.resultado.enDocumento = true;
  }
}

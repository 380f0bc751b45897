import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales, documentos, ordenanzas } from '#db/schema/index.ts';
import { actualizarIndice } from '#domain/buscador/indice.ts';
import { buscarEnElSitio } from '#domain/buscador/queries.ts';
import { parseBusquedaSitio } from '#domain/buscador/schemas.ts';
import { createRandom } from '#server/demo/random.ts';
import { temaAleatorio } from '#server/demo/ordenanzas-datos.ts';
import { CANTIDAD, llenar } from './ordenanzas.ts';
import { scratchDatabases } from './postgres.ts';

/** Bulletins with their PDF's text (about 6 KB each) and the decrees they publish: more than the town has published. */
const BOLETINES = Number(process.env.BENCH_BOLETINES ?? 400);
const DECRETOS_POR_BOLETIN = 5;
/** Rounds over every query (BENCH_RONDAS): the figures are the median of the rounds'. */
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);

/** The site search's representative queries (docs/decisions/049-buscador-del-sitio.md). */
const CONSULTAS: Record<string, string> = {
  'palabras (habilitacion comercial)': 'q=habilitacion+comercial',
  'palabras (residuos)': 'q=residuos',
  'palabra en todas (ordenanza)': 'q=ordenanza',
  'prefijo mientras se escribe (bomb)': 'q=bomb',
  'en los boletines (licitacion)': 'q=licitacion',
  'una página (sueldos)': 'q=sueldos',
  'nada (xilofon)': 'q=xilofon',
  'palabra en todas, página 10': 'q=ordenanza&pagina=10',
};

async function llenarBoletines(database: Database): Promise<void> {
  const r = createRandom(49);
  for (let i = 0; i < BOLETINES; i++) {
    const anio = 1995 + Math.floor(i / 12);
    const mes = (i % 12) + 1;
    const temas = Array.from({ length: 12 }, () => temaAleatorio(r, anio));
    const texto = `BOLETÍN OFICIAL N° ${i + 1}. Sección 1: Ordenanzas. ${temas.map((t) => `${t.descripcion}. ${t.articulos.join(' ')}`).join(' ')} Sección 3: Licitaciones y concursos de precios.`;
    const [doc] = await database.db
      .insert(documentos)
      .values({
        nombreArchivo: `boletin-${i + 1}.pdf`,
        tipoContenido: 'application/pdf',
        tamano: texto.length * 4,
        sha256: 'ab'.repeat(32),
        clave: `bench/boletin-${i + 1}.pdf`,
        texto,
      })
      .returning({ id: documentos.id });
    const [boletin] = await database.db
      .insert(boletinesOficiales)
      .values({ documentoId: doc!.id, numeroBoletinOficial: i + 1, mes, anio, usuarioCreacion: 'Bench' })
      .returning({ id: boletinesOficiales.id });
    await database.db.insert(boletinesDecretos).values(
      Array.from({ length: DECRETOS_POR_BOLETIN }, (_, n) => ({
        boletinId: boletin!.id,
        numero: i * DECRETOS_POR_BOLETIN + n + 1,
        anio,
        descripcion: temaAleatorio(r, anio).descripcion,
        area: r.elegir(['Hacienda', 'Obras Públicas', 'Ambiente', 'Tránsito']),
      })),
    );
  }
}

function percentil(valores: number[], p: number): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
}

async function latencias(database: Database, repeticiones: number): Promise<void> {
  // The scheduled job keeps the index (domain/buscador/indice.ts): the whole of it on a new
  // database, then only what changed; searches never wait for it.
  const tarea = async (que: string) => {
    const inicio = performance.now();
    const corrida = await actualizarIndice(database.db);
    console.log(
      `Tarea del índice, ${que}: ${(performance.now() - inicio).toFixed(0)} ms (${corrida ? `${corrida.agregadas} filas agregadas, ${corrida.quitadas} quitadas` : 'al día'})`,
    );
  };
  await tarea('base nueva');
  await database.db.execute(sql`analyze busqueda_sitio`);
  await database.db.update(boletinesDecretos).set({ area: 'Intendencia' }).where(eq(boletinesDecretos.id, 1));
  await tarea('un decreto cambiado');
  await database.db
    .update(ordenanzas)
    .set({ descripcion: sql`${ordenanzas.descripcion} || '.'` })
    .where(eq(ordenanzas.id, 1));
  await tarea('una ordenanza cambiada (nada que escribir)');
  // Several rounds over every query, and the median of each round's figures: one slow moment of a
  // shared machine does not make a query's p95.
  console.log(`${RONDAS} rondas; mediana de las rondas`);
  console.log(`${'consulta'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  resultados  (p95 de cada ronda)`);
  const rondas = new Map<string, [number, number, number][]>();
  const totales = new Map<string, string>();
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    for (const [nombre, query] of Object.entries(CONSULTAS)) {
      const parsed = parseBusquedaSitio(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(`consulta inválida: ${query}`);
      for (let i = 0; i < 5; i++) {
        const pagina = await buscarEnElSitio(database.db, parsed.datos); // warm-up
        totales.set(nombre, pagina.totalExacto ? String(pagina.total) : `más de ${pagina.total}`);
      }
      const tiempos: number[] = [];
      for (let i = 0; i < repeticiones; i++) {
        const t0 = performance.now();
        await buscarEnElSitio(database.db, parsed.datos);
        tiempos.push(performance.now() - t0);
      }
      rondas.set(nombre, [...(rondas.get(nombre) ?? []), [percentil(tiempos, 50), percentil(tiempos, 95), percentil(tiempos, 99)]]);
    }
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(8);
  for (const [nombre, cifras] of rondas) {
    const mediana = (k: number) =>
      percentil(
        cifras.map((c) => c[k]!),
        50,
      );
    console.log(
      `${nombre.padEnd(40)} ${ms(mediana(0))} ${ms(mediana(1))} ${ms(mediana(2))}  ${totales.get(nombre)}  (${cifras.map((c) => c[1].toFixed(1)).join(' / ')})`,
    );
  }
}

async function cargar(database: Database): Promise<void> {
  const inicio = performance.now();
  await llenar(database);
  await llenarBoletines(database);
  await database.db.execute(sql`analyze`);
  console.log(`Carga: ${((performance.now() - inicio) / 1000).toFixed(1)} s`);
}

export async function benchBuscarPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-buscar-'));
  try {
    console.log(`\n## Buscador del sitio en PGlite (${CANTIDAD.toLocaleString('es-AR')} ordenanzas, ${BOLETINES} boletines, objetivo p95 ≤ 50 ms)`);
    let database = await openPglite(dataDir);
    await cargar(database);
    await database.close();
    database = await openPglite(dataDir);
    await latencias(database, 100);
    await database.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBuscarPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  try {
    const scratch = await bases.create();
    console.log(`\n## Buscador del sitio en PostgreSQL (${CANTIDAD.toLocaleString('es-AR')} ordenanzas, ${BOLETINES} boletines, objetivo p95 ≤ 50 ms)`);
    const database = await openPostgres(scratch);
    await cargar(database);
    await latencias(database, 200);
    await database.close();
  } finally {
    await bases.drop();
  }
}

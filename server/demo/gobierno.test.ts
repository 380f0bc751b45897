import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { createTestDatabase, engines, templates } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { listBoletinesOficiales, getBoletinVigente, listDecretosBoletin, listOrdenanzasBoletin } from '#domain/boletines/queries.ts';
import { findDecretoPublicado } from '#domain/decretos/publicados.ts';
import { listEstadosContables, listSueldos } from '#domain/finanzas/queries.ts';
import { sanitizeStaffHtml } from '#domain/shared/html.ts';
import { getConcejo, getObservatorio, listDocumentosObservatorio, listImagenesGaleria, listSecretarias } from '#domain/gobierno/queries.ts';
import { saveBoletinVigente } from '#tests/factories/boletines.ts';

const clave = (anio: number | string, mes: number | null) => Number(anio) * 100 + (mes ?? 0);
const noCreciente = (valores: number[]) => valores.every((v, i) => i === 0 || valores[i - 1]! >= v);

describe.each(engines)('gobierno, boletines y finanzas (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  // This run's demo (built once by the same seeders, tests/setup/templates.ts) with its files:
  // demo.test.ts covers seeding itself.
  beforeAll(async () => {
    database = await createTestDatabase(engine, undefined, {}, 'demo');
    fs.cpSync(templates()!.archivos[engine]!, storage.root, { recursive: true });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('boletines oficiales: 25, del más nuevo al más viejo; el último es el vigente, con sus textos, ordenanzas y decretos', async () => {
    const boletines = await listBoletinesOficiales(database.db);
    expect(boletines).toHaveLength(25);
    expect(noCreciente(boletines.map((b) => Date.parse(b.fechaCreacion)))).toBe(true);
    expect(boletines[0]).toMatchObject({ numeroBoletinOficial: 325, mesAsString: 'Noviembre', anioDocumentoAsString: '2026', vigente: true });
    expect(boletines.filter((b) => b.vigente)).toHaveLength(1);
    const vigente = await getBoletinVigente(database.db);
    expect(vigente.boletin).toMatchObject({ id: boletines[0]!.id, titulo: 'Boletín Oficial N° 325 – Noviembre 2026' });
    expect(vigente.legales).toContain('Boletín Oficial Municipal');
    expect(vigente.licitaciones).toContain('Licitación Pública N° 14/2026');
    expect(await listOrdenanzasBoletin(database.db)).toHaveLength(4);
    // The current bulletin's decrees are the ones the decree form offers (docs/decisions/050-un-solo-boletin.md).
    expect((await listDecretosBoletin(database.db)).map((d) => d.numero)).toContain('1421/2026');
    expect((await findDecretoPublicado(database.db, '1421/2026'))?.boletinTexto).toBe('Boletín Oficial Nº 325 de noviembre de 2026');
    // The decrees the README tells to type in Solicitud de Decretos.
    expect((await findDecretoPublicado(database.db, 'Decreto 1350 de 2026'))?.boletinTexto).toBe('Boletín Oficial Nº 323 de septiembre de 2026');
    expect((await findDecretoPublicado(database.db, '980-25'))?.boletinTexto).toBe('Boletín Oficial Nº 313 de noviembre de 2025');
    expect(await findDecretoPublicado(database.db, '1351/2026')).toBeUndefined();
  });

  it('estados contables, sueldos e informes del observatorio: el período más nuevo primero', async () => {
    const estados = await listEstadosContables(database.db);
    expect(estados).toHaveLength(48);
    expect(noCreciente(estados.map((e) => clave(e.anio, e.mes)))).toBe(true);
    expect(new Set(estados.map((e) => e.tipoEstadoContableAsString))).toEqual(new Set(['Ejecución de Recursos', 'Ejecución de Gastos']));
    const sueldos = await listSueldos(database.db);
    expect(sueldos.length).toBeGreaterThanOrEqual(24);
    expect(sueldos[0]).toMatchObject({ periodoSueldoAsString: 'Octubre', anioDocumentoAsString: '2026' });
    expect(noCreciente(sueldos.map((s) => s.anio))).toBe(true);
    const terminal = await listDocumentosObservatorio(database.db, 'MOVIMIENTO_TERMINAL');
    expect(terminal).toHaveLength(24);
    expect(noCreciente(terminal.map((t) => clave(t.anio, t.mes)))).toBe(true);
    const informes = await listDocumentosObservatorio(database.db, 'INFORME_ESTADISTICO');
    expect(informes.map((i) => i.anio)).toEqual([2025, 2024, 2023]);
  });

  it('secretarías con subsecretarías, concejo con bloques y galería del observatorio', async () => {
    const secretarias = await listSecretarias(database.db);
    expect(secretarias.length).toBeGreaterThanOrEqual(5);
    expect(secretarias.every((s) => s.subSecretariaList.length > 0)).toBe(true);
    expect(await listSecretarias(database.db, 'hacienda')).toHaveLength(1);
    const concejo = await getConcejo(database.db);
    expect(concejo.presidencia?.nombrePresidente).toBeTruthy();
    expect(concejo.bloqueList[0]!.concejalesList.length).toBeGreaterThan(0);
    const observatorio = await getObservatorio(database.db);
    expect(observatorio?.logo?.id).toBeGreaterThan(0);
    expect(await listImagenesGaleria(database.db, observatorio!.galeria.nombre)).toHaveLength(6);
    expect(await listDecretosBoletin(database.db, 'ambiente')).toHaveLength(1);
  });

  it('el HTML del personal se guarda sin scripts, manejadores ni enlaces javascript:', async () => {
    // Through the command staff use (saveTextosBoletin), which sanitises before it stores.
    await saveBoletinVigente(
      { db: database.db, storage },
      {
        legales: '<p onclick="alert(1)">Hola<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror="alert(4)"></p>',
        licitaciones: '<a href="JaVaScRiPt:alert(5)">y</a><iframe src="https://x"></iframe><a href="https://ejemplo.org" onmouseover="z()">ok</a>',
      },
    );
    const { legales, licitaciones } = await getBoletinVigente(database.db);
    for (const html of [legales, licitaciones]) {
      expect(html).not.toMatch(/<script|onclick|onerror|onmouseover|javascript:|<iframe|<img/i);
    }
    expect(legales).toContain('Hola');
    expect(licitaciones).toContain('href="https://ejemplo.org"');
  });
});

describe('sanitizeStaffHtml', () => {
  it('deja el formato permitido y quita el resto', () => {
    expect(sanitizeStaffHtml('<h1>T</h1><p><strong>a</strong> <a href="/x" target="_blank" style="color:red">b</a></p>')).toBe(
      '<h2>T</h2><p><strong>a</strong> <a href="/x">b</a></p>',
    );
    expect(sanitizeStaffHtml('<svg><script>alert(1)</script></svg><a href="data:text/html,x">d</a>')).toBe('<a>d</a>');
  });
});

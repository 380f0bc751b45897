// A full or read-only disk (docs/decisions/029-fallas.md): on a real small tmpfs, an upload answers
// 507 in Spanish and leaves no partial file, readiness reports low space, PGlite says why it
// cannot open, and `.tmp` files a crash left are cleaned.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { boletinesOficiales } from '#db/schema/index.ts';
import { MENSAJE_SIN_ESPACIO } from '#domain/documentos/subidas.ts';
import { type TestApp, createTestApp, loadBuiltApp } from '#tests/setup/app.ts';
import { EDITOR, ingresar, textoDe } from '#tests/setup/panel.ts';
import { archivosEn, subirFormulario } from '#tests/setup/subidas.ts';

const montar = (carpeta: string, opciones: string) => execFileSync('mount', ['-t', 'tmpfs', '-o', opciones, 'tmpfs', carpeta]);
const remontar = (carpeta: string, opciones: string) => execFileSync('mount', ['-o', `remount,${opciones}`, carpeta]);
const desmontar = (carpeta: string) => execFileSync('umount', ['-l', carpeta]);

/** Fills the disk of `carpeta` to the last byte. */
function llenar(carpeta: string): void {
  const { bavail, bsize } = fs.statfsSync(carpeta);
  fs.writeFileSync(path.join(carpeta, 'relleno'), Buffer.alloc(bavail * bsize));
  expect(fs.statfsSync(carpeta).bavail).toBe(0);
}

describe('un disco lleno o de sólo lectura', () => {
  const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-disco-'));
  const datos = path.join(raiz, 'datos');
  let t: TestApp;
  let sesion: string;

  beforeAll(async () => {
    fs.mkdirSync(datos);
    montar(datos, 'size=2m');
    t = await createTestApp('pglite', { env: { DATA_DIR: datos }, storageFromConfig: true, logs: true });
    sesion = await ingresar(t, EDITOR);
  });

  afterAll(async () => {
    await t?.close();
    for (const carpeta of fs.readdirSync(raiz)) desmontar(path.join(raiz, carpeta));
    fs.rmSync(raiz, { recursive: true, force: true });
  });

  const alta = async (numero: string) =>
    subirFormulario(t, '/admin/boletines', sesion, [
      ['numero', numero],
      ['mes', '3'],
      ['anio', '2026'],
      ['archivo', new File([new Uint8Array(await generarPdf({ titulo: `BOLETÍN OFICIAL N° ${numero}`, parrafos: ['Decretos del mes.'] }))], 'b.pdf')],
    ]);
  const boletines = async () => (await t.database.db.select({ n: count() }).from(boletinesOficiales))[0]!.n;
  const archivos = () => archivosEn(path.join(datos, 'archivos'));

  it('lleno: la subida responde 507 con el motivo en castellano, conserva lo escrito y no deja archivo parcial', async () => {
    const antes = await boletines();
    llenar(datos);
    const r = await alta('4321');
    expect(r.statusCode).toBe(507);
    expect(textoDe(r.body)).toContain(MENSAJE_SIN_ESPACIO);
    expect(r.body).toContain('value="4321"');
    expect(archivos()).toEqual([]);
    expect(await boletines()).toBe(antes);
  });

  it('/health/ready sigue en 200 pero informa el espacio bajo y lo anota en el registro', async () => {
    const r = await t.app.inject({ url: '/health/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', espacio: 'bajo', libreMb: 0 });
    expect(t.logs.some((l) => l.msg === 'health check: poco espacio libre en disco' && l.libreMb === 0)).toBe(true);
  });

  it('de sólo lectura: también 507 sin archivos; con espacio y escritura de nuevo, la misma subida se guarda', async () => {
    fs.rmSync(path.join(datos, 'relleno'));
    fs.rmSync(path.join(datos, 'archivos'), { recursive: true, force: true });
    remontar(datos, 'ro');
    try {
      const r = await alta('4322');
      expect(r.statusCode).toBe(507);
      expect(textoDe(r.body)).toContain(MENSAJE_SIN_ESPACIO);
      expect(archivos()).toEqual([]);
    } finally {
      remontar(datos, 'rw');
    }
    const antes = await boletines();
    expect((await alta('4322')).statusCode).toBe(303);
    expect(await boletines()).toBe(antes + 1);
    expect(archivos().filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('al arrancar, los .tmp de más de una hora que dejó una caída se borran; los recientes no', async () => {
    const carpeta = path.join(datos, 'archivos', '2020');
    fs.mkdirSync(carpeta, { recursive: true });
    const viejo = path.join(carpeta, 'x.pdf.1.tmp');
    const reciente = path.join(carpeta, 'y.pdf.2.tmp');
    fs.writeFileSync(viejo, 'parcial');
    fs.writeFileSync(reciente, 'en curso');
    const horaYMedia = new Date(Date.now() - 90 * 60_000);
    fs.utimesSync(viejo, horaYMedia, horaYMedia);
    expect(await t.storage.removeStaleTemporaries!(60 * 60_000)).toBe(1);
    expect(fs.existsSync(viejo)).toBe(false);
    expect(fs.existsSync(reciente)).toBe(true);
  });

  it('PGlite en un DATA_DIR lleno o de sólo lectura no abre y dice en castellano la carpeta y el motivo', async () => {
    const mod = await loadBuiltApp();
    const llena = path.join(raiz, 'llena');
    fs.mkdirSync(llena);
    montar(llena, 'size=1m');
    await expect(mod.openPglite(llena)).rejects.toThrow(`No se pudo abrir la base de datos en ${llena}: no queda espacio libre en el disco (ENOSPC)`);
    const soloLectura = path.join(raiz, 'solo-lectura');
    fs.mkdirSync(soloLectura);
    montar(soloLectura, 'size=1m,ro');
    await expect(mod.openPglite(soloLectura)).rejects.toThrow(
      `No se pudo abrir la base de datos en ${soloLectura}: el disco está montado sólo para lectura (EROFS)`,
    );
  });
});

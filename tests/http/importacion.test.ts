// Moving in from the previous system (docs/decisions/033-mudanza.md): a folder with every kind of
// answer and its documents, first with one bad item in each kind (every kind refused whole, each bad
// item in the report, nothing written to the database or storage), then corrected and imported
// twice (the second run adds nothing). Afterwards the old links answer with the old ids and the
// search finds a word that is only inside an imported PDF.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import * as schema from '#db/schema/index.ts';
import type { ResultadoTipo } from '#domain/importacion/importar.ts';
import { type TestApp, createTestApp, loadBuiltApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { archivosEn } from '#tests/setup/subidas.ts';

type App = Awaited<ReturnType<typeof loadBuiltApp>>;

/** A word that appears only inside the ordinance's PDF, never in its description. */
const PALABRA = 'xilofonistas';

const pdf = (titulo: string, ...parrafos: string[]) => generarPdf({ titulo, parrafos: parrafos.length ? parrafos : ['Documento del sistema anterior.'] });
const png = (semilla: number) => generarPng({ ancho: 64, alto: 40, cielo: [120, 170, 230], montana: [90, 100, 90], lago: [30, 90, 160], semilla });

/** Writes the folder as the README says to save it; `conErrores` adds one bad item to every kind. */
async function escribirCarpeta(dir: string, conErrores: boolean): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'documentos'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'ordenanzas'), { recursive: true });
  const json = (nombre: string, valor: unknown) => fs.writeFileSync(path.join(dir, nombre), JSON.stringify(valor));
  const documento = async (id: number, bytes: Uint8Array | Promise<Uint8Array>, ext = 'pdf') =>
    fs.writeFileSync(path.join(dir, 'documentos', ext ? `${id}.${ext}` : String(id)), await bytes);
  const malo = <T>(item: T): T[] => (conErrores ? [item] : []);

  // Ordinances: as the second API answers, a JSON string whose content is the array.
  const ordenanzas = [
    {
      ID: 9001,
      Numero: 100,
      Anio: 2019,
      Estado: 2,
      FechaEmision: '2019-05-02T00:00:00',
      Descripcion: 'Regula el arbolado urbano',
      Expediente: 'Expte. 12/2019',
      ModificatoriaDe: null,
    },
    {
      ID: 9002,
      Numero: 101,
      Anio: 2019,
      Estado: '3',
      FechaEmision: null,
      Descripcion: 'Modifica la ordenanza del arbolado',
      Expediente: '',
      ModificatoriaDe: 9001,
    },
    ...malo({ ID: 9003, Numero: 102, Anio: 2019, Estado: 7, FechaEmision: null, Descripcion: 'Estado que no existe', Expediente: null, ModificatoriaDe: null }),
  ];
  fs.writeFileSync(path.join(dir, 'ordenanzas.json'), JSON.stringify(JSON.stringify(ordenanzas)));
  fs.writeFileSync(path.join(dir, 'ordenanzas', '9001.pdf'), await pdf('Ordenanza 100/2019', `Los ${PALABRA} del arbolado urbano quedan regulados.`));

  json('boletines-oficiales.json', [
    {
      documento: { id: 501 },
      numeroBoletinOficial: 40,
      mesAsString: 'Enero',
      anioDocumentoAsString: '2024',
      usuarioCreacion: 'mgarcia',
      fechaCreacion: '2024-01-31T10:00:00',
    },
    {
      documento: { id: 502 },
      numeroBoletinOficial: 41,
      mesAsString: 'FEBRERO',
      anioDocumentoAsString: '2024',
      usuarioCreacion: 'mgarcia',
      fechaCreacion: '2024-02-29',
    },
    ...malo({ documento: { id: 503 }, numeroBoletinOficial: 42, mesAsString: 'Marzo', anioDocumentoAsString: '2024' }),
  ]);
  await documento(501, pdf('Boletín Oficial 40'));
  await documento(502, pdf('Boletín Oficial 41'), '');
  if (conErrores) fs.writeFileSync(path.join(dir, 'documentos', '503.pdf'), '<!doctype html><html><body>Error 500</body></html>');

  json('areas.json', [
    { nombre: 'Catastro', domicilio: 'Siete Lagos 93', telefono: '+54 294 449-4100', email: 'catastro@vla.gob.ar' },
    { nombre: 'Tránsito', domicilio: 'Arrayanes 21', telefono: '', email: '' },
    ...malo({ nombre: 'Turismo', domicilio: '', telefono: '', email: 'no-es-un-correo' }),
  ]);
  json('ejecutivo.json', {
    intendenteNombre: conErrores ? '' : 'Javier Murer',
    intendenteEmail: 'intendencia@vla.gob.ar',
    intendenteTelefono: '449-4100',
    viceIntendenteNombre: 'Ana Pérez',
    viceIntendenteEmail: '',
    viceIntendenteTelefono: '',
  });
  json('secretarias.json', [
    {
      secretaria: { nombre: 'Secretaría de Obras', secretarioNombre: 'Luis Díaz', secretarioEmail: 'obras@vla.gob.ar', secretarioTelefono: '' },
      subSecretariaList: [{ nombre: 'Subsecretaría de Vialidad', subSecretarioNombre: 'Rita Gómez', subSecretarioEmail: '', subSecretarioTelefono: '' }],
    },
    { secretaria: { nombre: 'Secretaría de Hacienda', secretarioNombre: 'Carla Ruiz' }, subSecretariaList: [] },
    ...malo({ secretaria: { nombre: 'Secretaría de Turismo' }, subSecretariaList: [{ nombre: '' }] }),
  ]);
  json('concejo.json', {
    presidencia: {
      nombrePresidente: 'Marta Sosa',
      nombreVicepresidente: 'Juan Paz',
      nombreSecretaria: '',
      nombreProsecretaria: '',
      nombreSecretariaDigesto: '',
      telefono: '449-4200',
    },
    bloqueList: [
      {
        bloque: { nombreBloque: 'Bloque Lagos', nombreSecetaria: 'Eva Luna' },
        concejalesList: [{ nombre: 'Pedro Gil' }, { nombre: 'Sara Vidal' }],
        asesoresList: [{ nombre: 'Tomás Rey' }],
      },
      { bloque: { nombreBloque: 'Bloque Bosque', nombreSecetaria: '' }, concejalesList: [{ nombre: 'Inés Mora' }], asesoresList: [] },
      ...malo({ bloque: { nombreBloque: '', nombreSecetaria: '' }, concejalesList: [], asesoresList: [] }),
    ],
  });
  json('observatorio.json', {
    texto: '<p>El Observatorio Vial mide el tránsito.</p><script>alert(1)</script>',
    logo: { id: conErrores ? 999 : 601 },
    galeria: { nombre: 'Galería del Observatorio' },
  });
  await documento(601, png(1), 'png');
  json('galeria.json', [{ imagen: { id: 602 } }, { imagen: { id: 603 }, titulo: 'Ruta 40' }, ...malo({ imagen: { id: 604 } })]);
  await documento(602, png(2), 'png');
  await documento(603, png(3), 'png');
  if (conErrores) await documento(604, pdf('No es una imagen'));
  json('movimiento-terminal.json', [
    { documento: { id: 701 }, mesAsString: 'Enero', anioDocumentoAsString: '2024' },
    { documento: { id: 702 }, mesAsString: '02', anioDocumentoAsString: '2024' },
    ...malo({ documento: { id: 703 }, mesAsString: 'Trece', anioDocumentoAsString: '2024' }),
  ]);
  json('informes-estadisticos.json', [
    { documento: { id: 711 }, mesAsString: null, anioDocumentoAsString: '2023' },
    ...malo({ documento: { id: 712 }, anioDocumentoAsString: '23' }),
  ]);
  json('estados-contables.json', [
    {
      tipoEstadoContable: 'RECURSOS',
      documento: { id: 721 },
      mesAsString: 'Marzo',
      anioDocumentoAsString: '2024',
      usuarioCreacion: 'contaduria',
      fechaCreacion: '2024-04-02',
    },
    {
      tipoEstadoContable: 'GASTOS',
      documento: { id: 722 },
      mesAsString: 'Marzo',
      anioDocumentoAsString: '2024',
      usuarioCreacion: 'contaduria',
      fechaCreacion: '2024-04-02',
    },
    ...malo({ tipoEstadoContable: 'OTROS', documento: { id: 723 }, mesAsString: 'Marzo', anioDocumentoAsString: '2024' }),
  ]);
  json('sueldos.json', [
    { documento: { id: 731 }, periodoSueldoAsString: 'ENERO', anioDocumentoAsString: '2024' },
    { documento: { id: 732 }, periodoSueldoAsString: 'Aguinaldo 1er semestre', anioDocumentoAsString: '2024' },
    ...malo({ documento: { id: 733 }, periodoSueldoAsString: 'Enerito', anioDocumentoAsString: '2024' }),
  ]);
  for (const id of [701, 702, 703, 711, 712, 721, 722, 723, 731, 732, 733]) await documento(id, pdf(`Documento ${id}`));
}

/** Each kind's refused items (id → reason) or counts. */
const porTipo = (resultados: ResultadoTipo[]) => Object.fromEntries(resultados.map((r) => [r.nombre, r]));

const TABLAS = {
  ordenanzas: schema.ordenanzas,
  documentos: schema.documentos,
  boletines: schema.boletinesOficiales,
  areas: schema.areasMunicipales,
  ejecutivo: schema.ejecutivo,
  secretarias: schema.secretarias,
  subsecretarias: schema.subsecretarias,
  presidencia: schema.hcdPresidencia,
  bloques: schema.hcdBloques,
  integrantes: schema.hcdIntegrantes,
  observatorio: schema.observatorioVial,
  galeria: schema.galeriaImagenes,
  documentosObservatorio: schema.documentosObservatorio,
  estados: schema.estadosContables,
  sueldos: schema.sueldos,
};

describe.each(engines)('npm run importar: mudanza desde el sistema anterior (%s)', (engine) => {
  let t: TestApp;
  let mod: App;
  let dir: string;
  const importar = () => mod.importarCarpeta(t.context, dir);
  const contar = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(TABLAS).map(async ([nombre, tabla]) => [nombre, (await t.database.db.select({ n: count() }).from(tabla))[0]!.n] as const),
      ),
    );

  beforeAll(async () => {
    mod = await loadBuiltApp();
    t = await createTestApp(engine, { seed: false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mudanza-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('con un ítem malo en cada tipo rechaza cada tipo entero, nombra cada ítem y su motivo, y no guarda nada', async () => {
    await escribirCarpeta(dir, true);
    const r = porTipo(await importar());
    const rechazos = (tipo: string) => {
      const x = r[tipo]!;
      expect(x.estado, tipo).toBe('rechazado');
      return x.estado === 'rechazado' ? x.rechazos : [];
    };
    expect(rechazos('ordenanzas')).toEqual([{ id: 'ID 9003', motivo: expect.stringContaining('Elegí el estado de la ordenanza') }]);
    expect(rechazos('boletines-oficiales')).toEqual([{ id: 'documento 503', motivo: expect.stringContaining('es una página web (HTML), no un PDF') }]);
    expect(rechazos('areas')).toEqual([{ id: 'Turismo', motivo: expect.stringContaining('Escribí un correo electrónico válido') }]);
    expect(rechazos('ejecutivo')).toEqual([{ id: 'ejecutivo', motivo: expect.stringMatching(/intendente/i) }]);
    expect(rechazos('secretarias')).toEqual([{ id: 'Secretaría de Turismo', motivo: expect.stringContaining('Subsecretaría 1:') }]);
    expect(rechazos('concejo')).toEqual([{ id: 'bloque 3', motivo: expect.stringMatching(/bloque/i) }]);
    expect(rechazos('observatorio')).toEqual([{ id: 'observatorio', motivo: expect.stringContaining('falta el archivo del documento 999') }]);
    expect(rechazos('galeria')).toEqual([{ id: 'imagen 604', motivo: expect.stringContaining('es un PDF, no una imagen') }]);
    expect(rechazos('movimiento-terminal')).toEqual([{ id: 'documento 703', motivo: expect.stringContaining('Elegí el mes') }]);
    expect(rechazos('informes-estadisticos')).toEqual([{ id: 'documento 712', motivo: expect.stringContaining('cuatro cifras') }]);
    expect(rechazos('estados-contables')).toEqual([{ id: 'documento 723', motivo: expect.any(String) }]);
    expect(rechazos('sueldos')).toEqual([{ id: 'documento 733', motivo: expect.any(String) }]);

    // The report: one line per refused item with kind, id and reason.
    const informe = mod.informeImportacion(await importar());
    expect(informe).toContain('  rechazado\tordenanzas\tID 9003\t' + rechazos('ordenanzas')[0]!.motivo);
    expect(informe.filter((l) => l.startsWith('  rechazado\t'))).toHaveLength(12);

    expect(Object.values(await contar()).every((n) => n === 0)).toBe(true);
    expect(archivosEn(t.storage.root)).toEqual([]);
  });

  it('corregida, entra todo; una segunda vez no agrega nada', async () => {
    await escribirCarpeta(dir, false);
    const primera = await importar();
    expect(primera.map((r) => [r.nombre, r.estado])).toEqual(primera.map((r) => [r.nombre, 'importado']));
    const conteo = (r: ResultadoTipo) => (r.estado === 'importado' ? r.conteo : undefined);
    expect(conteo(porTipo(primera).ordenanzas!)).toEqual({ nuevos: 2, actualizados: 0, sinCambios: 0 });
    const filas = await contar();
    expect(filas).toEqual({
      ordenanzas: 2,
      documentos: 13,
      boletines: 2,
      areas: 2,
      ejecutivo: 1,
      secretarias: 2,
      subsecretarias: 1,
      presidencia: 1,
      bloques: 2,
      integrantes: 4,
      observatorio: 1,
      galeria: 2,
      documentosObservatorio: 3,
      estados: 2,
      sueldos: 2,
    });
    const archivos = archivosEn(t.storage.root);

    const segunda = await importar();
    for (const r of segunda)
      expect([r.nombre, r.estado === 'importado' && r.conteo.nuevos + r.conteo.actualizados, r.estado === 'importado' && r.documentosNuevos]).toEqual([
        r.nombre,
        0,
        0,
      ]);
    expect(await contar()).toEqual(filas);
    expect(archivosEn(t.storage.root)).toEqual(archivos);

    // Each kind that went in is in the audit log, by the system.
    const entradas = await t.database.db.select().from(schema.auditoria).where(eq(schema.auditoria.accion, 'importacion.tipo'));
    expect(entradas).toHaveLength(24);
    expect(entradas.every((e) => e.usuarioId === null && e.actorEmail === null)).toBe(true);
  });

  it('los enlaces viejos responden con los ids del sistema anterior', async () => {
    const boletin = await t.app.inject({ url: '/downloadArchivoAppTurismo?id=501' });
    expect(boletin.statusCode).toBe(200);
    expect(boletin.headers['content-type']).toBe('application/pdf');
    const logo = await t.app.inject({ url: '/downloadArchivoAppTurismo?id=601' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
    const ordenanza = await t.app.inject({ url: '/Ordenanzas/?idOrdenanza=9001' });
    expect(ordenanza.statusCode).toBe(200);
    expect(ordenanza.body.startsWith('%PDF')).toBe(true);
    expect((await t.app.inject({ url: '/Ordenanzas/?idOrdenanza=9002' })).statusCode).toBe(404);

    const [modificatoria] = await t.database.db.select().from(schema.ordenanzas).where(eq(schema.ordenanzas.id, 9002));
    expect(modificatoria).toMatchObject({ numero: 101, anio: 2019, estado: 3, modificatoriaDe: 9001 });
    const [boletin40] = await t.database.db.select().from(schema.boletinesOficiales).where(eq(schema.boletinesOficiales.documentoId, 501));
    expect(boletin40).toMatchObject({ numeroBoletinOficial: 40, mes: 1, anio: 2024, usuarioCreacion: 'mgarcia' });
    const [observatorio] = await t.database.db.select().from(schema.observatorioVial);
    expect(observatorio!.texto).not.toContain('<script');

    // A document stored afterwards takes an id past every old one, also one the folder refers to without its file (999).
    const [siguiente] = await queryRows<{ n: number | string }>(t.database.db, sql`select nextval('documentos_id_seq') as n`);
    expect(Number(siguiente!.n)).toBeGreaterThan(999);
  });

  it('la búsqueda encuentra una palabra que sólo está dentro de un PDF importado', async () => {
    const res = await t.app.inject({ url: `/api/v1/ordenanzas?pattern=${PALABRA}&estado=-1` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { ID: number }[]; total: number };
    expect(body.items.map((i) => i.ID)).toEqual([9001]);
    const pagina = await t.app.inject({ url: `/consulta-ordenanzas?pattern=${PALABRA}` });
    expect(pagina.body).toContain('Regula el arbolado urbano');
  });
});

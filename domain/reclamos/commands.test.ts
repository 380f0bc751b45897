import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import type { PreguntaCategoria } from '#db/schema/index.ts';
import { categoriasReclamo, documentos, feriados, fotosReclamo, historialReclamos, outbox, reclamos, zonasRecoleccion } from '#db/schema/index.ts';
import { parseCodigoReclamo } from '#domain/shared/codigo-seguimiento.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { testContext } from '#tests/factories/decretos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { CAMPO_TRAMPA_RECLAMO, MENSAJE_LIMITE_DIRECCION, MENSAJE_LIMITE_EMAIL, crearReclamo } from './commands.ts';
import { hashSecreto, reclamoPorSecreto } from './enlaces.ts';
import { MENSAJE_DEMASIADAS } from './fotos.ts';
import { fotoDeTelefono } from './fotos.test.ts';
import { buscarDuplicados, getReclamoPorCodigo } from './queries.ts';
import { MENSAJES_RECLAMO } from './schemas.ts';

const CODIGO = /^RC-2026-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/;
/** Villa La Angostura's centre. */
const CENTRO = { latitud: -40.762, longitud: -71.646 };
/** `metros` north of a point. */
const alNorte = (p: { latitud: number; longitud: number }, metros: number) => ({
  latitud: Math.round((p.latitud + metros / 111_195) * 1e7) / 1e7,
  longitud: p.longitud,
});

const PREGUNTAS: PreguntaCategoria[] = [
  {
    codigo: 'tamano',
    etiqueta: 'Tamaño del pozo',
    tipo: 'opcion',
    requerida: true,
    opciones: [
      { clave: 'chico', nombre: 'Chico' },
      { clave: 'grande', nombre: 'Grande' },
    ],
  },
  { codigo: 'profundidad', etiqueta: 'Profundidad en centímetros', tipo: 'numero', requerida: false },
  { codigo: 'agua', etiqueta: '¿Junta agua?', tipo: 'si_no', requerida: false },
  { codigo: 'detalle', etiqueta: 'Algo más', tipo: 'texto', requerida: false },
];

describe.each(engines)('alta de reclamos (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  let ctx: ReturnType<typeof testContext>;
  let bache: number;
  let luminaria: number;

  const categoria = async (codigo: string, valores: Partial<typeof categoriasReclamo.$inferInsert> = {}) => {
    const [fila] = await database.db
      .insert(categoriasReclamo)
      .values({ codigo, nombre: `Categoría ${codigo}`, ...valores })
      .returning({ id: categoriasReclamo.id });
    return fila!.id;
  };
  const valido = (extra: Record<string, unknown> = {}) => ({
    categoria: 'bache',
    latitud: String(CENTRO.latitud),
    longitud: String(CENTRO.longitud),
    direccion: 'Av. Arrayanes 250',
    descripcion: 'Hay un pozo grande frente al 250, los autos lo esquivan por la mano contraria.',
    email: 'Vecina@Correo.com.ar',
    nombre: 'Juana Pérez',
    pregunta_tamano: 'grande',
    ...extra,
  });
  /** A context with limits of its own and no address: each test counts from zero. */
  const conLimites = (reclamosLimites: { porDireccion: number; porEmail: number }): AppContext => ({
    ...ctx,
    config: { ...ctx.config, reclamos: reclamosLimites },
  });
  const contar = async () => ({
    reclamos: (await database.db.select({ n: count() }).from(reclamos))[0]!.n,
    correos: (await database.db.select({ n: count() }).from(outbox))[0]!.n,
    documentos: (await database.db.select({ n: count() }).from(documentos))[0]!.n,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Limits far away unless a test sets its own: every test here writes with the same e-mail.
    const base = testContext({ db: database.db, storage });
    ctx = { ...base, config: { ...base.config, reclamos: { porDireccion: 1000, porEmail: 1000 } } };
    bache = await categoria('bache', { nombre: 'Bache en la calle', preguntas: PREGUNTAS, plazoDiasHabiles: 10, radioDuplicadosM: 50 });
    luminaria = await categoria('luminaria', { nombre: 'Luminaria apagada', radioDuplicadosM: 100 });
    await categoria('vieja', { activa: false });
    // 24 March, Día de la Memoria (the migration's seed has it too): the count skips it.
    await database.db.insert(feriados).values({ fecha: '2026-03-24', nombre: 'Día de la Memoria', tipo: 'inamovible' }).onConflictDoNothing();
    const lado = 0.005;
    await database.db.insert(zonasRecoleccion).values({
      slug: 'centro',
      nombre: 'Centro',
      geometria: [
        [
          [
            [CENTRO.longitud - lado, CENTRO.latitud - lado],
            [CENTRO.longitud + lado, CENTRO.latitud - lado],
            [CENTRO.longitud + lado, CENTRO.latitud + lado],
            [CENTRO.longitud - lado, CENTRO.latitud + lado],
            [CENTRO.longitud - lado, CENTRO.latitud - lado],
          ],
        ],
      ],
      minLatitud: CENTRO.latitud - lado,
      maxLatitud: CENTRO.latitud + lado,
      minLongitud: CENTRO.longitud - lado,
      maxLongitud: CENTRO.longitud + lado,
    });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('guarda el reclamo cifrado, su historial, y el acuse en la bandeja de salida', async () => {
    const antes = await contar();
    const despertares = ctx.mailer.wakes;
    const r = await crearReclamo(ctx, valido({ pregunta_profundidad: '15,5', pregunta_agua: 'sí' }));
    if (r.tipo !== 'recibido') throw new Error(JSON.stringify(r));
    expect(r.nuevo).toBe(true);
    expect(r.codigo).toMatch(CODIGO);
    expect(parseCodigoReclamo(r.codigo)).toBe(r.codigo);
    expect(await contar()).toMatchObject({ reclamos: antes.reclamos + 1, correos: antes.correos + 1 });
    expect(ctx.mailer.wakes).toBe(despertares + 1);

    const [fila] = await database.db.select().from(reclamos).where(eq(reclamos.id, r.id));
    expect(fila).toMatchObject({
      codigo: r.codigo,
      categoriaId: bache,
      estado: 'recibido',
      latitud: CENTRO.latitud,
      longitud: CENTRO.longitud,
      direccion: 'Av. Arrayanes 250',
      barrio: 'Centro',
      respuestas: { tamano: 'grande', profundidad: '15.5', agua: 'si' },
      origen: 'web',
      claveOpen311Id: null,
      seguir: true,
      // Tuesday 10 March + 10 business days, skipping the holidays of 23 (puente) and 24 March.
      venceEl: '2026-03-26',
    });
    // The reporter is never stored in the clear.
    expect(JSON.stringify(fila)).not.toMatch(/vecina@correo|Juana/i);
    expect(ctx.cipher.decrypt(fila!.email!)).toBe('vecina@correo.com.ar');
    expect(ctx.cipher.decrypt(fila!.nombre!)).toBe('Juana Pérez');
    expect(fila!.emailHuella).toBe(ctx.cipher.hash('email', 'vecina@correo.com.ar'));
    // The secret: encrypted for later mails, hashed for the links.
    const secreto = ctx.cipher.open(fila!.token!);
    expect(fila!.tokenHash).toBe(hashSecreto(secreto));
    expect(await reclamoPorSecreto(database.db, secreto)).toMatchObject({ id: r.id, codigo: r.codigo });

    const historial = await database.db.select().from(historialReclamos).where(eq(historialReclamos.reclamoId, r.id));
    expect(historial.map((h) => h.estado)).toEqual(['recibido']);

    const [correo] = await database.db.select().from(outbox).where(eq(outbox.referencia, r.codigo));
    expect(JSON.stringify(correo)).not.toMatch(/vecina@correo/i);
    expect(ctx.cipher.decrypt(correo!.destinatario)).toBe('vecina@correo.com.ar');
    expect(correo!.asunto).toContain(r.codigo);
    const texto = ctx.cipher.decrypt(correo!.texto);
    expect(texto).toContain(`Código de seguimiento: ${r.codigo}`);
    expect(texto).toContain(ctx.url(`/reclamos/${r.codigo}`));
    expect(texto).toContain('Bache en la calle');
    expect(texto).toContain(`vence el ${formatLongDateWithWeekday('2026-03-26')}.`);
    const baja = ctx.url(`/reclamos/baja?token=${encodeURIComponent(secreto)}`);
    expect(texto).toContain(baja);
    // What was typed is not carried by the mail.
    expect(texto).not.toContain('los autos lo esquivan');
    expect(texto).not.toContain('Juana');
    // The outbox keeps the headers encrypted too (the link carries the secret).
    const cabeceras = Object.fromEntries(Object.entries(correo!.cabeceras ?? {}).map(([k, v]) => [k, ctx.cipher.decrypt(v as string)]));
    expect(cabeceras).toMatchObject({ 'List-Unsubscribe': `<${baja}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(cabeceras['List-Id']).toMatch(/^Reclamos <reclamos\./);

    expect(await getReclamoPorCodigo(database.db, r.codigo)).toMatchObject({ id: r.id, estado: 'recibido', categoriaId: bache });
    expect(await getReclamoPorCodigo(database.db, 'RC-2026-222-222-222')).toBeUndefined();
  });

  it('Open311: origen y clave quedan guardados; sin nombre y con coordenadas numéricas', async () => {
    const r = await crearReclamo(ctx, valido({ nombre: undefined, latitud: -40.7601, longitud: -71.6502 }), { origen: 'open311' });
    if (r.tipo !== 'recibido') throw new Error(JSON.stringify(r));
    const [fila] = await database.db.select().from(reclamos).where(eq(reclamos.id, r.id));
    expect(fila).toMatchObject({ origen: 'open311', nombre: null, latitud: -40.7601, longitud: -71.6502 });
  });

  it('guarda las fotos sin metadatos en ninguna de sus versiones', async () => {
    const foto = await fotoDeTelefono({ ancho: 2000, alto: 1200 });
    const r = await crearReclamo(ctx, valido({ categoria: 'luminaria', pregunta_tamano: undefined }), {
      fotos: [
        { data: foto, nombreArchivo: 'IMG_0001.jpg' },
        { data: foto, nombreArchivo: 'IMG_0002.jpg' },
      ],
    });
    if (r.tipo !== 'recibido') throw new Error(JSON.stringify(r));
    const filas = await database.db
      .select({
        orden: fotosReclamo.orden,
        clave: documentos.clave,
        claveWeb: documentos.claveWeb,
        claveMiniatura: documentos.claveMiniatura,
        publico: documentos.publico,
      })
      .from(fotosReclamo)
      .innerJoin(documentos, eq(documentos.id, fotosReclamo.documentoId))
      .where(eq(fotosReclamo.reclamoId, r.id))
      .orderBy(fotosReclamo.orden);
    expect(filas.map((f) => f.orden)).toEqual([1, 2]);
    for (const f of filas) {
      expect(f.publico).toBe(true);
      for (const clave of [f.clave, f.claveWeb!, f.claveMiniatura!]) {
        const datos = await leer(clave);
        const m = await sharp(datos).metadata();
        expect(m.exif, clave).toBeUndefined();
        expect(m.xmp, clave).toBeUndefined();
        expect(m.iptc, clave).toBeUndefined();
        expect(Buffer.from(datos).includes('iPhone')).toBe(false);
      }
    }
    const web = await sharp(await leer(filas[0]!.claveWeb!)).metadata();
    expect(web.width).toBe(1600);
  });

  it('fotos que no van: un error en el campo fotos y nada guardado', async () => {
    const antes = await contar();
    const foto = { data: await fotoDeTelefono(), nombreArchivo: 'a.jpg' };
    const r = await crearReclamo(ctx, valido(), { fotos: [foto, foto, foto, foto] });
    expect(r).toEqual({ tipo: 'invalido', errores: { fotos: MENSAJE_DEMASIADAS } });
    const pdf = { data: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')), nombreArchivo: 'foto.jpg' };
    const r2 = await crearReclamo(ctx, valido({ descripcion: 'corta' }), { fotos: [pdf] });
    if (r2.tipo !== 'invalido') throw new Error('aceptado');
    expect(r2.errores.descripcion).toBe(MENSAJES_RECLAMO.descripcion);
    expect(r2.errores.fotos).toMatch(/PDF/);
    expect(await contar()).toEqual(antes);
  });

  it('cada campo inválido tiene su mensaje en castellano', async () => {
    const casos: [Record<string, unknown>, string, string | RegExp][] = [
      [{ categoria: '' }, 'categoria', MENSAJES_RECLAMO.categoria],
      [{ categoria: 'no-existe' }, 'categoria', MENSAJES_RECLAMO.categoria],
      [{ categoria: 'vieja' }, 'categoria', MENSAJES_RECLAMO.categoria],
      [{ categoria: 'x'.repeat(500) }, 'categoria', MENSAJES_RECLAMO.categoria],
      [{ latitud: '' }, 'latitud', MENSAJES_RECLAMO.latitud],
      [{ latitud: '-4.0762e1' }, 'latitud', MENSAJES_RECLAMO.latitud],
      [{ latitud: '0x28' }, 'latitud', MENSAJES_RECLAMO.latitud],
      [{ latitud: 'NaN' }, 'latitud', MENSAJES_RECLAMO.latitud],
      [{ latitud: 'Infinity' }, 'latitud', MENSAJES_RECLAMO.latitud],
      [{ latitud: '-34.6037' }, 'latitud', MENSAJES_RECLAMO.fueraDelArea],
      [{ latitud: '-71.646', longitud: '-40.762' }, 'latitud', MENSAJES_RECLAMO.fueraDelArea],
      [{ longitud: '-58.38' }, 'longitud', MENSAJES_RECLAMO.fueraDelArea],
      [{ longitud: ['-71.6'] }, 'longitud', MENSAJES_RECLAMO.longitud],
      [{ descripcion: 'pozo' }, 'descripcion', MENSAJES_RECLAMO.descripcion],
      [{ descripcion: '          ' }, 'descripcion', MENSAJES_RECLAMO.descripcion],
      [{ descripcion: 'a'.repeat(2001) }, 'descripcion', MENSAJES_RECLAMO.descripcionLarga],
      [{ email: '' }, 'email', MENSAJES_RECLAMO.email],
      [{ email: 'no-es-un-correo' }, 'email', MENSAJES_RECLAMO.emailInvalido],
      [{ email: { $ne: null } }, 'email', MENSAJES_RECLAMO.email],
      [{ nombre: 'n'.repeat(121) }, 'nombre', MENSAJES_RECLAMO.nombre],
      [{ direccion: 'd'.repeat(201) }, 'direccion', MENSAJES_RECLAMO.direccion],
      [{ pregunta_tamano: '' }, 'pregunta_tamano', 'Respondé «Tamaño del pozo»: es obligatorio.'],
      [{ pregunta_tamano: 'enorme' }, 'pregunta_tamano', 'Elegí una de las opciones de «Tamaño del pozo».'],
      [{ pregunta_profundidad: '1e3' }, 'pregunta_profundidad', /con un número/],
      [{ pregunta_agua: 'quizás' }, 'pregunta_agua', /con sí o no/],
      [{ pregunta_detalle: 'x'.repeat(501) }, 'pregunta_detalle', /hasta 500 caracteres/],
    ];
    const antes = await contar();
    for (const [cambio, campo, mensaje] of casos) {
      const r = await crearReclamo(ctx, valido(cambio));
      expect(r.tipo, JSON.stringify(cambio).slice(0, 80)).toBe('invalido');
      if (r.tipo !== 'invalido') continue;
      const errores = r.errores as Record<string, string>;
      if (typeof mensaje === 'string') expect(errores[campo], campo).toBe(mensaje);
      else expect(errores[campo], campo).toMatch(mensaje);
    }
    // Everything wrong at once: every field answers together.
    const todo = await crearReclamo(ctx, { categoria: 'bache' });
    if (todo.tipo !== 'invalido') throw new Error('aceptado');
    expect(Object.keys(todo.errores).sort()).toEqual(['descripcion', 'email', 'latitud', 'longitud', 'pregunta_tamano']);
    for (const nada of [null, undefined, 'texto', 42, []]) expect((await crearReclamo(ctx, nada)).tipo).toBe('invalido');
    expect(await contar()).toEqual(antes);
  });

  it('el campo trampa parece un éxito y no guarda nada', async () => {
    const antes = await contar();
    const r = await crearReclamo(ctx, valido({ [CAMPO_TRAMPA_RECLAMO]: 'http://spam.example' }));
    expect(r).toMatchObject({ tipo: 'recibido', id: 0, nuevo: false });
    if (r.tipo === 'recibido') expect(r.codigo).toMatch(CODIGO);
    expect(await contar()).toEqual(antes);
  });

  it('el límite por dirección: una hora; lo rechazado no queda guardado', async () => {
    const c = conLimites({ porDireccion: 2, porEmail: 100 });
    const direccion = `2001:db8:${engine === 'pglite' ? 1 : 2}::/64`;
    for (let i = 0; i < 2; i++) expect((await crearReclamo(c, valido({ email: `dir${i}@correo.com.ar` }), { direccion })).tipo).toBe('recibido');
    const antes = await contar();
    const foto = { data: await fotoDeTelefono(), nombreArchivo: 'a.jpg' };
    const archivosAntes = await contarArchivos();
    const r = await crearReclamo(c, valido({ email: 'dir9@correo.com.ar' }), { direccion, fotos: [foto] });
    expect(r).toEqual({ tipo: 'limite', mensaje: MENSAJE_LIMITE_DIRECCION, reintentarEnSegundos: 3600 });
    expect(await contar()).toEqual(antes);
    // The photo's files written before the transaction are deleted again.
    expect(await contarArchivos()).toBe(archivosAntes);
    // Another address still can.
    expect((await crearReclamo(c, valido({ email: 'dir9@correo.com.ar' }), { direccion: '2001:db8:99::/64' })).tipo).toBe('recibido');
  });

  it('el límite por correo: un día, en mayúsculas o minúsculas', async () => {
    const c = conLimites({ porDireccion: 100, porEmail: 2 });
    const email = `limite-${engine}@correo.com.ar`;
    expect((await crearReclamo(c, valido({ email }))).tipo).toBe('recibido');
    expect((await crearReclamo(c, valido({ email: email.toUpperCase() }))).tipo).toBe('recibido');
    const antes = await contar();
    expect(await crearReclamo(c, valido({ email }))).toEqual({ tipo: 'limite', mensaje: MENSAJE_LIMITE_EMAIL, reintentarEnSegundos: 86_400 });
    expect(await contar()).toEqual(antes);
  });

  it('los textos hostiles se guardan tal cual, como datos', async () => {
    const hostil = "'); drop table reclamos; -- \\ %_ $$ <script>alert(1)</script> \u202e";
    const r = await crearReclamo(ctx, valido({ descripcion: `Pozo ${hostil}`, direccion: hostil, nombre: hostil, pregunta_detalle: hostil }));
    if (r.tipo !== 'recibido') throw new Error(JSON.stringify(r));
    const [fila] = await database.db.select().from(reclamos).where(eq(reclamos.id, r.id));
    expect(fila!.descripcion).toBe(`Pozo ${hostil}`);
    expect(fila!.direccion).toBe(hostil.replace(/\s+/g, ' ').trim());
    expect(ctx.cipher.decrypt(fila!.nombre!)).toBe(hostil.replace(/\s+/g, ' ').trim());
    expect(fila!.respuestas.detalle).toBe(hostil.replace(/\s+/g, ' ').trim());
    expect((await database.db.select({ n: count() }).from(reclamos))[0]!.n).toBeGreaterThan(0);
  });

  describe('duplicados', () => {
    const base = { latitud: -40.7505, longitud: -71.6102 };
    const crearEn = async (punto: { latitud: number; longitud: number }, categoriaCodigo = 'luminaria') => {
      const r = await crearReclamo(ctx, valido({ categoria: categoriaCodigo, latitud: String(punto.latitud), longitud: String(punto.longitud) }));
      if (r.tipo !== 'recibido') throw new Error(JSON.stringify(r));
      return r;
    };

    it('ofrece los abiertos de la categoría dentro del radio, del más cercano al más lejano', async () => {
      const lejos = await crearEn(alNorte(base, 150));
      const cerca = await crearEn(alNorte(base, 20));
      const medio = await crearEn(alNorte(base, 80));
      const otraCategoria = await crearEn(alNorte(base, 5), 'bache');
      const encontrados = await buscarDuplicados(database.db, { categoriaId: luminaria, ...base });
      expect(encontrados.map((d) => d.codigo)).toEqual([cerca.codigo, medio.codigo]);
      expect(encontrados[0]).toMatchObject({ id: cerca.id, estado: 'recibido', direccion: 'Av. Arrayanes 250' });
      expect(encontrados[0]!.distanciaM).toBeGreaterThanOrEqual(19);
      expect(encontrados[0]!.distanciaM).toBeLessThanOrEqual(21);
      expect(encontrados[0]!.createdAt).toBeInstanceOf(Date);
      expect(encontrados.map((d) => d.id)).not.toContain(lejos.id);
      expect(encontrados.map((d) => d.id)).not.toContain(otraCategoria.id);
      // A radius of its own reaches farther.
      expect((await buscarDuplicados(database.db, { categoriaId: luminaria, ...base, radioM: 200 })).map((d) => d.id)).toEqual([cerca.id, medio.id, lejos.id]);
    });

    it('no ofrece los cerrados ni los ocultos, y a lo sumo cinco', async () => {
      const punto = { latitud: -40.7401, longitud: -71.6303 };
      const creados = [];
      for (let i = 0; i < 8; i++) creados.push(await crearEn(alNorte(punto, i * 5)));
      await database.db.update(reclamos).set({ estado: 'resuelto' }).where(eq(reclamos.id, creados[0]!.id));
      await database.db.update(reclamos).set({ estado: 'duplicado' }).where(eq(reclamos.id, creados[1]!.id));
      await database.db
        .update(reclamos)
        .set({ ocultoEn: sql`now()`, ocultoMotivo: 'ofensivo' })
        .where(eq(reclamos.id, creados[2]!.id));
      await database.db.update(reclamos).set({ estado: 'en_curso' }).where(eq(reclamos.id, creados[3]!.id));
      await database.db.update(reclamos).set({ estado: 'derivado' }).where(eq(reclamos.id, creados[4]!.id));
      const encontrados = await buscarDuplicados(database.db, { categoriaId: luminaria, ...punto });
      expect(encontrados.map((d) => d.id)).toEqual(creados.slice(3, 8).map((c) => c.id));
      expect(encontrados.map((d) => d.estado)).toEqual(['en_curso', 'derivado', 'recibido', 'recibido', 'recibido']);
    });

    it('sin categoría, o con un punto que no es un número, no hay duplicados', async () => {
      expect(await buscarDuplicados(database.db, { categoriaId: 999_999, ...base })).toEqual([]);
      expect(await buscarDuplicados(database.db, { categoriaId: luminaria, latitud: Number.NaN, longitud: base.longitud })).toEqual([]);
    });
  });

  async function leer(clave: string): Promise<Uint8Array> {
    const partes: Buffer[] = [];
    for await (const parte of await storage.get(clave)) partes.push(Buffer.from(parte as Uint8Array));
    return new Uint8Array(Buffer.concat(partes));
  }

  async function contarArchivos(): Promise<number> {
    const { readdirSync } = await import('node:fs');
    return readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  }
});

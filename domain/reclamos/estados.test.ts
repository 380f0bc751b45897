import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { areasMunicipales, auditoria, documentos, fotosReclamo, historialReclamos, outbox, plantillasReclamo, reclamos } from '#db/schema/index.ts';
import { fraseDeAccion } from '#domain/auditoria/frases.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, editor, mesa } from '#tests/factories/mesa.ts';
import { insertarUsuario } from '#tests/factories/usuarios.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { insertCategoriaReclamo, insertOrganismoReclamo, insertReclamo } from '#tests/setup/reclamos.ts';
import { asignar, cambiarEstado, derivar, fusionar, mostrar, ocultar, puedePasar } from './estados.ts';

const cipher = testCipher();

describe.each(engines)('reclamos: estados y acciones del personal (%s)', (engine) => {
  let database: Database;
  let ctx: ReturnType<typeof testContext>;
  let categoriaId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = testContext({ db: database.db, cipher });
    categoriaId = (await insertCategoriaReclamo(database.db, { nombre: 'Bache en la calle' })).id;
  });
  afterAll(() => database.close());

  const correosDe = (codigo: string) => database.db.select().from(outbox).where(eq(outbox.referencia, codigo)).orderBy(outbox.id);
  const auditoriaDe = (codigo: string) => database.db.select().from(auditoria).where(eq(auditoria.entidadId, codigo)).orderBy(auditoria.id);
  const historialDe = (id: number) => database.db.select().from(historialReclamos).where(eq(historialReclamos.reclamoId, id)).orderBy(historialReclamos.id);
  const fila = async (id: number) => (await database.db.select().from(reclamos).where(eq(reclamos.id, id)))[0]!;
  const frase = (e: typeof auditoria.$inferSelect) => fraseDeAccion(e, new Map());

  it('las transiciones permitidas son las de la decisión 057', () => {
    expect(puedePasar('recibido', 'duplicado')).toBe(true);
    expect(puedePasar('en_curso', 'duplicado')).toBe(false);
    expect(puedePasar('derivado', 'no_corresponde')).toBe(false);
    expect(puedePasar('resuelto', 'en_curso')).toBe(true);
    expect(puedePasar('resuelto', 'no_corresponde')).toBe(false);
    expect(puedePasar('no_corresponde', 'en_curso')).toBe(true);
    expect(puedePasar('duplicado', 'resuelto')).toBe(false);
  });

  it('recibido → en curso → resuelto → reabierto: historial, auditoría y un correo por paso al que lo sigue', async () => {
    const r = await insertReclamo(ctx, { categoriaId, email: 'rosa@correo.com.ar' });
    const antes = ctx.mailer.wakes;
    expect(
      await cambiarEstado(ctx, mesa, {
        reclamoId: r.id,
        estadoEsperado: 'recibido',
        estado: 'en_curso',
        respuesta: 'Mandamos una cuadrilla.',
        nota: 'Ver con Obras',
      }),
    ).toEqual({
      tipo: 'hecho',
      id: r.id,
      codigo: r.codigo,
      estado: 'en_curso',
    });
    expect(ctx.mailer.wakes).toBe(antes + 1);
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'resuelto', respuesta: 'Bacheado.' })).toMatchObject({
      tipo: 'hecho',
    });
    const resuelto = await fila(r.id);
    expect(resuelto.resueltoEn).toEqual(ctx.clock.now());
    await database.db.update(reclamos).set({ consultaEnviadaEn: new Date() }).where(eq(reclamos.id, r.id));
    expect(
      await cambiarEstado(ctx, admin, { reclamoId: r.id, estadoEsperado: 'resuelto', estado: 'en_curso', respuesta: 'Se volvió a abrir el pozo.' }),
    ).toMatchObject({
      tipo: 'hecho',
    });
    const reabierto = await fila(r.id);
    expect(reabierto).toMatchObject({ estado: 'en_curso', resueltoEn: null, consultaEnviadaEn: null });

    const historial = await historialDe(r.id);
    expect(historial.map((h) => [h.estado, h.usuarioId, h.respuesta, h.nota])).toEqual([
      ['recibido', null, '', ''],
      ['en_curso', mesa.usuarioId, 'Mandamos una cuadrilla.', 'Ver con Obras'],
      ['resuelto', editor.usuarioId, 'Bacheado.', ''],
      ['en_curso', admin.usuarioId, 'Se volvió a abrir el pozo.', ''],
    ]);

    const correos = await correosDe(r.codigo);
    expect(correos.map((c) => c.asunto)).toEqual([`Tu reclamo ${r.codigo}: En curso`, `Tu reclamo ${r.codigo}: Resuelto`, `Tu reclamo ${r.codigo}: En curso`]);
    const primero = correos[0]!;
    expect(cipher.open(primero.destinatario)).toBe('rosa@correo.com.ar');
    const texto = cipher.open(primero.texto);
    expect(texto).toContain(`Hay novedades en tu reclamo ${r.codigo} (Bache en la calle).`);
    expect(texto).toContain('Estado: En curso.');
    expect(texto).toContain('Mandamos una cuadrilla.');
    // The internal note never reaches the reporter.
    expect(texto).not.toContain('Ver con Obras');
    expect(texto).toContain(`https://sitio.test/reclamos/${r.codigo}`);
    expect(texto).toContain(`https://sitio.test/reclamos/baja?token=${encodeURIComponent(r.secreto)}`);
    expect(cipher.open(primero.cabeceras['List-Unsubscribe']!)).toBe(`<https://sitio.test/reclamos/baja?token=${encodeURIComponent(r.secreto)}>`);
    expect(cipher.open(primero.cabeceras['List-Unsubscribe-Post']!)).toBe('List-Unsubscribe=One-Click');
    expect(cipher.open(correos[2]!.texto)).toContain('Lo volvimos a abrir.');

    const entradas = await auditoriaDe(r.codigo);
    expect(entradas.map(frase)).toEqual([
      `pasó el reclamo ${r.codigo} a «En curso»`,
      `pasó el reclamo ${r.codigo} a «Resuelto»`,
      `reabrió el reclamo ${r.codigo} como «En curso»`,
    ]);
    expect(entradas[0]).toMatchObject({
      usuarioId: mesa.usuarioId,
      entidad: 'reclamo',
      antes: { estado: 'recibido' },
      despues: { estado: 'en_curso', respuestaPublica: true },
    });
    // Never the reporter's address in the audit.
    expect(JSON.stringify(entradas)).not.toContain('rosa@correo.com.ar');
  });

  it('si otra persona lo cambió, o el paso no corresponde, no cambia nada y lo dice en castellano', async () => {
    const r = await insertReclamo(ctx, { categoriaId });
    await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso' });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'no_corresponde', respuesta: 'Es privado.' })).toEqual({
      tipo: 'conflicto',
      mensaje: 'Otra persona cambió este reclamo mientras lo mirabas: ahora está «En curso». Revisá su historial y volvé a intentarlo.',
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'en_curso' })).toEqual({
      tipo: 'conflicto',
      mensaje: 'Un reclamo «En curso» no puede pasar a «En curso».',
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'derivado' })).toMatchObject({
      tipo: 'invalido',
      errores: { estado: expect.stringContaining('Derivar') },
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'nada' as never })).toMatchObject({
      tipo: 'invalido',
      errores: { estado: 'Elegí el nuevo estado: en curso, resuelto o no corresponde.' },
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'no_corresponde' })).toEqual({
      tipo: 'invalido',
      errores: { respuesta: 'Escribí por qué no corresponde: quien lo reportó y el público lo leen.' },
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: r.id, estadoEsperado: 'en_curso', estado: 'resuelto', respuesta: 'x'.repeat(4001) })).toEqual({
      tipo: 'invalido',
      errores: { respuesta: 'Escribí hasta 4.000 caracteres (tiene 4.001).' },
    });
    expect(await cambiarEstado(ctx, editor, { reclamoId: 999_999, estadoEsperado: 'recibido', estado: 'en_curso' })).toEqual({ tipo: 'no_encontrado' });
    expect(await cambiarEstado(ctx, editor, { reclamoId: -1, estadoEsperado: 'recibido', estado: 'en_curso' })).toEqual({ tipo: 'no_encontrado' });
    expect((await fila(r.id)).estado).toBe('en_curso');
    expect(await historialDe(r.id)).toHaveLength(2);
  });

  it('sólo el personal con permiso de reclamos los atiende', async () => {
    const r = await insertReclamo(ctx, { categoriaId });
    const ajeno = { usuarioId: 99, email: 'x@villalaangostura.gob.ar', nombre: 'X', rol: 'otro' as never };
    await expect(cambiarEstado(ctx, ajeno, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso' })).rejects.toThrow(PermisoDenegadoError);
    await expect(ocultar(ctx, ajeno, { reclamoId: r.id, motivo: 'x' })).rejects.toThrow(PermisoDenegadoError);
    await expect(derivar(ctx, ajeno, { reclamoId: r.id, organismoId: 1 })).rejects.toThrow(PermisoDenegadoError);
    await expect(fusionar(ctx, ajeno, { duplicadoId: r.id, originalId: 1 })).rejects.toThrow(PermisoDenegadoError);
    await expect(asignar(ctx, ajeno, { reclamoId: r.id, areaId: null, usuarioId: null })).rejects.toThrow(PermisoDenegadoError);
    await expect(mostrar(ctx, ajeno, { reclamoId: r.id })).rejects.toThrow(PermisoDenegadoError);
  });

  it('una respuesta guardada completa la respuesta pública; una de otro estado se rechaza', async () => {
    const r = await insertReclamo(ctx, { categoriaId, direccion: 'Los Pinos 40' });
    const [p] = await database.db
      .insert(plantillasReclamo)
      .values({ estado: 'resuelto', nombre: `Bacheo ${r.id}`, texto: 'El reclamo {codigo} ({categoria}, {direccion}) quedó resuelto el {fecha}.' })
      .returning();
    expect(await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso', plantillaId: p!.id })).toEqual({
      tipo: 'invalido',
      errores: { plantillaId: 'Elegí una respuesta guardada para «En curso».' },
    });
    expect(await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'resuelto', plantillaId: p!.id })).toMatchObject({
      tipo: 'hecho',
    });
    expect((await historialDe(r.id)).at(-1)?.respuesta).toBe(`El reclamo ${r.codigo} (Bache en la calle, Los Pinos 40) quedó resuelto el 10/03/2026.`);
  });

  it('quien se dio de baja, o no dejó correo, no recibe nada; el cambio se hace igual', async () => {
    const baja = await insertReclamo(ctx, { categoriaId, seguir: false });
    const sinCorreo = await insertReclamo(ctx, { categoriaId, email: null });
    for (const r of [baja, sinCorreo]) {
      expect(await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso' })).toMatchObject({ tipo: 'hecho' });
      expect(await correosDe(r.codigo)).toEqual([]);
    }
  });

  it('derivar: el organismo recibe los datos públicos con el mapa y las fotos, nunca quién reclamó', async () => {
    const organismo = await insertOrganismoReclamo(database.db, { nombre: 'Vialidad Nacional', email: 'distrito@vialidad.gob.ar' });
    const inactivo = await insertOrganismoReclamo(database.db, { activo: false });
    const r = await insertReclamo(ctx, {
      categoriaId,
      email: 'vecino@correo.com.ar',
      nombre: 'Tomás Reyes',
      latitud: -40.7701,
      longitud: -71.6402,
      direccion: 'Ruta 40 km 2',
    });
    const [doc] = await database.db
      .insert(documentos)
      .values({ nombreArchivo: 'foto-1.jpg', tipoContenido: 'image/jpeg', tamano: 10, sha256: 'x', clave: `prueba/${randomBytes(6).toString('hex')}` })
      .returning();
    await database.db.insert(fotosReclamo).values({ reclamoId: r.id, orden: 1, documentoId: doc!.id });

    expect(await derivar(ctx, mesa, { reclamoId: r.id, organismoId: inactivo.id })).toEqual({
      tipo: 'invalido',
      errores: { organismoId: 'Elegí el organismo al que se deriva el reclamo.' },
    });
    expect(
      await derivar(ctx, mesa, { reclamoId: r.id, organismoId: organismo.id, respuesta: 'La ruta es nacional.', nota: 'Llamé al distrito' }),
    ).toMatchObject({
      tipo: 'hecho',
      estado: 'derivado',
    });
    expect(await fila(r.id)).toMatchObject({ estado: 'derivado', organismoId: organismo.id, derivadoEn: ctx.clock.now() });
    expect((await historialDe(r.id)).at(-1)).toMatchObject({ estado: 'derivado', organismoId: organismo.id, nota: 'Llamé al distrito' });
    const [alOrganismo, alVecino] = await correosDe(r.codigo);
    expect(cipher.open(alOrganismo!.destinatario)).toBe('distrito@vialidad.gob.ar');
    const texto = cipher.open(alOrganismo!.texto);
    expect(texto).toContain(`La Municipalidad de Villa La Angostura les deriva el reclamo ${r.codigo}, que corresponde a Vialidad Nacional.`);
    expect(texto).toContain('Categoría: Bache en la calle');
    expect(texto).toContain('Lugar: «Ruta 40 km 2» (-40.770100, -71.640200)');
    expect(texto).toContain('https://www.openstreetmap.org/?mlat=-40.770100&mlon=-71.640200#map=18/-40.770100/-71.640200');
    expect(texto).toContain('«Un pozo grande frente a la escuela»');
    expect(texto).toContain(`https://sitio.test/api/v1/documentos/${doc!.id}`);
    expect(texto).not.toContain('vecino@correo.com.ar');
    expect(texto).not.toContain('Tomás');
    expect(texto).not.toContain('Llamé al distrito');
    expect(texto).not.toContain('token=');
    expect(Object.keys(alOrganismo!.cabeceras)).toEqual([]);
    expect(cipher.open(alVecino!.texto)).toContain('Lo derivamos a Vialidad Nacional, que es quien puede resolverlo.');
    expect(frase((await auditoriaDe(r.codigo)).at(-1)!)).toBe(`derivó el reclamo ${r.codigo} a Vialidad Nacional`);
    // Derivado goes back to en curso, not to derivado again.
    expect(await derivar(ctx, mesa, { reclamoId: r.id, organismoId: organismo.id })).toEqual({
      tipo: 'conflicto',
      mensaje: 'Un reclamo «Derivado a otro organismo» no puede pasar a «Derivado a otro organismo».',
    });
  });

  it('derivar con una respuesta guardada de «derivado»: se completa con el organismo elegido; una de otro estado se rechaza', async () => {
    const organismo = await insertOrganismoReclamo(database.db, { nombre: 'Cooperativa de agua' });
    const r = await insertReclamo(ctx, { categoriaId, direccion: 'Las Fucsias 12' });
    const [derivado, resuelto] = await database.db
      .insert(plantillasReclamo)
      .values([
        { estado: 'derivado', nombre: `Derivado ${r.id}`, texto: 'El reclamo {codigo} en {direccion} es de {organismo}: se lo enviamos el {fecha}.' },
        { estado: 'resuelto', nombre: `Resuelto ${r.id}`, texto: 'Listo.' },
      ])
      .returning();
    expect(await derivar(ctx, mesa, { reclamoId: r.id, organismoId: organismo.id, plantillaId: resuelto!.id })).toEqual({
      tipo: 'invalido',
      errores: { plantillaId: 'Elegí una respuesta guardada para «Derivado a otro organismo».' },
    });
    expect((await fila(r.id)).estado).toBe('recibido');
    expect(await derivar(ctx, mesa, { reclamoId: r.id, organismoId: organismo.id, plantillaId: derivado!.id })).toMatchObject({ tipo: 'hecho' });
    const esperada = `El reclamo ${r.codigo} en Las Fucsias 12 es de Cooperativa de agua: se lo enviamos el 10/03/2026.`;
    expect((await historialDe(r.id)).at(-1)?.respuesta).toBe(esperada);
    const [, alVecino] = await correosDe(r.codigo);
    expect(cipher.open(alVecino!.texto)).toContain(esperada);
  });

  it('una respuesta escrita con marcadores (una plantilla editada con JavaScript antes de elegir el organismo) sale completa; un marcador desconocido queda como está', async () => {
    const organismo = await insertOrganismoReclamo(database.db, { nombre: 'Cooperativa eléctrica' });
    const r = await insertReclamo(ctx, { categoriaId, direccion: 'Los Notros 40' });
    const escrita = 'Lo mandamos a {organismo} por el reclamo {codigo}; {otro} queda.';
    expect(await derivar(ctx, mesa, { reclamoId: r.id, organismoId: organismo.id, respuesta: escrita })).toMatchObject({ tipo: 'hecho' });
    expect((await historialDe(r.id)).at(-1)?.respuesta).toBe(`Lo mandamos a Cooperativa eléctrica por el reclamo ${r.codigo}; {otro} queda.`);
  });

  it('fusionar: el duplicado apunta al original, a quien lo reportó se le dice cuál seguir, y no hay cadenas', async () => {
    const original = await insertReclamo(ctx, { categoriaId });
    const dup = await insertReclamo(ctx, { categoriaId, email: 'otra@correo.com.ar' });
    const dupDelDup = await insertReclamo(ctx, { categoriaId });
    expect(await fusionar(ctx, mesa, { duplicadoId: dup.id, originalId: dup.id })).toEqual({
      tipo: 'invalido',
      errores: { originalId: 'Un reclamo no puede ser duplicado de sí mismo: elegí otro.' },
    });
    expect(await fusionar(ctx, mesa, { duplicadoId: dup.id, originalId: 999_999 })).toEqual({
      tipo: 'invalido',
      errores: { originalId: 'No hay un reclamo con ese número: elegí el original de la lista.' },
    });
    // An earlier merge into `dup`: it must follow to the original.
    expect(await fusionar(ctx, mesa, { duplicadoId: dupDelDup.id, originalId: dup.id })).toMatchObject({ tipo: 'hecho' });
    expect(await fusionar(ctx, mesa, { duplicadoId: dup.id, originalId: original.id, respuesta: 'Ya lo estamos viendo.' })).toMatchObject({
      tipo: 'hecho',
      estado: 'duplicado',
    });
    expect(await fila(dup.id)).toMatchObject({ estado: 'duplicado', duplicadoDe: original.id });
    expect((await fila(dupDelDup.id)).duplicadoDe).toBe(original.id);
    // A duplicate cannot be the original of another.
    const otro = await insertReclamo(ctx, { categoriaId });
    expect(await fusionar(ctx, mesa, { duplicadoId: otro.id, originalId: dup.id })).toEqual({
      tipo: 'invalido',
      errores: { originalId: `El reclamo ${dup.codigo} ya es duplicado de otro: elegí ese otro como original.` },
    });
    const correo = (await correosDe(dup.codigo)).at(-1)!;
    expect(correo.asunto).toBe(`Tu reclamo ${dup.codigo}: Duplicado`);
    expect(cipher.open(correo.texto)).toContain(
      `Es el mismo problema que el reclamo ${original.codigo}, que ya estamos atendiendo: seguí ese en https://sitio.test/reclamos/${original.codigo}`,
    );
    expect(frase((await auditoriaDe(dup.codigo)).at(-1)!)).toBe(`marcó el reclamo ${dup.codigo} como duplicado del ${original.codigo}`);
    // Staff may reopen it: no longer a duplicate of anything.
    expect(await cambiarEstado(ctx, mesa, { reclamoId: dup.id, estadoEsperado: 'duplicado', estado: 'en_curso' })).toMatchObject({ tipo: 'hecho' });
    expect(await fila(dup.id)).toMatchObject({ estado: 'en_curso', duplicadoDe: null });
  });

  it('ocultar pide el motivo, oculta las fotos y se audita; mostrar lo revierte', async () => {
    const r = await insertReclamo(ctx, { categoriaId });
    const [doc] = await database.db
      .insert(documentos)
      .values({ nombreArchivo: 'foto.jpg', tipoContenido: 'image/jpeg', tamano: 10, sha256: 'x', clave: `prueba/${randomBytes(6).toString('hex')}` })
      .returning();
    await database.db.insert(fotosReclamo).values({ reclamoId: r.id, orden: 1, documentoId: doc!.id });
    expect(await ocultar(ctx, mesa, { reclamoId: r.id, motivo: '   ' })).toEqual({
      tipo: 'invalido',
      errores: { motivo: 'Escribí por qué se oculta el reclamo: queda en la auditoría.' },
    });
    expect(await ocultar(ctx, mesa, { reclamoId: r.id, motivo: 'y'.repeat(501) })).toMatchObject({
      tipo: 'invalido',
      errores: { motivo: expect.stringContaining('500') },
    });
    expect(await ocultar(ctx, mesa, { reclamoId: r.id, motivo: 'Se ve la cara de un vecino' })).toMatchObject({ tipo: 'hecho' });
    expect(await fila(r.id)).toMatchObject({ ocultoMotivo: 'Se ve la cara de un vecino', ocultoEn: ctx.clock.now(), estado: 'recibido' });
    const publico = async () => (await database.db.select({ publico: documentos.publico }).from(documentos).where(eq(documentos.id, doc!.id)))[0]!.publico;
    expect(await publico()).toBe(false);
    expect(await ocultar(ctx, mesa, { reclamoId: r.id, motivo: 'otra vez' })).toEqual({ tipo: 'conflicto', mensaje: `El reclamo ${r.codigo} ya está oculto.` });
    expect(await mostrar(ctx, editor, { reclamoId: r.id })).toMatchObject({ tipo: 'hecho' });
    expect(await fila(r.id)).toMatchObject({ ocultoMotivo: null, ocultoEn: null });
    expect(await publico()).toBe(true);
    expect(await mostrar(ctx, editor, { reclamoId: r.id })).toEqual({ tipo: 'conflicto', mensaje: `El reclamo ${r.codigo} no está oculto.` });
    expect((await auditoriaDe(r.codigo)).map(frase)).toEqual([
      `ocultó el reclamo ${r.codigo}: «Se ve la cara de un vecino»`,
      `volvió a mostrar el reclamo ${r.codigo}`,
    ]);
    expect(await correosDe(r.codigo)).toEqual([]);
  });

  it('asignar a un área y a una persona activa; otra cosa es un error claro', async () => {
    const r = await insertReclamo(ctx, { categoriaId });
    const [area] = await database.db.insert(areasMunicipales).values({ nombre: 'Obras Públicas' }).returning();
    const persona = await insertarUsuario(database.db, { nombre: 'Carla' });
    expect(await asignar(ctx, mesa, { reclamoId: r.id, areaId: 999_999, usuarioId: 999_999 })).toEqual({
      tipo: 'invalido',
      errores: { areaId: 'Elegí un área de la lista.', usuarioId: 'Elegí una persona del personal de la lista.' },
    });
    expect(await asignar(ctx, mesa, { reclamoId: r.id, areaId: area!.id, usuarioId: persona.id })).toMatchObject({ tipo: 'hecho' });
    expect(await fila(r.id)).toMatchObject({ areaId: area!.id, asignadoA: persona.id });
    expect(await asignar(ctx, mesa, { reclamoId: r.id, areaId: null, usuarioId: null })).toMatchObject({ tipo: 'hecho' });
    expect(await fila(r.id)).toMatchObject({ areaId: null, asignadoA: null });
    expect((await auditoriaDe(r.codigo)).map(frase)).toEqual([
      `asignó el reclamo ${r.codigo} a Obras Públicas y Carla Prueba`,
      `dejó sin asignar el reclamo ${r.codigo}`,
    ]);
  });
});

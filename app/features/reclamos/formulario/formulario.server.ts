/**
 * The citizen's form /reclamos/nuevo (docs/decisions/057-reclamos.md): what the page's POST does
 * before and around crearReclamo. An address is turned into a point through the street index (the
 * same look-up and messages as Mi calle); reports of the same category near the point are offered
 * first, unless the form says it was confirmed; then the report is created with its photos.
 * Nothing typed is logged.
 */
import { eq } from 'drizzle-orm';
import { reclamos } from '#db/schema/index.ts';
import { CAMPO_TRAMPA_RECLAMO, crearReclamo } from '#domain/reclamos/commands.ts';
import { buscarDuplicados, getCategoriaActivaParaReclamo } from '#domain/reclamos/queries.ts';
import { type ErroresReclamo, parseReclamo } from '#domain/reclamos/schemas.ts';
import { sumarDiasHabiles } from '#domain/plazos/calendario.ts';
import { getFeriados } from '#domain/plazos/queries.ts';
import { ubicarDireccion } from '#domain/recoleccion/ubicacion.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { firstValues } from '#domain/shared/form.ts';
export { CAMPO_TRAMPA_RECLAMO };
export { MAX_FOTOS } from '#domain/reclamos/fotos.ts';
export { LIMITES_RECLAMO } from '#domain/reclamos/schemas.ts';
import { CAMPO_CONFIRMADO, CAMPO_FOTOS, MENSAJE_SIN_LUGAR, type RespuestaFormulario, type Valores } from './campos.ts';

/** Longest text shown back in a field: longer than any field's own limit, shorter than a flood. */
const LARGO_VALOR = 4000;

const redondear = (x: number) => String(Math.round(x * 1e6) / 1e6);

const texto = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Every text field typed, to show back (never a file, never the honeypot). */
function valoresDe(entrada: Record<string, unknown>): Valores {
  const valores: Valores = {};
  for (const [clave, valor] of Object.entries(entrada)) {
    if (typeof valor !== 'string' || clave === CAMPO_TRAMPA_RECLAMO || clave === CAMPO_CONFIRMADO || clave.length > 80) continue;
    valores[clave] = valor.slice(0, LARGO_VALOR);
  }
  return valores;
}

/** The photos chosen: files with content (an empty file input sends one empty part). */
async function fotosDe(form: FormData): Promise<{ data: Uint8Array; nombreArchivo: string }[]> {
  const archivos = form.getAll(CAMPO_FOTOS).filter((v): v is File => typeof v !== 'string' && v.size > 0);
  return Promise.all(archivos.map(async (f) => ({ data: new Uint8Array(await f.arrayBuffer()), nombreArchivo: f.name })));
}

/** `direccion`: the sender's network address as the limits key it (the page context's). */
export async function enviarFormulario(ctx: AppContext, form: FormData, direccion: string): Promise<RespuestaFormulario> {
  const entrada = firstValues(form);
  const valores = valoresDe(entrada);
  const fotos = await fotosDe(form);
  const trampa = texto(entrada[CAMPO_TRAMPA_RECLAMO]) !== '';
  const datos: Record<string, unknown> = { ...entrada };
  delete datos[CAMPO_FOTOS];

  // The place: coordinates (map, location, photo or typed) win; otherwise the address through the street index.
  const sinPunto = texto(entrada.latitud) === '' && texto(entrada.longitud) === '';
  let errorLugar: string | undefined;
  let parecidas: string[] = [];
  if (sinPunto && !trampa) {
    const direccion = texto(entrada.direccion);
    if (direccion === '') errorLugar = MENSAJE_SIN_LUGAR;
    else {
      const r = await ubicarDireccion(ctx.db, direccion);
      if (r.tipo === 'encontrada') {
        // To the micrometre's degree, as a coordinate is read (domain/recoleccion/enlaces-avisos.ts, leerCoordenada).
        datos.latitud = redondear(r.punto.latitud);
        datos.longitud = redondear(r.punto.longitud);
      } else {
        errorLugar = r.mensaje;
        if (r.tipo === 'desconocida') parecidas = r.parecidas;
      }
    }
  }

  // Reports of the same category nearby: offered before anything is stored, unless confirmed.
  if (!trampa && !errorLugar && texto(entrada[CAMPO_CONFIRMADO]) !== '1') {
    const codigo = texto(entrada.categoria);
    const categoria = codigo !== '' && codigo.length <= 60 ? await getCategoriaActivaParaReclamo(ctx.db, codigo) : undefined;
    const leido = categoria ? parseReclamo(datos, categoria.preguntas) : undefined;
    if (categoria && leido?.ok) {
      const cerca = await buscarDuplicados(ctx.db, { categoriaId: categoria.id, latitud: leido.datos.latitud, longitud: leido.datos.longitud });
      if (cerca.length > 0) {
        // The point found stays in the form, so the confirmed submit does not look the address up again.
        return {
          estado: 'duplicados',
          duplicados: cerca.map(({ createdAt: _c, ...d }) => d),
          valores: { ...valores, latitud: redondear(leido.datos.latitud), longitud: redondear(leido.datos.longitud) },
          conFotos: fotos.length > 0,
        };
      }
    }
  }

  const r = await crearReclamo(ctx, datos, { direccion, origen: 'web', fotos });
  if (r.tipo === 'invalido') {
    const errores: ErroresReclamo = { ...r.errores };
    if (errorLugar) {
      delete errores.latitud;
      delete errores.longitud;
      errores.direccion = errorLugar;
    }
    return { estado: 'errores', errores, valores, parecidas };
  }
  if (r.tipo === 'limite') return { estado: 'limite', mensaje: r.mensaje, valores };
  return { estado: 'recibido', codigo: r.codigo, venceEl: await venceEl(ctx, r.id, texto(entrada.categoria)) };
}

/** The due date shown: the report's; for a honeypot's (nothing stored), the category's as it would be. */
async function venceEl(ctx: AppContext, id: number, codigoCategoria: string): Promise<string> {
  if (id > 0) {
    const [fila] = await ctx.db.select({ venceEl: reclamos.venceEl }).from(reclamos).where(eq(reclamos.id, id)).limit(1);
    if (fila) return fila.venceEl;
  }
  const categoria = codigoCategoria !== '' && codigoCategoria.length <= 60 ? await getCategoriaActivaParaReclamo(ctx.db, codigoCategoria) : undefined;
  const hoy = fechaEnArgentina(ctx.clock.now());
  return sumarDiasHabiles(hoy, categoria?.plazoDiasHabiles ?? 10, await getFeriados(ctx.db, hoy));
}

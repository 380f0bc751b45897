/**
 * The actions of a report's staff page (docs/decisions/057-reclamos.md): each form of the page is an
 * intent that reads its own fields and calls one state command of domain/reclamos/estados.ts;
 * «Usar plantilla» (of the state's form or of «Derivar») writes nothing, it fills the public answer
 * with a template for the page to show (the way without JavaScript).
 */
import { and, eq } from 'drizzle-orm';
import { type EstadoReclamo, ESTADOS_RECLAMO, organismosReclamo, plantillasReclamo } from '#db/schema/index.ts';
import { completarPlantilla } from '#domain/reclamos/catalogo.ts';
import { type ReclamoParaPersonal } from '#domain/reclamos/cola.ts';
import { type ResultadoEstado, asignar, cambiarEstado, derivar, fusionar, mostrar, ocultar } from '#domain/reclamos/estados.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type CampoAccion, type RespuestaAccion, CAMPOS_ACCION } from './campos.ts';
import { idPorCodigo } from './cola.server.ts';

export const AVISOS_ACCION: Record<string, string> = {
  estado: 'Cambiamos el estado del reclamo. Si quien lo reportó dejó su correo y lo sigue, el aviso quedó en la bandeja de salida.',
  asignado: 'Guardamos a quién está asignado el reclamo.',
  derivado: 'Derivamos el reclamo: el correo al organismo, y el aviso a quien lo reportó si lo sigue, quedaron en la bandeja de salida.',
  duplicado: 'Marcamos el reclamo como duplicado del original.',
  oculto: 'Ocultamos el reclamo: ya no se ve en las páginas públicas, ni sus fotos.',
  visible: 'El reclamo vuelve a verse en las páginas públicas.',
};

export type ResultadoAccion =
  { tipo: 'hecho'; codigo: string; aviso: string } | { tipo: 'no_encontrado' } | { tipo: 'respuesta'; status: number; respuesta: RespuestaAccion };

const INTENTS = ['estado', 'usar-plantilla', 'usar-plantilla-derivacion', 'asignar', 'derivar', 'fusionar', 'ocultar', 'mostrar'] as const;

const esEstado = (v: string): v is EstadoReclamo => (ESTADOS_RECLAMO as readonly string[]).includes(v);
const ID = /^[1-9]\d{0,9}$/;
/** A select's id: a number, NaN for anything else (the commands then say «elegí…»), null when left empty. */
const idOpcional = (v: string) => (v === '' ? null : ID.test(v) ? Number(v) : Number.NaN);

/** The command's field names back to the page's own. */
function errores(r: ResultadoEstado & { tipo: 'invalido' }, mapa: Record<string, CampoAccion>) {
  const e: Partial<Record<CampoAccion, string>> = {};
  let general: string | null = null;
  for (const [campo, mensaje] of Object.entries(r.errores)) {
    const propio = mapa[campo];
    if (propio) e[propio] = mensaje;
    else general = mensaje;
  }
  return { errores: e, general };
}

export async function ejecutarAccion(ctx: AppContext, actor: Actor, reclamo: ReclamoParaPersonal, form: FormData): Promise<ResultadoAccion> {
  const campo = (nombre: string) => {
    const v = form.get(nombre);
    return typeof v === 'string' ? v : '';
  };
  const intentTexto = campo('intent');
  const intent = (INTENTS as readonly string[]).includes(intentTexto) ? (intentTexto as (typeof INTENTS)[number]) : undefined;
  const valores: Partial<Record<CampoAccion, string>> = {};
  for (const c of CAMPOS_ACCION) {
    const v = campo(c);
    if (v !== '') valores[c] = v.slice(0, 5000);
  }
  const responder = (status: number, r: Partial<RespuestaAccion>): ResultadoAccion => ({
    tipo: 'respuesta',
    status,
    respuesta: { intent: intentTexto, errores: r.errores ?? {}, valores: r.valores ?? valores, general: r.general ?? null },
  });
  if (!intent) return responder(400, { general: 'No entendimos qué querías hacer: usá los botones de la página.' });
  const esperado = campo('estadoEsperado');
  const estadoEsperado = esEstado(esperado) ? esperado : reclamo.estado;

  if (intent === 'usar-plantilla') {
    const id = idOpcional(campo('plantilla'));
    const [plantilla] =
      id !== null && Number.isInteger(id)
        ? await ctx.db.select({ texto: plantillasReclamo.texto, estado: plantillasReclamo.estado }).from(plantillasReclamo).where(eq(plantillasReclamo.id, id))
        : [];
    if (!plantilla) return responder(400, { errores: { plantilla: 'Elegí una respuesta guardada de la lista.' } });
    const texto = completarPlantilla(plantilla.texto, { ...reclamo, venceEl: reclamo.plazo?.vence ?? null }, ctx.clock.now());
    return responder(200, { valores: { ...valores, respuesta: texto, estado: plantilla.estado } });
  }

  if (intent === 'usar-plantilla-derivacion') {
    // The template names the body: the one chosen in the same form, if any.
    const id = idOpcional(campo('plantillaDerivacion'));
    const [plantilla] =
      id !== null && Number.isInteger(id)
        ? await ctx.db
            .select({ texto: plantillasReclamo.texto })
            .from(plantillasReclamo)
            .where(and(eq(plantillasReclamo.id, id), eq(plantillasReclamo.estado, 'derivado')))
        : [];
    if (!plantilla) return responder(400, { errores: { plantillaDerivacion: 'Elegí una respuesta guardada de la lista.' } });
    const organismoId = idOpcional(campo('organismo'));
    const [organismo] =
      organismoId !== null && Number.isInteger(organismoId)
        ? await ctx.db.select({ nombre: organismosReclamo.nombre }).from(organismosReclamo).where(eq(organismosReclamo.id, organismoId))
        : [];
    if (!organismo && plantilla.texto.includes('{organismo}'))
      return responder(400, { errores: { organismo: 'Elegí primero el organismo: la respuesta guardada lo nombra.' } });
    const texto = completarPlantilla(plantilla.texto, { ...reclamo, organismo: organismo?.nombre ?? null }, ctx.clock.now());
    return responder(200, { valores: { ...valores, respuestaDerivacion: texto } });
  }

  let r: ResultadoEstado;
  let mapa: Record<string, CampoAccion>;
  let aviso: string;
  switch (intent) {
    case 'estado': {
      const estado = campo('estado');
      const plantilla = idOpcional(campo('plantilla'));
      mapa = { estado: 'estado', respuesta: 'respuesta', nota: 'nota', plantillaId: 'plantilla' };
      aviso = 'estado';
      r = await cambiarEstado(ctx, actor, {
        reclamoId: reclamo.id,
        estadoEsperado,
        estado: estado as EstadoReclamo,
        respuesta: campo('respuesta'),
        nota: campo('nota'),
        ...(plantilla === null ? {} : { plantillaId: plantilla }),
      });
      break;
    }
    case 'asignar':
      mapa = { areaId: 'area', usuarioId: 'persona' };
      aviso = 'asignado';
      r = await asignar(ctx, actor, { reclamoId: reclamo.id, areaId: idOpcional(campo('area')), usuarioId: idOpcional(campo('persona')) });
      break;
    case 'derivar': {
      const plantilla = idOpcional(campo('plantillaDerivacion'));
      mapa = { organismoId: 'organismo', respuesta: 'respuestaDerivacion', nota: 'notaDerivacion', plantillaId: 'plantillaDerivacion' };
      aviso = 'derivado';
      r = await derivar(ctx, actor, {
        reclamoId: reclamo.id,
        organismoId: idOpcional(campo('organismo')) ?? Number.NaN,
        respuesta: campo('respuestaDerivacion'),
        nota: campo('notaDerivacion'),
        estadoEsperado,
        ...(plantilla === null ? {} : { plantillaId: plantilla }),
      });
      break;
    }
    case 'fusionar': {
      mapa = { originalId: 'original', respuesta: 'respuestaDuplicado' };
      aviso = 'duplicado';
      const codigo = campo('original').trim();
      if (codigo === '') return responder(400, { errores: { original: 'Escribí el código del reclamo original, por ejemplo RC-2026-ABC-DEF-GHJ.' } });
      const originalId = await idPorCodigo(ctx.db, codigo);
      if (originalId === undefined)
        return responder(400, { errores: { original: `No hay un reclamo con el código «${codigo.slice(0, 40)}»: copialo de la lista de reclamos.` } });
      r = await fusionar(ctx, actor, { duplicadoId: reclamo.id, originalId, respuesta: campo('respuestaDuplicado') });
      break;
    }
    case 'ocultar':
      mapa = { motivo: 'motivo' };
      aviso = 'oculto';
      r = await ocultar(ctx, actor, { reclamoId: reclamo.id, motivo: campo('motivo') });
      break;
    case 'mostrar':
      mapa = {};
      aviso = 'visible';
      r = await mostrar(ctx, actor, { reclamoId: reclamo.id });
      break;
  }
  if (r.tipo === 'hecho') return { tipo: 'hecho', codigo: r.codigo, aviso };
  if (r.tipo === 'no_encontrado') return { tipo: 'no_encontrado' };
  if (r.tipo === 'conflicto') return responder(409, { general: r.mensaje });
  return responder(400, errores(r, mapa));
}

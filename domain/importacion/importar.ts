import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { CarpetaInvalidaError, abrirCarpeta } from './carpeta.ts';
import { DocumentosDeTipo, type OpcionesDocumentos, reservarIdsDocumentos } from './documentos.ts';
import { type Conteo, type Rechazo, TIPOS } from './tipos.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/**
 * Moving in (docs/decisions/033-mudanza.md): loads a folder of the previous system's answers into
 * the site. Each kind is all or nothing: one refused item and nothing of that kind is written (the
 * report names every refused item and why), while the other kinds go in. Items are found again by
 * the previous system's ids, so a second run adds nothing. Every kind that goes in is one entry of
 * the audit log, by the system (no person).
 */

export { CarpetaInvalidaError };

export type ResultadoTipo = { nombre: string; archivo: string } & (
  { estado: 'ausente' } | { estado: 'importado'; conteo: Conteo; documentosNuevos: number } | { estado: 'rechazado'; rechazos: Rechazo[] }
);

export async function importarCarpeta(ctx: Pick<AppContext, 'db' | 'storage'>, ruta: string, opciones: OpcionesDocumentos = {}): Promise<ResultadoTipo[]> {
  const carpeta = await abrirCarpeta(ruta);
  const resultados: ResultadoTipo[] = [];
  const respuestas = await Promise.all(TIPOS.map((t) => carpeta.readJson(t.archivo)));
  if (respuestas.every((r) => r === undefined))
    throw new CarpetaInvalidaError(
      `La carpeta ${ruta} no tiene ninguno de los archivos que sabemos leer (${TIPOS.map((t) => t.archivo).join(', ')}): revisá la carpeta y los nombres.`,
    );
  await reservarIdsDocumentos(ctx.db, Math.max(carpeta.maxIdDocumento, ...respuestas.map((r) => (r?.ok ? maxIdReferido(r.valor) : 0))));
  for (const [i, tipo] of TIPOS.entries()) {
    const base = { nombre: tipo.nombre, archivo: tipo.archivo };
    const leido = respuestas[i];
    if (leido === undefined) {
      resultados.push({ ...base, estado: 'ausente' });
      continue;
    }
    if (!leido.ok) {
      resultados.push({ ...base, estado: 'rechazado', rechazos: [{ id: '—', motivo: leido.mensaje }] });
      continue;
    }
    const docs = new DocumentosDeTipo(ctx, carpeta, opciones);
    try {
      const preparado = await tipo.preparar({ valor: leido.valor, db: ctx.db, docs, carpeta });
      if (preparado.rechazos.length > 0) {
        await docs.descartar();
        resultados.push({ ...base, estado: 'rechazado', rechazos: preparado.rechazos });
        continue;
      }
      const hecho = await ctx.db.transaction(async (tx) => {
        const documentosNuevos = await docs.insertar(tx);
        const conteo = await preparado.escribir(tx);
        await registrarAuditoria(tx, {
          actor: null,
          accion: 'importacion.tipo',
          entidad: 'importacion',
          entidadId: tipo.nombre,
          despues: { ...conteo, documentosNuevos },
        });
        return { conteo, documentosNuevos };
      });
      resultados.push({ ...base, estado: 'importado', ...hecho });
    } catch (error) {
      await docs.descartar();
      const mensaje = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      resultados.push({
        ...base,
        estado: 'rechazado',
        rechazos: [{ id: '—', motivo: `la base de datos no aceptó los cambios y no se guardó nada de este tipo (${mensaje}).` }],
      });
    }
  }
  return resultados;
}

/** The largest document id an answer refers to (`documento.id`, `logo.id`, `imagen.id`), also of a file missing from the folder. */
function maxIdReferido(valor: unknown): number {
  let maximo = 0;
  const pendientes: unknown[] = [valor];
  while (pendientes.length > 0) {
    const v = pendientes.pop();
    if (Array.isArray(v)) for (const x of v) pendientes.push(x);
    else if (v && typeof v === 'object')
      for (const [clave, hijo] of Object.entries(v)) {
        const id = hijo && typeof hijo === 'object' ? Number((hijo as { id?: unknown }).id) : NaN;
        if (['documento', 'logo', 'imagen'].includes(clave) && Number.isSafeInteger(id)) maximo = Math.max(maximo, id);
        pendientes.push(hijo);
      }
  }
  return maximo;
}

const plural = (n: number, uno: string, varios: string) => `${formatNumber(n)} ${n === 1 ? uno : varios}`;

/** The report, one line per kind and one per refused item (kind, id, reason), in Spanish. */
export function informeImportacion(resultados: readonly ResultadoTipo[]): string[] {
  const lineas: string[] = [];
  for (const r of resultados) {
    if (r.estado === 'ausente') lineas.push(`${r.nombre}: no está ${r.archivo} en la carpeta; nada que importar.`);
    else if (r.estado === 'importado') {
      const { nuevos, actualizados, sinCambios } = r.conteo;
      lineas.push(
        `${r.nombre}: importado (${plural(nuevos, 'nuevo', 'nuevos')}, ${plural(actualizados, 'actualizado', 'actualizados')}, ${plural(sinCambios, 'sin cambios', 'sin cambios')}; ${plural(r.documentosNuevos, 'documento nuevo', 'documentos nuevos')}).`,
      );
    } else {
      lineas.push(`${r.nombre}: RECHAZADO entero, no se importó nada de ${r.archivo} (${plural(r.rechazos.length, 'ítem rechazado', 'ítems rechazados')}):`);
      for (const x of r.rechazos) lineas.push(`  rechazado\t${r.nombre}\t${x.id}\t${x.motivo}`);
    }
  }
  return lineas;
}

import { data } from 'react-router';
import { formatFileSize } from '#domain/shared/formato.ts';
import { MENSAJE_SIN_ESPACIO } from '#domain/documentos/subidas.ts';

/**
 * The actions' side of the back-office pages that publish documents: the bulletins',
 * the accounting statements' and the salary reports' (app/features/admin/documentos-panel.tsx).
 */

/** What an action answers when the form is not saved: per field, what was typed, or a general message. */
export type RespuestaFormulario<C extends string> = { errores: Partial<Record<C, string>>; valores: Partial<Record<C, string>>; general: string | null };

/** A form not saved answers 400, or 507 when the disk refused its file (docs/decisions/029-fallas.md). */
export const estadoFormulario = (r: { errores?: Partial<Record<string, string>>; general?: string | null }) =>
  r.general === MENSAJE_SIN_ESPACIO || Object.values(r.errores ?? {}).includes(MENSAJE_SIN_ESPACIO) ? 507 : 400;

/** A 400 (or 507) with the form's errors, not stored anywhere. */
export const falloFormulario = <C extends string>(r: Partial<RespuestaFormulario<C>>) =>
  data<RespuestaFormulario<C>>({ errores: r.errores ?? {}, valores: r.valores ?? {}, general: r.general ?? null }, { status: estadoFormulario(r) });

/** How a stored PDF is named on the pages: its file name, kind and size. */
export const archivoLegible = (d: { nombreArchivo: string; tamano: number }) => `${d.nombreArchivo} (PDF, ${formatFileSize(d.tamano)})`;

type ItemConPdf = { id: number; titulo: string; usuarioCreacion: string | null; documento: { id: number; nombreArchivo: string; tamano: number } };

/** A row of a documents list: the item, who uploaded it, and its PDF's link and name. */
export const filaConPdf = <T extends ItemConPdf>(i: T) => ({
  id: i.id,
  titulo: i.titulo,
  usuarioCreacion: i.usuarioCreacion as T['usuarioCreacion'],
  documentoId: i.documento.id,
  archivo: archivoLegible(i.documento),
});

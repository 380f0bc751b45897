import { FormField } from '#app/components/ui/form-field.tsx';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';
import type { CampoVista } from './campos-panel.tsx';
import { ProgresoSubida } from './subida-con-progreso.tsx';

/**
 * The observatory's forms in the back-office (docs/decisions/021-observatorio-en-el-panel.md):
 * the text fields of a gallery image and of a document, drawn by the Gobierno panel's
 * `CamposPanel`, and the file field with the upload's progress.
 */

const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

export const CAMPOS_IMAGEN: readonly CampoVista[] = [
  { nombre: 'titulo', etiqueta: 'Título', tipo: 'texto', obligatorio: true, largo: 150 },
  { nombre: 'descripcion', etiqueta: 'Descripción', tipo: 'texto', largo: 500, ayuda: 'Se lee debajo de la imagen.' },
  {
    nombre: 'alt',
    etiqueta: 'Texto alternativo',
    tipo: 'texto',
    obligatorio: true,
    largo: 250,
    ayuda: 'Qué muestra la imagen, para quien no puede verla (lo lee un lector de pantalla). Por ejemplo: «Cruce peatonal pintado frente a la escuela».',
  },
];

const CAMPO_ANIO: CampoVista = { nombre: 'anio', etiqueta: 'Año', tipo: 'texto', obligatorio: true, largo: 4, ayuda: 'Con cuatro cifras, por ejemplo 2026.' };
const CAMPO_MES: CampoVista = {
  nombre: 'mes',
  etiqueta: 'Mes',
  tipo: 'opcion',
  obligatorio: true,
  largo: 2,
  opciones: MESES.map((m, i) => [String(i + 1), m] as const),
};

/** The month and year of the Terminal's movement; only the year of a yearly report. */
export const camposDocumento = (tipo: string): readonly CampoVista[] => (tipo === 'MOVIMIENTO_TERMINAL' ? [CAMPO_MES, CAMPO_ANIO] : [CAMPO_ANIO]);

/**
 * A file field and the upload's progress. `prefijo` keeps the id unique on a page with several
 * forms; the submitted name stays `nombre`. `reemplazo`: optional, replacing the current file.
 */
export function CampoArchivo({
  nombre,
  etiqueta,
  error,
  limite,
  imagen,
  reemplazo = false,
  prefijo = '',
}: {
  nombre: string;
  etiqueta: string;
  error: string | undefined;
  limite: LimiteSubida;
  imagen: boolean;
  reemplazo?: boolean;
  prefijo?: string;
}) {
  const que = imagen ? 'una imagen PNG, JPEG o WebP' : 'un PDF';
  const ayuda = reemplazo
    ? `Elegí un archivo sólo si querés reemplazar el actual: ${que} de hasta ${limite.texto}. El enlace del anterior dirá que fue reemplazado.`
    : `Elegí ${que} de hasta ${limite.texto}.${imagen ? ' Se publica sin sus datos de ubicación ni de la cámara.' : ''}`;
  return (
    <>
      <FormField name={`${prefijo}${nombre}`} label={etiqueta} error={error} required={!reemplazo} hint={ayuda}>
        {(control) => (
          <input {...control} name={nombre} type="file" accept={imagen ? 'image/png,image/jpeg,image/webp' : 'application/pdf,.pdf'} className="form-control" />
        )}
      </FormField>
      <ProgresoSubida maxBytes={limite.maxBytes} mensajeGrande={limite.mensajeGrande} />
    </>
  );
}

import { filtrosOrdenanzasSchema } from '#domain/ordenanzas/schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import { z } from '#domain/shared/zod.ts';
import { FRECUENCIAS, LARGO_EMAIL, TIPOS_ALERTA } from './campos.ts';

const MENSAJE_EMAIL = 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.';
const { estado, numero, anio, pattern } = filtrosOrdenanzasSchema.shape;

/**
 * A subscription as the forms send it: the address, how often, what to, and for ordinances the
 * search's filters exactly as /consulta-ordenanzas reads them (the same schema, but the page).
 */
export const suscripcionSchema = z.object({
  tipo: z.enum(TIPOS_ALERTA, { error: 'Elegí si querés avisos de ordenanzas o de boletines oficiales.' }),
  email: z
    .string({ error: 'Escribí tu email.' })
    .trim()
    .min(1, 'Escribí tu email.')
    .max(LARGO_EMAIL, `El email puede tener hasta ${LARGO_EMAIL} caracteres.`)
    .pipe(z.email({ error: MENSAJE_EMAIL })),
  frecuencia: z.enum(
    FRECUENCIAS.map((f) => f.valor),
    { error: 'Elegí cada cuánto querés recibir los avisos.' },
  ),
  estado,
  numero,
  anio,
  pattern,
});

export type Suscripcion = z.output<typeof suscripcionSchema>;
export type CampoSuscripcion = keyof Suscripcion;

export const readSuscripcion = (entrada: FormData | Record<string, unknown>) => readForm(suscripcionSchema, entrada, { largo: 400 });

/** A stored search read back through the page's own schema: what the citizen saw is what is matched. */
const busquedaSchema = z.object({ estado, numero, anio, pattern });

export function readBusqueda(guardada: unknown): z.output<typeof busquedaSchema> | undefined {
  if (!guardada || typeof guardada !== 'object') return undefined;
  const texto = Object.fromEntries(Object.entries(guardada).map(([k, v]) => [k, v === undefined || v === null ? '' : String(v)]));
  const parsed = busquedaSchema.safeParse(texto);
  return parsed.success ? parsed.data : undefined;
}

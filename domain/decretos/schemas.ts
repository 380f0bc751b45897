import { parseNumeroAnio } from '#domain/ordenanzas/numero.ts';
import { readForm } from '#domain/shared/form.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { z } from '#domain/shared/zod.ts';
import { LIMITES } from './campos.ts';

/** The spec's four messages (§5), word for word. */
export const MENSAJES_OBLIGATORIOS = {
  nombre: 'El campo nombre es obligatorio',
  dni: 'El campo dni es obligatorio',
  email: 'El campo email es obligatorio',
  numero: 'El campo decreto es obligatorio',
} as const;

/**
 * Required: it must be a string and not blank; a missing or non-string value gets the same message
 * (docs/sitio-original.md §5). The `error` given to z.string covers both the type and the emptiness.
 */
const requerido = (mensaje: string) => z.string({ error: mensaje }).trim().min(1, { error: mensaje });

const opcional = (max: number, mensaje: string) =>
  z
    .union([z.string(), z.number()], { error: mensaje })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, { error: mensaje }))
    .optional()
    .transform((v) => v ?? '');

/**
 * Text that a mail quotes must not read as a web address or a mailbox (the form must not
 * carry someone else's message to a victim): "bit.ly", "https://", "a@b".
 */
const PARECE_DIRECCION = /\p{L}{2,}\.\p{L}{2,}|\/\/|@/u;
export const MENSAJE_NOMBRE = 'Escribí tu nombre solo con letras, espacios, apóstrofos, puntos o guiones.';
export const MENSAJE_NUMERO_DECRETO = 'Escribí el número de decreto con números, letras, espacios, barras o guiones, por ejemplo 123/2024.';

/**
 * A decree-copy request, as the page's form and POST /api/v1/solicitudes-decreto send it
 * (docs/sitio-original.md §7: nombre, dni, email, numero, ordenanza, aclaraciones). One schema for the page, the API
 * and the tests. Checks beyond the spec (docs/architecture.md, "Validación y textos"): e-mail
 * format, DNI of 7 or 8 digits (dots accepted and removed), length caps, names made of the
 * letters and punctuation of names.
 */
export const solicitudDecretoSchema = z.object({
  /** The letters, spaces and punctuation of names: María José O'Neill-Pérez, Juan P. Gómez. */
  nombre: requerido(MENSAJES_OBLIGATORIOS.nombre)
    .max(LIMITES.nombre, { error: `Escribí el nombre con hasta ${LIMITES.nombre} caracteres.` })
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .regex(/^\p{L}[\p{L}\p{M} '’.-]*$/u, { error: MENSAJE_NOMBRE })
        .refine((v) => !PARECE_DIRECCION.test(v), { error: MENSAJE_NOMBRE }),
    ),
  dni: requerido(MENSAJES_OBLIGATORIOS.dni)
    .transform((v) => v.replace(/[.\s]/g, ''))
    .pipe(z.string().regex(/^\d{7,8}$/, { error: 'Ingresá un DNI de 7 u 8 números (los puntos se aceptan).' }))
    .meta({ description: '7 u 8 números; se aceptan puntos.' }),
  email: requerido(MENSAJES_OBLIGATORIOS.email)
    .max(LIMITES.email, { error: `El email puede tener hasta ${LIMITES.email} caracteres.` })
    .pipe(z.email({ error: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.' })),
  numero: requerido(MENSAJES_OBLIGATORIOS.numero)
    .max(LIMITES.numero, { error: `Escribí el número de decreto con hasta ${LIMITES.numero} caracteres, por ejemplo 123/2024.` })
    .pipe(
      z
        .string()
        .regex(/^[\p{L}\d .ºª°/-]+$/u, { error: MENSAJE_NUMERO_DECRETO })
        .refine((v) => !PARECE_DIRECCION.test(v), { error: MENSAJE_NUMERO_DECRETO }),
    )
    .meta({ description: 'Número de decreto, por ejemplo 123/2024.' }),
  /** With JavaScript the combobox sends the ordinance's ID; the API takes the ID too. */
  ordenanza: opcional(12, 'Elegí una ordenanza de la lista.')
    .pipe(z.string().regex(/^(\d{1,9})?$/, { error: 'Elegí una ordenanza de la lista.' }))
    .meta({ description: 'ID de una ordenanza con expediente (opcional).' }),
  /** Without JavaScript the page sends the ordinance as typed ('250/2021' or '250'), resolved by the server. */
  ordenanzaNumero: opcional(LIMITES.ordenanza, 'Escribí la ordenanza como número/año, por ejemplo 250/2021.')
    .pipe(z.string().refine((v) => v === '' || parseNumeroAnio(v) !== undefined, { error: 'Escribí la ordenanza como número/año, por ejemplo 250/2021.' }))
    .meta({ description: 'La ordenanza como número/año (250/2021), en lugar de su ID (opcional).' }),
  aclaraciones: opcional(LIMITES.aclaraciones, `Las aclaraciones pueden tener hasta ${formatNumber(LIMITES.aclaraciones)} caracteres.`),
});

type SolicitudDecreto = z.output<typeof solicitudDecretoSchema>;
export type CampoSolicitud = 'nombre' | 'dni' | 'email' | 'numero' | 'ordenanza' | 'aclaraciones';
export type ErroresSolicitud = Partial<Record<CampoSolicitud, string>>;
/** What the citizen typed, kept to show back next to the errors. */
export type ValoresSolicitud = Partial<Record<CampoSolicitud | 'ordenanzaNumero' | 'ordenanzaEtiqueta', string>>;

export type ResultadoValidacion = { ok: true; datos: SolicitudDecreto } | { ok: false; errores: ErroresSolicitud };

export function parseSolicitudDecreto(input: unknown): ResultadoValidacion {
  const objeto = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const leido = readForm(solicitudDecretoSchema, objeto);
  if (leido.ok) return { ok: true, datos: leido.datos };
  // The form has one ordinance field; without JavaScript it posts the typed number/year.
  const { ordenanzaNumero, ...errores } = leido.errores;
  if (ordenanzaNumero !== undefined) errores.ordenanza ??= ordenanzaNumero;
  return { ok: false, errores };
}

import { z } from 'zod';

/** The spec's four messages (§5), word for word. */
export const MENSAJES_OBLIGATORIOS = {
  nombre: 'El campo nombre es obligatorio',
  dni: 'El campo dni es obligatorio',
  email: 'El campo email es obligatorio',
  numero: 'El campo decreto es obligatorio',
} as const;

export const LIMITES = { nombre: 120, email: 254, numero: 30, ordenanza: 30, aclaraciones: 2000 } as const;

/**
 * Required: it must be a string and not blank; a missing or non-string value gets the same message
 * (spec §5). The `error` given to z.string covers both the type and the emptiness.
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
 * A decree-copy request, as the page's form and POST /api/v1/solicitudes-decreto send it
 * (spec §7: nombre, dni, email, numero, ordenanza, aclaraciones). One schema for the page, the API
 * and the tests. Server-side checks beyond the spec (ARCHITECTURE, deliberate change 4): e-mail
 * format, DNI of 7 or 8 digits (dots accepted and removed), length caps.
 */
export const solicitudDecretoSchema = z.object({
  nombre: requerido(MENSAJES_OBLIGATORIOS.nombre).max(LIMITES.nombre, { error: `Escribí el nombre con hasta ${LIMITES.nombre} caracteres.` }),
  dni: requerido(MENSAJES_OBLIGATORIOS.dni)
    .transform((v) => v.replace(/[.\s]/g, ''))
    .pipe(z.string().regex(/^\d{7,8}$/, { error: 'Ingresá un DNI de 7 u 8 números (los puntos se aceptan).' })),
  email: requerido(MENSAJES_OBLIGATORIOS.email)
    .max(LIMITES.email, { error: `El email puede tener hasta ${LIMITES.email} caracteres.` })
    .pipe(z.email({ error: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.' })),
  numero: requerido(MENSAJES_OBLIGATORIOS.numero).max(LIMITES.numero, { error: `Escribí el número de decreto con hasta ${LIMITES.numero} caracteres, por ejemplo 123/2024.` }),
  /** With JavaScript the combobox sends the ordinance's ID; the API takes the ID too. */
  ordenanza: opcional(12, 'Elegí una ordenanza de la lista.').pipe(z.string().regex(/^(\d{1,9})?$/, { error: 'Elegí una ordenanza de la lista.' })),
  /** Without JavaScript the page sends the ordinance as typed ('250/2021' or '250'), resolved by the server. */
  ordenanzaNumero: opcional(LIMITES.ordenanza, 'Escribí la ordenanza como número/año, por ejemplo 250/2021.').pipe(
    z.string().regex(/^(\d{1,9}(\s*\/\s*\d{4})?)?$/, { error: 'Escribí la ordenanza como número/año, por ejemplo 250/2021.' }),
  ),
  aclaraciones: opcional(LIMITES.aclaraciones, `Las aclaraciones pueden tener hasta ${LIMITES.aclaraciones} caracteres.`),
});

export type SolicitudDecreto = z.output<typeof solicitudDecretoSchema>;
export type CampoSolicitud = 'nombre' | 'dni' | 'email' | 'numero' | 'ordenanza' | 'aclaraciones';
export type ErroresSolicitud = Partial<Record<CampoSolicitud, string>>;
/** What the citizen typed, kept to show back next to the errors. */
export type ValoresSolicitud = Partial<Record<CampoSolicitud | 'ordenanzaNumero' | 'ordenanzaEtiqueta', string>>;

/** The honeypot's name: a field people never see or fill; bots that fill every field do. */
export const CAMPO_TRAMPA = 'sitio_web';

export type ResultadoValidacion = { ok: true; datos: SolicitudDecreto } | { ok: false; errores: ErroresSolicitud };

export function parseSolicitudDecreto(input: unknown): ResultadoValidacion {
  const objeto = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const parsed = solicitudDecretoSchema.safeParse(objeto);
  if (parsed.success) return { ok: true, datos: parsed.data };
  const errores: ErroresSolicitud = {};
  for (const issue of parsed.error.issues) {
    const campo = (issue.path[0] === 'ordenanzaNumero' ? 'ordenanza' : issue.path[0]) as CampoSolicitud;
    errores[campo] ??= issue.message;
  }
  return { ok: false, errores };
}

/** Tracking codes: SD-2026-000123. */
export const FORMATO_CODIGO = /^SD-\d{4}-\d{6,}$/;

export function normalizarCodigo(valor: string): string {
  return valor.trim().toUpperCase().replace(/\s+/g, '');
}

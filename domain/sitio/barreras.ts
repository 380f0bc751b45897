import { randomInt } from 'node:crypto';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { readForm } from '#domain/shared/form.ts';
import { addressLimitKey, transactionWithLimitsLast } from '#domain/shared/limits.ts';
import { urlSegura } from '#domain/shared/url-segura.ts';
import { z } from '#domain/shared/zod.ts';
import { LIMITES_BARRERA as L } from './accesibilidad.ts';
import { getSiteSettings } from './settings.ts';
import { yearInArgentina } from '#domain/shared/formato.ts';

const HORA = 3600;
const DIA = 86_400;

export const MENSAJE_LIMITE_BARRERA =
  'Recibimos muchos avisos desde tu conexión en la última hora. Volvé a enviarlo más tarde; lo que escribiste queda en el formulario.';
export const mensajeLimiteCorreoBarrera = (contacto: string) =>
  `Ya enviamos hoy varias confirmaciones a este correo. Dejá el correo vacío para enviar el aviso igual, o escribinos a ${contacto}.`;

export const MENSAJE_PAGINA =
  'Escribí la dirección de la página tal como aparece en el navegador (empieza con https://), o contá con tus palabras en qué página o sección fue.';

/** A scheme ('https:', 'javascript:', 'mailto:') at the start: the text claims to be an address. */
const CON_ESQUEMA = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where the barrier was: empty, a web address (http or https only, with a host), a path of this site
 * ('/consulta-ordenanzas', never '//otro.sitio'), or a few words ('el mapa de vehículos').
 */
export function paginaValida(valor: string): boolean {
  if (valor === '') return true;
  if (CON_ESQUEMA.test(valor)) return urlSegura(valor);
  if (valor.startsWith('/')) return /^\/(?!\/)\S*$/.test(valor);
  return true;
}

const opcional = (max: number, mensaje: string) =>
  z
    .string({ error: mensaje })
    .trim()
    .max(max, { error: mensaje })
    .optional()
    .transform((v) => v ?? '');

/**
 * A barrier report: only the description is required. The e-mail, when given, gets an
 * acknowledgement with the reference code and nothing the sender typed (nobody can use the form to
 * send their words to someone else's mailbox).
 */
export const barreraSchema = z.object({
  pagina: opcional(L.pagina, `Escribí la página con hasta ${L.pagina} caracteres.`).pipe(z.string().refine(paginaValida, { error: MENSAJE_PAGINA })),
  descripcion: z
    .string({ error: 'Contanos qué barrera encontraste: qué intentabas hacer y qué pasó.' })
    .trim()
    .min(1, { error: 'Contanos qué barrera encontraste: qué intentabas hacer y qué pasó.' })
    .max(L.descripcion, { error: `La descripción puede tener hasta ${L.descripcion} caracteres: resumila un poco.` }),
  tecnologia: opcional(L.tecnologia, `Escribí la tecnología de apoyo con hasta ${L.tecnologia} caracteres.`),
  nombre: opcional(L.nombre, `Escribí el nombre con hasta ${L.nombre} caracteres.`),
  email: opcional(L.email, `El correo electrónico puede tener hasta ${L.email} caracteres.`).pipe(
    z.union([z.literal(''), z.email({ error: 'Escribí un correo electrónico válido, por ejemplo nombre@correo.com.ar, o dejá el campo vacío.' })]),
  ),
});

export type CampoBarrera = keyof typeof barreraSchema.shape;
export type ErroresBarrera = Partial<Record<CampoBarrera, string>>;

export type ResultadoBarrera =
  | { tipo: 'recibido'; codigo: string; conCorreo: boolean }
  | { tipo: 'invalido'; errores: ErroresBarrera }
  | { tipo: 'limite'; mensaje: string; reintentarEnSegundos: number };

const ALFABETO = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A reference such as `AC-2026-7KQ3XM`: to quote in a reply, never to look anything up by. */
export function codigoBarrera(ahora: Date): string {
  const anio = yearInArgentina(ahora);
  let simbolos = '';
  for (let i = 0; i < 6; i++) simbolos += ALFABETO[randomInt(ALFABETO.length)];
  return `AC-${anio}-${simbolos}`;
}

const o = (valor: string) => valor || '(no lo indicó)';

/**
 * Reports a barrier (docs/decisions/026-declaracion-de-accesibilidad.md): validates, counts
 * the sender's address (SOLICITUDES_POR_IP an hour, like the decree form) and, with an e-mail, the
 * acknowledgements that address gets in a day, and writes the mail to the municipality's contact
 * address (`emailContacto`, editable in /admin/ajustes) and the acknowledgement to the outbox in ONE
 * transaction. Nothing is stored but the mails (encrypted, docs/decisions/004-datos-personales.md)
 * and the counters (keyed hashes); nothing personal is logged.
 */
export async function informarBarrera(
  ctx: AppContext,
  input: FormData | Record<string, unknown>,
  opciones: { direccion?: string } = {},
): Promise<ResultadoBarrera> {
  const leido = readForm(barreraSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores };
  const datos = leido.datos;
  const { cipher, db } = ctx;
  const settings = await getSiteSettings(db);
  const codigo = codigoBarrera(ctx.clock.now());

  const resultado: ResultadoBarrera = await transactionWithLimitsLast(db, async (t) => {
    await enqueueMail(t, cipher, [
      {
        destinatario: settings.emailContacto,
        ...(datos.email === '' ? {} : { responderA: datos.email }),
        asunto: `Barrera de accesibilidad informada (${codigo})`,
        referencia: codigo,
        texto: [
          `Una persona informó una barrera de accesibilidad en el sitio, referencia ${codigo}.`,
          '',
          `Página: ${o(datos.pagina)}`,
          `Tecnología de apoyo: ${o(datos.tecnologia)}`,
          `Nombre: ${o(datos.nombre)}`,
          `Correo para responder: ${o(datos.email)}`,
          '',
          'Descripción:',
          datos.descripcion,
          '',
          `Declaración de accesibilidad: ${ctx.url('/accesibilidad')}`,
        ].join('\n'),
      },
      ...(datos.email === ''
        ? []
        : [
            {
              destinatario: datos.email,
              asunto: `Recibimos tu aviso de accesibilidad (${codigo})`,
              referencia: codigo,
              texto: [
                'Recibimos en el sitio de la Municipalidad de Villa La Angostura un aviso sobre una barrera de accesibilidad con esta dirección de correo para responder.',
                '',
                `Referencia: ${codigo}`,
                '',
                'Lo revisamos y te respondemos a este correo. Si necesitás un documento o una información en otro formato, contestá este mensaje y decinos cuál.',
                '',
                'Si no enviaste este aviso, ignorá este mensaje. La Municipalidad nunca te va a pedir claves ni datos por correo.',
                '',
                `Declaración de accesibilidad: ${ctx.url('/accesibilidad')}`,
                '',
                'Municipalidad de Villa La Angostura',
              ].join('\n'),
            },
          ]),
    ]);
    // Counted last (transactionWithLimitsLast): a report that fails is not counted; the address
    // counts even when the e-mail's limit refuses.
    return {
      valor: { tipo: 'recibido' as const, codigo, conCorreo: datos.email !== '' },
      limites: [
        {
          clave: addressLimitKey(cipher, 'limite-barrera-direccion', opciones.direccion),
          limite: { max: ctx.config.solicitudes.porDireccion, windowSeconds: HORA },
          rechazo: { tipo: 'limite' as const, mensaje: MENSAJE_LIMITE_BARRERA, reintentarEnSegundos: HORA },
          cuentaSiOtroRechaza: true,
        },
        {
          clave: datos.email === '' ? undefined : cipher.hash('limite-barrera-email', datos.email.toLowerCase()),
          limite: { max: ctx.config.solicitudes.porPersona, windowSeconds: DIA },
          rechazo: { tipo: 'limite' as const, mensaje: mensajeLimiteCorreoBarrera(settings.emailContacto), reintentarEnSegundos: DIA },
        },
      ],
    };
  });
  // Committed: the worker sends the mails now rather than at its next poll.
  if (resultado.tipo === 'recibido') ctx.mailer.wake();
  return resultado;
}

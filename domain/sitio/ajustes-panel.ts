import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { puede } from '#domain/shared/permisos.ts';
import { type FormInput, firstValues, readForm } from '#domain/shared/form.ts';
import { urlSegura } from '#domain/shared/url-segura.ts';
import { z } from '#domain/shared/zod.ts';
import { type SiteSettings, forgetSiteSettings, getSiteSettings, writeSiteSettings } from './settings.ts';

/**
 * The site's contacts and external links in the back-office (/admin/ajustes;
 * docs/decisions/019-panel-de-gobierno.md): administrators change the layout's contacts, social
 * links, the navigation's external entries, Turismo and the Acceso Empleados links. One flat
 * form over the nested settings of settings.ts; every address http or https only; audited with
 * the values before and after; a form opened before someone else's save is a conflict.
 */

type Seccion = 'municipio' | 'oficinaTurismo' | 'redes' | 'enlaces';
type Clave = 'emailContacto' | 'emailMesaDecretos' | `${Seccion}.${string}`;
type TipoAjuste = 'texto' | 'email' | 'url';

export type CampoAjuste = { nombre: string; clave: Clave; etiqueta: string; tipo: TipoAjuste; grupo: string; ayuda?: string };

const c = (clave: Clave, etiqueta: string, tipo: TipoAjuste, grupo: string, ayuda?: string): CampoAjuste => ({
  nombre: clave.replace('.', '-'),
  clave,
  etiqueta,
  tipo,
  grupo,
  ...(ayuda ? { ayuda } : {}),
});

const CONTACTO = 'Contacto';
const REDES = 'Redes sociales';
const NAVEGACION = 'Enlaces externos del menú';
const EMPLEADOS = 'Acceso Empleados';

export const CAMPOS_AJUSTES: readonly CampoAjuste[] = [
  c('municipio.direccion', 'Dirección de la municipalidad', 'texto', CONTACTO),
  c('municipio.telefono', 'Teléfono de la municipalidad', 'texto', CONTACTO),
  c('oficinaTurismo.direccion', 'Dirección de la oficina de turismo', 'texto', CONTACTO),
  c('oficinaTurismo.telefono', 'Teléfono de la oficina de turismo', 'texto', CONTACTO),
  c('emailContacto', 'Correo de contacto', 'email', CONTACTO),
  c('emailMesaDecretos', 'Correo de la mesa de entradas', 'email', CONTACTO, 'Recibe las solicitudes de copias de decretos.'),
  c('redes.instagram', 'Instagram', 'url', REDES),
  c('redes.x', 'X', 'url', REDES),
  c('redes.youtube', 'YouTube', 'url', REDES),
  c('redes.tripadvisor', 'Tripadvisor', 'url', REDES),
  c('enlaces.turismo', 'Turismo', 'url', NAVEGACION, 'Los enlaces Descubrí, Organizá, Explorá y Disfrutá de VLA del menú Turismo.'),
  c('enlaces.noticias', 'Noticias', 'url', NAVEGACION, 'El botón de noticias de la página de inicio.'),
  c('enlaces.gestionPresupuesto', 'Gestión y Presupuesto', 'url', NAVEGACION),
  c('enlaces.denunciasMedioAmbiente', 'Denuncias de Medio Ambiente', 'url', NAVEGACION),
  c('enlaces.defensorConsumidor', 'Reclamos Defensor del Consumidor', 'url', NAVEGACION),
  c('enlaces.chatCertificadosMedicos', 'Envío de certificados médicos', 'url', EMPLEADOS),
  c('enlaces.chatRecursosHumanos', 'Consultas a Recursos Humanos', 'url', EMPLEADOS),
  c('enlaces.recibosSueldo', 'Recibos de sueldo', 'url', EMPLEADOS),
];

/** The advisory lock of the settings form (any number no other lock of the site uses). */
const LOCK_AJUSTES = 1_914_019;
const LARGO_TEXTO = 200;
const LARGO_URL = 2000;

function esquemaCampo(campo: CampoAjuste): z.ZodType {
  const falta = `Completá «${campo.etiqueta}».`;
  const base = z.string({ error: falta }).transform((v) => v.replace(/\s+/g, ' ').trim());
  if (campo.tipo === 'email')
    return base.pipe(
      z
        .string()
        .min(1, { error: falta })
        .max(254, { error: `Escribí «${campo.etiqueta}» con hasta 254 caracteres.` })
        .pipe(z.email({ error: `Escribí un correo electrónico válido en «${campo.etiqueta}», por ejemplo contacto@villalaangostura.gob.ar.` })),
    );
  if (campo.tipo === 'url')
    return base.pipe(
      z
        .string()
        .min(1, { error: falta })
        .max(LARGO_URL, { error: `Escribí «${campo.etiqueta}» con hasta ${LARGO_URL} caracteres.` })
        .refine(urlSegura, {
          error: `Escribí en «${campo.etiqueta}» una dirección que empiece con https:// o http://, por ejemplo https://www.villalaangostura.gob.ar/.`,
        }),
    );
  return base.pipe(
    z
      .string()
      .min(1, { error: falta })
      .max(LARGO_TEXTO, { error: `Escribí «${campo.etiqueta}» con hasta ${LARGO_TEXTO} caracteres.` })
      .refine((v) => !/\p{Cc}/u.test(v), { error: `Escribí «${campo.etiqueta}» sólo con letras, números y signos comunes.` }),
  );
}

/** The form's schema, one flat field per setting (`redes-instagram`…). */
export const ajustesFormSchema = z.object(Object.fromEntries(CAMPOS_AJUSTES.map((campo) => [campo.nombre, esquemaCampo(campo)])));

const leerClave = (s: SiteSettings, clave: Clave): string => {
  const [a, b] = clave.split('.') as [keyof SiteSettings, string | undefined];
  const v = s[a] as unknown;
  return String(b === undefined ? v : (v as Record<string, unknown>)[b]);
};

/** The settings as the form shows them. */
export const valoresAjustes = (s: SiteSettings): Record<string, string> =>
  Object.fromEntries(CAMPOS_AJUSTES.map((campo) => [campo.nombre, leerClave(s, campo.clave)]));

/** The version of the settings the form edits: a short hash of their values. */
export const versionAjustes = (s: SiteSettings): string =>
  createHash('sha256')
    .update(JSON.stringify(valoresAjustes(s)))
    .digest('base64url')
    .slice(0, 22);

export type ResultadoAjustes =
  | { tipo: 'guardado'; cambio: boolean }
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string> }
  | { tipo: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string }
  | { tipo: 'prohibido'; mensaje: string };

/**
 * Saves the form (administrators only) when the settings are still at `input.version`, audited
 * as `ajustes.cambio` with the keys that changed, before and after, in the same transaction.
 */
export async function saveAjustes(db: Db, actor: Actor, input: FormInput): Promise<ResultadoAjustes> {
  if (!puede(actor, 'ajustes')) return { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar los ajustes del sitio.' };
  const version = firstValues(input).version;
  const leido = readForm(ajustesFormSchema, input);
  const valores = leido.valores as Record<string, string>;
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores as Record<string, string>, valores };
  const datos = leido.datos as Record<string, string>;
  const resultado = await db.transaction(async (tx): Promise<ResultadoAjustes> => {
    // One writer of this form at a time: compare and write under a transaction-scoped lock.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_AJUSTES})`);
    const actuales = await getSiteSettings(tx);
    const actual = versionAjustes(actuales);
    if (version !== actual)
      return {
        tipo: 'conflicto',
        mensaje:
          'Otra persona cambió los ajustes mientras los editabas. Abajo están los datos que escribiste; revisalos y guardá de nuevo si querés reemplazar los de la otra persona.',
        valores,
        version: actual,
      };
    const nuevos: Record<string, unknown> = {};
    const antes: Record<string, unknown> = {};
    for (const campo of CAMPOS_AJUSTES) {
      const [a, b] = campo.clave.split('.') as [keyof SiteSettings, string | undefined];
      if (b === undefined) {
        nuevos[a] = datos[campo.nombre];
      } else {
        nuevos[a] = { ...(actuales[a] as object), ...(nuevos[a] as object | undefined), [b]: datos[campo.nombre] };
      }
    }
    const cambiadas = (Object.keys(nuevos) as (keyof SiteSettings)[]).filter((k) => JSON.stringify(nuevos[k]) !== JSON.stringify(actuales[k]));
    if (cambiadas.length === 0) return { tipo: 'guardado', cambio: false };
    const despues: Record<string, unknown> = {};
    for (const k of cambiadas) {
      antes[k] = actuales[k];
      despues[k] = nuevos[k];
    }
    await writeSiteSettings(tx, despues as Partial<SiteSettings>);
    await registrarAuditoria(tx, { actor, accion: 'ajustes.cambio', entidad: 'ajustes_sitio', antes, despues });
    return { tipo: 'guardado', cambio: true };
  });
  // Pages of this process read the new values at once (others on the content version's notice).
  if (resultado.tipo === 'guardado' && resultado.cambio) forgetSiteSettings(db);
  return resultado;
}

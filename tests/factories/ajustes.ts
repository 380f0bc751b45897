import type { Db } from '#db/client.ts';
import { changeRetencion } from '#domain/decretos/retencion.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { CAMPOS_AJUSTES, saveAjustes, valoresAjustes, versionAjustes } from '#domain/sitio/ajustes-panel.ts';
import { type SiteSettings, getSiteSettings, writeSiteSettings } from '#domain/sitio/settings.ts';

/** The settings the back-office's settings form (/admin/ajustes) holds. */
const DEL_FORMULARIO = new Set(CAMPOS_AJUSTES.map((campo) => campo.clave.split('.')[0]));

/**
 * Changes some of the site's settings as staff would, through the command of each one's form
 * («El sistema» in the audit): contacts and links through `saveAjustes` (the current values
 * merged with `parcial`), the retention of personal data through `changeRetencion`. `plazos` and
 * `vehiculos` have no form yet and are written as they are (docs/decisions/047-carga-historica.md,
 * «Excepciones»). A value the command refuses throws with its message.
 */
export async function ajustar(db: Db, parcial: Partial<SiteSettings>): Promise<void> {
  const { retencionSolicitudesDias, plazos, vehiculos, ...resto } = parcial;
  const sinFormulario = Object.keys(resto).filter((clave) => !DEL_FORMULARIO.has(clave));
  if (sinFormulario.length > 0) throw new Error(`ajustar no sabe qué comando cambia ${sinFormulario.join(', ')}`);
  if (Object.keys(resto).length > 0) {
    const actuales = await getSiteSettings(db);
    const guardado = await saveAjustes(db, ACTOR_SISTEMA, { ...valoresAjustes({ ...actuales, ...resto }), version: versionAjustes(actuales) });
    if (guardado.tipo !== 'guardado') throw new Error(`los ajustes no se guardaron: ${JSON.stringify(guardado)}`);
  }
  if (retencionSolicitudesDias !== undefined) {
    const hecho = await changeRetencion({ db }, ACTOR_SISTEMA, { dias: String(retencionSolicitudesDias) });
    if (hecho.tipo !== 'hecho') throw new Error(`la retención no se guardó: ${JSON.stringify(hecho)}`);
  }
  if (plazos !== undefined || vehiculos !== undefined) await writeSiteSettings(db, { ...(plazos && { plazos }), ...(vehiculos && { vehiculos }) });
}

import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { CAMPOS_AJUSTES, saveAjustes, valoresAjustes, versionAjustes } from '#domain/sitio/ajustes-panel.ts';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import type { Route } from './+types/ajustes';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { ControlesPublicacion, type ValoresControles, resumenFecha } from '#app/features/admin/publicacion-controles.tsx';
import { guardarSiPendiente } from '#app/features/admin/publicacion.server.ts';

/**
 * The site's contacts and external links (docs/decisions/019-panel-de-gobierno.md), for
 * administrators: one form, grouped, every address http or https only; a save over someone
 * else's is 409 and keeps what was typed. The layout shows a change on the next page.
 */

export async function loader(args: Route.LoaderArgs) {
  const ajustes = await getSiteSettings(args.context.get(appContext).db);
  const aviso = new URL(args.request.url).searchParams.get('aviso');
  return {
    campos: CAMPOS_AJUSTES,
    valores: valoresAjustes(ajustes),
    version: versionAjustes(ajustes),
    aviso: aviso === 'cambio' ? 'Guardamos los ajustes: el sitio ya los muestra.' : aviso === 'sin-cambios' ? 'No había nada que cambiar.' : null,
  };
}

type Respuesta =
  | { tipo: 'invalido'; errores: Record<string, string>; valores: Record<string, string>; controles?: ValoresControles }
  | { tipo: 'conflicto'; mensaje: string; valores: Record<string, string>; version: string; controles?: ValoresControles }
  | { tipo: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ tipo: 'general', mensaje: 'No pudimos leer el formulario: volvé a los ajustes y envialo de nuevo.' });
  if (form.get('intent') !== 'guardar') return fallo({ tipo: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
  const ctx = args.context.get(appContext);
  // A change kept as a draft or scheduled (docs/decisions/053-borradores-y-publicacion-programada.md): the site shows it once published.
  const p = await guardarSiPendiente(ctx, actor, form, { tipo: 'ajustes', entidadId: null, campos: CAMPOS_AJUSTES.map((c) => c.nombre) });
  if (p?.status === 403) return fallo({ tipo: 'general', mensaje: p.respuesta.general ?? '' }, 403);
  if (p?.respuesta.general) {
    const version = versionAjustes(await getSiteSettings(ctx.db));
    return fallo({ tipo: 'conflicto', mensaje: p.respuesta.general, valores: p.respuesta.valores, version, controles: p.respuesta.controles }, p.status);
  }
  if (p) return fallo({ tipo: 'invalido', errores: p.respuesta.errores, valores: p.respuesta.valores, controles: p.respuesta.controles }, p.status);
  const r = await saveAjustes(ctx.db, actor, form);
  if (r.tipo === 'guardado') throw redirect(`/admin/ajustes?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303 });
  if (r.tipo === 'prohibido') return fallo({ tipo: 'general', mensaje: r.mensaje }, 403);
  return fallo(r, r.tipo === 'conflicto' ? 409 : 400);
}

export const headers = privateDataHeaders;

export default function Ajustes({ loaderData, actionData }: Route.ComponentProps) {
  const { campos, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const errores = respuesta?.tipo === 'invalido' ? respuesta.errores : {};
  const valores = respuesta && respuesta.tipo !== 'general' ? respuesta.valores : loaderData.valores;
  const version = respuesta?.tipo === 'conflicto' ? respuesta.version : loaderData.version;
  const mensaje = respuesta?.tipo === 'conflicto' || respuesta?.tipo === 'general' ? respuesta.mensaje : null;

  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [respuesta?.tipo === 'invalido' && respuesta, resumen],
    [mensaje && respuesta, alerta],
  ]);

  const grupos = [...new Set(campos.map((c) => c.grupo))];
  const filasResumen = [
    ...campos.flatMap((c) => (errores[c.nombre] ? [[c.nombre, c.etiqueta, errores[c.nombre]!] as [string, string, string]] : [])),
    ...resumenFecha(errores.publicarEn),
  ];
  const controles = respuesta && respuesta.tipo !== 'general' ? (respuesta.controles ?? {}) : {};

  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}Ajustes del sitio | ${SITE_NAME}`}</title>
      <h1>Ajustes del sitio</h1>
      <p className="admin__bajada">
        Los contactos del pie, las redes sociales y los enlaces a otros sitios del menú y de Acceso Empleados. Las direcciones tienen que empezar con https:// o
        http://.
      </p>
      <AvisoHecho texto={respuesta ? null : aviso} />
      <AlertaGeneral texto={mensaje} foco={alerta} />
      <ErrorSummary title="Revisá los ajustes" errors={filasResumen} ref={resumen} />
      <Form method="post" className="admin__formulario" noValidate aria-label="Ajustes del sitio" key={version}>
        <input type="hidden" name="version" value={version} />
        <RequiredFieldsNote />
        {grupos.map((grupo) => (
          <fieldset key={grupo} className="admin__seccion">
            <legend>{grupo}</legend>
            {campos
              .filter((c) => c.grupo === grupo)
              .map((c) => (
                <FormField key={c.nombre} name={c.nombre} label={c.etiqueta} error={errores[c.nombre]} required hint={c.ayuda}>
                  {(control) => (
                    <input
                      {...control}
                      type={c.tipo === 'url' ? 'url' : c.tipo === 'email' ? 'email' : 'text'}
                      className="form-control"
                      maxLength={c.tipo === 'url' ? 2000 : c.tipo === 'email' ? 254 : 200}
                      autoComplete="off"
                      defaultValue={valores[c.nombre] ?? ''}
                    />
                  )}
                </FormField>
              ))}
          </fieldset>
        ))}
        <ControlesPublicacion valores={controles} error={errores.publicarEn} />
        <button type="submit" name="intent" value="guardar" className="btn btn-primary">
          Guardar los ajustes
        </button>
      </Form>
    </>
  );
}

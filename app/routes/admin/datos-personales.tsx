import { useRef } from 'react';
import { Form, data } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { dniTitularSchema } from '#domain/decretos/mesa-schemas.ts';
import { changeRetencion } from '#domain/decretos/retencion.ts';
import { removeDatosPorDni, exportarDatosPorDni } from '#domain/decretos/titular.ts';
import { borradoTitularSchema } from '#domain/decretos/titular-schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { RETENCION_MAXIMA_DIAS, RETENCION_MINIMA_DIAS, getSiteSettings } from '#domain/sitio/settings.ts';
import type { Route } from './+types/datos-personales';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { documentoDatosPersonales } from '#app/features/admin/datos-personales-html.server.tsx';

/**
 * The rights of the people whose data the site holds (law 25.326; docs/decisions/013-mesa-de-entradas.md),
 * for administrators: everything held about a DNI as a JSON file (art. 14), its erasure (art. 16),
 * and how long closed requests keep personal data (the retention setting). The DNI travels only in
 * the body of a POST: never in an address, so never in a log line.
 */

/**
 * The export answers a file, not the page. An action's Response becomes data for the page, so the
 * file is answered here, before the action, for a valid DNI (the back-office's guard, which runs
 * first, already let only an administrator in); anything else goes on to the action, which answers
 * the page with the message next to the field. The page's form posts as a document
 * (`reloadDocument`): a download needs it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.request.method !== 'POST') return next();
    const form = await args.request
      .clone()
      .formData()
      .catch(() => null);
    const intent = form?.get('intent');
    if (!form || (intent !== 'exportar' && intent !== 'exportar-html')) return next();
    const leido = readForm(dniTitularSchema, form);
    if (!leido.ok) return next();
    const actor = actorPanel(args.context);
    const ctx = args.context.get(appContext);
    const r = await exportarDatosPorDni(ctx, actor, leido.datos.dni);
    if (r.tipo !== 'hecho') return next();
    const nombre = `datos-personales-${fechaEnArgentina(r.datos.generadoEn)}`;
    // The readable version, to print or hand over: the same data as a document with its own styles.
    if (intent === 'exportar-html')
      return new Response(documentoDatosPersonales(r.datos), {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-disposition': `attachment; filename="${nombre}.html"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    const cuerpo = JSON.stringify(
      {
        responsable: 'Municipalidad de Villa La Angostura',
        fundamento: 'Ley 25.326 de Protección de los Datos Personales, art. 14 (derecho de acceso)',
        ...r.datos,
      },
      null,
      2,
    );
    return new Response(cuerpo, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${nombre}.json"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const { retencionSolicitudesDias } = await getSiteSettings(db);
  return { retencionSolicitudesDias, minimo: RETENCION_MINIMA_DIAS, maximo: RETENCION_MAXIMA_DIAS };
}

type Formulario = 'exportar' | 'borrar' | 'retencion';
type Respuesta =
  | { formulario: Formulario; ok: false; errores: Record<string, string>; valores: Record<string, string> }
  | { formulario: Formulario; ok: true; mensaje: string; hechoEn: number }
  | { formulario: 'general'; ok: false; mensaje: string };

const ETIQUETAS: Record<string, string> = { dni: 'DNI', dniBorrado: 'DNI', confirmacion: 'Repetí el DNI', dias: 'Días de conservación' };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const responder = (r: Respuesta, status = 200) => data<Respuesta>(r, { status });

  if (intent === 'exportar' || intent === 'exportar-html') {
    const leido = readForm(dniTitularSchema, form, { largo: 20 });
    if (!leido.ok) return responder({ formulario: 'exportar', ok: false, errores: leido.errores, valores: leido.valores }, 400);
    // A valid DNI was answered with the file by the middleware; only a data request (not a document) gets here.
    return responder({ formulario: 'general', ok: false, mensaje: 'La exportación se descarga con el botón «Descargar» de esta página.' }, 400);
  }
  if (intent === 'borrar') {
    const leido = readForm(borradoTitularSchema, form, { largo: 20 });
    if (!leido.ok) return responder({ formulario: 'borrar', ok: false, errores: leido.errores, valores: leido.valores }, 400);
    const r = await removeDatosPorDni(ctx, actor, leido.datos.dniBorrado);
    if (r.tipo !== 'hecho')
      return responder({ formulario: 'borrar', ok: false, errores: { dniBorrado: r.errores.dni ?? 'Revisá el DNI.' }, valores: leido.valores }, 400);
    const { solicitudes: codigos, alertas } = r.datos;
    const conAlertas =
      alertas === 0 ? '' : ` También borramos ${alertas === 1 ? 'la suscripción' : `las ${alertas} suscripciones`} a alertas por correo de esas direcciones.`;
    const mensaje =
      codigos.length === 0
        ? 'No hay solicitudes con ese DNI: no había datos que borrar. El pedido quedó en la auditoría.'
        : `Borramos los datos personales de ${codigos.length === 1 ? '1 solicitud' : `${codigos.length} solicitudes`} (${codigos.join(', ')}): nombre, DNI, correo, aclaraciones y los mensajes que se le enviaron. Las solicitudes siguen existiendo sin la persona, y una que estaba abierta quedó rechazada.${conAlertas}`;
    return responder({ formulario: 'borrar', ok: true, mensaje, hechoEn: Date.now() });
  }
  if (intent === 'retencion') {
    const r = await changeRetencion(ctx, actor, form);
    if (r.tipo === 'invalido') return responder({ formulario: 'retencion', ok: false, errores: r.errores, valores: r.valores }, 400);
    return responder({
      formulario: 'retencion',
      ok: true,
      mensaje: `Guardamos el plazo de conservación: ${r.dias} días (antes, ${r.antes}). En su próxima corrida, dentro de la hora, la tarea de conservación anonimiza las solicitudes cerradas hace más de ${r.dias} días.`,
      hechoEn: Date.now(),
    });
  }
  return responder({ formulario: 'general', ok: false, mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' }, 400);
}

export const headers = privateDataHeaders;

export default function DatosPersonales({ loaderData, actionData }: Route.ComponentProps) {
  const { retencionSolicitudesDias, minimo, maximo } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const fallida = respuesta && !respuesta.ok && respuesta.formulario !== 'general' ? respuesta : undefined;
  const lograda = respuesta?.ok ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : undefined;
  const de = (f: Formulario) => (fallida?.formulario === f ? fallida : undefined);
  const errores = (f: Formulario) => de(f)?.errores ?? {};
  const valores = (f: Formulario) => de(f)?.valores ?? {};
  const resumenDe = (f: Formulario): [string, string, string][] => Object.entries(errores(f)).map(([c, m]) => [c, ETIQUETAS[c] ?? c, m]);

  const resumen = useRef<HTMLDivElement>(null);
  const aviso = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [fallida, resumen],
    [lograda, aviso],
    [general && respuesta, aviso],
  ]);

  const estado = (f: Formulario) =>
    lograda?.formulario === f ? (
      <div className="aviso aviso--exito" role="status" tabIndex={-1} ref={aviso}>
        {lograda.mensaje}
      </div>
    ) : null;
  const resumenErrores = (f: Formulario, titulo: string) =>
    fallida?.formulario === f ? <ErrorSummary title={titulo} errors={resumenDe(f)} ref={resumen} /> : null;

  return (
    <>
      <title>{`${fallida || general ? 'Error: ' : ''}Datos personales | ${SITE_NAME}`}</title>
      <h1>Datos personales</h1>
      <p className="admin__bajada">
        Las solicitudes de copias de decretos guardan nombre, DNI, correo y aclaraciones de quien las pide, y los correos que se le enviaron. La ley 25.326 le
        da a cada persona derecho a saber qué datos suyos tenemos y a pedir que se borren. Todo lo que se hace aquí queda en la auditoría, con el DNI cifrado.
      </p>
      <RequiredFieldsNote />
      {general ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={aviso}>
          {general}
        </div>
      ) : null}

      <section aria-labelledby="exportar-titulo" className="admin__seccion">
        <h2 id="exportar-titulo">Exportar los datos de una persona</h2>
        <p>
          Derecho de acceso (ley 25.326, art. 14): se descarga cada solicitud de ese DNI, su historial, los correos que se le enviaron (con el texto, mientras
          se conserve) y lo que el personal hizo con ella, y las suscripciones a alertas por correo de las direcciones que dio en esas solicitudes. «Descargar
          para leer o imprimir» da una página que se abre en el navegador y se imprime o se guarda como PDF, para entregarle a la persona; «Descargar (JSON)» da
          los mismos datos en un archivo para otros sistemas. Entregalo sólo a la persona, después de verificar su identidad.
        </p>
        {resumenErrores('exportar', 'Revisá el DNI a exportar')}
        <Form method="post" reloadDocument className="admin__formulario" noValidate aria-labelledby="exportar-titulo">
          <FormField name="dni" label={ETIQUETAS.dni!} error={errores('exportar').dni} required hint="7 u 8 números; se aceptan puntos.">
            {(control) => (
              <input
                {...control}
                className="form-control admin__campo-dni"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                defaultValue={valores('exportar').dni ?? ''}
              />
            )}
          </FormField>
          <div className="mesa__botones">
            <button type="submit" name="intent" value="exportar-html" className="btn btn-primary">
              Descargar para leer o imprimir (HTML)
            </button>
            <button type="submit" name="intent" value="exportar" className="btn btn-outline-primary">
              Descargar (JSON)
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="borrar-titulo" className="admin__seccion">
        <h2 id="borrar-titulo">Borrar los datos de una persona</h2>
        <p>
          Derecho de supresión (ley 25.326, art. 16): se borran ya nombre, DNI, correo, aclaraciones y los mensajes de todas las solicitudes de ese DNI, como
          hace la conservación al vencer su plazo. Las solicitudes siguen existiendo sin la persona (código, número de decreto, estados y fechas); una que
          estaba abierta queda rechazada y no se le escribe a nadie. También se borran las suscripciones a alertas por correo de las direcciones que dio en esas
          solicitudes. <strong>No se puede deshacer.</strong>
        </p>
        {estado('borrar')}
        {resumenErrores('borrar', 'Revisá el DNI a borrar')}
        <Form
          method="post"
          className="admin__formulario"
          noValidate
          aria-labelledby="borrar-titulo"
          key={lograda?.formulario === 'borrar' ? lograda.hechoEn : 'borrar'}
        >
          <FormField name="dniBorrado" label={ETIQUETAS.dniBorrado!} error={errores('borrar').dniBorrado} required hint="7 u 8 números; se aceptan puntos.">
            {(control) => (
              <input
                {...control}
                className="form-control admin__campo-dni"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                defaultValue={valores('borrar').dniBorrado ?? ''}
              />
            )}
          </FormField>
          <FormField
            name="confirmacion"
            label={ETIQUETAS.confirmacion!}
            error={errores('borrar').confirmacion}
            required
            hint="Para confirmar, escribí el mismo DNI otra vez."
          >
            {(control) => (
              <input
                {...control}
                className="form-control admin__campo-dni"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                defaultValue={valores('borrar').confirmacion ?? ''}
              />
            )}
          </FormField>
          <button type="submit" name="intent" value="borrar" className="btn btn-danger">
            Borrar los datos
          </button>
        </Form>
      </section>

      <section aria-labelledby="retencion-titulo" className="admin__seccion">
        <h2 id="retencion-titulo">Conservación de las solicitudes cerradas</h2>
        <p>
          Pasados estos días desde que se cierra (enviada o rechazada), una solicitud se anonimiza sola: la ley 25.326 (art. 4, inc. 7) pide no guardar datos
          más de lo necesario. Hoy: <strong>{retencionSolicitudesDias} días</strong>.
        </p>
        {estado('retencion')}
        {resumenErrores('retencion', 'Revisá el plazo de conservación')}
        <Form
          method="post"
          className="admin__formulario"
          noValidate
          aria-labelledby="retencion-titulo"
          key={lograda?.formulario === 'retencion' ? lograda.hechoEn : 'retencion'}
        >
          <FormField name="dias" label={ETIQUETAS.dias!} error={errores('retencion').dias} required hint={`Entre ${minimo} y ${maximo} días (10 años).`}>
            {(control) => (
              <input
                {...control}
                type="number"
                className="form-control admin__campo-numero"
                min={minimo}
                max={maximo}
                step={1}
                defaultValue={valores('retencion').dias ?? String(retencionSolicitudesDias)}
              />
            )}
          </FormField>
          <button type="submit" name="intent" value="retencion" className="btn btn-primary">
            Guardar
          </button>
        </Form>
      </section>
    </>
  );
}

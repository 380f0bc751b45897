import { data } from 'react-router';
import { InlineScript } from '#app/components/inline-script.tsx';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { codigoAvisosEnElNavegador } from '#app/features/mi-calle/avisos-push.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { clavesVapid } from '#domain/recoleccion/push.ts';
import { getZona, listZonas } from '#domain/recoleccion/queries.ts';
import { RADIO_PREDETERMINADO_M, leerCoordenada, rutaGestion } from '#domain/recoleccion/enlaces-avisos.ts';
import { type CampoAviso, type ValoresAviso, suscribirAvisos, valoresAviso } from '#domain/recoleccion/suscripciones.ts';
import type { Route } from './+types/avisos';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

const SIN_CACHE = { 'cache-control': 'no-store' };
const FALLA = 'No pudimos registrar tu pedido por un problema nuestro. Probá de nuevo en unos minutos.';
const MENSAJE_ENVIADO =
  'Te enviamos un correo para confirmar tus avisos. Abrí el enlace que trae y tocá «Confirmar»; hasta entonces no te vamos a escribir. Si no lo ves en unos minutos, revisá la carpeta de spam.';
const SIN_SOPORTE = 'Este navegador no puede recibir notificaciones de la Municipalidad. Podés pedir los avisos por correo, más arriba.';
const DENEGADO =
  'Las notificaciones de este sitio están bloqueadas en tu navegador. Habilitálas en la configuración del sitio o pedí los avisos por correo, más arriba.';
const FALLO_PUSH = 'No pudimos activar las notificaciones en este navegador. Probá de nuevo o pedí los avisos por correo, más arriba.';

/** A coordinate of the point, as /mi-calle sends it; anything else is dropped. */
function coordenada(texto: string | null, limite: number): string | undefined {
  const n = texto === null ? undefined : leerCoordenada(texto, limite);
  return n === undefined ? undefined : String(n);
}

async function cargar({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const slug = (params.get('zona') ?? '').slice(0, 60);
  const lat = coordenada(params.get('lat'), 90);
  const lon = coordenada(params.get('lon'), 180);
  const zona = slug ? await getZona(ctx.db, slug) : undefined;
  const zonas = zona ? [] : (await listZonas(ctx.db)).map((z) => ({ slug: z.slug, nombre: z.nombre }));
  const clave = zona && lat && lon ? (await clavesVapid(ctx)).publicKey : '';
  return data(
    {
      zona: zona ? { slug: zona.slug, nombre: zona.nombre, servicios: zona.servicios.map((s) => ({ id: s.id, nombre: s.nombre })) } : null,
      zonas,
      buscada: slug !== '' && !zona,
      punto: lat && lon ? { lat, lon } : null,
      clave,
    },
    { status: slug !== '' && !zona ? 404 : 200, headers: SIN_CACHE },
  );
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { estado: 'enviada' }
  | { estado: 'activa'; gestion: string }
  | { estado: 'errores'; errores: Partial<Record<CampoAviso, string>>; valores: ValoresAviso }
  | { estado: 'limite' | 'falla'; mensaje: string; valores: ValoresAviso };

/** The form posts here, with or without the page's script (which only adds the browser's push subscription). */
async function actuar({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  try {
    const r = await suscribirAvisos(ctx, form, { direccion: ctx.direccion });
    if (r.tipo === 'invalido') return data<Respuesta>({ estado: 'errores', errores: r.errores, valores: r.valores }, { status: 400, headers: SIN_CACHE });
    if (r.tipo === 'limite')
      return data<Respuesta>(
        { estado: 'limite', mensaje: r.mensaje, valores: r.valores },
        { status: 429, headers: { ...SIN_CACHE, 'retry-after': String(r.reintentarEnSegundos) } },
      );
    if (r.tipo === 'activa') return data<Respuesta>({ estado: 'activa', gestion: rutaGestion(r.token) }, { headers: SIN_CACHE });
    return data<Respuesta>({ estado: 'enviada' }, { headers: SIN_CACHE });
  } catch (error) {
    ctx.log.error({ err: error }, 'suscripción a avisos de recolección no registrada');
    // What was typed goes back into the form: nothing is lost when the database fails.
    return data<Respuesta>(
      { estado: 'falla', mensaje: FALLA, valores: valoresAviso(form) },
      { status: isDatabaseUnavailable(error) ? 503 : 500, headers: SIN_CACHE },
    );
  }
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content:
      'Recibí un recordatorio la noche antes de cada recolección, los cambios de tu zona y un aviso en el navegador cuando el camión está cerca de tu casa, en Villa La Angostura.',
  },
];

const etiquetas: Record<CampoAviso, string> = {
  zona: 'Zona',
  servicios: 'Servicios',
  email: 'Tu email',
  recordatorio: 'Avisos por correo',
  cambios: 'Cambios de la zona',
  cercania: 'Aviso en este navegador',
  radio: 'Distancia',
  lat: 'Punto',
  lon: 'Punto',
  push: 'Aviso en este navegador',
};

export default function Avisos({ loaderData, actionData }: Route.ComponentProps) {
  const respuesta = actionData as Respuesta | undefined;
  const { zona, zonas, punto, clave, buscada } = loaderData;
  if (respuesta?.estado === 'enviada' || respuesta?.estado === 'activa') {
    return (
      <div className="contenedor pagina alertas-pagina">
        <title>{`${respuesta.estado === 'enviada' ? 'Revisá tu correo' : 'Avisos activados'} | ${SITE_NAME}`}</title>
        <h1>{respuesta.estado === 'enviada' ? 'Revisá tu correo' : 'Avisos activados'}</h1>
        {respuesta.estado === 'enviada' ? (
          <p role="status">{MENSAJE_ENVIADO}</p>
        ) : (
          <>
            <p role="status">Listo: este navegador te va a avisar cuando un camión del servicio que elegiste esté cerca de tu punto, durante su horario.</p>
            <p>
              Guardá este enlace para ver o dar de baja tus avisos: <a href={respuesta.gestion}>tus avisos de Mi calle</a>.
            </p>
          </>
        )}
        <p>
          <a href="/mi-calle">Volver a Mi calle</a>
        </p>
      </div>
    );
  }
  const valores: ValoresAviso = respuesta && 'valores' in respuesta ? respuesta.valores : {};
  const errores = respuesta?.estado === 'errores' ? respuesta.errores : {};
  const elegidos = new Set((valores.servicios ?? '').split(',').filter(Boolean));
  const resumen = new Map<string, [string, string, string]>();
  for (const [campo, mensaje] of Object.entries(errores) as [CampoAviso, string][]) {
    const ancla = campo === 'lat' || campo === 'lon' || campo === 'push' ? 'cercania' : campo;
    if (!resumen.has(ancla)) resumen.set(ancla, [ancla, etiquetas[campo], mensaje]);
  }
  const marcado = (campo: CampoAviso, predeterminado: boolean) => (respuesta ? valores[campo] === 'on' : predeterminado);
  return (
    <div className="contenedor pagina alertas-pagina">
      <title>{`${respuesta ? 'Error: ' : ''}Avisos de recolección${zona ? `: ${zona.nombre}` : ''} | ${SITE_NAME}`}</title>
      <h1>{zona ? `Avisos de recolección: ${zona.nombre}` : 'Avisos de recolección'}</h1>
      {respuesta?.estado === 'limite' || respuesta?.estado === 'falla' ? (
        <p className="aviso aviso--error" role="alert">
          {respuesta.mensaje}
        </p>
      ) : null}
      <ErrorSummary title="Revisá los datos" errors={[...resumen.values()]} />
      {!zona ? (
        <>
          {buscada ? (
            <p className="aviso aviso--error" role="alert">
              No encontramos esa zona. Elegila de la lista.
            </p>
          ) : null}
          <p>
            Elegí tu zona de recolección. Si no sabés cuál es, buscá tu dirección en <a href="/mi-calle">Mi calle</a>.
          </p>
          <form method="get" action="/mi-calle/avisos">
            <FormField name="zona" label="Tu zona">
              {(control) => (
                <select {...control} className="form-select">
                  {zonas.map((z) => (
                    <option key={z.slug} value={z.slug}>
                      {z.nombre}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button type="submit" className="btn btn-primary">
              Continuar
            </button>
          </form>
        </>
      ) : (
        <form method="post" id="form-avisos" noValidate>
          <input type="hidden" name="zona" value={zona.slug} />
          {punto ? (
            <>
              <input type="hidden" name="lat" value={punto.lat} />
              <input type="hidden" name="lon" value={punto.lon} />
            </>
          ) : null}
          <ChoiceField
            name="servicios"
            id="servicios"
            type="checkbox"
            legend="Servicios que te interesan"
            error={errores.servicios}
            choices={zona.servicios.map((s) => ({
              id: `servicio-${s.id}`,
              value: String(s.id),
              label: s.nombre,
              defaultChecked: respuesta ? elegidos.has(String(s.id)) : true,
            }))}
          />
          <ChoiceField
            name="recordatorio"
            id="recordatorio"
            type="checkbox"
            legend="Por correo"
            error={errores.recordatorio}
            choices={[
              {
                id: 'aviso-recordatorio',
                label: 'Un recordatorio a las 20 h del día anterior a cada recolección',
                defaultChecked: marcado('recordatorio', true),
              },
              {
                id: 'cambios',
                name: 'cambios',
                label: 'Los cambios de tu zona (suspensiones por nevada, pasadas extra)',
                defaultChecked: marcado('cambios', true),
              },
            ]}
          >
            <FormField name="email" label="Tu email" error={errores.email} hint="Te vamos a enviar un correo para que confirmes.">
              {(control) => (
                <input {...control} type="email" className="form-control" autoComplete="email" maxLength={254} defaultValue={valores.email ?? ''} />
              )}
            </FormField>
          </ChoiceField>
          {punto ? (
            <>
              <p id="avisos-push-estado" className="aviso" tabIndex={-1} role="status">
                {errores.cercania ?? 'El aviso en el navegador cuando el camión está cerca necesita JavaScript. Podés pedir los avisos por correo.'}
              </p>
              <fieldset className="campo" id="avisos-push" hidden>
                <legend>En este navegador</legend>
                <div className="form-check" id="cercania">
                  <input type="checkbox" className="form-check-input" id="aviso-cercania" name="cercania" defaultChecked={marcado('cercania', false)} />
                  <label className="form-check-label" htmlFor="aviso-cercania">
                    Avisame cuando un camión del servicio esté cerca de mi punto, durante su horario (una vez por día y servicio)
                  </label>
                </div>
                <FormField name="radio" label="Distancia en metros" error={errores.radio} hint="Entre 50 y 2000 metros.">
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={50}
                      max={2000}
                      step={50}
                      className="form-control"
                      defaultValue={valores.radio ?? String(RADIO_PREDETERMINADO_M)}
                    />
                  )}
                </FormField>
                <input type="hidden" name="push" defaultValue="" />
              </fieldset>
              <InlineScript
                code={codigoAvisosEnElNavegador({
                  sw: '/mi-calle/sw.js',
                  alcance: '/mi-calle/',
                  clave,
                  sinSoporte: SIN_SOPORTE,
                  denegado: DENEGADO,
                  fallo: FALLO_PUSH,
                })}
              />
            </>
          ) : (
            <p>
              Para recibir un aviso cuando el camión esté cerca, buscá tu dirección en <a href="/mi-calle">Mi calle</a> y pedí los avisos desde ahí.
            </p>
          )}
          <button type="submit" className="btn btn-primary">
            Recibir avisos
          </button>
          <p className="alerta__nota">
            No guardamos la dirección que escribiste; tu email y tu punto se guardan cifrados. Cada aviso trae un enlace para darte de baja.
          </p>
        </form>
      )}
    </div>
  );
}

import { data } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { FormularioAlerta } from '#app/features/alertas/formulario-alerta.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { suscribir } from '#domain/alertas/commands.ts';
import type { TipoAlerta } from '#domain/alertas/campos.ts';
import type { CampoSuscripcion } from '#domain/alertas/schemas.ts';
import type { Route } from './+types/suscribir';

const SIN_CACHE = { 'cache-control': 'no-store' };
const FALLA = 'No pudimos registrar tu pedido por un problema nuestro. Probá de nuevo en unos minutos.';
/** The one answer to a valid request, whether or not the address already had subscriptions (docs/decisions/024-alertas.md). */
export const MENSAJE_ENVIADO =
  'Te enviamos un correo para confirmar tu alerta. Abrí el enlace que trae y tocá «Confirmar»; hasta entonces no te vamos a enviar avisos. Si no lo ves en unos minutos, revisá la carpeta de spam.';

type Valores = Partial<Record<CampoSuscripcion, string>>;
type Respuesta =
  | { estado: 'enviada' }
  | { estado: 'errores'; errores: Partial<Record<CampoSuscripcion, string>>; valores: Valores }
  | { estado: 'limite' | 'falla'; mensaje: string; valores: Valores };

/** The subscribe forms of the ordinance search and the bulletins page post here (no JavaScript needed). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  try {
    const r = await suscribir(ctx, form, { direccion: ctx.direccion });
    if (r.tipo === 'invalido') return data<Respuesta>({ estado: 'errores', errores: r.errores, valores: r.valores }, { status: 400, headers: SIN_CACHE });
    if (r.tipo === 'limite')
      return data<Respuesta>(
        { estado: 'limite', mensaje: r.mensaje, valores: r.valores },
        { status: 429, headers: { ...SIN_CACHE, 'retry-after': String(r.reintentarEnSegundos) } },
      );
    return data<Respuesta>({ estado: 'enviada' }, { headers: SIN_CACHE });
  } catch (error) {
    ctx.log.error({ err: error }, 'suscripción a alertas no registrada');
    const valores = { email: typeof form.get('email') === 'string' ? String(form.get('email')).slice(0, 400) : '' };
    return data<Respuesta>({ estado: 'falla', mensaje: FALLA, valores }, { status: isDatabaseUnavailable(error) ? 503 : 500, headers: SIN_CACHE });
  }
}

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content:
      'Recibí por correo un aviso cada vez que la Municipalidad de Villa La Angostura publique una ordenanza nueva (también las de una búsqueda) o un Boletín Oficial nuevo.',
  },
];

const etiquetas: Record<CampoSuscripcion, string> = {
  tipo: 'Tipo de alerta',
  email: 'Tu email',
  frecuencia: 'Cada cuánto',
  estado: 'Estado de la búsqueda',
  numero: 'Número de la búsqueda',
  anio: 'Año de la búsqueda',
  pattern: 'Palabras de la búsqueda',
};

export default function Suscribir({ actionData }: Route.ComponentProps) {
  const respuesta = actionData as Respuesta | undefined;
  if (respuesta?.estado === 'enviada') {
    return (
      <>
        <title>{`Revisá tu correo | ${SITE_NAME}`}</title>
        <h1>Revisá tu correo</h1>
        <p role="status">{MENSAJE_ENVIADO}</p>
        <p>
          <a href="/consulta-ordenanzas">Volver a la consulta de ordenanzas</a> · <a href="/boletines-oficiales">Boletines oficiales</a>
        </p>
      </>
    );
  }
  const valores = respuesta?.valores ?? {};
  const errores = respuesta?.estado === 'errores' ? respuesta.errores : {};
  const tipo: TipoAlerta = valores.tipo === 'boletines' ? 'boletines' : 'ordenanzas';
  // Errors of the hidden fields (a search altered by hand) point at nothing to type: they read as one message.
  const visibles = (Object.entries(errores) as [CampoSuscripcion, string][]).filter(([c]) => c === 'email' || c === 'frecuencia');
  const ocultos = (Object.entries(errores) as [CampoSuscripcion, string][]).filter(([c]) => c !== 'email' && c !== 'frecuencia');
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}Alertas por correo | ${SITE_NAME}`}</title>
      {respuesta?.estado === 'limite' || respuesta?.estado === 'falla' ? (
        <p className="aviso aviso--error" role="alert">
          {respuesta.mensaje}
        </p>
      ) : null}
      {ocultos.length > 0 ? (
        <div className="aviso aviso--error" role="alert">
          <p>La búsqueda que llegó con el pedido no es válida; volvé a la consulta de ordenanzas y pedí la alerta desde ahí.</p>
          <ul>
            {ocultos.map(([campo, mensaje]) => (
              <li key={campo}>{`${etiquetas[campo]}: ${mensaje}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorSummary title="Revisá los datos" errors={visibles.map(([campo, mensaje]) => [campo, etiquetas[campo], mensaje])} />
      <FormularioAlerta
        nivel={1}
        tipo={tipo}
        titulo={tipo === 'boletines' ? 'Avisos de boletines oficiales nuevos' : 'Avisos de ordenanzas nuevas'}
        filtros={{ estado: valores.estado, numero: valores.numero, anio: valores.anio, pattern: valores.pattern }}
        valores={valores}
        errores={errores}
      />
      <p>
        También podés pedir avisos desde la <a href="/consulta-ordenanzas">consulta de ordenanzas</a> (con la búsqueda que estés viendo) o desde los{' '}
        <a href="/boletines-oficiales">boletines oficiales</a>.
      </p>
    </>
  );
}

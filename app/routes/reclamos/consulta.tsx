import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, tokenDe } from '#app/features/alertas/enlace.tsx';
import { EnlaceReclamoInvalido } from '#app/features/reclamos/formulario/enlace-invalido.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { reclamoPorSecreto } from '#domain/reclamos/enlaces.ts';
import { responderConsulta } from '#domain/reclamos/seguimiento.ts';
import type { Route } from './+types/consulta';

/**
 * The answer to «¿Se resolvió?» of the follow-up mail (docs/decisions/057-reclamos.md):
 * `?token=…&respuesta=si|no`. A GET shows the answer and a button (a scanner opening the link
 * answers nothing); the POST records it, and «no» reopens the report. An unknown secret or an answer
 * that is neither is a 404 page.
 */
const respuestaDe = (request: Request) => {
  const r = new URL(request.url).searchParams.get('respuesta');
  return r === 'si' || r === 'no' ? r : null;
};

const invalido = () =>
  data({ vista: 'no_encontrado' as const, token: '', codigo: '', respuesta: 'si' as const, reabierto: false }, { status: 404, headers: CABECERAS_ENLACE });

async function cargar({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const respuesta = respuestaDe(request);
  const r = respuesta ? await reclamoPorSecreto(context.get(appContext).db, token) : undefined;
  if (!r || !respuesta) return invalido();
  return data({ vista: 'pregunta' as const, token, codigo: r.codigo, respuesta, reabierto: false }, { headers: CABECERAS_ENLACE });
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

async function actuar({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await responderConsulta(context.get(appContext), token, respuestaDe(request));
  if (r.tipo !== 'hecho') return invalido();
  return data({ vista: 'hecha' as const, token, codigo: r.codigo, respuesta: r.respuesta, reabierto: r.estado !== 'resuelto' }, { headers: CABECERAS_ENLACE });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Contanos si se resolvió el reclamo que hiciste a la Municipalidad de Villa La Angostura.' },
  { name: 'robots', content: 'noindex' },
];

export default function ConsultaReclamo({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, codigo, respuesta, reabierto } = actionData ?? loaderData;
  if (vista === 'no_encontrado') return <EnlaceReclamoInvalido />;
  const enlace = <a href={`/reclamos/${encodeURIComponent(codigo)}`}>la página del reclamo {codigo}</a>;
  if (vista === 'hecha') {
    const titulo = respuesta === 'si' ? 'Gracias por confirmarlo' : reabierto ? 'Reabrimos tu reclamo' : 'Gracias por avisarnos';
    return (
      <div className="contenedor pagina">
        <title>{`${titulo} | ${SITE_NAME}`}</title>
        <h1>{titulo}</h1>
        <p role="status">
          {respuesta === 'si'
            ? `Anotamos que el reclamo ${codigo} se resolvió.`
            : reabierto
              ? `Anotamos que el reclamo ${codigo} sigue sin resolverse y lo reabrimos: vuelve a estar en curso y te escribimos cuando cambie.`
              : `Anotamos tu respuesta sobre el reclamo ${codigo}. Ya está en curso: te escribimos cuando cambie.`}
        </p>
        <p>Podés ver cómo sigue en {enlace}.</p>
      </div>
    );
  }
  const pregunta = respuesta === 'si' ? 'Confirmá que se resolvió' : 'Confirmá que sigue sin resolverse';
  return (
    <div className="contenedor pagina">
      <title>{`¿Se resolvió tu reclamo? | ${SITE_NAME}`}</title>
      <h1>¿Se resolvió tu reclamo?</h1>
      <p>
        {respuesta === 'si'
          ? `Vas a confirmar que el reclamo ${codigo} se resolvió.`
          : `Vas a avisar que el reclamo ${codigo} sigue sin resolverse: lo reabrimos y vuelve a estar en curso.`}
      </p>
      <form method="post" action={`/reclamos/consulta?${new URLSearchParams({ token, respuesta })}`}>
        <button type="submit" className="btn btn-primary">
          {pregunta}
        </button>
      </form>
      <p>O mirá {enlace}.</p>
    </div>
  );
}

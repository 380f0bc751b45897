import { useEffect, useRef } from 'react';
import { Form, data, redirect, useNavigation } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { SIN_CACHE, cookieBorrada, cookieDeSesion, destinoSeguro, readCookieSesion, sesionActual } from '#app/lib/sesion.server.ts';
import { clearSession, hasProfile, restoreSession } from '#app/lib/session.ts';
import { readForm } from '#domain/shared/form.ts';
import { DURACION_BLOQUEO_MS } from '#domain/usuarios/bloqueos.ts';
import { completarSegundoFactor, iniciarSesion } from '#domain/usuarios/ingreso.ts';
import { codigoSchema, ingresoSchema } from '#domain/usuarios/schemas.ts';
import { removeSesion, readSesionPendiente } from '#domain/usuarios/sesiones.ts';
import type { Route } from './+types/login';

/**
 * Staff sign-in (docs/decisions/012-sesiones-y-roles.md): e-mail and password, then the
 * TOTP code when the account has one. The spec's placeholder buttons gave way to the form
 * (docs/architecture.md, deliberate changes). With a live session it goes on to the back-office.
 */

type Paso = 'clave' | 'codigo';
type Respuesta = {
  paso: Paso;
  error?: string;
  errores?: Partial<Record<'email' | 'clave' | 'codigo', string>>;
  email?: string;
  /** Locked from here: the password form also takes a code from the app (docs/decisions/035-bloqueo-de-ingreso.md). */
  bloqueo?: boolean;
};

const AVISOS: Record<string, string> = {
  creada: 'Tu contraseña quedó guardada. Ingresá con tu correo y la contraseña nueva.',
  cambiada: 'Tu contraseña cambió. Ingresá de nuevo con la contraseña nueva.',
};

export async function loader(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  const url = new URL(args.request.url);
  const siguiente = destinoSeguro(url.searchParams.get('siguiente'));
  if (await sesionActual(args)) throw redirect(siguiente, { headers: SIN_CACHE });
  const pendiente = await readSesionPendiente(ctx, readCookieSesion(args.request, ctx));
  const aviso = AVISOS[url.searchParams.get('aviso') ?? ''];
  return data({ paso: (pendiente ? 'codigo' : 'clave') as Paso, siguiente, aviso }, { headers: SIN_CACHE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const siguiente = destinoSeguro(typeof form.get('siguiente') === 'string' ? (form.get('siguiente') as string) : null);
  const volver = `/login${siguiente === '/admin' ? '' : `?siguiente=${encodeURIComponent(siguiente)}`}`;
  const token = readCookieSesion(request, ctx);
  const agente = request.headers.get('user-agent');
  const responder = (respuesta: Respuesta, status: number, extra: Record<string, string> = {}) =>
    data<Respuesta>(respuesta, { status, headers: { ...SIN_CACHE, ...extra } });

  if (form.get('paso') === 'cancelar') {
    await removeSesion(ctx.db, token);
    throw redirect(volver, { headers: { ...SIN_CACHE, 'set-cookie': cookieBorrada(ctx) } });
  }

  if (form.get('paso') === 'codigo') {
    const leido = readForm(codigoSchema, form);
    if (!leido.ok) return responder({ paso: 'codigo', errores: leido.errores }, 400);
    const r = await completarSegundoFactor(ctx, { token, codigo: leido.datos.codigo, direccion: ctx.direccion, agente });
    if (r.tipo === 'ingreso') throw redirect(siguiente, { headers: { ...SIN_CACHE, 'set-cookie': cookieDeSesion(ctx, r.token, r.expira) } });
    if (r.tipo === 'rechazado') return responder({ paso: 'codigo', errores: { codigo: r.mensaje } }, 400);
    const borrar = { 'set-cookie': cookieBorrada(ctx) };
    if (r.tipo === 'bloqueado') return responder({ paso: 'clave', error: r.mensaje }, 429, { ...borrar, 'retry-after': String(DURACION_BLOQUEO_MS / 1000) });
    return responder({ paso: 'clave', error: r.mensaje }, 400, borrar);
  }

  const leido = readForm(ingresoSchema, form);
  if (!leido.ok) return responder({ paso: 'clave', errores: leido.errores, email: leido.valores.email }, 400);
  const codigo = form.get('codigo');
  const r = await iniciarSesion(ctx, {
    ...leido.datos,
    ...(typeof codigo === 'string' && codigo.trim() !== '' ? { codigo: codigo.slice(0, 40) } : {}),
    direccion: ctx.direccion,
    agente,
    tokenAnterior: token,
  });
  if (r.tipo === 'ingreso') throw redirect(siguiente, { headers: { ...SIN_CACHE, 'set-cookie': cookieDeSesion(ctx, r.token, r.expira) } });
  // Password right, code owed: the pending session's cookie, and the code step (after a redirect, so a reload does not post again).
  if (r.tipo === 'codigo') throw redirect(volver, { headers: { ...SIN_CACHE, 'set-cookie': cookieDeSesion(ctx, r.token, r.expira) } });
  const email = leido.datos.email;
  if (r.tipo === 'rechazado') return responder({ paso: 'clave', error: r.mensaje, email }, 400);
  return responder({ paso: 'clave', error: r.mensaje, email, bloqueo: r.tipo === 'bloqueado' }, 429, { 'retry-after': String(DURACION_BLOQUEO_MS / 1000) });
}

export const headers = privateDataHeaders;

export const meta: Route.MetaFunction = () => [{ name: 'description', content: 'Ingreso del personal de la Municipalidad de Villa La Angostura.' }];

const ETIQUETAS = { email: 'Correo electrónico', clave: 'Contraseña', codigo: 'Código de verificación' } as const;

function Formulario({ paso, siguiente, respuesta, aviso }: { paso: Paso; siguiente: string; respuesta: Respuesta | undefined; aviso?: string }) {
  const navigation = useNavigation();
  const enviando = navigation.state === 'submitting';
  const resumen = useRef<HTMLDivElement>(null);
  const errores = respuesta?.errores ?? {};
  const lista = (Object.entries(errores) as [keyof typeof ETIQUETAS, string][]).map(
    ([campo, mensaje]) => [campo, ETIQUETAS[campo], mensaje] as [string, string, string],
  );
  useEffect(() => {
    if (respuesta) resumen.current?.focus();
  }, [respuesta]);
  const general = respuesta?.error;

  return (
    <>
      {aviso && !respuesta ? (
        <p className="aviso aviso--exito" role="status">
          {aviso}
        </p>
      ) : null}
      {general ? (
        <div className="resumen-errores" role="alert" tabIndex={-1} ref={resumen}>
          <p>{general}</p>
        </div>
      ) : (
        <ErrorSummary title="Revisá los datos para ingresar" errors={lista} ref={resumen} />
      )}
      {paso === 'clave' ? (
        <Form method="post" action="/login" className="ingreso__formulario" noValidate aria-label="Ingreso del personal">
          <input type="hidden" name="paso" value="clave" />
          <input type="hidden" name="siguiente" value={siguiente} />
          <FormField name="email" label={ETIQUETAS.email} error={errores.email} required>
            {(control) => (
              <input {...control} type="email" className="form-control" autoComplete="username" maxLength={320} defaultValue={respuesta?.email ?? ''} />
            )}
          </FormField>
          <FormField name="clave" label={ETIQUETAS.clave} error={errores.clave} required>
            {(control) => <input {...control} type="password" className="form-control" autoComplete="current-password" maxLength={800} />}
          </FormField>
          {respuesta?.bloqueo ? (
            <FormField
              name="codigo"
              label="Código de tu aplicación (si tenés el segundo factor)"
              hint="Con el código de 6 números de tu aplicación de autenticación, o un código de recuperación, podés ingresar aunque el ingreso desde esta conexión esté bloqueado."
            >
              {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="one-time-code" maxLength={40} />}
            </FormField>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={enviando}>
            Ingresar
          </button>
        </Form>
      ) : (
        <>
          <Form method="post" action="/login" className="ingreso__formulario" noValidate aria-label="Verificación en dos pasos">
            <input type="hidden" name="paso" value="codigo" />
            <input type="hidden" name="siguiente" value={siguiente} />
            <FormField
              name="codigo"
              label={ETIQUETAS.codigo}
              error={errores.codigo}
              hint="El código de 6 números que muestra tu aplicación de autenticación, o uno de tus códigos de recuperación."
              required
            >
              {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="one-time-code" maxLength={40} />}
            </FormField>
            <button type="submit" className="btn btn-primary" disabled={enviando}>
              Verificar
            </button>
          </Form>
          <Form method="post" action="/login" className="ingreso__otra">
            <input type="hidden" name="paso" value="cancelar" />
            <input type="hidden" name="siguiente" value={siguiente} />
            <button type="submit" className="btn btn-link">
              Ingresar con otra cuenta
            </button>
          </Form>
        </>
      )}
    </>
  );
}

/**
 * The form is the page from the first paint on, with or without JavaScript: nothing hides it while
 * the app hydrates, so what a person or a password manager typed before stays (docs/architecture.md,
 * "Sesiones y roles"). Once the app runs, a profile the browser kept from a session the server no
 * longer has is cleared, behind the form.
 */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    let current = true;
    void restoreSession().then((session) => {
      // The server answered this page, so it has no session for this browser: the profile is stale.
      if (current && hasProfile(session)) clearSession();
    });
    return () => {
      current = false;
    };
  }, []);

  const respuesta = actionData as Respuesta | undefined;
  const paso = respuesta?.paso ?? loaderData.paso;
  const hayErrores = Boolean(respuesta?.error || Object.keys(respuesta?.errores ?? {}).length);

  return (
    <div className="ingreso">
      <title>{`${hayErrores ? 'Error: ' : ''}Ingresar | ${SITE_NAME}`}</title>
      <h1>{paso === 'codigo' ? 'Verificación en dos pasos' : 'Ingreso del personal municipal'}</h1>
      <Formulario paso={paso} siguiente={loaderData.siguiente} respuesta={respuesta} aviso={loaderData.aviso} />
    </div>
  );
}

import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { SIN_CACHE } from '#app/lib/sesion.server.ts';
import { readForm } from '#domain/shared/form.ts';
import { LARGO_MINIMO_CLAVE, MENSAJE_ENLACE_INVALIDO } from '#domain/usuarios/campos.ts';
import { aceptarInvitacion, verInvitacion } from '#domain/usuarios/commands.ts';
import { direccionAuditada } from '#domain/usuarios/ingreso.ts';
import { claveNuevaSchema } from '#domain/usuarios/schemas.ts';
import type { Route } from './+types/clave';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * Setting one's password from the link an administrator's invite mailed (72 h, one use). Outside
 * the signed-in guard; never cached (the token is in the address) and the page tells no other
 * site where it was (Referrer-Policy: same-origin). Not no-referrer: under it a browser posts the
 * form without JavaScript (or before the page hydrates) with `Origin: null`, which the check of
 * where back-office posts come from refuses (server/pages.ts).
 */
const CABECERAS = { ...SIN_CACHE, 'referrer-policy': 'same-origin' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const invitacion = await verInvitacion(context.get(appContext), token);
  return data(
    { token, persona: invitacion ? { nombre: invitacion.nombre, email: invitacion.email } : null },
    { headers: CABECERAS, status: invitacion ? 200 : 404 },
  );
}

type Respuesta = { errores: Partial<Record<'clave' | 'confirmacion', string>>; general?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const token = typeof form.get('token') === 'string' ? (form.get('token') as string) : '';
  const leido = readForm(claveNuevaSchema, form);
  if (!leido.ok) return data<Respuesta>({ errores: leido.errores }, { status: 400, headers: CABECERAS });
  const r = await aceptarInvitacion(ctx, token, leido.datos.clave, direccionAuditada(ctx, ctx.direccion));
  if (!r.ok) {
    const { general, ...campos } = r.errores;
    return data<Respuesta>({ errores: campos, ...(general ? { general } : {}) }, { status: 400, headers: CABECERAS });
  }
  throw redirect('/login?aviso=creada', { headers: CABECERAS });
}

export const headers = privateDataHeaders;

export default function Clave({ loaderData, actionData }: Route.ComponentProps) {
  const respuesta = actionData as Respuesta | undefined;
  const resumen = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[respuesta, resumen]]);
  const { persona, token } = loaderData;
  if (!persona) {
    return (
      <>
        <title>{`Enlace no válido | ${SITE_NAME}`}</title>
        <h1>Enlace no válido</h1>
        <p>{MENSAJE_ENLACE_INVALIDO}</p>
        <p>
          <a href="/login" className="btn btn-primary">
            Ir al ingreso
          </a>
        </p>
      </>
    );
  }
  const errores = respuesta?.errores ?? {};
  const etiquetas = { clave: 'Contraseña nueva', confirmacion: 'Repetí la contraseña' } as const;
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}Crear tu contraseña | ${SITE_NAME}`}</title>
      <h1>Crear tu contraseña</h1>
      <p>
        {`Hola, ${persona.nombre}. Elegí la contraseña con la que vas a ingresar al panel como `}
        <span className="sin-corte">{persona.email}</span>.
      </p>
      {respuesta?.general ? (
        <div className="resumen-errores" role="alert" tabIndex={-1} ref={resumen}>
          <p>{respuesta.general}</p>
        </div>
      ) : (
        <ErrorSummary
          title="Revisá la contraseña"
          errors={(Object.entries(errores) as ['clave' | 'confirmacion', string][]).map(([c, m]) => [c, etiquetas[c], m])}
          ref={resumen}
        />
      )}
      <Form method="post" className="ingreso__formulario" noValidate aria-label="Crear contraseña">
        <input type="hidden" name="token" value={token} />
        {/* For password managers: the account this password is for. */}
        <input type="email" name="usuario" value={persona.email} autoComplete="username" readOnly hidden />
        <FormField
          name="clave"
          label={etiquetas.clave}
          error={errores.clave}
          hint={`Al menos ${LARGO_MINIMO_CLAVE} caracteres. Sirven bien tres o cuatro palabras que no vayan juntas; no uses tu correo ni contraseñas comunes.`}
          required
        >
          {(control) => <input {...control} type="password" className="form-control" autoComplete="new-password" maxLength={800} />}
        </FormField>
        <FormField name="confirmacion" label={etiquetas.confirmacion} error={errores.confirmacion} required>
          {(control) => <input {...control} type="password" className="form-control" autoComplete="new-password" maxLength={800} />}
        </FormField>
        <button type="submit" className="btn btn-primary">
          Guardar contraseña
        </button>
      </Form>
    </>
  );
}

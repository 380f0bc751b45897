import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { sesionPanel } from '#app/lib/sesion.server.ts';
import { readForm } from '#domain/shared/form.ts';
import { getRolesConSegundoFactor } from '#domain/usuarios/ajustes.ts';
import { ETIQUETAS_ROL, LARGO_MINIMO_CLAVE } from '#domain/usuarios/campos.ts';
import {
  activarSegundoFactor,
  changeClave,
  desactivarSegundoFactor,
  prepararSegundoFactor,
  renovarCodigosRecuperacion,
  segundoFactorEnPreparacion,
} from '#domain/usuarios/commands.ts';
import { direccionAuditada } from '#domain/usuarios/ingreso.ts';
import { activacionSchema, cambioClaveSchema, claveActualSchema, sesionIdSchema, tokenApiSchema, tokenIdSchema } from '#domain/usuarios/schemas.ts';
import { cerrarSesionesPropias, listSesionesDe } from '#domain/usuarios/sesiones.ts';
import { createTokenApiConfirmado, listTokensApi, revocarTokenApi } from '#domain/usuarios/tokens-api.ts';
import type { Route } from './+types/cuenta';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { formatDateTimeShort } from '#domain/shared/formato.ts';

/**
 * One's own account (every role): the second factor (QR code and the secret as text, recovery
 * codes shown once), personal API tokens (shown once, revocable), the password and the open
 * sessions. Every sensitive change asks for the password (or a TOTP code) again, counted like a
 * sign-in, and mails the person (docs/decisions/035-bloqueo-de-ingreso.md).
 */
export async function loader(args: Route.LoaderArgs) {
  const sesion = sesionPanel(args.context);
  const ctx = args.context.get(appContext);
  const [tokens, preparacion, exigido, abiertas] = await Promise.all([
    listTokensApi(ctx.db, sesion.actor.usuarioId),
    segundoFactorEnPreparacion(ctx, sesion.actor),
    getRolesConSegundoFactor(ctx.db),
    listSesionesDe(ctx, sesion.actor.usuarioId, sesion.sesionId),
  ]);
  return data({
    persona: { nombre: sesion.nombre, apellido: sesion.apellido, email: sesion.actor.email, rol: ETIQUETAS_ROL[sesion.actor.rol] },
    totpActivo: sesion.totpActivo,
    totpObligatorio: exigido.includes(sesion.actor.rol),
    preparacion: preparacion ? { secreto: preparacion.secreto, qr: preparacion.qr } : null,
    tokens: tokens.map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      ultimoUso: t.ultimoUso?.toISOString() ?? null,
      revocadoEn: t.revocadoEn?.toISOString() ?? null,
    })),
    sesiones: abiertas.map((x) => ({ ...x, createdAt: x.createdAt.toISOString(), ultimoUso: x.ultimoUso.toISOString() })),
  });
}

type Respuesta = {
  tipo: 'clave' | 'segundo-factor' | 'token' | 'sesiones';
  ok: boolean;
  mensaje?: string;
  errores?: Record<string, string>;
  /** Shown once: the recovery codes or the new token. */
  codigos?: string[];
  token?: string;
};

export async function action(args: Route.ActionArgs) {
  const sesion = sesionPanel(args.context);
  const { actor } = sesion;
  const ctx = args.context.get(appContext);
  const direccion = direccionAuditada(ctx, ctx.direccion);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const responder = (r: Respuesta, status = 200) => data<Respuesta>(r, { status });

  // The password (or code) asked again: read by each form under `actual`, shown at its own field.
  const desde = ctx.direccion;
  const actualDe = (r: { errores: Record<string, string> }, campo: string) =>
    Object.fromEntries(Object.entries(r.errores).map(([k, v]) => [k === 'actual' ? campo : k, v]));

  switch (intent) {
    case 'clave': {
      const leido = readForm(cambioClaveSchema, form);
      if (!leido.ok) return responder({ tipo: 'clave', ok: false, errores: leido.errores }, 400);
      const r = await changeClave(ctx, actor, { actual: leido.datos.actual, desde, clave: leido.datos.clave, sesionId: sesion.sesionId }, direccion);
      if (!r.ok) return responder({ tipo: 'clave', ok: false, errores: r.errores }, 400);
      return responder({ tipo: 'clave', ok: true, mensaje: 'Cambiamos tu contraseña. Las demás sesiones abiertas con tu cuenta se cerraron.' });
    }
    case 'preparar-segundo-factor': {
      await prepararSegundoFactor(ctx, actor);
      throw redirect('/admin/cuenta#segundo-factor');
    }
    case 'activar-segundo-factor': {
      const leido = readForm(activacionSchema, form);
      if (!leido.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(leido, 'actualActivar') }, 400);
      const r = await activarSegundoFactor(ctx, actor, { codigo: leido.datos.codigo, actual: leido.datos.actual, desde }, direccion);
      if (!r.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(r, 'actualActivar') }, 400);
      return responder({ tipo: 'segundo-factor', ok: true, mensaje: 'El segundo factor quedó activo.', codigos: r.codigos });
    }
    case 'renovar-codigos': {
      const leido = readForm(claveActualSchema, form);
      if (!leido.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(leido, 'actualCodigos') }, 400);
      const r = await renovarCodigosRecuperacion(ctx, actor, { actual: leido.datos.actual, desde }, direccion);
      if (!r.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(r, 'actualCodigos') }, 400);
      return responder({
        tipo: 'segundo-factor',
        ok: true,
        mensaje: 'Estos son tus códigos de recuperación nuevos; los anteriores ya no sirven.',
        codigos: r.codigos,
      });
    }
    case 'desactivar-segundo-factor': {
      const leido = readForm(claveActualSchema, form);
      if (!leido.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(leido, 'actualDesactivar') }, 400);
      const r = await desactivarSegundoFactor(ctx, actor, { actual: leido.datos.actual, desde }, direccion);
      if (!r.ok) return responder({ tipo: 'segundo-factor', ok: false, errores: actualDe(r, 'actualDesactivar') }, 400);
      return responder({ tipo: 'segundo-factor', ok: true, mensaje: 'Desactivaste el segundo factor.' });
    }
    case 'crear-token': {
      const leido = readForm(tokenApiSchema, form);
      const token = (e: Record<string, string>) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k === 'nombre' ? 'nombreToken' : k, v]));
      if (!leido.ok) return responder({ tipo: 'token', ok: false, errores: token(actualDe(leido, 'actualToken')) }, 400);
      const r = await createTokenApiConfirmado(ctx, actor, { ...leido.datos, desde }, direccion);
      if (!r.ok) return responder({ tipo: 'token', ok: false, errores: actualDe(r, 'actualToken') }, 400);
      return responder({ tipo: 'token', ok: true, mensaje: 'Creamos el token. Copialo ahora: no se vuelve a mostrar.', token: r.token });
    }
    case 'revocar-token': {
      const leido = readForm(tokenIdSchema, form);
      if (!leido.ok || !(await revocarTokenApi(ctx, actor, leido.datos.token, direccion)))
        return responder({ tipo: 'token', ok: false, mensaje: 'Ese token no existe o ya estaba revocado.' }, 400);
      return responder({ tipo: 'token', ok: true, mensaje: 'Revocamos el token: desde ahora no sirve.' });
    }
    case 'cerrar-sesion': {
      const leido = readForm(sesionIdSchema, form);
      if (!leido.ok || leido.datos.sesion === sesion.sesionId || (await cerrarSesionesPropias(ctx, actor, { sesionId: leido.datos.sesion }, direccion)) === 0)
        return responder({ tipo: 'sesiones', ok: false, mensaje: 'Esa sesión ya no está abierta.' }, 400);
      return responder({ tipo: 'sesiones', ok: true, mensaje: 'Cerramos esa sesión.' });
    }
    case 'cerrar-otras-sesiones': {
      const n = await cerrarSesionesPropias(ctx, actor, { otras: true, actual: sesion.sesionId }, direccion);
      return responder({ tipo: 'sesiones', ok: true, mensaje: n === 0 ? 'No había otras sesiones abiertas.' : 'Cerramos las demás sesiones.' });
    }
    default:
      return responder({ tipo: 'clave', ok: false, mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' }, 400);
  }
}

export const headers = privateDataHeaders;

function Aviso({ respuesta, tipo }: { respuesta: Respuesta | undefined; tipo: Respuesta['tipo'] }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = respuesta?.tipo === tipo && respuesta.mensaje;
  useFocoDelPanel([[visible && respuesta, ref]]);
  if (!visible) return null;
  return (
    <div className={`aviso ${respuesta.ok ? 'aviso--exito' : 'aviso--error'}`} role={respuesta.ok ? 'status' : 'alert'} tabIndex={-1} ref={ref}>
      {respuesta.mensaje}
    </div>
  );
}

/** The password asked again: each form's field has an id of its own, and posts it as `actual`. */
function Actual({ campo, label, error, pista }: { campo: string; label: string; error: string | undefined; pista: string | undefined }) {
  return (
    <FormField name={campo} label={label} error={error} hint={pista} required>
      {(control) => <input {...control} name="actual" type="password" className="form-control" autoComplete="current-password" maxLength={800} />}
    </FormField>
  );
}

export default function Cuenta({ loaderData, actionData }: Route.ComponentProps) {
  const { persona, totpActivo, totpObligatorio, preparacion, tokens, sesiones } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const errores = respuesta?.errores ?? {};
  const hayErrores = Object.keys(errores).length > 0;
  const resumen = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[hayErrores && respuesta, resumen]]);
  const etiquetas: Record<string, string> = {
    actual: 'Contraseña actual',
    clave: 'Contraseña nueva',
    confirmacion: 'Repetí la contraseña nueva',
    codigo: 'Código de la aplicación',
    actualActivar: 'Tu contraseña actual, para activarlo',
    actualCodigos: 'Tu contraseña actual, para generar códigos nuevos',
    actualDesactivar: 'Tu contraseña actual, para desactivarlo',
    actualToken: 'Tu contraseña actual, para crear el token',
    nombreToken: 'Para qué es el token',
  };
  const pista = totpActivo ? 'O el código de 6 números que muestra ahora tu aplicación.' : undefined;

  return (
    <>
      <title>{`${hayErrores ? 'Error: ' : ''}Mi cuenta | ${SITE_NAME}`}</title>
      <h1>Mi cuenta</h1>
      <p>
        {persona.nombre} {persona.apellido} · <span className="sin-corte">{persona.email}</span> · {persona.rol}
      </p>
      {totpObligatorio && !totpActivo ? (
        <p className="aviso aviso--error" role="alert">
          Tu rol exige ingresar con un segundo factor. Configuralo abajo para poder usar el resto del panel.
        </p>
      ) : null}
      <ErrorSummary title="Revisá los datos" errors={Object.entries(errores).map(([c, m]) => [c, etiquetas[c] ?? c, m])} ref={resumen} />

      <section aria-labelledby="segundo-factor" className="admin__seccion">
        <h2 id="segundo-factor">Segundo factor (código de una aplicación)</h2>
        <Aviso respuesta={respuesta} tipo="segundo-factor" />
        {respuesta?.codigos ? (
          <div className="admin__codigos">
            <p>
              <strong>Guardá estos códigos de recuperación en un lugar seguro.</strong> Cada uno sirve una vez si no tenés el teléfono a mano. No se vuelven a
              mostrar.
            </p>
            <ul aria-label="Códigos de recuperación">
              {respuesta.codigos.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {totpActivo ? (
          <>
            <p>Está activo: al ingresar te pedimos el código de 6 números de tu aplicación de autenticación.</p>
            <Form method="post" className="admin__formulario" noValidate aria-label="Generar códigos de recuperación nuevos">
              <Actual campo="actualCodigos" label={etiquetas.actualCodigos!} error={errores.actualCodigos} pista={pista} />
              <button type="submit" name="intent" value="renovar-codigos" className="btn btn-outline-primary">
                Generar códigos de recuperación nuevos
              </button>
            </Form>
            {!totpObligatorio ? (
              <Form method="post" className="admin__formulario" noValidate aria-label="Desactivar el segundo factor">
                <Actual campo="actualDesactivar" label={etiquetas.actualDesactivar!} error={errores.actualDesactivar} pista={pista} />
                <button type="submit" name="intent" value="desactivar-segundo-factor" className="btn btn-outline-danger">
                  Desactivar el segundo factor
                </button>
              </Form>
            ) : null}
          </>
        ) : preparacion ? (
          <>
            <p>Escaneá el código QR con tu aplicación de autenticación (por ejemplo FreeOTP, Aegis o Google Authenticator), o escribí la clave a mano.</p>
            <img className="admin__qr" src={preparacion.qr} alt="Código QR para configurar la aplicación de autenticación" width={220} height={220} />
            <p>
              Clave para escribir a mano: <code className="admin__secreto">{preparacion.secreto}</code>
            </p>
            <Form method="post" className="admin__formulario" noValidate aria-label="Confirmar el segundo factor">
              <FormField name="codigo" label="Código de 6 números que muestra la aplicación" error={errores.codigo} required>
                {(control) => <input {...control} className="form-control" inputMode="numeric" autoComplete="one-time-code" maxLength={10} />}
              </FormField>
              <Actual campo="actualActivar" label={etiquetas.actualActivar!} error={errores.actualActivar} pista={pista} />
              <button type="submit" name="intent" value="activar-segundo-factor" className="btn btn-primary">
                Activar
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>Además de la contraseña, al ingresar te pediremos un código de 6 números que cambia cada 30 segundos en tu teléfono.</p>
            <Form method="post" className="admin__formulario">
              <button type="submit" name="intent" value="preparar-segundo-factor" className="btn btn-primary">
                Configurar el segundo factor
              </button>
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby="tokens" className="admin__seccion">
        <h2 id="tokens">Tokens para la API</h2>
        <p>
          Un programa que usa la API en tu nombre envía el token en el encabezado <code>Aero-Token</code>. Tiene tus mismos permisos: revocalo cuando ya no se
          use.
        </p>
        <Aviso respuesta={respuesta} tipo="token" />
        {respuesta?.token ? (
          <p className="admin__token">
            Token nuevo: <code>{respuesta.token}</code>
          </p>
        ) : null}
        {tokens.length > 0 ? (
          <ul className="admin__tokens">
            {tokens.map((t) => (
              <li key={t.id}>
                <strong>{t.nombre}</strong> · creado {formatDateTimeShort(new Date(t.createdAt))} · último uso{' '}
                {t.ultimoUso ? formatDateTimeShort(new Date(t.ultimoUso)) : 'nunca'}
                {t.revocadoEn ? (
                  <> · revocado {formatDateTimeShort(new Date(t.revocadoEn))}</>
                ) : (
                  <Form method="post" className="admin__fila-form">
                    <input type="hidden" name="token" value={t.id} />
                    <button type="submit" name="intent" value="revocar-token" className="btn btn-outline-danger btn-sm">
                      Revocar<span className="visually-hidden"> el token {t.nombre}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>Todavía no creaste ningún token.</p>
        )}
        <Form method="post" className="admin__formulario" noValidate aria-label="Crear un token">
          <FormField name="nombreToken" label="Para qué es el token" error={errores.nombreToken} required>
            {(control) => <input {...control} name="nombre" className="form-control" maxLength={80} autoComplete="off" />}
          </FormField>
          <Actual campo="actualToken" label={etiquetas.actualToken!} error={errores.actualToken} pista={pista} />
          <button type="submit" name="intent" value="crear-token" className="btn btn-primary">
            Crear token
          </button>
        </Form>
      </section>

      <section aria-labelledby="contrasena" className="admin__seccion">
        <h2 id="contrasena">Contraseña</h2>
        <Aviso respuesta={respuesta} tipo="clave" />
        <Form method="post" className="admin__formulario" noValidate aria-label="Cambiar la contraseña">
          <input type="email" name="usuario" value={persona.email} autoComplete="username" readOnly hidden />
          <FormField name="actual" label="Contraseña actual" error={errores.actual} hint={pista} required>
            {(control) => <input {...control} type="password" className="form-control" autoComplete="current-password" maxLength={800} />}
          </FormField>
          <FormField
            name="clave"
            label="Contraseña nueva"
            error={errores.clave}
            hint={`Al menos ${LARGO_MINIMO_CLAVE} caracteres; no uses tu correo ni contraseñas comunes.`}
            required
          >
            {(control) => <input {...control} type="password" className="form-control" autoComplete="new-password" maxLength={800} />}
          </FormField>
          <FormField name="confirmacion" label="Repetí la contraseña nueva" error={errores.confirmacion} required>
            {(control) => <input {...control} type="password" className="form-control" autoComplete="new-password" maxLength={800} />}
          </FormField>
          <button type="submit" name="intent" value="clave" className="btn btn-primary">
            Cambiar la contraseña
          </button>
        </Form>
      </section>

      <section aria-labelledby="sesiones" className="admin__seccion">
        <h2 id="sesiones">Sesiones abiertas</h2>
        <p>Los navegadores donde ingresaste con tu cuenta y la sesión sigue abierta. Si no reconocés alguno, cerrá esa sesión y cambiá tu contraseña.</p>
        <Aviso respuesta={respuesta} tipo="sesiones" />
        <ul className="admin__tokens">
          {sesiones.map((x) => (
            <li key={x.id}>
              <strong>{x.agente}</strong> · desde {formatDateTimeShort(new Date(x.createdAt))} · última actividad {formatDateTimeShort(new Date(x.ultimoUso))}
              {x.actual ? (
                <> · esta sesión</>
              ) : (
                <Form method="post" className="admin__fila-form">
                  <input type="hidden" name="sesion" value={x.id} />
                  <button type="submit" name="intent" value="cerrar-sesion" className="btn btn-outline-danger btn-sm">
                    Cerrar
                    <span className="visually-hidden">
                      {' '}
                      la sesión de {x.agente} abierta el {formatDateTimeShort(new Date(x.createdAt))}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sesiones.some((x) => !x.actual) ? (
          <Form method="post" className="admin__formulario">
            <button type="submit" name="intent" value="cerrar-otras-sesiones" className="btn btn-outline-danger">
              Cerrar todas las demás sesiones
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

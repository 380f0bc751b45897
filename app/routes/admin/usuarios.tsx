import { useRef } from 'react';
import { Form, data } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { ROLES, type Rol } from '#domain/shared/actor.ts';
import { readForm } from '#domain/shared/form.ts';
import { getRolesConSegundoFactor, saveRolesConSegundoFactor } from '#domain/usuarios/ajustes.ts';
import { changeRol, desactivarUsuario, invitarUsuario, reactivarUsuario, reenviarEnlaceClave } from '#domain/usuarios/commands.ts';
import { levantarBloqueos, listBloqueos } from '#domain/usuarios/bloqueos.ts';
import { direccionAuditada } from '#domain/usuarios/ingreso.ts';
import { USUARIOS_POR_PAGINA, listUsuarios } from '#domain/usuarios/queries.ts';
import { ETIQUETAS_ROL } from '#domain/usuarios/campos.ts';
import { cambioRolSchema, filtrosUsuariosSchema, invitacionSchema, usuarioIdSchema } from '#domain/usuarios/schemas.ts';
import type { Route } from './+types/usuarios';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { formatDateTimeShort } from '#domain/shared/formato.ts';

/** Users (administrators only): list with search and pages, invite, role, deactivate, and the second-factor setting. */
export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const filtros = filtrosUsuariosSchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [lista, rolesConSegundoFactor, bloqueos] = await Promise.all([
    listUsuarios(db, filtros),
    getRolesConSegundoFactor(db),
    listBloqueos(args.context.get(appContext)),
  ]);
  return data({
    ...lista,
    filtros,
    rolesConSegundoFactor,
    yo: actor.usuarioId,
    porPagina: USUARIOS_POR_PAGINA,
    bloqueos: bloqueos.map((b) => ({ ...b, hasta: b.hasta.toISOString() })),
  });
}

type CampoInvitacion = 'email' | 'nombre' | 'apellido' | 'rol';
type Respuesta =
  | { tipo: 'invitacion'; ok: true; mensaje: string }
  | { tipo: 'invitacion'; ok: false; errores: Partial<Record<CampoInvitacion, string>>; valores: Partial<Record<CampoInvitacion, string>> }
  | { tipo: 'fila'; ok: boolean; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const direccion = direccionAuditada(ctx, ctx.direccion);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const responder = (r: Respuesta, status = 200) => data<Respuesta>(r, { status });
  const fila = (r: { ok: true } | { ok: false; errores: Record<string, string> }, exito: string) =>
    r.ok
      ? responder({ tipo: 'fila', ok: true, mensaje: exito })
      : responder({ tipo: 'fila', ok: false, mensaje: Object.values(r.errores)[0] ?? 'No se pudo.' }, 400);

  if (intent === 'invitar') {
    const leido = readForm(invitacionSchema, form);
    if (!leido.ok) return responder({ tipo: 'invitacion', ok: false, errores: leido.errores, valores: leido.valores }, 400);
    const r = await invitarUsuario(ctx, actor, leido.datos, direccion);
    if (!r.ok) return responder({ tipo: 'invitacion', ok: false, errores: r.errores, valores: leido.valores }, 400);
    return responder({
      tipo: 'invitacion',
      ok: true,
      // Whether the mail can leave, said where it is written (docs/decisions/052-confirmar-antes-de-escribir.md).
      mensaje:
        ctx.config.smtpConfigurado === false
          ? `Invitamos a ${leido.datos.nombre} ${leido.datos.apellido}, pero el correo con el enlace para crear su contraseña quedó en la bandeja de salida: el servidor de correo no está configurado, así que todavía no salió (el enlace vale 72 horas).`
          : `Invitamos a ${leido.datos.nombre} ${leido.datos.apellido}: el correo con el enlace para crear su contraseña (vale 72 horas) está saliendo; si no le llega, mirá la bandeja de salida.`,
    });
  }
  if (intent === 'segundo-factor') {
    const roles = form.getAll('roles').filter((r): r is Rol => typeof r === 'string' && (ROLES as readonly string[]).includes(r));
    await saveRolesConSegundoFactor(ctx.db, actor, roles, direccion);
    return responder({ tipo: 'fila', ok: true, mensaje: 'Guardamos qué roles deben usar el segundo factor.' });
  }
  if (intent === 'rol') {
    const leido = readForm(cambioRolSchema, form);
    if (!leido.ok) return responder({ tipo: 'fila', ok: false, mensaje: 'Elegí uno de los roles de la lista.' }, 400);
    return fila(await changeRol(ctx, actor, leido.datos.usuario, leido.datos.rol, direccion), 'Cambiamos el rol.');
  }
  const id = readForm(usuarioIdSchema, form);
  if (!id.ok) return responder({ tipo: 'fila', ok: false, mensaje: 'Esa persona no existe.' }, 400);
  const usuario = id.datos.usuario;
  if (intent === 'desactivar')
    return fila(await desactivarUsuario(ctx, actor, usuario, direccion), 'Desactivamos la cuenta: sus sesiones y tokens ya no valen.');
  if (intent === 'levantar-bloqueo') {
    const n = await levantarBloqueos(ctx, actor, usuario, direccion);
    return responder({
      tipo: 'fila',
      ok: true,
      mensaje: n > 0 ? 'Levantamos el bloqueo: la persona ya puede ingresar.' : 'Esa cuenta ya no tenía el ingreso bloqueado.',
    });
  }
  if (intent === 'reactivar') return fila(await reactivarUsuario(ctx, actor, usuario, direccion), 'Reactivamos la cuenta.');
  if (intent === 'enlace') return fila(await reenviarEnlaceClave(ctx, actor, usuario, direccion), 'Le enviamos un enlace nuevo para crear su contraseña.');
  return responder({ tipo: 'fila', ok: false, mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' }, 400);
}

export const headers = privateDataHeaders;

const ETIQUETAS_INVITACION: Record<CampoInvitacion, string> = { email: 'Correo electrónico', nombre: 'Nombre', apellido: 'Apellido', rol: 'Rol' };

export default function Usuarios({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, filtros, rolesConSegundoFactor, yo, porPagina, bloqueos } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const aviso = useRef<HTMLDivElement>(null);
  useFocoDelPanel([[respuesta, aviso]]);
  const invitacion = respuesta?.tipo === 'invitacion' && !respuesta.ok ? respuesta : undefined;
  const errores = invitacion?.errores ?? {};
  const valores = invitacion?.valores ?? {};
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const enlacePagina = (p: number) => `/admin/usuarios?${new URLSearchParams({ ...(filtros.q ? { q: filtros.q } : {}), pagina: String(p) })}`;
  const mensaje = respuesta && (respuesta.tipo === 'fila' || respuesta.ok) ? respuesta : undefined;

  return (
    <>
      <title>{`${invitacion ? 'Error: ' : ''}Usuarios | ${SITE_NAME}`}</title>
      <h1>Usuarios</h1>
      {mensaje ? (
        <div className={`aviso ${mensaje.ok ? 'aviso--exito' : 'aviso--error'}`} role={mensaje.ok ? 'status' : 'alert'} tabIndex={-1} ref={aviso}>
          {mensaje.mensaje}
        </div>
      ) : null}

      {bloqueos.length > 0 ? (
        <section aria-labelledby="bloqueos-titulo" className="admin__seccion">
          <h2 id="bloqueos-titulo">Ingresos bloqueados</h2>
          <p>
            Después de varios intentos fallidos el ingreso de una cuenta se bloquea 15 minutos desde ese lugar. Desde las conexiones donde la persona ya ingresó
            antes sigue pudiendo entrar. Levantá el bloqueo sólo si sabés que fue ella.
          </p>
          <ul className="admin__tokens">
            {bloqueos.map((b) => (
              <li key={`${b.usuarioId}-${b.tipo}-${b.desdeOtras ? 'otras' : 'conocida'}-${b.hasta}`}>
                <strong>{b.nombre}</strong> (<span className="sin-corte">{b.email}</span>) · {b.tipo === 'codigo' ? 'códigos' : 'contraseña'}{' '}
                {b.desdeOtras ? 'desde conexiones nuevas' : 'desde una conexión conocida'} · hasta {formatDateTimeShort(new Date(b.hasta))}
                <Form method="post" className="admin__fila-form">
                  <input type="hidden" name="usuario" value={b.usuarioId} />
                  <button type="submit" name="intent" value="levantar-bloqueo" className="btn btn-outline-primary btn-sm">
                    Levantar el bloqueo<span className="visually-hidden"> de {b.nombre}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="lista-titulo" className="admin__seccion">
        <h2 id="lista-titulo">Personas con acceso</h2>
        <Form method="get" className="admin__busqueda" role="search">
          <label htmlFor="q">Buscar por nombre o correo</label>
          <input id="q" name="q" type="search" className="form-control" defaultValue={filtros.q} maxLength={100} />
          <button type="submit" className="btn btn-outline-primary">
            Buscar
          </button>
        </Form>
        <p aria-live="polite">{total === 1 ? '1 persona' : `${total} personas`}</p>
        {items.length > 0 ? (
          <ul className="admin__lista-usuarios">
            {items.map((u) => {
              const nombre = `${u.nombre} ${u.apellido}`.trim();
              return (
                <li key={u.id} className="admin__usuario">
                  <div className="admin__usuario-datos">
                    <h3>{nombre}</h3>
                    <p className="sin-corte">{u.email}</p>
                    <p>
                      {ETIQUETAS_ROL[u.rol]} · {u.activo ? (u.pendiente ? 'Invitación pendiente' : 'Activa') : 'Desactivada'}
                      {u.totpActivo ? ' · Con segundo factor' : ''}
                    </p>
                    <p>Último ingreso: {u.ultimoIngreso ? formatDateTimeShort(new Date(u.ultimoIngreso)) : 'nunca'}</p>
                  </div>
                  <div className="admin__usuario-acciones">
                    <Form method="post" className="admin__fila-form">
                      <input type="hidden" name="usuario" value={u.id} />
                      <label htmlFor={`rol-${u.id}`}>Rol de {nombre}</label>
                      <select id={`rol-${u.id}`} name="rol" className="form-select" defaultValue={u.rol}>
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ETIQUETAS_ROL[r]}
                          </option>
                        ))}
                      </select>
                      <button type="submit" name="intent" value="rol" className="btn btn-outline-primary btn-sm">
                        Cambiar rol<span className="visually-hidden"> de {nombre}</span>
                      </button>
                    </Form>
                    {u.id !== yo ? (
                      <Form method="post" className="admin__fila-form">
                        <input type="hidden" name="usuario" value={u.id} />
                        {u.activo ? (
                          <>
                            <button type="submit" name="intent" value="enlace" className="btn btn-outline-primary btn-sm">
                              {u.pendiente ? 'Reenviar invitación' : 'Enviar enlace de contraseña'}
                              <span className="visually-hidden"> a {nombre}</span>
                            </button>
                            <button type="submit" name="intent" value="desactivar" className="btn btn-outline-danger btn-sm">
                              Desactivar<span className="visually-hidden"> a {nombre}</span>
                            </button>
                          </>
                        ) : (
                          <button type="submit" name="intent" value="reactivar" className="btn btn-outline-primary btn-sm">
                            Reactivar<span className="visually-hidden"> a {nombre}</span>
                          </button>
                        )}
                      </Form>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>No hay personas que coincidan con la búsqueda.</p>
        )}
        <Paginas etiqueta="Páginas de usuarios" pagina={filtros.pagina} paginas={paginas} enlace={enlacePagina} />
      </section>

      <section aria-labelledby="invitar-titulo" className="admin__seccion">
        <h2 id="invitar-titulo">Invitar a una persona</h2>
        <p>Le llega un correo con un enlace para crear su contraseña; vale 72 horas y sirve una vez.</p>
        <ErrorSummary
          title="Revisá los datos de la invitación"
          errors={(Object.entries(errores) as [CampoInvitacion, string][]).map(([c, m]) => [c, ETIQUETAS_INVITACION[c], m])}
        />
        <Form method="post" className="admin__formulario" noValidate aria-labelledby="invitar-titulo">
          <RequiredFieldsNote />
          <FormField name="email" label={ETIQUETAS_INVITACION.email} error={errores.email} required>
            {(control) => <input {...control} type="email" className="form-control" autoComplete="off" maxLength={254} defaultValue={valores.email ?? ''} />}
          </FormField>
          <FormField name="nombre" label={ETIQUETAS_INVITACION.nombre} error={errores.nombre} required>
            {(control) => <input {...control} className="form-control" autoComplete="off" maxLength={80} defaultValue={valores.nombre ?? ''} />}
          </FormField>
          <FormField name="apellido" label={ETIQUETAS_INVITACION.apellido} error={errores.apellido} required>
            {(control) => <input {...control} className="form-control" autoComplete="off" maxLength={80} defaultValue={valores.apellido ?? ''} />}
          </FormField>
          <FormField name="rol" label={ETIQUETAS_INVITACION.rol} error={errores.rol} required>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.rol ?? 'editor'}>
                <option value="">Elegí un rol</option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ETIQUETAS_ROL[r]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <button type="submit" name="intent" value="invitar" className="btn btn-primary">
            Invitar
          </button>
        </Form>
      </section>

      <section aria-labelledby="segundo-factor-titulo" className="admin__seccion">
        <h2 id="segundo-factor-titulo">Segundo factor obligatorio</h2>
        <Form method="post" className="admin__formulario">
          <fieldset>
            <legend>Roles que deben ingresar con un código de su aplicación de autenticación</legend>
            {ROLES.map((r) => (
              <div className="form-check" key={r}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`totp-${r}`}
                  name="roles"
                  value={r}
                  defaultChecked={rolesConSegundoFactor.includes(r)}
                />
                <label className="form-check-label" htmlFor={`totp-${r}`}>
                  {ETIQUETAS_ROL[r]}
                </label>
              </div>
            ))}
          </fieldset>
          <p className="campo__ayuda">Quien tenga uno de esos roles y todavía no lo haya configurado sólo podrá usar «Mi cuenta» hasta hacerlo.</p>
          <button type="submit" name="intent" value="segundo-factor" className="btn btn-primary">
            Guardar
          </button>
        </Form>
      </section>
    </>
  );
}

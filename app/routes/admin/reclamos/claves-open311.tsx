import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { NavCatalogo } from '#app/features/admin/reclamos-catalogo/nav.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { emitirClaveOpen311, listClaves, revocarClaveOpen311 } from '#domain/reclamos/catalogo.ts';
import { LIMITES_CATALOGO } from '#domain/reclamos/catalogo-campos.ts';
import { formatShortDate, formatTime } from '#domain/shared/formato.ts';
import type { Route } from './+types/claves-open311';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The Open311 API keys (docs/decisions/057-reclamos.md), for administrators: the applications that
 * may post reports through /open311/v2/. A new key is shown once, in the answer to the form that
 * issued it (never in a URL nor stored: only its SHA-256 is); revoking refuses it from then on.
 */

const cuando = (d: Date | null) => (d ? `${formatShortDate(d)} ${formatTime(d)}` : null);

async function cargar(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const claves = await listClaves(db);
  return {
    aviso:
      new URL(args.request.url).searchParams.get('aviso') === 'revocada'
        ? 'Revocamos la clave: las aplicaciones que la usen ya no pueden enviar reclamos.'
        : null,
    claves: claves.map((c) => ({
      id: c.id,
      nombre: c.nombre,
      creada: cuando(c.createdAt)!,
      creadaPor: c.creadaPor,
      ultimoUso: cuando(c.ultimoUso),
      revocada: cuando(c.revocadaEn),
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

type Respuesta =
  | { tipo: 'emitida'; nombre: string; clave: string }
  | { tipo: 'invalido'; errores: { nombre?: string }; valores: { nombre?: string } }
  | { tipo: 'general'; mensaje: string };

async function actuar(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ tipo: 'general', mensaje: 'No pudimos leer el formulario: volvé a la lista de claves y probá de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'emitir') {
    const r = await emitirClaveOpen311(ctx, actor, form);
    if (r.tipo === 'invalido') return fallo({ tipo: 'invalido', errores: r.errores, valores: r.valores });
    // Shown in this answer only: a redirect would have to carry it in the URL.
    return data<Respuesta>({ tipo: 'emitida', nombre: r.nombre, clave: r.clave });
  }
  if (intent === 'revocar') {
    const r = await revocarClaveOpen311(ctx, actor, Number(form.get('id')));
    return r.tipo === 'revocada'
      ? redirect('/admin/reclamos/claves-open311?aviso=revocada', { status: 303 })
      : fallo({ tipo: 'general', mensaje: r.mensaje }, 404);
  }
  return fallo({ tipo: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;

export default function ClavesOpen311({ loaderData, actionData }: Route.ComponentProps) {
  const { claves, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const emitida = respuesta?.tipo === 'emitida' ? respuesta : undefined;
  const formulario = respuesta?.tipo === 'invalido' ? respuesta : undefined;
  const general = respuesta?.tipo === 'general' ? respuesta.mensaje : null;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const nueva = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel([
    [formulario, resumen],
    [general && respuesta, alerta],
    [emitida, nueva],
    [aviso, estado],
  ]);
  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}Reclamos: claves de Open311 | ${SITE_NAME}`}</title>
      <h1>Reclamos: claves de Open311</h1>
      <p className="admin__bajada">
        Las aplicaciones que envían reclamos por Open311 GeoReport v2 necesitan una clave (el parámetro api_key). Emití una por aplicación, así se puede revocar
        sola. Leer reclamos y categorías no pide clave.
      </p>
      <NavCatalogo actual="claves" />
      <AvisoHecho texto={respuesta ? null : aviso} foco={estado} />
      <AlertaGeneral texto={general} foco={alerta} />
      {emitida ? (
        <section aria-labelledby="nueva-titulo" className="admin__seccion aviso aviso--exito">
          <h2 id="nueva-titulo" tabIndex={-1} ref={nueva}>
            La clave de «{emitida.nombre}»
          </h2>
          <p>Copiala ahora y entregásela a quien administra la aplicación: no la vamos a mostrar de nuevo, porque sólo guardamos una huella de ella.</p>
          <p>
            <code className="admin__clave">{emitida.clave}</code>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="lista-titulo" className="admin__seccion">
        <h2 id="lista-titulo">Claves</h2>
        {claves.length > 0 ? (
          <DataTable
            caption="Las claves de Open311, las más nuevas primero"
            className="tabla-admin tabla-apilada"
            columns={['Aplicación', 'Emitida', 'Último uso', 'Estado', 'Acciones']}
            rows={claves}
            rowKey={(c) => c.id}
            cells={(c) => [
              c.nombre,
              c.creadaPor ? `${c.creada} por ${c.creadaPor}` : c.creada,
              c.ultimoUso ?? 'Nunca',
              c.revocada ? `Revocada el ${c.revocada}` : 'Vigente',
              c.revocada ? (
                '—'
              ) : (
                <Form method="post">
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" name="intent" value="revocar" className="btn btn-link btn-sm">
                    Revocar<span className="visually-hidden"> la clave de {c.nombre}</span>
                  </button>
                </Form>
              ),
            ]}
          />
        ) : (
          <p>Todavía no hay claves: ninguna aplicación puede enviar reclamos por Open311.</p>
        )}
      </section>
      <section aria-labelledby="emitir-titulo" className="admin__seccion">
        <h2 id="emitir-titulo">Emitir una clave</h2>
        <ErrorSummary title="Revisá la clave" errors={formulario?.errores.nombre ? [['nombre', 'Aplicación', formulario.errores.nombre]] : []} ref={resumen} />
        <Form method="post" className="admin__formulario" noValidate aria-labelledby="emitir-titulo">
          <RequiredFieldsNote />
          <FormField
            name="nombre"
            label="Aplicación"
            error={formulario?.errores.nombre}
            required
            hint="Para quién es la clave, por ejemplo «App 311 de la provincia»."
          >
            {(c) => (
              <input {...c} className="form-control" maxLength={LIMITES_CATALOGO.nombre} autoComplete="off" defaultValue={formulario?.valores.nombre ?? ''} />
            )}
          </FormField>
          <button type="submit" name="intent" value="emitir" className="btn btn-primary">
            Emitir la clave
          </button>
        </Form>
      </section>
    </>
  );
}

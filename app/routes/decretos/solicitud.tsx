import { useEffect, useRef, useState } from 'react';
import { Form, data, useNavigation } from 'react-router';
import { createSolicitudDecreto } from '#domain/decretos/commands.ts';
import { CAMPO_TRAMPA, LIMITES } from '#domain/decretos/campos.ts';
import { type CampoSolicitud, type ErroresSolicitud, type ValoresSolicitud, solicitudDecretoSchema } from '#domain/decretos/schemas.ts';
import { fieldsOf, firstValues, typedValues } from '#domain/shared/form.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { appContext } from '#app/context.ts';
import { ComboboxOrdenanza } from '#app/features/decretos/combobox-ordenanza.tsx';
import { AvisoDecretoPublicado, type OfertaDecreto, ofertaDe } from '#app/features/decretos/aviso-decreto-publicado.tsx';
import { findDecretoPublicado } from '#domain/decretos/publicados.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import type { Route } from './+types/solicitud';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';

const TITULO = 'Solicitud de Decretos';
export const MENSAJE_FALLA = 'No pudimos enviar tu solicitud por un problema nuestro. Tus datos siguen en el formulario: probá de nuevo en unos minutos.';

type Respuesta = (
  | { estado: 'enviada'; nombre: string; email: string; codigo: string }
  | { estado: 'errores'; errores: ErroresSolicitud; valores: ValoresSolicitud }
  | { estado: 'limite' | 'falla'; mensaje: string; valores: ValoresSolicitud }
) & {
  /** The decree already published, when the number sent names one: the same offer as the island's, for pages without JavaScript. */
  publicado?: OfertaDecreto | null;
};

/** The offer for the number sent; a failed look-up offers nothing and never stops the request. */
async function ofertaPara(ctx: Pick<AppContext, 'db' | 'log'>, numero: unknown) {
  if (typeof numero !== 'string') return null;
  try {
    return ofertaDe(await findDecretoPublicado(ctx.db, numero));
  } catch (error) {
    ctx.log.warn({ err: error }, 'búsqueda de decreto publicado fallida');
    return null;
  }
}

/** The page's POST (no JavaScript needed): the same service as POST /api/v1/solicitudes-decreto. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // The first value of each field, read as every form is (domain/shared/form.ts); the
  // service validates it, after the honeypot check.
  const entrada = firstValues(await request.formData());
  const valores: ValoresSolicitud = typedValues(entrada, fieldsOf(solicitudDecretoSchema));
  try {
    const r = await createSolicitudDecreto(ctx, entrada, { direccion: ctx.direccion });
    const publicado = await ofertaPara(ctx, entrada.numero);
    if (r.tipo === 'invalido') return data<Respuesta>({ estado: 'errores', errores: r.errores, valores, publicado }, { status: 400 });
    if (r.tipo === 'limite')
      return data<Respuesta>(
        { estado: 'limite', mensaje: r.mensaje, valores, publicado },
        { status: 429, headers: { 'retry-after': String(r.reintentarEnSegundos) } },
      );
    return data<Respuesta>({ estado: 'enviada', nombre: r.nombre, email: r.email, codigo: r.codigo, publicado }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    // The log keeps the error's codes and SQL, never its parameters (DNI, e-mail).
    ctx.log.error({ err: error }, 'solicitud de decreto no registrada');
    return data<Respuesta>({ estado: 'falla', mensaje: MENSAJE_FALLA, valores }, { status: isDatabaseUnavailable(error) ? 503 : 500 });
  }
}

export const headers = privateDataHeaders;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Pedí por correo electrónico la copia de un decreto municipal de Villa La Angostura y seguí tu solicitud con su código.' },
];

const etiquetas: Record<CampoSolicitud, string> = {
  nombre: 'Nombre',
  dni: 'DNI',
  email: 'Email',
  numero: 'Número de Decreto',
  ordenanza: 'Ordenanza',
  aclaraciones: 'Aclaraciones',
};

export default function SolicitudDecretos({ actionData }: Route.ComponentProps) {
  const respuesta = actionData as Respuesta | undefined;
  const navigation = useNavigation();
  const enviando = navigation.state === 'submitting' && navigation.formAction === '/solicitud-decretos';
  const formulario = useRef<HTMLFormElement>(null);
  const resumen = useRef<HTMLDivElement>(null);
  const exito = useRef<HTMLDivElement>(null);
  const [limpios, setLimpios] = useState<{ de: unknown; campos: Set<CampoSolicitud> }>({ de: undefined, campos: new Set() });
  // Each success remounts the combobox (cleared form); state adjusted during render, not in an effect.
  const [vuelta, setVuelta] = useState({ de: respuesta, n: 0 });
  // What was typed in the decree's number since this answer (the island asks about it); undefined: the answer's own offer stands.
  const [numeroEscrito, setNumeroEscrito] = useState<{ de: unknown; texto: string } | undefined>();
  if (vuelta.de !== respuesta) setVuelta({ de: respuesta, n: respuesta?.estado === 'enviada' ? vuelta.n + 1 : vuelta.n });

  const errores: ErroresSolicitud = respuesta?.estado === 'errores' ? respuesta.errores : {};
  // Each error disappears as soon as its field is edited (docs/sitio-original.md §5); a new answer shows them all again.
  const ocultos = limpios.de === respuesta ? limpios.campos : new Set<CampoSolicitud>();
  const visibles = (Object.entries(errores) as [CampoSolicitud, string][]).filter(([campo]) => !ocultos.has(campo));
  const valores: ValoresSolicitud = respuesta && respuesta.estado !== 'enviada' ? respuesta.valores : {};
  const editar = (campo: CampoSolicitud) => {
    if (!errores[campo] || ocultos.has(campo)) return;
    setLimpios({ de: respuesta, campos: new Set([...ocultos, campo]) });
  };

  useEffect(() => {
    if (respuesta?.estado === 'errores') resumen.current?.focus();
    if (respuesta?.estado === 'enviada') {
      // The form is cleared (docs/sitio-original.md): the inputs, and the combobox by remounting it.
      formulario.current?.reset();
      exito.current?.focus();
    }
  }, [respuesta]);

  const error = (campo: CampoSolicitud) => (ocultos.has(campo) ? undefined : errores[campo]);
  const hayErrores = Object.keys(errores).length > 0;

  return (
    <div className="contenedor pagina decretos">
      <title>{`${hayErrores ? 'Error: ' : ''}${TITULO} | ${SITE_NAME}`}</title>
      <h1>{TITULO}</h1>
      <p className="decretos__intro">
        Pedí la copia de un decreto municipal: te la enviamos a tu correo electrónico. Con el código que te damos al enviar podés{' '}
        <a href="/solicitud-decretos/estado">consultar el estado de tu solicitud</a>.
      </p>

      {respuesta?.estado === 'enviada' ? (
        <div className="decretos__exito" role="status" tabIndex={-1} ref={exito}>
          <p className="decretos__exito-titulo">Listo {respuesta.nombre}</p>
          <p>
            Estamos procesando su solicitud. Si todo está bien enviaremos el documento solicitado a su cuenta de correo electrónico {respuesta.email} Lo más
            rápido posible.
          </p>
          <p>
            Código de seguimiento: <strong className="decretos__codigo">{respuesta.codigo}</strong>.{' '}
            <a href={`/solicitud-decretos/estado?codigo=${encodeURIComponent(respuesta.codigo)}`}>Ver el estado de la solicitud</a>
          </p>
          {/* The offer goes with the request it answers, not under the cleared form (docs/decisions/023-decretos-publicados.md). */}
          {respuesta.publicado ? (
            <>
              <p>
                Este decreto ya fue publicado en el {respuesta.publicado.boletinTexto}: <a href={respuesta.publicado.enlace}>descargalo ahora</a>.
              </p>
              <p>
                Decreto {respuesta.publicado.decreto}: {respuesta.publicado.descripcion}. Área: {respuesta.publicado.area}.
              </p>
            </>
          ) : null}
        </div>
      ) : null}

      {respuesta?.estado === 'limite' || respuesta?.estado === 'falla' ? (
        <p className="aviso aviso--error" role="alert">
          {respuesta.mensaje}
        </p>
      ) : null}

      <ErrorSummary title="Revisá los datos de la solicitud" errors={visibles.map(([campo, mensaje]) => [campo, etiquetas[campo], mensaje])} ref={resumen} />

      <div className="decretos__envio" aria-busy={enviando}>
        <Form
          method="post"
          action="/solicitud-decretos"
          className="decretos__formulario"
          ref={formulario}
          aria-label="Solicitud de copia de decreto"
          noValidate
        >
          <RequiredFieldsNote />
          <FormField name="nombre" label="Nombre" error={error('nombre')} required>
            {(control) => (
              <input
                {...control}
                className="form-control"
                autoComplete="name"
                maxLength={LIMITES.nombre}
                defaultValue={valores.nombre ?? ''}
                onChange={() => editar('nombre')}
              />
            )}
          </FormField>
          <FormField name="dni" label="DNI" error={error('dni')} required>
            {(control) => (
              <input
                {...control}
                className="form-control"
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                defaultValue={valores.dni ?? ''}
                onChange={() => editar('dni')}
              />
            )}
          </FormField>
          <FormField name="email" label="Email" error={error('email')} required>
            {(control) => (
              <input
                {...control}
                type="email"
                className="form-control"
                autoComplete="email"
                maxLength={LIMITES.email}
                defaultValue={valores.email ?? ''}
                onChange={() => editar('email')}
              />
            )}
          </FormField>
          <FormField name="numero" label="Número de Decreto" error={error('numero')} required>
            {(control) => (
              <input
                {...control}
                className="form-control"
                autoComplete="off"
                maxLength={LIMITES.numero}
                defaultValue={valores.numero ?? ''}
                onChange={(e) => {
                  editar('numero');
                  setNumeroEscrito({ de: respuesta, texto: e.target.value });
                }}
              />
            )}
          </FormField>
          <AvisoDecretoPublicado
            texto={numeroEscrito && numeroEscrito.de === respuesta ? numeroEscrito.texto : undefined}
            inicial={respuesta?.estado === 'enviada' ? null : (respuesta?.publicado ?? null)}
          />
          <FormField
            name="ordenanza"
            label="Ordenanza"
            className="campo--completo"
            error={error('ordenanza')}
            hint="Opcional. Escribí al menos 3 caracteres para buscar, o el número y el año (por ejemplo 250/2021)."
          >
            {(control) => <ComboboxOrdenanza key={vuelta.n} control={control} valorInicial={valores.ordenanzaNumero} onEditar={() => editar('ordenanza')} />}
          </FormField>
          <FormField name="aclaraciones" label="Aclaraciones" className="campo--completo" error={error('aclaraciones')}>
            {(control) => (
              <textarea
                {...control}
                className="form-control"
                rows={3}
                maxLength={LIMITES.aclaraciones}
                defaultValue={valores.aclaraciones ?? ''}
                onChange={() => editar('aclaraciones')}
              />
            )}
          </FormField>
          {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
          <div className="campo-trampa" aria-hidden="true">
            <label htmlFor={CAMPO_TRAMPA}>No completes este campo</label>
            <input id={CAMPO_TRAMPA} name={CAMPO_TRAMPA} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="decretos__acciones">
            <button type="submit" className="btn btn-primary" disabled={enviando}>
              Enviar
            </button>
          </div>
        </Form>
        {enviando ? (
          <div className="decretos__superposicion">
            <span className="decretos__girando" aria-hidden="true" />
            <p role="status">Enviando…</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { data } from 'react-router';
import {
  CAMPO_TRAMPA_BARRERA,
  CRITERIOS,
  type Criterio,
  EXCEPCIONES,
  FECHA_REVISION,
  LIMITES_BARRERA,
  PERIODICIDAD_REVISION,
  PRINCIPIOS,
  formatFechaRevision,
} from '#domain/sitio/accesibilidad.ts';
import { type CampoBarrera, type ErroresBarrera, barreraSchema, codigoBarrera, informarBarrera, paginaValida } from '#domain/sitio/barreras.ts';
import { defaultSiteSettings, getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { fieldsOf, firstValues, typedValues } from '#domain/shared/form.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { appContext } from '#app/context.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { telHref } from '#app/lib/telefono.ts';
import { InlineScript } from '#app/components/inline-script.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import type { Route } from './+types/accesibilidad';

const TITULO = 'Declaración de accesibilidad';
const MENSAJE_FALLA = 'No pudimos enviar tu aviso por un problema nuestro. Lo que escribiste sigue en el formulario: probá de nuevo en unos minutos.';
/**
 * The form posts to `/accesibilidad#resultado`: the answer's confirmation, error summary or
 * message carries that id and `tabindex="-1"`, so the browser itself scrolls to it and focuses it,
 * without any script. A page React renders in the browser focuses it in an effect.
 */
const ID_RESULTADO = 'resultado';

type Valores = Partial<Record<CampoBarrera, string>>;
type Respuesta =
  | { estado: 'enviado'; codigo: string; conCorreo: boolean }
  | { estado: 'errores'; errores: ErroresBarrera; valores: Valores }
  | { estado: 'limite' | 'falla'; mensaje: string; valores: Valores };

/**
 * The statement is the same for everyone: rendered once and served from the page cache (decision
 * 007). A `?pagina=` (a page that links here with its own address) pre-fills the form when it is a
 * valid value; anything else is ignored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const pedida = (new URL(request.url).searchParams.get('pagina') ?? '').trim();
  const pagina = pedida.length <= LIMITES_BARRERA.pagina && paginaValida(pedida) ? pedida : '';
  let settings = defaultSiteSettings;
  try {
    settings = await getSiteSettingsForPages(db);
  } catch (error) {
    log.error({ err: error }, 'ajustes del sitio no disponibles: la declaración usa los valores por defecto');
  }
  return { pagina, correo: settings.emailContacto, telefono: settings.municipio.telefono };
}

/** The barrier report (a plain form POST, no JavaScript needed); its answer is never cached. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const formulario = await request.formData();
  const entrada = firstValues(formulario);
  const valores: Valores = typedValues(entrada, fieldsOf(barreraSchema));
  const sinCache = { 'cache-control': 'no-store' };
  // Honeypot: a bot that fills the hidden field gets what looks like success, and nothing is sent.
  const trampa = entrada[CAMPO_TRAMPA_BARRERA];
  if (typeof trampa === 'string' && trampa.trim() !== '') {
    ctx.log.warn({}, 'aviso de barrera descartado: campo trampa completado');
    return data<Respuesta>({ estado: 'enviado', codigo: codigoBarrera(ctx.clock.now()), conCorreo: false }, { headers: sinCache });
  }
  try {
    const r = await informarBarrera(ctx, formulario, { direccion: ctx.direccion });
    if (r.tipo === 'invalido') return data<Respuesta>({ estado: 'errores', errores: r.errores, valores }, { status: 400, headers: sinCache });
    if (r.tipo === 'limite')
      return data<Respuesta>(
        { estado: 'limite', mensaje: r.mensaje, valores },
        { status: 429, headers: { ...sinCache, 'retry-after': String(r.reintentarEnSegundos) } },
      );
    return data<Respuesta>({ estado: 'enviado', codigo: r.codigo, conCorreo: r.conCorreo }, { headers: sinCache });
  } catch (error) {
    // The log keeps the error's codes and SQL, never its parameters (the e-mail, the text).
    ctx.log.error({ err: error }, 'aviso de barrera no registrado');
    return data<Respuesta>({ estado: 'falla', mensaje: MENSAJE_FALLA, valores }, { status: isDatabaseUnavailable(error) ? 503 : 500, headers: sinCache });
  }
}

export const headers = privateDataHeaders;

/** Static content and a plain form: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content:
      'Declaración de accesibilidad del sitio de la Municipalidad de Villa La Angostura: objetivo WCAG 2.2 AA, autoevaluación, excepciones conocidas y cómo informar una barrera.',
  },
];

const etiquetas: Record<CampoBarrera, string> = {
  pagina: 'Página donde encontraste la barrera',
  descripcion: 'Qué pasó',
  tecnologia: 'Tecnología de apoyo que usás',
  nombre: 'Nombre',
  email: 'Correo electrónico',
};

/**
 * The statement's sections, in order: their headings and the table of contents that links to them
 * (on a phone the page is about 17,000 px long; docs/decisions/051-listas-largas-y-migas.md).
 */
const SECCIONES = {
  compromiso: 'Compromiso y objetivo',
  'estado-cumplimiento': 'Estado de cumplimiento',
  autoevaluacion: 'Autoevaluación',
  'contenido-no-accesible': 'Contenido no accesible',
  preparacion: 'Preparación de esta declaración',
  informar: 'Observaciones y datos de contacto: informar una barrera',
  procedimiento: 'Procedimiento de aplicación',
} as const;

const COLUMNAS = ['Criterio', 'Nivel', 'Estado', 'Cómo se cumple y se verifica'];

function cuenta(estado: Criterio['estado']) {
  return CRITERIOS.filter((c) => c.estado === estado).length;
}

export default function Accesibilidad({ loaderData, actionData }: Route.ComponentProps) {
  const { correo, telefono } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const resultado = useRef<HTMLDivElement>(null);
  const errores: ErroresBarrera = respuesta?.estado === 'errores' ? respuesta.errores : {};
  const hayErrores = Object.keys(errores).length > 0;
  // After a send the form is empty again; after a refusal it keeps what was typed.
  const valores: Valores = respuesta && respuesta.estado !== 'enviado' ? respuesta.valores : { pagina: loaderData.pagina };

  // A page React renders in the browser (reached from a hydrated page) runs no inline script.
  useEffect(() => {
    if (respuesta?.estado === 'enviado' || respuesta?.estado === 'errores') resultado.current?.focus();
  }, [respuesta]);

  return (
    <div className="contenedor pagina gobierno accesibilidad">
      <title>{`${hayErrores ? 'Error: ' : ''}${TITULO} | ${SITE_NAME}`}</title>
      <h1>{TITULO}</h1>
      <p className="decretos__intro">
        La Municipalidad de Villa La Angostura quiere que todas las personas puedan usar este sitio, con o sin discapacidad y con la tecnología que usen. Esta
        página dice qué objetivo tiene el sitio, cuánto lo cumple, qué sabemos que todavía no funciona bien y cómo avisarnos si algo te impide usarlo.{' '}
        <a href="#informar">Informar una barrera</a>.
      </p>

      <nav className="indice" aria-labelledby="indice-titulo">
        <h2 id="indice-titulo">En esta página</h2>
        <ol>
          {Object.entries(SECCIONES).map(([id, titulo]) => (
            <li key={id}>
              <a href={`#${id}`}>{titulo}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="compromiso">
        <h2 id="compromiso">{SECCIONES['compromiso']}</h2>
        <p>
          El objetivo es el nivel AA de las Pautas de Accesibilidad para el Contenido Web (<span lang="en">WCAG</span>) 2.2 del W3C, como piden la Ley 26.653 de
          Accesibilidad de la Información en las Páginas Web, su Decreto reglamentario 656/2019 y las pautas de la Oficina Nacional de Tecnologías de
          Información (ONTI, Disposición 6/2019). La declaración abarca todas las páginas públicas de este sitio y el panel que usa el personal de la
          Municipalidad para publicarlas.
        </p>
      </section>

      <section aria-labelledby="estado-cumplimiento">
        <h2 id="estado-cumplimiento">{SECCIONES['estado-cumplimiento']}</h2>
        <p>
          Este sitio es <strong>parcialmente conforme</strong> con WCAG 2.2 nivel AA: de sus {CRITERIOS.length} criterios de nivel A y AA, cumple{' '}
          {cuenta('Cumple')}, cumple parcialmente {cuenta('Cumple parcialmente')} y {cuenta('No aplica')} no se aplican a su contenido. Las faltas están en{' '}
          <a href="#contenido-no-accesible">Contenido no accesible</a>.
        </p>
      </section>

      <section aria-labelledby="autoevaluacion">
        <h2 id="autoevaluacion">{SECCIONES['autoevaluacion']}</h2>
        <p>
          Cada criterio de WCAG 2.2 de nivel A y AA, agrupado por principio, con su estado en este sitio y cómo se cumple o se comprueba. Cada cambio del sitio
          pasa por tests automáticos en un navegador real: axe-core revisa las reglas de WCAG 2.2 A y AA en cada página pública, en teléfono y en computadora;
          otros tests recorren los menús y los formularios con el teclado y comprueban que ninguna página se desplaza de costado a 320 px de ancho.
        </p>
        {PRINCIPIOS.map((principio, i) => (
          <DataTable
            key={principio}
            caption={`Principio ${i + 1}: ${principio}`}
            columns={COLUMNAS}
            rows={CRITERIOS.filter((c) => c.principio === principio)}
            rowKey={(c) => c.numero}
            cells={(c) => [`${c.numero} ${c.nombre}`, c.nivel, c.estado, c.como]}
          />
        ))}
      </section>

      <section aria-labelledby="contenido-no-accesible">
        <h2 id="contenido-no-accesible">{SECCIONES['contenido-no-accesible']}</h2>
        <p>Estas son las excepciones que conocemos, y qué podés hacer mientras tanto:</p>
        <ul className="accesibilidad__excepciones">
          {EXCEPCIONES.map((e) => (
            <li key={e.titulo}>
              <h3>{e.titulo}</h3>
              <p>{e.detalle}</p>
              <p>
                <strong>Alternativa:</strong> {e.alternativa}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="preparacion">
        <h2 id="preparacion">{SECCIONES['preparacion']}</h2>
        <p>
          Fecha de la última revisión: <time dateTime={FECHA_REVISION}>{formatFechaRevision()}</time>. La preparó la Municipalidad con una autoevaluación que
          sigue los criterios de la plantilla de evaluación de nivel AA de la ONTI, apoyada en los tests automáticos descriptos arriba y en la revisión del
          código del sitio. Lighthouse (perfil de teléfono) dio 100 en accesibilidad en cada página pública medida en noviembre de 2026. Se revisa{' '}
          {PERIODICIDAD_REVISION}.
        </p>
      </section>

      <section aria-labelledby="informar">
        <h2 id="informar">{SECCIONES['informar']}</h2>
        <p>
          Si algo de este sitio no te deja leer, completar un trámite o encontrar lo que buscás, contanos. Tu aviso llega a la Municipalidad por correo
          electrónico; si nos dejás tu correo, te respondemos ahí. También podés escribir a <a href={`mailto:${correo}`}>{correo}</a> o llamar al{' '}
          <a href={telHref(telefono)}>{telefono}</a>.
        </p>

        {respuesta?.estado === 'enviado' ? (
          <div className="decretos__exito" role="status" tabIndex={-1} ref={resultado} id={ID_RESULTADO}>
            <p className="decretos__exito-titulo">Recibimos tu aviso. Gracias.</p>
            <p>
              Referencia: <strong className="decretos__codigo">{respuesta.codigo}</strong>.{' '}
              {respuesta.conCorreo
                ? 'Te enviamos un correo con esta referencia; te respondemos a esa dirección.'
                : 'Guardala si querés consultarnos por este aviso: no nos dejaste un correo para responderte.'}
            </p>
          </div>
        ) : null}

        {respuesta?.estado === 'limite' || respuesta?.estado === 'falla' ? (
          <p className="aviso aviso--error" role="alert" tabIndex={-1} id={ID_RESULTADO}>
            {respuesta.mensaje}
          </p>
        ) : null}

        <ErrorSummary
          title="Revisá el aviso"
          errors={(Object.entries(errores) as [CampoBarrera, string][]).map(([campo, mensaje]) => [campo, etiquetas[campo], mensaje])}
          ref={resultado}
          id={ID_RESULTADO}
        />

        <form
          method="post"
          action={`/accesibilidad#${ID_RESULTADO}`}
          className="decretos__formulario"
          aria-label="Informar una barrera de accesibilidad"
          noValidate
        >
          <RequiredFieldsNote />
          <FormField
            name="pagina"
            label={etiquetas.pagina}
            className="campo--completo"
            error={errores.pagina}
            hint="Opcional. La dirección que muestra el navegador o, con tus palabras, en qué sección fue."
          >
            {(control) => (
              <input {...control} className="form-control" autoComplete="off" maxLength={LIMITES_BARRERA.pagina} defaultValue={valores.pagina ?? ''} />
            )}
          </FormField>
          <FormField
            name="descripcion"
            label={etiquetas.descripcion}
            className="campo--completo"
            error={errores.descripcion}
            hint={`Qué intentabas hacer y qué te lo impidió. Hasta ${LIMITES_BARRERA.descripcion} caracteres.`}
            required
          >
            {(control) => (
              <textarea {...control} className="form-control" rows={5} maxLength={LIMITES_BARRERA.descripcion} defaultValue={valores.descripcion ?? ''} />
            )}
          </FormField>
          <FormField
            name="tecnologia"
            label={etiquetas.tecnologia}
            className="campo--completo"
            error={errores.tecnologia}
            hint="Opcional. Por ejemplo: lector de pantalla NVDA con Firefox, ampliador de pantalla, sólo teclado, control por voz."
          >
            {(control) => (
              <input {...control} className="form-control" autoComplete="off" maxLength={LIMITES_BARRERA.tecnologia} defaultValue={valores.tecnologia ?? ''} />
            )}
          </FormField>
          <FormField name="nombre" label={etiquetas.nombre} error={errores.nombre} hint="Opcional.">
            {(control) => (
              <input {...control} className="form-control" autoComplete="name" maxLength={LIMITES_BARRERA.nombre} defaultValue={valores.nombre ?? ''} />
            )}
          </FormField>
          <FormField name="email" label={etiquetas.email} error={errores.email} hint="Opcional, para responderte.">
            {(control) => (
              <input
                {...control}
                type="email"
                className="form-control"
                autoComplete="email"
                maxLength={LIMITES_BARRERA.email}
                defaultValue={valores.email ?? ''}
              />
            )}
          </FormField>
          {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
          <div className="campo-trampa" aria-hidden="true">
            <label htmlFor={CAMPO_TRAMPA_BARRERA}>No completes este campo</label>
            <input id={CAMPO_TRAMPA_BARRERA} name={CAMPO_TRAMPA_BARRERA} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="decretos__acciones">
            <button type="submit" className="btn btn-primary">
              Enviar el aviso
            </button>
          </div>
        </form>
        {hayErrores ? <InlineScript code={ENLACES_DEL_RESUMEN} /> : null}
      </section>

      <section aria-labelledby="procedimiento">
        <h2 id="procedimiento">{SECCIONES['procedimiento']}</h2>
        <p>
          Si no recibís respuesta, o la respuesta no resuelve la barrera, podés presentar un reclamo por escrito en la Mesa de Entradas de la Municipalidad o
          ante la autoridad de aplicación de la Ley 26.653 que designa su Decreto reglamentario 656/2019.
        </p>
      </section>
    </div>
  );
}

/**
 * A link of the error summary puts the focus in its field (the page has no script files): following
 * `#campo` alone moves the focus to an input in some browsers and not in others.
 */
const ENLACES_DEL_RESUMEN = `(function(){
var r=document.querySelector('.resumen-errores');if(!r)return;
r.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href^="#"]');
var c=a&&document.getElementById(a.getAttribute('href').slice(1));if(c){e.preventDefault();c.focus();}});
})();`;

import { useEffect, useRef, useState } from 'react';
import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { CAMPO_CONFIRMADO, CAMPO_FOTOS, MENSAJE_FALLA, type RespuestaFormulario, type Valores } from '#app/features/reclamos/formulario/campos.ts';
import { CAMPO_TRAMPA_RECLAMO, LIMITES_RECLAMO, MAX_FOTOS, enviarFormulario } from '#app/features/reclamos/formulario/formulario.server.ts';
import { UbicacionConJavaScript } from '#app/features/reclamos/formulario/ubicacion.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { isDatabaseUnavailable } from '#db/errors.ts';
import type { PreguntaCategoria } from '#db/schema/index.ts';
import { listCategoriasActivas } from '#domain/reclamos/catalogo.ts';
import { ETIQUETAS_ESTADO } from '#domain/reclamos/etiquetas.ts';
import { formatLongDateWithWeekday, formatNumber } from '#domain/shared/formato.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import estilos from '#app/features/reclamos/reclamos.scss?url';
import estilosFormulario from '#app/features/reclamos/formulario/formulario.scss?url';
import type { Route } from './+types/nuevo';

const TITULO = 'Hacé un reclamo';
const ID_RESUMEN = 'resumen-errores';

/**
 * A citizen's report (docs/decisions/057-reclamos.md), server-rendered and working without
 * JavaScript: first the kind of problem (`?categoria=` preselects it; the choice is a link), then the
 * form of that category. The form posts as multipart (photos); the map, «Usar mi ubicación» and the
 * photo's location are enhancements that fill the coordinates the address would otherwise give.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const codigo = new URL(request.url).searchParams.get('categoria') ?? '';
  const todas = await listCategoriasActivas(ctx.db);
  const categorias = todas.map(({ codigo, nombre, descripcion, grupo }) => ({ codigo, nombre, descripcion, grupo }));
  const elegida = codigo === '' ? undefined : todas.find((c) => c.codigo === codigo);
  const { vehiculos } = await getSiteSettingsForPages(ctx.db);
  const pagina = {
    categorias,
    categoria: elegida ? { codigo: elegida.codigo, nombre: elegida.nombre, aviso: elegida.aviso, preguntas: elegida.preguntas } : null,
    desconocida: codigo !== '' && !elegida,
    teselas: ctx.config.mapTileUrl,
    centro: vehiculos.centro,
    // From the server's modules (photos, commands), which the browser's bundle does not take.
    trampa: CAMPO_TRAMPA_RECLAMO,
    maxFotos: MAX_FOTOS,
    limites: LIMITES_RECLAMO,
  };
  return data(pagina, { status: codigo !== '' && !elegida ? 404 : 200 });
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<RespuestaFormulario>(
      { estado: 'errores', errores: { descripcion: 'No pudimos leer el formulario: envialo de nuevo desde la página.' }, valores: {}, parecidas: [] },
      { status: 400 },
    );
  }
  try {
    const r = await enviarFormulario(ctx, form, ctx.direccion);
    const privada = { 'cache-control': 'no-store' };
    if (r.estado === 'errores') return data(r, { status: 400, headers: privada });
    if (r.estado === 'limite') return data(r, { status: 429, headers: { ...privada, 'retry-after': '3600' } });
    return data(r, { headers: privada });
  } catch (error) {
    // The log keeps the error's codes, never what was typed.
    ctx.log.error({ err: error }, 'reclamo no registrado');
    return data<RespuestaFormulario>({ estado: 'falla', mensaje: MENSAJE_FALLA, valores: {} }, { status: isDatabaseUnavailable(error) ? 503 : 500 });
  }
}

export const headers = privateDataHeaders;
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: estilos, precedence: 'default' },
  { rel: 'stylesheet', href: estilosFormulario, precedence: 'default' },
];

// The title is the page's own <title> (it says «Error:» after a form with errors).
export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content:
      'Avisá a la Municipalidad de Villa La Angostura de un problema en la calle (un bache, una luminaria apagada, basura): marcá el lugar, sumá fotos y seguilo con su código.',
  },
];

const ETIQUETAS: Record<string, string> = {
  categoria: 'Tipo de problema',
  direccion: 'Dirección',
  latitud: 'Latitud',
  longitud: 'Longitud',
  descripcion: 'Qué pasa',
  fotos: 'Fotos',
  email: 'Tu email',
  nombre: 'Tu nombre',
};

type Categoria = Route.ComponentProps['loaderData']['categorias'][number];

/** The field an extra question is read from (domain/reclamos/schemas.ts, campoPregunta). */
const campoPregunta = (codigo: string) => `pregunta_${codigo}`;

/** The categories by group, in the catalogue's order; a category without a group goes under «Otros». */
function porGrupo(categorias: Categoria[]): [string, Categoria[]][] {
  const grupos = new Map<string, Categoria[]>();
  for (const c of categorias) {
    const g = c.grupo.trim() || 'Otros';
    grupos.set(g, [...(grupos.get(g) ?? []), c]);
  }
  return [...grupos];
}

function Eleccion({ categorias, desconocida }: { categorias: Categoria[]; desconocida: boolean }) {
  return (
    <section aria-labelledby="eleccion-titulo" className="reclamo-nuevo__eleccion">
      {desconocida ? (
        <p className="aviso aviso--error" role="alert">
          Ese tipo de problema no existe o ya no se reporta por acá: elegí uno de la lista.
        </p>
      ) : null}
      <h2 id="eleccion-titulo">¿Qué tipo de problema es?</h2>
      {categorias.length === 0 ? <p>Todavía no hay tipos de problema cargados. Mientras tanto, llamá a la Municipalidad.</p> : null}
      {porGrupo(categorias).map(([grupo, lista]) => (
        <section key={grupo} aria-label={grupo}>
          <h3>{grupo}</h3>
          <ul className="reclamo-nuevo__categorias">
            {lista.map((c) => (
              <li key={c.codigo}>
                <a href={`/reclamos/nuevo?categoria=${encodeURIComponent(c.codigo)}`}>{c.nombre}</a>
                {c.descripcion ? <span className="reclamo-nuevo__descripcion">{` ${c.descripcion}`}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Pregunta({ p, valor, error, largo }: { p: PreguntaCategoria; valor: string | undefined; error: string | undefined; largo: number }) {
  const nombre = campoPregunta(p.codigo);
  if (p.tipo === 'si_no' || p.tipo === 'opcion') {
    const opciones =
      p.tipo === 'si_no'
        ? [
            { clave: 'si', nombre: 'Sí' },
            { clave: 'no', nombre: 'No' },
          ]
        : (p.opciones ?? []);
    return (
      <FormField name={nombre} label={p.etiqueta} error={error} required={p.requerida}>
        {(control) => (
          <select {...control} className="form-control" defaultValue={valor ?? ''}>
            <option value="">{p.requerida ? 'Elegí una opción' : 'Sin respuesta'}</option>
            {opciones.map((o) => (
              <option key={o.clave} value={o.clave}>
                {o.nombre}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  }
  return (
    <FormField name={nombre} label={p.etiqueta} error={error} required={p.requerida}>
      {(control) => (
        <input
          {...control}
          type="text"
          className="form-control"
          inputMode={p.tipo === 'numero' ? 'decimal' : undefined}
          maxLength={largo}
          defaultValue={valor ?? ''}
        />
      )}
    </FormField>
  );
}

function Recibido({ codigo, venceEl }: { codigo: string; venceEl: string }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  useEffect(() => titulo.current?.focus(), []);
  return (
    <div className="contenedor pagina reclamo-nuevo">
      <title>{`Recibimos tu reclamo | ${SITE_NAME}`}</title>
      <h1 tabIndex={-1} ref={titulo}>
        Recibimos tu reclamo
      </h1>
      <div role="status" className="reclamo-nuevo__recibido">
        <p>Tu código de seguimiento es:</p>
        <p className="reclamo-nuevo__codigo">
          <output>{codigo}</output>
        </p>
        <p>Anotalo o copialo: con él seguís el reclamo.</p>
        <p>
          El plazo para darle respuesta vence el <strong>{formatLongDateWithWeekday(venceEl)}</strong>.
        </p>
        <p>Te mandamos un correo con el código y el enlace; te volvemos a escribir cada vez que cambie de estado.</p>
        <p>
          <a href={`/reclamos/${encodeURIComponent(codigo)}`}>Ver la página de tu reclamo</a>
        </p>
      </div>
      <p>
        <a href="/reclamos/nuevo">Hacer otro reclamo</a> · <a href="/reclamos">Ver todos los reclamos</a>
      </p>
    </div>
  );
}

export default function NuevoReclamo({ loaderData, actionData }: Route.ComponentProps) {
  const { categorias, categoria, desconocida, teselas, centro, trampa, maxFotos, limites } = loaderData;
  const respuesta = actionData as RespuestaFormulario | undefined;
  const resumen = useRef<HTMLDivElement>(null);
  const [abrirCoordenadas, setAbrirCoordenadas] = useState(false);
  const errores = respuesta?.estado === 'errores' ? respuesta.errores : {};
  const valores: Valores = respuesta && respuesta.estado !== 'recibido' ? respuesta.valores : {};
  const listaErrores = Object.entries(errores).map(([campo, mensaje]): [string, string, string] => {
    const pregunta = categoria?.preguntas.find((p) => campoPregunta(p.codigo) === campo);
    return [campo, pregunta?.etiqueta ?? ETIQUETAS[campo] ?? campo, mensaje ?? ''];
  });
  useEffect(() => {
    if (respuesta?.estado === 'errores') resumen.current?.focus();
    if (respuesta?.estado === 'duplicados') document.getElementById('duplicados-titulo')?.focus();
  }, [respuesta]);

  if (respuesta?.estado === 'recibido') return <Recibido codigo={respuesta.codigo} venceEl={respuesta.venceEl} />;

  const titulo = categoria ? `${TITULO}: ${categoria.nombre}` : TITULO;
  if (!categoria) {
    return (
      <div className="contenedor pagina reclamo-nuevo">
        <title>{`${TITULO} | ${SITE_NAME}`}</title>
        <h1>{TITULO}</h1>
        <p>
          Avisale a la Municipalidad de un problema en la vía pública. Tu reclamo queda publicado (sin tus datos) en{' '}
          <a href="/reclamos">la lista de reclamos</a> y te escribimos cada vez que cambie de estado.
        </p>
        <Eleccion categorias={categorias} desconocida={desconocida} />
      </div>
    );
  }

  const accion = `/reclamos/nuevo?categoria=${encodeURIComponent(categoria.codigo)}`;
  const coordenadasAbiertas = abrirCoordenadas || Boolean(errores.latitud || errores.longitud || valores.latitud || valores.longitud);
  return (
    <div className="contenedor pagina reclamo-nuevo">
      <title>{`${listaErrores.length > 0 ? 'Error: ' : ''}${titulo} | ${SITE_NAME}`}</title>
      <h1>{titulo}</h1>
      {categoria.aviso ? (
        <p className="aviso reclamo-nuevo__aviso" role="note">
          <strong>{categoria.aviso}</strong>
        </p>
      ) : null}
      <p>
        <a href="/reclamos/nuevo">Elegir otro tipo de problema</a>
      </p>

      {respuesta?.estado === 'limite' || respuesta?.estado === 'falla' ? (
        <p className="aviso aviso--error" role="alert">
          {respuesta.mensaje}
        </p>
      ) : null}

      <ErrorSummary title="Revisá el reclamo" errors={listaErrores} ref={resumen} id={ID_RESUMEN} />

      {respuesta?.estado === 'duplicados' ? (
        <section aria-labelledby="duplicados-titulo" className="reclamo-nuevo__duplicados">
          <h2 id="duplicados-titulo" tabIndex={-1}>
            ¿Es este? Seguilo en lugar de crear otro
          </h2>
          <p>Ya hay {respuesta.duplicados.length === 1 ? 'un reclamo abierto' : 'reclamos abiertos'} de este tipo muy cerca del lugar que marcaste:</p>
          <ul>
            {respuesta.duplicados.map((d) => (
              <li key={d.codigo}>
                <a href={`/reclamos/${encodeURIComponent(d.codigo)}`}>{d.codigo}</a>
                {`: ${d.descripcion.slice(0, 140)}${d.descripcion.length > 140 ? '…' : ''} (${ETIQUETAS_ESTADO[d.estado]}, a ${formatNumber(Math.round(d.distanciaM))} m${d.direccion ? `, ${d.direccion}` : ''})`}
              </li>
            ))}
          </ul>
          <p>Si es el mismo problema, abrilo y seguilo desde su página. Si es otro, enviá el tuyo con el botón de abajo del formulario.</p>
          {respuesta.conFotos ? (
            <p className="aviso">
              <strong>Las fotos que elegiste no se guardaron:</strong> si enviás el reclamo, elegilas de nuevo en «Fotos».
            </p>
          ) : null}
        </section>
      ) : null}

      <form method="post" action={`${accion}#${ID_RESUMEN}`} encType="multipart/form-data" className="reclamo-nuevo__formulario" noValidate>
        <RequiredFieldsNote />
        <input type="hidden" name="categoria" value={categoria.codigo} />
        {respuesta?.estado === 'duplicados' ? <input type="hidden" name={CAMPO_CONFIRMADO} value="1" /> : null}
        {categoria.preguntas.map((p) => (
          <Pregunta
            key={p.codigo}
            p={p}
            largo={limites.respuestaTexto}
            valor={valores[campoPregunta(p.codigo)]}
            error={errores[campoPregunta(p.codigo) as keyof typeof errores]}
          />
        ))}

        <fieldset className="reclamo-nuevo__lugar">
          <legend>¿Dónde está el problema?</legend>
          <FormField
            name="direccion"
            label="Dirección"
            hint="La calle y la altura, por ejemplo «Av. Arrayanes 250». Si marcás el lugar en el mapa o usás tu ubicación, es opcional: sirve de referencia."
            error={errores.direccion}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                className="form-control"
                autoComplete="address-line1"
                maxLength={limites.direccion}
                defaultValue={valores.direccion ?? ''}
              />
            )}
          </FormField>
          {respuesta?.estado === 'errores' && respuesta.parecidas.length > 0 ? (
            <div className="reclamo-nuevo__parecidas">
              <p>Calles parecidas: {respuesta.parecidas.join(', ')}.</p>
            </div>
          ) : null}
          <UbicacionConJavaScript teselas={teselas} centro={centro} alUbicar={() => setAbrirCoordenadas(true)} />
          <details className="reclamo-nuevo__coordenadas" open={coordenadasAbiertas || undefined}>
            <summary>Tengo las coordenadas</summary>
            <FormField name="latitud" label="Latitud" hint="En grados, por ejemplo -40.7621." error={errores.latitud}>
              {(control) => (
                <input {...control} type="text" inputMode="decimal" className="form-control" autoComplete="off" defaultValue={valores.latitud ?? ''} />
              )}
            </FormField>
            <FormField name="longitud" label="Longitud" hint="En grados, por ejemplo -71.6462." error={errores.longitud}>
              {(control) => (
                <input {...control} type="text" inputMode="decimal" className="form-control" autoComplete="off" defaultValue={valores.longitud ?? ''} />
              )}
            </FormField>
          </details>
        </fieldset>

        <FormField
          name="descripcion"
          label="Qué pasa"
          hint="Contá el problema y, si ayuda, cómo encontrarlo (por ejemplo «frente a la escuela»). Se publica en la página del reclamo."
          error={errores.descripcion}
          required
        >
          {(control) => <textarea {...control} className="form-control" rows={4} maxLength={limites.descripcionMax} defaultValue={valores.descripcion ?? ''} />}
        </FormField>

        <FormField
          name={CAMPO_FOTOS}
          label="Fotos"
          hint={`Opcional. Hasta ${maxFotos} fotos JPEG, PNG o WebP. Les quitamos los datos ocultos (ubicación, cámara) antes de publicarlas.`}
          error={errores.fotos}
        >
          {(control) => <input {...control} type="file" className="form-control" accept="image/jpeg,image/png,image/webp" multiple />}
        </FormField>

        <FormField name="email" label="Tu email" hint="Te avisamos por acá cómo sigue el reclamo. No se publica." error={errores.email} required>
          {(control) => (
            <input {...control} type="email" className="form-control" autoComplete="email" maxLength={limites.email} defaultValue={valores.email ?? ''} />
          )}
        </FormField>
        <FormField name="nombre" label="Tu nombre" hint="Opcional. Nunca se publica: sólo lo ve la Municipalidad." error={errores.nombre}>
          {(control) => (
            <input {...control} type="text" className="form-control" autoComplete="name" maxLength={limites.nombre} defaultValue={valores.nombre ?? ''} />
          )}
        </FormField>

        {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
        <div className="campo-trampa" aria-hidden="true">
          <label htmlFor={trampa}>No completes este campo</label>
          <input id={trampa} name={trampa} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="reclamo-nuevo__acciones">
          <button type="submit" className="btn btn-primary">
            {respuesta?.estado === 'duplicados' ? 'No, es otro: enviar el reclamo' : 'Enviar el reclamo'}
          </button>
        </div>
      </form>
    </div>
  );
}

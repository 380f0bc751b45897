import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { formatFechaPlazo } from '#domain/plazos/calendario.ts';
import { AYUDA_TIPO_FERIADO, ETIQUETAS_TIPO_FERIADO, TIPOS_FERIADO_EN_ORDEN } from '#domain/plazos/campos.ts';
import { createFeriado, deleteFeriado, updateFeriado } from '#domain/plazos/commands.ts';
import { listFeriados } from '#domain/plazos/queries.ts';
import { type TipoFeriado, bajaFeriadoSchema, vistaFeriadosSchema } from '#domain/plazos/schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import { esFechaValida, fechaEnArgentina } from '#domain/shared/fechas.ts';
import type { Route } from './+types/feriados';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * The holiday table (docs/decisions/011-plazos-y-feriados.md), for administrators: a
 * year's holidays, and adding, editing and deleting one. Every day in the table is a non-business
 * day for the deadlines of decree-copy requests, which are computed when read: a change shows at
 * once on every open request. Editing and deleting are steps of this page, named in the URL
 * (`?editar=AAAA-MM-DD`, `?borrar=AAAA-MM-DD`): deleting asks on a page of its own, so it needs
 * no JavaScript (docs/decisions/011-plazos-y-feriados.md, "Página de feriados").
 */

type Campo = 'fecha' | 'nombre' | 'tipo';
const ETIQUETAS: Record<Campo, string> = { fecha: 'Fecha', nombre: 'Nombre', tipo: 'Tipo' };
type CampoVista = 'anio' | 'editar' | 'borrar';
const ETIQUETAS_VISTA: Record<CampoVista, string> = { anio: 'Año', editar: 'Feriado a editar', borrar: 'Feriado a borrar' };

const AVISOS = {
  alta: (f: string, nombre?: string) =>
    `Agregamos el feriado del ${f}${nombre ? ` (${nombre})` : ''}: los plazos de las solicitudes abiertas ya lo cuentan como día inhábil.`,
  cambio: (f: string, nombre?: string) =>
    `Guardamos el feriado del ${f}${nombre ? ` (${nombre})` : ''}: los plazos de las solicitudes abiertas ya cuentan el cambio.`,
  baja: (f: string) => `Borramos el feriado del ${f}: ese día vuelve a ser hábil para los plazos de las solicitudes abiertas.`,
} as const;
type Aviso = keyof typeof AVISOS;
const esAviso = (v: string | null): v is Aviso => v !== null && Object.hasOwn(AVISOS, v);

const anioDe = (fecha: string) => Number(fecha.slice(0, 4));
const enlaceAnio = (anio: number) => `/admin/feriados?anio=${anio}`;

export async function loader(args: Route.LoaderArgs) {
  const { db, clock } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  const anioActual = anioDe(fechaEnArgentina(clock.now()));
  const leido = readForm(vistaFeriadosSchema, params, { largo: 20 });
  const comun = { anioActual, tipos: TIPOS_FERIADO_EN_ORDEN.map((valor) => ({ valor, etiqueta: ETIQUETAS_TIPO_FERIADO[valor] })) };
  if (!leido.ok) {
    return data(
      { ...comun, ok: false as const, errores: leido.errores, anio: anioActual, feriados: [], avisos: [], paso: null, aviso: null, mensaje: null },
      { status: 400 },
    );
  }
  const { editar, borrar } = leido.datos;
  const elegida = borrar ?? editar;
  // A step shows the year of the holiday it is about.
  const anio = elegida ? anioDe(elegida) : (leido.datos.anio ?? anioActual);
  const { feriados, avisos } = await listFeriados(db, anio);
  const filas = feriados.map((f) => ({ ...f, fechaTexto: formatFechaPlazo(f.fecha), tipoEtiqueta: ETIQUETAS_TIPO_FERIADO[f.tipo] }));
  const base = { ...comun, ok: true as const, errores: {}, anio, feriados: filas, avisos };

  if (elegida) {
    const feriado = filas.find((f) => f.fecha === elegida);
    if (!feriado) {
      const mensaje = `No hay un feriado el ${formatFechaPlazo(elegida)}: puede que otra persona lo haya cambiado o borrado. Elegilo de la lista.`;
      return data({ ...base, paso: null, aviso: null, mensaje }, { status: 400 });
    }
    return { ...base, paso: { tipo: borrar ? ('borrar' as const) : ('editar' as const), feriado }, aviso: null, mensaje: null };
  }

  // After a change (a 303 here): what was done, built from a known word and a valid date only.
  const tipoAviso = params.get('aviso');
  const fechaAviso = params.get('fecha') ?? '';
  let aviso: string | null = null;
  if (esAviso(tipoAviso) && esFechaValida(fechaAviso)) {
    aviso = AVISOS[tipoAviso](formatFechaPlazo(fechaAviso), filas.find((f) => f.fecha === fechaAviso)?.nombre);
  }
  return { ...base, paso: null, aviso, mensaje: null };
}

type Respuesta =
  | { formulario: 'crear' | 'editar'; errores: Partial<Record<Campo, string>>; valores: Partial<Record<Campo, string>> }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const hecho = (aviso: Aviso, fecha: string) =>
    redirect(`/admin/feriados?${new URLSearchParams({ anio: String(anioDe(fecha)), aviso, fecha })}`, { status: 303 });

  if (intent === 'crear' || intent === 'editar') {
    const original = form.get('original');
    const r =
      intent === 'crear'
        ? await createFeriado(db, actor, form)
        : await updateFeriado(db, actor, typeof original === 'string' ? original.slice(0, 20) : '', form);
    if (r.tipo === 'guardado') return hecho(intent === 'crear' ? 'alta' : 'cambio', r.feriado.fecha);
    if (r.tipo === 'invalido') return fallo({ formulario: intent, errores: r.errores, valores: r.valores });
    return fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
  }
  if (intent === 'borrar') {
    const leido = readForm(bajaFeriadoSchema, form);
    if (!leido.ok) return fallo({ formulario: 'general', mensaje: leido.errores.confirmado ?? leido.errores.fecha ?? 'No pudimos borrar ese feriado.' });
    const r = await deleteFeriado(db, actor, leido.datos.fecha);
    if (r.tipo === 'borrado') return hecho('baja', r.feriado.fecha);
    return fallo({ formulario: 'general', mensaje: r.mensaje }, r.tipo === 'prohibido' ? 403 : 400);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

function CamposFeriado({
  errores,
  valores,
  tipos,
}: {
  errores: Partial<Record<Campo, string>>;
  valores: Partial<Record<Campo, string>>;
  tipos: { valor: TipoFeriado; etiqueta: string }[];
}) {
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="fecha" label={ETIQUETAS.fecha} error={errores.fecha} required>
        {(control) => <input {...control} type="date" className="form-control" min="2000-01-01" max="2100-12-31" defaultValue={valores.fecha ?? ''} />}
      </FormField>
      <FormField
        name="nombre"
        label={ETIQUETAS.nombre}
        error={errores.nombre}
        required
        hint="Como lo nombra la ley o el decreto; un trasladable puede decir de dónde vino."
      >
        {(control) => <input {...control} className="form-control" maxLength={150} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField name="tipo" label={ETIQUETAS.tipo} error={errores.tipo} required hint={AYUDA_TIPO_FERIADO}>
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.tipo ?? ''}>
            <option value="">Elegí el tipo</option>
            {tipos.map((t) => (
              <option key={t.valor} value={t.valor}>
                {t.etiqueta}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

const erroresDe = (errores: Partial<Record<Campo, string>>): [string, string, string][] =>
  (Object.entries(errores) as [Campo, string][]).map(([c, m]) => [c, ETIQUETAS[c], m]);

export default function Feriados({ loaderData, actionData }: Route.ComponentProps) {
  const { anioActual, tipos, ok, anio, feriados, avisos, paso, aviso, mensaje } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : mensaje;
  const formulario = respuesta && respuesta.formulario !== 'general' ? respuesta : undefined;
  const erroresVista = (Object.entries(loaderData.errores) as [CampoVista, string][]).map(([c, m]) => [c, ETIQUETAS_VISTA[c], m] as [string, string, string]);
  const hayError = !ok || general !== null || formulario !== undefined;

  const foco = useRef<HTMLDivElement>(null);
  const resumen = useRef<HTMLDivElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  const clavePaso = paso ? `${paso.tipo}-${paso.feriado.fecha}` : '';
  useFocoDelPanel(
    [
      [formulario, resumen],
      [!ok, resumen],
      [general, foco],
      [aviso, foco],
    ],
    clavePaso,
    pasoTitulo,
  );

  const anios = [...new Set([anioActual - 1, anioActual, anioActual + 1, anioActual + 2, anio])].sort((a, b) => a - b);
  const volver = (
    <a href={enlaceAnio(anio)} className="btn btn-outline-primary">
      Cancelar y volver a los feriados de {anio}
    </a>
  );

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso ? `${paso.tipo === 'borrar' ? 'Borrar' : 'Editar'} el feriado del ${paso.feriado.fechaTexto}` : `Feriados ${anio}`} | ${SITE_NAME}`}</title>
      <h1>Feriados</h1>
      <p className="admin__bajada">
        Los días de esta tabla no cuentan como hábiles en los plazos para responder las solicitudes de decretos (ley 27.275, art. 11). Un cambio vale enseguida
        para todas las solicitudes abiertas.
      </p>
      {aviso ? (
        <div className="aviso aviso--exito" role="status" tabIndex={-1} ref={foco}>
          {aviso}
        </div>
      ) : null}
      {general ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={aviso ? undefined : foco}>
          {general}
        </div>
      ) : null}
      <ErrorSummary title="Revisá el año o el feriado elegido" errors={erroresVista} ref={formulario ? undefined : resumen} />

      {paso?.tipo === 'borrar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            ¿Borrar el feriado del {paso.feriado.fechaTexto}?
          </h2>
          <p>
            «{paso.feriado.nombre}» ({paso.feriado.tipoEtiqueta}) deja de estar en la tabla: ese día vuelve a ser hábil y los plazos de las solicitudes abiertas
            que lo cruzan vencen un día hábil antes. Si el feriado se trasladó, mejor editá su fecha.
          </p>
          <Form method="post" className="admin__acciones">
            <input type="hidden" name="fecha" value={paso.feriado.fecha} />
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="borrar" className="btn btn-danger">
              Sí, borrar el feriado
            </button>
            {volver}
          </Form>
        </section>
      ) : paso?.tipo === 'editar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion">
          <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={pasoTitulo}>
            Editar el feriado del {paso.feriado.fechaTexto}
          </h2>
          <ErrorSummary title="Revisá el feriado" errors={erroresDe(formulario?.errores ?? {})} ref={formulario ? resumen : undefined} />
          <Form method="post" className="admin__formulario" noValidate aria-labelledby="paso-titulo">
            <input type="hidden" name="original" value={paso.feriado.fecha} />
            <CamposFeriado
              errores={formulario?.errores ?? {}}
              valores={formulario?.valores ?? { fecha: paso.feriado.fecha, nombre: paso.feriado.nombre, tipo: paso.feriado.tipo }}
              tipos={tipos}
            />
            <div className="admin__acciones">
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar cambios
              </button>
              {volver}
            </div>
          </Form>
        </section>
      ) : (
        <>
          <nav aria-label="Años" className="admin__anios">
            <ul>
              {anios.map((a) => (
                <li key={a}>
                  <a href={enlaceAnio(a)} aria-current={a === anio && ok ? 'page' : undefined}>
                    {a}
                  </a>
                </li>
              ))}
            </ul>
            <Form method="get" className="admin__busqueda">
              <label htmlFor="anio">Otro año</label>
              <input
                id="anio"
                name="anio"
                className="form-control admin__campo-anio"
                inputMode="numeric"
                maxLength={4}
                defaultValue={ok ? String(anio) : ''}
                aria-invalid={!ok && loaderData.errores.anio ? true : undefined}
              />
              <button type="submit" className="btn btn-outline-primary">
                Ver
              </button>
            </Form>
          </nav>

          {ok ? (
            <section aria-labelledby="lista-titulo" className="admin__seccion">
              <h2 id="lista-titulo">Feriados de {anio}</h2>
              {avisos.length > 0 ? (
                <div className="aviso admin__avisos">
                  <p>Para revisar:</p>
                  <ul>
                    {avisos.map((a) => (
                      <li key={a}>{a}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {feriados.length > 0 ? (
                <DataTable
                  caption={`${feriados.length === 1 ? '1 feriado' : `${feriados.length} feriados`} en ${anio}, por fecha`}
                  className="tabla-admin tabla-apilada"
                  columns={['Fecha', 'Nombre', 'Tipo', 'Acciones']}
                  rows={feriados}
                  rowKey={(f) => f.fecha}
                  cells={(f) => [
                    <time dateTime={f.fecha}>{f.fechaTexto}</time>,
                    f.nombre,
                    f.tipoEtiqueta,
                    <span className="admin__acciones-fila">
                      <Link to={`/admin/feriados?editar=${f.fecha}`}>
                        Editar<span className="visually-hidden"> el feriado del {f.fechaTexto}</span>
                      </Link>
                      <Link to={`/admin/feriados?borrar=${f.fecha}`}>
                        Borrar<span className="visually-hidden"> el feriado del {f.fechaTexto}</span>
                      </Link>
                    </span>,
                  ]}
                />
              ) : avisos.length === 0 ? (
                <p>No hay feriados cargados para {anio}.</p>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="agregar-titulo" className="admin__seccion">
            <h2 id="agregar-titulo">Agregar un feriado</h2>
            <ErrorSummary title="Revisá el feriado" errors={erroresDe(formulario?.errores ?? {})} ref={formulario ? resumen : undefined} />
            <Form method="post" className="admin__formulario" noValidate aria-labelledby="agregar-titulo">
              <CamposFeriado errores={formulario?.errores ?? {}} valores={formulario?.valores ?? {}} tipos={tipos} />
              <button type="submit" name="intent" value="crear" className="btn btn-primary">
                Agregar feriado
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  );
}

import { useRef } from 'react';
import { Form, Link, data } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { instante, plazoEnPagina } from '#app/features/mesa/formato.server.ts';
import { MarcaPlazo } from '#app/features/mesa/marca-plazo.tsx';
import { formatInteger } from '#domain/shared/formato.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { ESTADOS, etiquetaEstadoSolicitud } from '#domain/decretos/estados.ts';
import { listSolicitudesMesa } from '#domain/decretos/mesa.ts';
import { type PlazoMesa, filtrosMesaSchema } from '#domain/decretos/mesa-schemas.ts';
import { readForm } from '#domain/shared/form.ts';
import { numerosPublicados } from '#domain/decretos/publicados.ts';
import { DIAS_HABILES_PRORROGA } from '#domain/plazos/calendario.ts';
import { getReglasPlazo } from '#domain/plazos/queries.ts';
import type { Route } from './+types/solicitudes';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';

/**
 * The decree-copy desk's list (mesa-de-entradas and administrador): filters in the URL
 * (a GET form), a page at a time with the total, and each request's deadline, near or past it
 * said in words. DNI and e-mail are never listed: they are on each request's page.
 */

const CAMPOS = ['texto', 'estado', 'plazo', 'desde', 'hasta', 'pagina'] as const;
type Campo = (typeof CAMPOS)[number];

const ETIQUETAS: Record<Exclude<Campo, 'pagina'>, string> = {
  texto: 'Buscar',
  estado: 'Estado',
  plazo: 'Plazo',
  desde: 'Recibida desde',
  hasta: 'Recibida hasta',
};

const PLAZOS: [PlazoMesa, string][] = [
  ['por_vencer_o_vencida', 'Vence pronto o vencida'],
  ['por_vencer', 'Vence pronto'],
  ['vencida', 'Vencida'],
];

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const leido = readForm(filtrosMesaSchema, new URL(args.request.url).searchParams, { largo: 200 });
  const valores: Partial<Record<Campo, string>> = leido.valores;
  const hayFiltros = CAMPOS.some((c) => c !== 'pagina' && (valores[c] ?? '').trim() !== '');
  // The number of business days is a setting (docs/decisions/011-plazos-y-feriados.md): said as it stands.
  const { diasHabiles } = await getReglasPlazo(ctx.db);
  if (!leido.ok) {
    const errores: Partial<Record<Campo, string>> = { ...leido.errores };
    return data(
      { valores, errores, general: leido.general ?? null, items: [], total: 0, pagina: 1, paginas: 1, hayFiltros, enlace: '', diasHabiles },
      { status: 400 },
    );
  }
  const lista = await listSolicitudesMesa(ctx, actor, leido.datos);
  // The requests whose decree an official bulletin already published: the desk can answer them at once.
  const publicados = await numerosPublicados(
    ctx.db,
    lista.items.map((s) => s.numero),
  );
  // The pages' links keep the filters, each as it was read.
  const { pagina: _pagina, ...filtros } = leido.datos;
  const enlace = new URLSearchParams(Object.entries(filtros).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  return data({
    diasHabiles,
    valores,
    errores: {} as Partial<Record<Campo, string>>,
    general: null,
    items: lista.items.map((s) => ({
      codigo: s.codigo,
      nombre: s.nombre,
      numero: s.numero,
      publicado: publicados.has(s.numero),
      estadoEtiqueta: s.estadoEtiqueta,
      recibida: instante(s.createdAt),
      plazo: plazoEnPagina(s.plazo),
    })),
    total: lista.total,
    pagina: lista.pagina,
    paginas: Math.max(1, Math.ceil(lista.total / lista.porPagina)),
    hayFiltros,
    enlace,
  });
}

export const headers = privateDataHeaders;

export default function Solicitudes({ loaderData }: Route.ComponentProps) {
  const { valores, errores, general, items, total, pagina, paginas, hayFiltros, enlace, diasHabiles } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  const listaErrores = (Object.keys(ETIQUETAS) as (keyof typeof ETIQUETAS)[]).flatMap((c) =>
    errores[c] ? [[c, ETIQUETAS[c], errores[c]] as [string, string, string]] : [],
  );
  // A page number from an edited address: not a field of the form, said on its own.
  const otroError = errores.pagina ?? general;
  const hayErrores = listaErrores.length > 0 || !!otroError;
  // Each load brings new `errores`: searching again with errors moves the focus again.
  useFocoDelPanel([[hayErrores && errores, resumen]]);

  return (
    <>
      <title>{`${hayErrores ? 'Error: ' : ''}Solicitudes de decretos | ${SITE_NAME}`}</title>
      <h1>Solicitudes de copias de decretos</h1>
      <p className="admin__bajada">
        {`Las más nuevas primero. El plazo para responder es de ${diasHabiles} días hábiles desde el día en que llegó cada una, y ${DIAS_HABILES_PRORROGA} más si se prorrogó (ley 27.275, art. 11).`}
      </p>
      <ErrorSummary title="Revisá los filtros" errors={listaErrores} ref={resumen} />
      {otroError && listaErrores.length === 0 ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={resumen}>
          {otroError}
        </div>
      ) : null}
      <Form method="get" className="admin__filtros" aria-label="Filtros de las solicitudes" noValidate>
        <FormField name="texto" label={ETIQUETAS.texto} hint="Código, nombre, número de decreto, o un DNI o un correo completos." error={errores.texto}>
          {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.texto ?? ''} maxLength={100} autoComplete="off" />}
        </FormField>
        <FormField name="estado" label={ETIQUETAS.estado} error={errores.estado}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.estado ?? ''}>
              <option value="">Todos</option>
              {ESTADOS.map((e) => (
                <option key={e} value={e}>
                  {etiquetaEstadoSolicitud(e)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="plazo" label={ETIQUETAS.plazo} hint="Sólo las abiertas: las cerradas ya no tienen plazo." error={errores.plazo}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.plazo ?? ''}>
              <option value="">Todos</option>
              {PLAZOS.map(([valor, etiqueta]) => (
                <option key={valor} value={valor}>
                  {etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="desde" label={ETIQUETAS.desde} error={errores.desde}>
          {(control) => <input {...control} type="date" className="form-control" defaultValue={valores.desde ?? ''} />}
        </FormField>
        <FormField name="hasta" label={ETIQUETAS.hasta} error={errores.hasta}>
          {(control) => <input {...control} type="date" className="form-control" defaultValue={valores.hasta ?? ''} />}
        </FormField>
        <PieDeFiltros base="/admin/solicitudes" boton="Filtrar" />
      </Form>
      {hayErrores ? null : (
        <>
          <p aria-live="polite" className="mesa__total">
            {total === 1 ? '1 solicitud' : `${formatInteger(total)} solicitudes`}
            {hayFiltros ? ' con estos filtros' : ''}
          </p>
          {items.length > 0 ? (
            <DataTable
              caption={paginas > 1 ? `Solicitudes, página ${pagina} de ${paginas}` : 'Solicitudes'}
              className="tabla-gobierno tabla-apilada mesa__tabla"
              columns={['Código', 'Recibida', 'Solicitante', 'Decreto', 'Estado', 'Vence']}
              rows={items}
              rowKey={(s) => s.codigo}
              rowClassName={(s) =>
                s.plazo?.estado === 'vencida' ? 'mesa__fila--vencida' : s.plazo?.estado === 'por_vencer' ? 'mesa__fila--por-vencer' : undefined
              }
              cells={(s) => [
                <Link key="codigo" to={`/admin/solicitudes/${s.codigo}`} className="sin-corte">
                  {s.codigo}
                </Link>,
                <time key="recibida" dateTime={s.recibida.iso} className="sin-corte">
                  {s.recibida.texto}
                </time>,
                s.nombre,
                s.publicado ? <span key="numero">{s.numero} (ya publicado)</span> : s.numero,
                s.estadoEtiqueta,
                s.plazo ? (
                  <span key="vence" className="mesa__vence">
                    <time dateTime={s.plazo.vence} className="sin-corte">
                      {s.plazo.venceTexto}
                    </time>
                    {s.plazo.prorrogada ? ' (prorrogada)' : ''} <MarcaPlazo estado={s.plazo.estado} />
                  </span>
                ) : (
                  <span key="vence">
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">Sin plazo: está cerrada</span>
                  </span>
                ),
              ]}
            />
          ) : (
            <p>{hayFiltros ? 'No hay solicitudes con esos filtros.' : 'Todavía no llegó ninguna solicitud.'}</p>
          )}
          <Paginas
            etiqueta="Páginas de solicitudes"
            pagina={pagina}
            paginas={paginas}
            enlace={(p) => `/admin/solicitudes?${enlace ? `${enlace}&` : ''}pagina=${p}`}
          />
        </>
      )}
    </>
  );
}

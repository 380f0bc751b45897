import { FormularioSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { useRef } from 'react';
import { data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AvisosDePagina, FiltrosLista, enlaceDeLista, erroresFiltro } from '#app/features/admin/documentos-panel.tsx';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { CamposFinanzas, TEXTOS_FINANZAS, erroresFinanzas } from '#app/features/finanzas/campos-finanzas.tsx';
import { tipoFinanzasDe } from '#app/features/finanzas/tipo.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { type RespuestaFormulario, falloFormulario, filaConPdf } from '#app/features/admin/documentos-panel.server.ts';
import { ControlesPublicacion, type ValoresControles, resumenFecha } from '#app/features/admin/publicacion-controles.tsx';
import { guardarSiPendiente } from '#app/features/admin/publicacion.server.ts';
import { listaDelPanel } from '#app/features/admin/lista.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { type CampoFinanzas, PERIODOS_SUELDO, createFinanzasAdmin, filtrosFinanzasSchema, listFinanzasAdmin } from '#domain/finanzas/admin.ts';
import { POR_PAGINA_FINANZAS } from '#domain/finanzas/campos.ts';
import type { Route } from './+types/finanzas';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * The accounting statements (/admin/estados-contables) and the salary reports (/admin/sueldos),
 * for editors and administrators; one module for both, the address says which
 * (docs/decisions/020-finanzas-en-el-panel.md). The list with its search, order and pages (a GET
 * form), and the form that uploads a new one with its PDF, as the bulletins' page does
 * (app/features/admin/documentos-panel.tsx). Saved: 303 to the item's page.
 */
const ORDENES = [
  ['periodo-desc', 'Período, del más nuevo al más viejo'],
  ['periodo-asc', 'Período, del más viejo al más nuevo'],
  ['subida-desc', 'Fecha de subida, la más reciente primero'],
] as const;

export async function loader(args: Route.LoaderArgs) {
  const tipo = tipoFinanzasDe(args.request);
  const { db } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  return listaDelPanel(params, filtrosFinanzasSchema, {
    largo: 120,
    comun: { tipo, periodos: PERIODOS_SUELDO, limite: limiteSubida(args), borrado: params.get('aviso') === 'borrado' },
    sinFiltros: { pagina: 1, orden: 'periodo-desc' },
    listar: async (filtros) => {
      const { items, total } = await listFinanzasAdmin(db, tipo, filtros);
      return { items: items.map(filaConPdf), total };
    },
  });
}

type Respuesta = RespuestaFormulario<CampoFinanzas | 'publicarEn'> & { controles?: ValoresControles };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const tipo = tipoFinanzasDe(args.request);
  const ctx = args.context.get(appContext);
  const fallo = falloFormulario<CampoFinanzas>;
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la lista y envialo de nuevo.' });
  // A draft or a scheduled one (docs/decisions/053-borradores-y-publicacion-programada.md): kept apart until it is published.
  const p = await guardarSiPendiente(ctx, actor, form, { tipo, entidadId: null, campos: ['tipo', 'mes', 'periodo', 'anio'] });
  if (p) return data<Respuesta>(p.respuesta, { status: p.status });
  const r = await createFinanzasAdmin(ctx, actor, tipo, form);
  if (r.tipo === 'guardado') throw redirect(`/admin/${tipo}/${r.id}?aviso=alta`, { status: 303 });
  if (r.tipo === 'invalido') return fallo({ errores: r.errores, valores: r.valores });
  return fallo({ general: 'No pudimos guardarlo: volvé a la lista y probá de nuevo.' });
}

export const headers = privateDataHeaders;

export default function Finanzas({ loaderData, actionData }: Route.ComponentProps) {
  const { tipo, periodos, limite, borrado, ok, errores, valores, filtros, total, items } = loaderData;
  const textos = TEXTOS_FINANZAS[tipo];
  const base = `/admin/${tipo}`;
  const respuesta = actionData as Respuesta | undefined;
  const resumenFiltros = useRef<HTMLDivElement>(null);
  const resumenAlta = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [respuesta?.general, alerta],
    [respuesta, resumenAlta],
    [!ok, resumenFiltros],
    [borrado, estado],
  ]);

  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA_FINANZAS));
  const hayError = !ok || respuesta !== undefined;

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${textos.titulo} | ${SITE_NAME}`}</title>
      <h1>{textos.titulo}</h1>
      <p className="admin__bajada">
        Los {textos.varios} que el público descarga en <a href={textos.publica}>{textos.paginaPublica}</a>. Un cambio se ve enseguida.
      </p>
      <AvisosDePagina
        aviso={borrado && !respuesta ? `Borramos ${textos.el}: ya no está en ${textos.publica}, y su enlace viejo explica que fue retirado.` : null}
        general={respuesta?.general ?? null}
        refEstado={estado}
        refAlerta={alerta}
      />
      <p className="admin__acciones">
        <a href={`${base}/retirados`}>{`${textos.titulo} borrados (se restauran durante 90 días)`}</a>
      </p>
      <ErrorSummary title="Revisá la búsqueda" errors={erroresFiltro(errores)} ref={resumenFiltros} />
      <FiltrosLista
        base={base}
        etiqueta={`Buscar ${textos.varios}`}
        ayuda={
          tipo === 'sueldos'
            ? 'Un año, o parte del período o del nombre del archivo.'
            : 'Un año, recursos o gastos, o parte del nombre del archivo o de quien lo subió.'
        }
        ordenes={ORDENES}
        errores={errores}
        valores={valores}
      />

      {ok ? (
        <section aria-labelledby="lista-titulo" className="admin__seccion">
          <h2 id="lista-titulo">{`${textos.titulo} publicados`}</h2>
          <p aria-live="polite">{total === 1 ? `1 ${textos.uno}` : `${total} ${textos.varios}`}</p>
          {items.length > 0 ? (
            <DataTable
              caption={`${textos.titulo}, en el orden elegido`}
              className="tabla-admin"
              columns={tipo === 'sueldos' ? ['Informe', 'PDF'] : ['Estado contable', 'PDF', 'Subido por']}
              rows={items}
              rowKey={(i) => i.id}
              cells={(i) => [
                <a href={`${base}/${i.id}`} className="tabla-admin__principal">
                  {i.titulo}
                </a>,
                <a href={`/api/v1/documentos/${i.documentoId}`}>{i.archivo}</a>,
                ...(tipo === 'sueldos' ? [] : [i.usuarioCreacion ?? '']),
              ]}
            />
          ) : (
            <p>
              {filtros.texto ? `No hay ${textos.varios} con esa búsqueda.` : `Todavía no hay ${textos.varios}: subí el primero con el formulario de abajo.`}
            </p>
          )}
          <Paginas
            etiqueta={`Páginas de la lista de ${textos.varios}`}
            pagina={filtros.pagina}
            paginas={paginas}
            enlace={(p) => enlaceDeLista(base, ok ? filtros : {}, 'periodo-desc', p)}
          />
        </section>
      ) : null}

      <section aria-labelledby="subir-titulo" className="admin__seccion">
        <h2 id="subir-titulo">{textos.subir}</h2>
        <ErrorSummary
          title={`Revisá ${textos.el}`}
          errors={[...erroresFinanzas(tipo, respuesta?.errores ?? {}), ...resumenFecha(respuesta?.errores.publicarEn)]}
          ref={resumenAlta}
        />
        <FormularioSubida action={base} etiquetadoPor="subir-titulo">
          <RequiredFieldsNote />
          <CamposFinanzas tipo={tipo} errores={respuesta?.errores ?? {}} valores={respuesta?.valores ?? {}} limite={limite} periodos={periodos} />
          <ControlesPublicacion valores={respuesta?.controles ?? {}} error={respuesta?.errores.publicarEn} />
          <button type="submit" className="btn btn-primary">
            {textos.subir}
          </button>
        </FormularioSubida>
      </section>
    </>
  );
}

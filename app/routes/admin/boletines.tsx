import { useRef } from 'react';
import { data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { AvisosDePagina, FiltrosLista, enlaceDeLista, erroresFiltro } from '#app/features/admin/documentos-panel.tsx';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { FormularioSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { CamposBoletin, erroresBoletin } from '#app/features/boletines/campos-boletin.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { type RespuestaFormulario, falloFormulario, filaConPdf } from '#app/features/admin/documentos-panel.server.ts';
import { ControlesPublicacion, type ValoresControles, resumenFecha } from '#app/features/admin/publicacion-controles.tsx';
import { guardarSiPendiente } from '#app/features/admin/publicacion.server.ts';
import { listaDelPanel } from '#app/features/admin/lista.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { type CampoBoletin, createBoletinAdmin, filtrosBoletinesSchema, listBoletinesAdmin } from '#domain/boletines/admin.ts';
import { POR_PAGINA_BOLETINES } from '#domain/boletines/campos.ts';
import type { Route } from './+types/boletines';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * The official bulletins, for editors and administrators: the list with its search,
 * order and pages (a GET form: the list's address can be shared), and the form that uploads a
 * new one with its PDF. The form posts without JavaScript; with it, the upload shows its progress
 * (app/features/admin/subida-con-progreso.tsx). Saved: 303 to the bulletin's page.
 */
const ORDENES = [
  ['fecha-desc', 'Fecha, del más nuevo al más viejo'],
  ['fecha-asc', 'Fecha, del más viejo al más nuevo'],
  ['numero-desc', 'Número, de mayor a menor'],
  ['numero-asc', 'Número, de menor a mayor'],
] as const;

const AVISOS = { borrado: 'Borramos el boletín: ya no está en /boletines-oficiales ni en el feed, y su enlace viejo explica que fue retirado.' } as const;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const params = new URL(args.request.url).searchParams;
  return listaDelPanel(params, filtrosBoletinesSchema, {
    largo: 120,
    comun: { limite: limiteSubida(args), aviso: params.get('aviso') === 'borrado' ? AVISOS.borrado : null },
    sinFiltros: { pagina: 1, orden: 'fecha-desc' },
    listar: async (filtros) => {
      const { items, total } = await listBoletinesAdmin(db, filtros);
      return { items: items.map(filaConPdf), total };
    },
  });
}

type Respuesta = RespuestaFormulario<CampoBoletin | 'publicarEn'> & { controles?: ValoresControles };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = falloFormulario<CampoBoletin>;
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la lista de boletines y envialo de nuevo.' });
  // A draft or a scheduled bulletin (docs/decisions/053-borradores-y-publicacion-programada.md): kept apart until it is published.
  const p = await guardarSiPendiente(ctx, actor, form, { tipo: 'boletin', entidadId: null, campos: ['numero', 'mes', 'anio'] });
  if (p) return data<Respuesta>(p.respuesta, { status: p.status });
  const r = await createBoletinAdmin(ctx, actor, form);
  if (r.tipo === 'guardado') throw redirect(`/admin/boletines/${r.id}?aviso=alta`, { status: 303 });
  if (r.tipo === 'invalido') return fallo({ errores: r.errores, valores: r.valores });
  return fallo({ general: 'No pudimos guardar el boletín: volvé a la lista y probá de nuevo.' });
}

export const headers = privateDataHeaders;

export default function Boletines({ loaderData, actionData }: Route.ComponentProps) {
  const { limite, aviso, ok, errores, valores, filtros, total, items } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const resumenFiltros = useRef<HTMLDivElement>(null);
  const resumenAlta = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const erroresAlta = [...erroresBoletin(respuesta?.errores ?? {}), ...resumenFecha(respuesta?.errores.publicarEn)];
  useFocoDelPanel([
    [respuesta?.general, alerta],
    [respuesta, resumenAlta],
    [!ok, resumenFiltros],
    [aviso, estado],
  ]);

  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA_BOLETINES));
  const enlacePagina = (p: number) => enlaceDeLista('/admin/boletines', ok ? filtros : {}, 'fecha-desc', p);
  const hayError = !ok || respuesta !== undefined;

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}Boletines oficiales | ${SITE_NAME}`}</title>
      <h1>Boletines oficiales</h1>
      <p className="admin__bajada">
        Los boletines que el público descarga en <a href="/boletines-oficiales">la página de Boletines Oficiales</a> y recibe en{' '}
        <a href="/feeds/boletines.xml">el feed de boletines</a>. Un cambio se ve enseguida en las dos.
      </p>
      <AvisosDePagina aviso={respuesta ? null : aviso} general={respuesta?.general ?? null} refEstado={estado} refAlerta={alerta} />
      <p className="admin__acciones">
        <a href="/admin/boletines/retirados">Boletines borrados (se restauran durante 90 días)</a>
      </p>
      <ErrorSummary title="Revisá la búsqueda" errors={erroresFiltro(errores)} ref={resumenFiltros} />
      <FiltrosLista
        base="/admin/boletines"
        etiqueta="Buscar boletines"
        ayuda="Un número, un año, o parte del nombre del archivo o de quien lo subió."
        ordenes={ORDENES}
        errores={errores}
        valores={valores}
      />

      {ok ? (
        <section aria-labelledby="lista-titulo" className="admin__seccion">
          <h2 id="lista-titulo">Boletines publicados</h2>
          <p aria-live="polite">{total === 1 ? '1 boletín' : `${total} boletines`}</p>
          {items.length > 0 ? (
            <DataTable
              caption="Boletines oficiales, en el orden elegido"
              className="tabla-admin"
              columns={['Boletín', 'PDF', 'Subido por']}
              rows={items}
              rowKey={(b) => b.id}
              cells={(b) => [
                <a href={`/admin/boletines/${b.id}`} className="tabla-admin__principal">
                  {b.titulo}
                </a>,
                <a href={`/api/v1/documentos/${b.documentoId}`}>{b.archivo}</a>,
                b.usuarioCreacion,
              ]}
            />
          ) : (
            <p>{filtros.texto ? 'No hay boletines con esa búsqueda.' : 'Todavía no hay boletines: subí el primero con el formulario de abajo.'}</p>
          )}
          <Paginas etiqueta="Páginas de la lista de boletines" pagina={filtros.pagina} paginas={paginas} enlace={enlacePagina} />
        </section>
      ) : null}

      <section aria-labelledby="subir-titulo" className="admin__seccion">
        <h2 id="subir-titulo">Subir un boletín</h2>
        <ErrorSummary title="Revisá el boletín" errors={erroresAlta} ref={resumenAlta} />
        <FormularioSubida action="/admin/boletines" etiquetadoPor="subir-titulo">
          <RequiredFieldsNote />
          <CamposBoletin errores={respuesta?.errores ?? {}} valores={respuesta?.valores ?? {}} limite={limite} />
          <ControlesPublicacion valores={respuesta?.controles ?? {}} error={respuesta?.errores.publicarEn} />
          <button type="submit" className="btn btn-primary">
            Subir el boletín
          </button>
        </FormularioSubida>
      </section>
    </>
  );
}

import { useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { AvisosDePagina, DatosDocumento, PasoBorrar } from '#app/features/admin/documentos-panel.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { Form } from 'react-router';
import { appContext } from '#app/context.ts';
import { FormularioSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { instante } from '#app/features/mesa/formato.server.ts';
import { CamposBoletin, erroresBoletin } from '#app/features/boletines/campos-boletin.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { type RespuestaFormulario, archivoLegible, falloFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { type CampoBoletin, deleteBoletinAdmin, getBoletinAdmin, updateBoletinAdmin } from '#domain/boletines/admin.ts';
import { addDecretoBoletin, listDecretosDeBoletin, removeDecretoBoletin } from '#domain/boletines/decretos-admin.ts';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import { MENSAJE_SIN_TEXTO } from '#domain/documentos/subidas.ts';
import { LARGOS_DECRETO } from '#domain/boletines/campos.ts';
import type { Route } from './+types/boletin';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * One official bulletin, for editors and administrators: its data and PDF, the form
 * that changes them (a new PDF replaces the old one) and the step that deletes it
 * (`?paso=borrar`, a page of its own, so it needs no JavaScript). Each change is audited by the
 * domain and answered 303 with a notice; deleting goes back to the list. An id that does not name
 * a bulletin is 404 inside the panel. Below its data, the decrees it publishes
 * (docs/decisions/023-decretos-publicados.md): a list with a button to remove each, and a form to
 * add one; each a plain form, no JavaScript needed.
 */
const NO_ENCONTRADO = () => data('Boletín no encontrado', { status: 404 });

const AVISOS = {
  alta: 'Publicamos el boletín: ya está en /boletines-oficiales y en el feed de boletines.',
  cambio: 'Guardamos los cambios del boletín: /boletines-oficiales y el feed ya los muestran.',
  'sin-cambios': 'No había nada que cambiar: el boletín quedó como estaba.',
  'decreto-alta': 'Agregamos el decreto: el formulario de Solicitud de Decretos ya ofrece este boletín a quien lo pida.',
  'decreto-baja': 'Quitamos el decreto de la lista del boletín.',
} as const;

/** The add-a-decree form's fields: their own names on the page (the bulletin's form has a «numero» too). */
const CAMPOS_DECRETO = { decretoNumero: 'numero', decretoDescripcion: 'descripcion', decretoArea: 'area' } as const;
type CampoDecretoPagina = keyof typeof CAMPOS_DECRETO;
const ETIQUETAS_DECRETO: Record<CampoDecretoPagina, string> = {
  decretoNumero: 'Número de decreto',
  decretoDescripcion: 'Descripción',
  decretoArea: 'Área',
};
const esCampoDecreto = (c: string): c is CampoDecretoPagina => Object.hasOwn(CAMPOS_DECRETO, c);
type Aviso = keyof typeof AVISOS;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as Aviso] : null);

async function leerBoletin(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = parseIdRuta(args.params.id);
  if (id === null) throw NO_ENCONTRADO();
  const boletin = await getBoletinAdmin(args.context.get(appContext).db, id);
  if (!boletin) throw NO_ENCONTRADO();
  return boletin;
}

export async function loader(args: Route.LoaderArgs) {
  const b = await leerBoletin(args);
  const decretos = await listDecretosDeBoletin(args.context.get(appContext).db, b.id);
  const params = new URL(args.request.url).searchParams;
  return {
    boletin: {
      id: b.id,
      titulo: b.titulo,
      usuarioCreacion: b.usuarioCreacion,
      subido: instante(b.fechaCreacion),
      documentoId: b.documento.id,
      archivo: archivoLegible(b.documento),
      sinTexto: b.documento.sinTexto ? MENSAJE_SIN_TEXTO : null,
      valores: { numero: String(b.numero), mes: String(b.mes), anio: String(b.anio) } as Partial<Record<CampoBoletin, string>>,
    },
    decretos,
    limite: limiteSubida(args),
    paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
    aviso: avisoDe(params.get('aviso')),
  };
}

type Respuesta = RespuestaFormulario<CampoBoletin | CampoDecretoPagina>;

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const { id } = await leerBoletin(args);
  const fallo = falloFormulario<CampoBoletin | CampoDecretoPagina>;
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la página del boletín y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'editar') {
    const r = await updateBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'guardado') throw redirect(`/admin/boletines/${id}?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ errores: r.errores, valores: r.valores });
  }
  if (intent === 'borrar') {
    const r = await deleteBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'borrado') throw redirect('/admin/boletines?aviso=borrado', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ general: r.mensaje });
  }
  if (intent === 'agregar-decreto') {
    const entrada = Object.fromEntries(Object.entries(CAMPOS_DECRETO).map(([pagina, campo]) => [campo, form.get(pagina) ?? undefined]));
    const r = await addDecretoBoletin(ctx, actor, id, entrada);
    if (r.tipo === 'guardado') throw redirect(`/admin/boletines/${id}?aviso=decreto-alta#decretos-titulo`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    const aPagina = (o: Partial<Record<string, string>>) =>
      Object.fromEntries(Object.entries(CAMPOS_DECRETO).flatMap(([pagina, campo]) => (o[campo] === undefined ? [] : [[pagina, o[campo]]])));
    return fallo({ errores: aPagina(r.errores), valores: aPagina(r.valores) });
  }
  if (intent === 'quitar-decreto') {
    const decretoId = parseIdRuta(String(form.get('decreto') ?? ''));
    const r = decretoId === null ? ({ tipo: 'no_encontrado' } as const) : await removeDecretoBoletin(ctx, actor, id, decretoId);
    if (r.tipo === 'borrado') throw redirect(`/admin/boletines/${id}?aviso=decreto-baja#decretos-titulo`, { status: 303 });
    return fallo({ general: 'Ese decreto ya no está en la lista del boletín: puede que otra persona lo haya quitado.' });
  }
  return fallo({ general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Boletin({ loaderData, actionData }: Route.ComponentProps) {
  const { boletin: b, decretos, limite, paso, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  // Which form the answer is for: the decree's fields have their own names.
  const deDecreto = respuesta !== undefined && Object.keys({ ...respuesta.errores, ...respuesta.valores }).some(esCampoDecreto);
  const errores = deDecreto ? {} : (respuesta?.errores ?? {});
  const erroresDecreto = deDecreto ? (respuesta.errores as Partial<Record<CampoDecretoPagina, string>>) : {};
  const valoresDecreto = deDecreto ? (respuesta.valores as Partial<Record<CampoDecretoPagina, string>>) : {};
  const general = respuesta?.general ?? null;
  const hayError = respuesta !== undefined;
  const resumen = useRef<HTMLDivElement>(null);
  const resumenDecreto = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel(
    [
      [general, alerta],
      [deDecreto && respuesta, resumenDecreto],
      [respuesta, resumen],
      [aviso, estado],
    ],
    paso,
    pasoTitulo,
  );

  const enlace = `/admin/boletines/${b.id}`;
  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${b.titulo} | Boletines oficiales | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/boletines">Volver a los boletines</Link>
      </p>
      <h1>{b.titulo}</h1>
      <AvisosDePagina aviso={respuesta ? null : aviso} general={general ?? null} refEstado={estado} refAlerta={alerta} />

      {paso === 'borrar' ? (
        <PasoBorrar
          pregunta={`¿Borrar el ${b.titulo}?`}
          explicacion="El boletín deja de estar en la página de Boletines Oficiales y en el feed. Quien abra el enlace de su PDF (desde el feed o un enlace compartido) leerá que la Municipalidad lo retiró del sitio y cuándo. El borrado queda en la auditoría."
          enlace={enlace}
          boton="Sí, borrar el boletín"
          cancelar="Cancelar y volver al boletín"
          refTitulo={pasoTitulo}
        />
      ) : (
        <>
          <DatosDocumento
            documentoId={b.documentoId}
            archivo={b.archivo}
            usuarioCreacion={b.usuarioCreacion}
            subido={b.subido}
            sinTexto={b.sinTexto}
            publica={{ href: '/boletines-oficiales', texto: 'Ver la página pública de Boletines Oficiales' }}
          />

          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Cambiar el boletín</h2>
            <ErrorSummary title="Revisá el boletín" errors={erroresBoletin(errores)} ref={resumen} />
            <FormularioSubida action={enlace} etiquetadoPor="editar-titulo">
              <RequiredFieldsNote />
              <CamposBoletin errores={errores} valores={deDecreto ? b.valores : (respuesta?.valores ?? b.valores)} limite={limite} reemplazo />
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar los cambios
              </button>
            </FormularioSubida>
          </section>

          <section aria-labelledby="decretos-titulo" className="admin__seccion">
            <h2 id="decretos-titulo">Decretos que publica</h2>
            <p>
              Quien pida en Solicitud de Decretos uno de estos decretos ve enseguida que ya está publicado y puede descargar este boletín; la mesa de entradas
              puede responderle con él.
            </p>
            {decretos.length > 0 ? (
              <DataTable
                caption={`Decretos publicados en el ${b.titulo}`}
                className="tabla-admin"
                columns={['Decreto', 'Descripción', 'Área', 'Quitar']}
                rows={decretos}
                rowKey={(d) => d.id}
                cells={(d) => [
                  d.decreto,
                  d.descripcion,
                  d.area,
                  <Form method="post" action={enlace}>
                    <input type="hidden" name="decreto" value={d.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="quitar-decreto"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Quitar el decreto ${d.decreto}`}
                    >
                      Quitar
                    </button>
                  </Form>,
                ]}
              />
            ) : (
              <p>Todavía no cargaste los decretos de este boletín.</p>
            )}
            <h3 id="agregar-decreto-titulo">Agregar un decreto</h3>
            <ErrorSummary
              title="Revisá el decreto"
              errors={(Object.keys(ETIQUETAS_DECRETO) as CampoDecretoPagina[]).flatMap((c) =>
                erroresDecreto[c] ? [[c, ETIQUETAS_DECRETO[c], erroresDecreto[c]] as [string, string, string]] : [],
              )}
              ref={resumenDecreto}
            />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="agregar-decreto-titulo">
              <RequiredFieldsNote />
              <FormField
                name="decretoNumero"
                label={ETIQUETAS_DECRETO.decretoNumero}
                hint="Como lo escribe la gente: 123/2026, 123-2026 o «Decreto 123 de 2026»."
                error={erroresDecreto.decretoNumero}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    className="form-control"
                    autoComplete="off"
                    maxLength={LARGOS_DECRETO.numero}
                    defaultValue={valoresDecreto.decretoNumero ?? ''}
                  />
                )}
              </FormField>
              <FormField name="decretoDescripcion" label={ETIQUETAS_DECRETO.decretoDescripcion} error={erroresDecreto.decretoDescripcion} required>
                {(control) => (
                  <input
                    {...control}
                    className="form-control"
                    autoComplete="off"
                    maxLength={LARGOS_DECRETO.descripcion}
                    defaultValue={valoresDecreto.decretoDescripcion ?? ''}
                  />
                )}
              </FormField>
              <FormField name="decretoArea" label={ETIQUETAS_DECRETO.decretoArea} error={erroresDecreto.decretoArea} required>
                {(control) => (
                  <input
                    {...control}
                    className="form-control"
                    autoComplete="off"
                    maxLength={LARGOS_DECRETO.area}
                    defaultValue={valoresDecreto.decretoArea ?? ''}
                  />
                )}
              </FormField>
              <button type="submit" name="intent" value="agregar-decreto" className="btn btn-primary">
                Agregar el decreto
              </button>
            </Form>
          </section>

          <section aria-labelledby="borrar-titulo" className="admin__seccion">
            <h2 id="borrar-titulo">Borrar el boletín</h2>
            <p>Borrarlo lo saca de la página pública y del feed; antes te pedimos que lo confirmes.</p>
            <Link to={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
              Borrar el boletín…
            </Link>
          </section>
        </>
      )}
    </>
  );
}

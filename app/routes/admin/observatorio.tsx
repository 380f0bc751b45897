import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { CamposPanel, erroresCampos } from '#app/features/admin/campos-panel.tsx';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { AvisosDePagina } from '#app/features/admin/documentos-panel.tsx';
import { ControlesPublicacion, type ValoresControles, resumenFecha } from '#app/features/admin/publicacion-controles.tsx';
import { guardarSiPendiente } from '#app/features/admin/publicacion.server.ts';
import { CAMPOS_IMAGEN, CampoArchivo, camposDocumento } from '#app/features/admin/observatorio-campos.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { addDocumentoAdmin, addImagenAdmin, getObservatorioAdmin, moveImagenAdmin, savePresentacion } from '#domain/gobierno/observatorio-admin.ts';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import type { Route } from './+types/observatorio';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';

/**
 * The road observatory in the back-office (docs/decisions/021-observatorio-en-el-panel.md),
 * a section of Gobierno for editors and administrators: the presentation and its logo, the
 * gallery (add, reorder; each image's page edits or deletes it) and the two lists of documents
 * (add; each document's page edits, replaces or deletes it). Every form posts without
 * JavaScript; the uploads show their progress with it. Saved: 303 back here with a notice.
 */

const AVISOS = {
  presentacion: 'Guardamos la presentación: /observatorio-vial ya la muestra.',
  imagen: 'Agregamos la imagen al final de la galería: /observatorio-vial ya la muestra.',
  documento: 'Publicamos el documento: /observatorio-vial ya lo muestra.',
  movido: 'Cambiamos el orden de la galería: /observatorio-vial ya lo muestra así.',
  borrado: 'Lo borramos: ya no está en /observatorio-vial, y su enlace viejo explica que fue retirado.',
} as const;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as keyof typeof AVISOS] : null);

const LISTAS = [
  { tipo: 'MOVIMIENTO_TERMINAL', prefijo: 'terminal-', titulo: 'Movimiento de pasajeros de la Terminal', alta: 'Subir un movimiento mensual' },
  { tipo: 'INFORME_ESTADISTICO', prefijo: 'informe-', titulo: 'Informes estadísticos (OSSIVI)', alta: 'Subir un informe anual' },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const o = await getObservatorioAdmin(db);
  return { observatorio: o, limite: limiteSubida(args), aviso: avisoDe(new URL(args.request.url).searchParams.get('aviso')) };
}

type Formulario = 'presentacion' | 'imagen' | 'MOVIMIENTO_TERMINAL' | 'INFORME_ESTADISTICO' | 'general';
type Respuesta = {
  form: Formulario;
  errores: Record<string, string | undefined>;
  valores: Record<string, string | undefined>;
  general: string | null;
  controles?: ValoresControles;
};

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const fallo = (form: Formulario, r: Partial<Respuesta>, status = estadoFormulario(r)) =>
    data<Respuesta>({ form, errores: r.errores ?? {}, valores: r.valores ?? {}, general: r.general ?? null }, { status });
  const listo = (aviso: keyof typeof AVISOS, ancla: string) => redirect(`/admin/observatorio?aviso=${aviso}#${ancla}`, { status: 303 });
  const form = await readFormData(args.request);
  if (!form) return fallo('general', { general: 'No pudimos leer el formulario: volvé a la página del Observatorio y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'presentacion') {
    const p = await guardarSiPendiente(ctx, actor, form, { tipo: 'observatorio-presentacion', entidadId: null, campos: ['texto'], largo: 20_000 });
    if (p) return data<Respuesta>({ form: 'presentacion', ...p.respuesta }, { status: p.status });
    const r = await savePresentacion(ctx, actor, form);
    if (r.tipo === 'guardado') throw listo('presentacion', 'presentacion-titulo');
    return fallo('presentacion', r.tipo === 'invalido' ? r : {});
  }
  if (intent === 'imagen') {
    const r = await addImagenAdmin(ctx, actor, form);
    if (r.tipo === 'guardado') throw listo('imagen', 'galeria-titulo');
    return fallo('imagen', r.tipo === 'invalido' ? r : {});
  }
  if (intent === 'documento') {
    const lista = form.get('tipo') === 'INFORME_ESTADISTICO' ? 'INFORME_ESTADISTICO' : 'MOVIMIENTO_TERMINAL';
    // A draft or a scheduled one (docs/decisions/053-borradores-y-publicacion-programada.md): kept apart until it is published.
    const p = await guardarSiPendiente(ctx, actor, form, { tipo: 'observatorio-documento', entidadId: null, campos: ['tipo', 'mes', 'anio'] });
    if (p) return data<Respuesta>({ form: lista, ...p.respuesta }, { status: p.status });
    const r = await addDocumentoAdmin(ctx, actor, form);
    if (r.tipo === 'guardado') throw listo('documento', `lista-${lista}`);
    return fallo(lista, r.tipo === 'invalido' ? r : {});
  }
  if (intent === 'subir' || intent === 'bajar') {
    const id = parseIdRuta(String(form.get('id') ?? ''));
    if (id !== null && (await moveImagenAdmin(ctx, actor, id, intent))) throw listo('movido', 'galeria-titulo');
    return fallo('general', { general: 'Esa imagen ya no está en la galería: alguien la borró. Revisá la lista.' }, 404);
  }
  return fallo('general', { general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Observatorio({ loaderData, actionData }: Route.ComponentProps) {
  const { observatorio: o, limite, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [respuesta?.general, alerta],
    [respuesta, resumen],
    [aviso, estado],
  ]);
  const de = (form: Formulario) => (respuesta?.form === form ? respuesta : undefined);
  const imagenes = o.imagenes;

  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}Observatorio Vial | Gobierno | ${SITE_NAME}`}</title>
      <p className="migas">
        <a href="/admin/gobierno">Volver a Gobierno</a>
      </p>
      <h1>Observatorio Vial</h1>
      <p className="admin__bajada">
        Lo que muestra <a href="/observatorio-vial">la página del Observatorio Vial</a>: la presentación con su logo, la galería de imágenes y los documentos.
        Un cambio se ve en el sitio al instante.
      </p>
      <AvisosDePagina aviso={respuesta ? null : aviso} general={respuesta?.general ?? null} refEstado={estado} refAlerta={alerta} />
      <p className="admin__acciones">
        <a href="/admin/observatorio/retirados">Imágenes y documentos borrados (se restauran durante 90 días)</a>
      </p>

      <section aria-labelledby="presentacion-titulo" className="admin__seccion">
        <h2 id="presentacion-titulo">Presentación y logo</h2>
        <ErrorSummary
          title="Revisá la presentación"
          errors={[
            ...(de('presentacion')?.errores.texto ? [['texto', 'Presentación', de('presentacion')!.errores.texto!] as [string, string, string]] : []),
            ...(de('presentacion')?.errores.archivo ? [['archivo', 'Logo nuevo', de('presentacion')!.errores.archivo!] as [string, string, string]] : []),
            ...resumenFecha(de('presentacion')?.errores.publicarEn, 'presentacion-'),
          ]}
          ref={de('presentacion') ? resumen : undefined}
        />
        {o.logo ? (
          <p>
            Logo actual: <img src={`/api/v1/documentos/${o.logo.id}`} alt="Logo del Observatorio Vial" width={120} height={75} className="admin__logo" />
          </p>
        ) : (
          <p>Todavía no hay logo.</p>
        )}
        <form
          method="post"
          action="/admin/observatorio"
          encType="multipart/form-data"
          className="admin__formulario"
          noValidate
          aria-labelledby="presentacion-titulo"
          data-subida=""
        >
          <RequiredFieldsNote />
          <FormField
            name="texto"
            label="Presentación"
            required
            error={de('presentacion')?.errores.texto}
            hint="Párrafos en HTML: <p>, <strong>, <em>, listas y enlaces http, https o mailto. Cualquier otra cosa (scripts, estilos, imágenes) se quita al guardar."
          >
            {(control) => <textarea {...control} className="form-control" rows={10} defaultValue={de('presentacion')?.valores.texto ?? o.texto} />}
          </FormField>
          <CampoArchivo nombre="archivo" etiqueta="Logo nuevo (opcional)" error={de('presentacion')?.errores.archivo} limite={limite} imagen reemplazo />
          <ControlesPublicacion valores={de('presentacion')?.controles ?? {}} error={de('presentacion')?.errores.publicarEn} prefijo="presentacion-" />
          <button type="submit" name="intent" value="presentacion" className="btn btn-primary">
            Guardar la presentación
          </button>
        </form>
      </section>

      <section aria-labelledby="galeria-titulo" className="admin__seccion">
        <h2 id="galeria-titulo">Galería de imágenes</h2>
        {imagenes.length > 0 ? (
          <DataTable
            caption="Imágenes de la galería, en el orden de la página pública"
            className="tabla-admin"
            columns={['Imagen', 'Título', 'Texto alternativo', 'Acciones']}
            rows={imagenes}
            rowKey={(i) => i.id}
            cells={(i) => {
              const posicion = imagenes.indexOf(i);
              return [
                <img
                  src={`/api/v1/documentos/${i.documentoId}${i.miniatura ? '?tamano=miniatura' : ''}`}
                  alt=""
                  width={96}
                  height={60}
                  loading="lazy"
                  className="admin__miniatura"
                />,
                <a href={`/admin/observatorio/imagenes/${i.id}`} className="tabla-admin__principal">
                  {i.titulo}
                </a>,
                i.alt,
                <div className="admin__acciones">
                  <a href={`/admin/observatorio/imagenes/${i.id}`} className="btn btn-sm btn-outline-primary">
                    Editar<span className="visually-hidden"> {i.titulo}</span>
                  </a>
                  <Form method="post" action="/admin/observatorio">
                    <input type="hidden" name="id" value={i.id} />
                    <button type="submit" name="intent" value="subir" className="btn btn-sm btn-outline-secondary" disabled={posicion === 0}>
                      Subir<span className="visually-hidden"> {i.titulo}</span>
                    </button>{' '}
                    <button type="submit" name="intent" value="bajar" className="btn btn-sm btn-outline-secondary" disabled={posicion === imagenes.length - 1}>
                      Bajar<span className="visually-hidden"> {i.titulo}</span>
                    </button>
                  </Form>
                  <a href={`/admin/observatorio/imagenes/${i.id}?paso=borrar`} className="btn btn-sm btn-outline-danger">
                    Borrar<span className="visually-hidden"> {i.titulo}</span>
                  </a>
                </div>,
              ];
            }}
          />
        ) : (
          <p>La galería todavía no tiene imágenes: agregá la primera con el formulario de abajo.</p>
        )}
        <h3 id="imagen-alta-titulo">Agregar una imagen</h3>
        <ErrorSummary
          title="Revisá la imagen"
          errors={[
            ...erroresCampos(CAMPOS_IMAGEN, de('imagen')?.errores ?? {}, 'imagen-'),
            ...(de('imagen')?.errores.archivo ? [['imagen-archivo', 'Imagen', de('imagen')!.errores.archivo!] as [string, string, string]] : []),
          ]}
          ref={de('imagen') ? resumen : undefined}
        />
        <form
          method="post"
          action="/admin/observatorio"
          encType="multipart/form-data"
          className="admin__formulario"
          noValidate
          aria-labelledby="imagen-alta-titulo"
          data-subida=""
        >
          <CamposPanel campos={CAMPOS_IMAGEN} valores={de('imagen')?.valores ?? {}} errores={de('imagen')?.errores ?? {}} opciones={{}} prefijo="imagen-" />
          <CampoArchivo nombre="archivo" etiqueta="Imagen" error={de('imagen')?.errores.archivo} limite={limite} imagen prefijo="imagen-" />
          <button type="submit" name="intent" value="imagen" className="btn btn-primary">
            Agregar la imagen
          </button>
        </form>
      </section>

      {LISTAS.map((l) => {
        const docs = o.documentos.filter((d) => d.tipo === l.tipo);
        const r = de(l.tipo);
        const campos = camposDocumento(l.tipo);
        return (
          <section key={l.tipo} aria-labelledby={`lista-${l.tipo}`} className="admin__seccion">
            <h2 id={`lista-${l.tipo}`}>{l.titulo}</h2>
            {docs.length > 0 ? (
              <DataTable
                caption={`${l.titulo}, del más reciente al más antiguo`}
                className="tabla-admin"
                columns={['Documento', 'PDF', 'Acciones']}
                rows={docs}
                rowKey={(d) => d.id}
                cells={(d) => [
                  <a href={`/admin/observatorio/documentos/${d.id}`} className="tabla-admin__principal">
                    {d.titulo}
                  </a>,
                  <a href={`/api/v1/documentos/${d.documentoId}`}>{d.nombreArchivo}</a>,
                  <div className="admin__acciones">
                    <a href={`/admin/observatorio/documentos/${d.id}`} className="btn btn-sm btn-outline-primary">
                      Editar<span className="visually-hidden"> {d.titulo}</span>
                    </a>
                    <a href={`/admin/observatorio/documentos/${d.id}?paso=borrar`} className="btn btn-sm btn-outline-danger">
                      Borrar<span className="visually-hidden"> {d.titulo}</span>
                    </a>
                  </div>,
                ]}
              />
            ) : (
              <p>Todavía no hay documentos en esta lista.</p>
            )}
            <h3 id={`alta-${l.tipo}`}>{l.alta}</h3>
            <ErrorSummary
              title="Revisá el documento"
              errors={[
                ...erroresCampos(campos, r?.errores ?? {}, l.prefijo),
                ...(r?.errores.archivo ? [[`${l.prefijo}archivo`, 'PDF', r.errores.archivo] as [string, string, string]] : []),
                ...resumenFecha(r?.errores.publicarEn, l.prefijo),
              ]}
              ref={r ? resumen : undefined}
            />
            <form
              method="post"
              action="/admin/observatorio"
              encType="multipart/form-data"
              className="admin__formulario"
              noValidate
              aria-labelledby={`alta-${l.tipo}`}
              data-subida=""
            >
              <input type="hidden" name="tipo" value={l.tipo} />
              <CamposPanel campos={campos} valores={r?.valores ?? {}} errores={r?.errores ?? {}} opciones={{}} prefijo={l.prefijo} />
              <CampoArchivo nombre="archivo" etiqueta="PDF" error={r?.errores.archivo} limite={limite} imagen={false} prefijo={l.prefijo} />
              <ControlesPublicacion valores={r?.controles ?? {}} error={r?.errores.publicarEn} prefijo={l.prefijo} />
              <button type="submit" name="intent" value="documento" className="btn btn-primary">
                Subir el PDF
              </button>
            </form>
          </section>
        );
      })}
    </>
  );
}

import { useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { CamposPanel, erroresCampos } from '#app/features/admin/campos-panel.tsx';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { AvisosDePagina, PasoBorrar } from '#app/features/admin/documentos-panel.tsx';
import { CAMPOS_IMAGEN, CampoArchivo, camposDocumento } from '#app/features/admin/observatorio-campos.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import {
  deleteDocumentoAdmin,
  deleteImagenAdmin,
  getDocumentoAdmin,
  getImagenAdmin,
  updateDocumentoAdmin,
  updateImagenAdmin,
} from '#domain/gobierno/observatorio-admin.ts';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import type { Route } from './+types/observatorio-item';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';

/**
 * One gallery image (`/admin/observatorio/imagenes/:id`) or one document
 * (`/admin/observatorio/documentos/:id`) of the road observatory
 * (docs/decisions/021-observatorio-en-el-panel.md): the form that changes it (a new file replaces
 * the old one, whose link then says it was replaced) and the step that deletes it (`?paso=borrar`,
 * a page of its own). Anything else under the address is 404 inside the panel.
 */
const NO_ENCONTRADO = () => data('No encontrado', { status: 404 });

async function leerItem(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = parseIdRuta(args.params.id);
  const { db } = args.context.get(appContext);
  if (id === null) throw NO_ENCONTRADO();
  if (args.params.clase === 'imagenes') {
    const i = await getImagenAdmin(db, id);
    if (!i) throw NO_ENCONTRADO();
    return {
      clase: 'imagenes' as const,
      id,
      titulo: `Imagen «${i.titulo}»`,
      documentoId: i.documentoId,
      nombreArchivo: i.nombreArchivo,
      tipo: null,
      valores: { titulo: i.titulo, descripcion: i.descripcion, alt: i.alt } as Record<string, string | undefined>,
    };
  }
  if (args.params.clase === 'documentos') {
    const d = await getDocumentoAdmin(db, id);
    if (!d) throw NO_ENCONTRADO();
    return {
      clase: 'documentos' as const,
      id,
      titulo: d.titulo,
      documentoId: d.documentoId,
      nombreArchivo: d.nombreArchivo,
      tipo: d.tipo,
      valores: { mes: d.mes === null ? '' : String(d.mes), anio: String(d.anio) } as Record<string, string | undefined>,
    };
  }
  throw NO_ENCONTRADO();
}

const AVISOS = { cambio: 'Guardamos los cambios: /observatorio-vial ya los muestra.' } as const;

export async function loader(args: Route.LoaderArgs) {
  const item = await leerItem(args);
  const params = new URL(args.request.url).searchParams;
  return {
    item,
    limite: limiteSubida(args),
    paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
    aviso: params.get('aviso') === 'cambio' ? AVISOS.cambio : null,
  };
}

type Respuesta = { errores: Record<string, string | undefined>; valores: Record<string, string | undefined>; general: string | null };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const item = await leerItem(args);
  const fallo = (r: Partial<Respuesta>) =>
    data<Respuesta>({ errores: r.errores ?? {}, valores: r.valores ?? {}, general: r.general ?? null }, { status: estadoFormulario(r) });
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la página y envialo de nuevo.' });
  const imagen = item.clase === 'imagenes';
  const intent = form.get('intent');
  if (intent === 'editar') {
    if (!imagen) form.set('tipo', item.tipo!);
    const r = imagen ? await updateImagenAdmin(ctx, actor, item.id, form) : await updateDocumentoAdmin(ctx, actor, item.id, form);
    if (r.tipo === 'guardado') throw redirect(`/admin/observatorio/${item.clase}/${item.id}?aviso=cambio`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo(r);
  }
  if (intent === 'borrar') {
    const r = imagen ? await deleteImagenAdmin(ctx, actor, item.id, form) : await deleteDocumentoAdmin(ctx, actor, item.id, form);
    if (r.tipo === 'borrado') throw redirect('/admin/observatorio?aviso=borrado', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ general: r.mensaje });
  }
  return fallo({ general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function ObservatorioItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, limite, paso, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const errores = respuesta?.errores ?? {};
  const general = respuesta?.general ?? null;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel(
    [
      [general, alerta],
      [respuesta, resumen],
      [aviso, estado],
    ],
    paso,
    pasoTitulo,
  );

  const imagen = item.clase === 'imagenes';
  const campos = imagen ? CAMPOS_IMAGEN : camposDocumento(item.tipo ?? '');
  const campoArchivo = 'archivo';
  const enlace = `/admin/observatorio/${item.clase}/${item.id}`;
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${item.titulo} | Observatorio Vial | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/observatorio">Volver al Observatorio Vial</Link>
      </p>
      <h1>{item.titulo}</h1>
      <AvisosDePagina aviso={respuesta ? null : aviso} general={general} refEstado={estado} refAlerta={alerta} />
      <p>
        Archivo actual: <a href={`/api/v1/documentos/${item.documentoId}`}>{item.nombreArchivo}</a>
      </p>

      {paso === 'borrar' ? (
        <PasoBorrar
          pregunta={`¿Borrar ${imagen ? 'la imagen' : 'el documento'}?`}
          explicacion="Deja de estar en la página del Observatorio Vial. Quien abra el enlace de su archivo leerá que la Municipalidad lo retiró del sitio y cuándo. El borrado queda en la auditoría."
          enlace={enlace}
          boton="Sí, borrar"
          cancelar="Cancelar y volver"
          refTitulo={pasoTitulo}
        />
      ) : (
        <>
          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Cambiar</h2>
            <ErrorSummary
              title="Revisá los datos"
              errors={[
                ...erroresCampos(campos, errores),
                ...(errores[campoArchivo] ? [[campoArchivo, imagen ? 'Imagen nueva' : 'PDF nuevo', errores[campoArchivo]!] as [string, string, string]] : []),
              ]}
              ref={resumen}
            />
            <form
              method="post"
              action={enlace}
              encType="multipart/form-data"
              className="admin__formulario"
              noValidate
              aria-labelledby="editar-titulo"
              data-subida=""
            >
              <CamposPanel campos={campos} valores={respuesta?.valores ?? item.valores} errores={errores} opciones={{}} />
              <CampoArchivo
                nombre={campoArchivo}
                etiqueta={imagen ? 'Imagen nueva (opcional)' : 'PDF nuevo (opcional)'}
                error={errores[campoArchivo]}
                limite={limite}
                imagen={imagen}
                reemplazo
              />
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar los cambios
              </button>
            </form>
          </section>
          <section aria-labelledby="borrar-titulo" className="admin__seccion">
            <h2 id="borrar-titulo">Borrar</h2>
            <p>Borrarlo lo saca de la página pública; antes te pedimos que lo confirmes.</p>
            <Link to={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
              Borrar…
            </Link>
          </section>
        </>
      )}
    </>
  );
}

import { useEffect, useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { AvisosDePagina, DatosDocumento, PasoBorrar } from '#app/features/admin/documentos-panel.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { instante } from '#app/features/mesa/formato.server.ts';
import { CamposBoletin, erroresBoletin } from '#app/features/boletines/campos-boletin.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { SIN_CACHE, requireStaff } from '#app/lib/sesion.server.ts';
import { type RespuestaFormulario, archivoLegible, falloFormulario, leerFormData } from '#app/features/admin/documentos-panel.server.ts';
import { type CampoBoletin, deleteBoletinAdmin, getBoletinAdmin, updateBoletinAdmin } from '#domain/boletines/admin.ts';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import { ROLES_BOLETINES } from '#domain/boletines/campos.ts';
import type { Route } from './+types/boletin';

/**
 * One official bulletin (issue 14), for editors and administrators: its data and PDF, the form
 * that changes them (a new PDF replaces the old one) and the step that deletes it
 * (`?paso=borrar`, a page of its own, so it needs no JavaScript). Each change is audited by the
 * domain and answered 303 with a notice; deleting goes back to the list. An id that does not name
 * a bulletin is 404 inside the panel.
 */
const NO_ENCONTRADO = () => data('Boletín no encontrado', { status: 404, headers: SIN_CACHE });

const AVISOS = {
  alta: 'Publicamos el boletín: ya está en /boletines-oficiales y en el feed de boletines.',
  cambio: 'Guardamos los cambios del boletín: /boletines-oficiales y el feed ya los muestran.',
  'sin-cambios': 'No había nada que cambiar: el boletín quedó como estaba.',
} as const;
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
  await requireStaff(args, ROLES_BOLETINES);
  const b = await leerBoletin(args);
  const params = new URL(args.request.url).searchParams;
  return data(
    {
      boletin: {
        id: b.id,
        titulo: b.titulo,
        usuarioCreacion: b.usuarioCreacion,
        subido: instante(b.fechaCreacion),
        documentoId: b.documento.id,
        archivo: archivoLegible(b.documento),
        valores: { numero: String(b.numero), mes: String(b.mes), anio: String(b.anio) } as Partial<Record<CampoBoletin, string>>,
      },
      limite: limiteSubida(args.context.get(appContext).config),
      paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
      aviso: avisoDe(params.get('aviso')),
    },
    { headers: SIN_CACHE },
  );
}

type Respuesta = RespuestaFormulario<CampoBoletin>;

export async function action(args: Route.ActionArgs) {
  const actor = await requireStaff(args, ROLES_BOLETINES);
  const ctx = args.context.get(appContext);
  const { id } = await leerBoletin(args);
  const fallo = falloFormulario<CampoBoletin>;
  const form = await leerFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la página del boletín y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'editar') {
    const r = await updateBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'guardado') throw redirect(`/admin/boletines/${id}?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303, headers: SIN_CACHE });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ errores: r.errores, valores: r.valores });
  }
  if (intent === 'borrar') {
    const r = await deleteBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'borrado') throw redirect('/admin/boletines?aviso=borrado', { status: 303, headers: SIN_CACHE });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ general: r.mensaje });
  }
  return fallo({ general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Boletin({ loaderData, actionData }: Route.ComponentProps) {
  const { boletin: b, limite, paso, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const errores = respuesta?.errores ?? {};
  const general = respuesta?.general ?? null;
  const hayError = respuesta !== undefined;
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  const montada = useRef(false);
  useEffect(() => {
    if (general) alerta.current?.focus();
    else if (respuesta) resumen.current?.focus();
    else if (aviso) estado.current?.focus();
    else if (paso && montada.current) pasoTitulo.current?.focus();
    montada.current = true;
  }, [respuesta, general, aviso, paso]);

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
            publica={{ href: '/boletines-oficiales', texto: 'Ver la página pública de Boletines Oficiales' }}
          />

          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Cambiar el boletín</h2>
            <ErrorSummary title="Revisá el boletín" errors={erroresBoletin(errores)} ref={resumen} />
            <form
              method="post"
              action={enlace}
              encType="multipart/form-data"
              className="admin__formulario"
              noValidate
              aria-labelledby="editar-titulo"
              data-subida=""
            >
              <RequiredFieldsNote />
              <CamposBoletin errores={errores} valores={respuesta?.valores ?? b.valores} limite={limite} reemplazo />
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar los cambios
              </button>
            </form>
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

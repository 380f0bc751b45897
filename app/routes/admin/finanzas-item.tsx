import { FormularioSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { useRef } from 'react';
import { Link, data, redirect } from 'react-router';
import { AvisosDePagina, DatosDocumento, PasoBorrar } from '#app/features/admin/documentos-panel.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { CamposFinanzas, TEXTOS_FINANZAS, erroresFinanzas } from '#app/features/finanzas/campos-finanzas.tsx';
import { tipoFinanzasDe } from '#app/features/finanzas/tipo.server.ts';
import { instante } from '#app/features/mesa/formato.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { type RespuestaFormulario, archivoLegible, falloFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import { type CampoFinanzas, PERIODOS_SUELDO, deleteFinanzasAdmin, getFinanzasAdmin, updateFinanzasAdmin } from '#domain/finanzas/admin.ts';
import type { Route } from './+types/finanzas-item';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * One accounting statement or salary report, for editors and administrators: its data
 * and PDF, the form that changes them (a new PDF replaces the old one) and the step that deletes it
 * (`?paso=borrar`, a page of its own, so it needs no JavaScript), as a bulletin's page does. An id
 * that names nothing is 404 inside the panel.
 */
const NO_ENCONTRADO = () => data('No encontrado', { status: 404 });

const AVISOS = { alta: 'Lo publicamos: ya está en', cambio: 'Guardamos los cambios: ya se ven en', 'sin-cambios': 'No había nada que cambiar.' } as const;
type Aviso = keyof typeof AVISOS;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? (v as Aviso) : null);

async function leer(args: Route.LoaderArgs | Route.ActionArgs) {
  const tipo = tipoFinanzasDe(args.request);
  const id = parseIdRuta(args.params.id);
  if (id === null) throw NO_ENCONTRADO();
  const item = await getFinanzasAdmin(args.context.get(appContext).db, tipo, id);
  if (!item) throw NO_ENCONTRADO();
  return { tipo, item };
}

export async function loader(args: Route.LoaderArgs) {
  const { tipo, item } = await leer(args);
  const params = new URL(args.request.url).searchParams;
  return {
    tipo,
    periodos: PERIODOS_SUELDO,
    item: {
      id: item.id,
      titulo: item.titulo,
      usuarioCreacion: item.usuarioCreacion,
      subido: instante(item.fechaCreacion),
      documentoId: item.documento.id,
      archivo: archivoLegible(item.documento),
      valores: item.valores,
    },
    limite: limiteSubida(args),
    paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
    aviso: avisoDe(params.get('aviso')),
  };
}

type Respuesta = RespuestaFormulario<CampoFinanzas>;

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const { tipo, item } = await leer(args);
  const enlace = `/admin/${tipo}/${item.id}`;
  const fallo = falloFormulario<CampoFinanzas>;
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la página y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'editar') {
    const r = await updateFinanzasAdmin(ctx, actor, tipo, item.id, form);
    if (r.tipo === 'guardado') throw redirect(`${enlace}?aviso=${r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ errores: r.errores, valores: r.valores });
  }
  if (intent === 'borrar') {
    const r = await deleteFinanzasAdmin(ctx, actor, tipo, item.id, form);
    if (r.tipo === 'borrado') throw redirect(`/admin/${tipo}?aviso=borrado`, { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ general: r.mensaje });
  }
  return fallo({ general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function FinanzasItem({ loaderData, actionData }: Route.ComponentProps) {
  const { tipo, periodos, item, limite, paso, aviso } = loaderData;
  const textos = TEXTOS_FINANZAS[tipo];
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

  const lista = `/admin/${tipo}`;
  const enlace = `${lista}/${item.id}`;
  const textoAviso = aviso === null ? null : aviso === 'sin-cambios' ? AVISOS[aviso] : `${AVISOS[aviso]} ${textos.publica}.`;
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${item.titulo} | ${textos.titulo} | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to={lista}>{`Volver a ${textos.titulo.toLowerCase()}`}</Link>
      </p>
      <h1>{item.titulo}</h1>
      <AvisosDePagina aviso={respuesta ? null : textoAviso} general={general ?? null} refEstado={estado} refAlerta={alerta} />

      {paso === 'borrar' ? (
        <PasoBorrar
          pregunta={`¿Borrar ${textos.el} ${item.titulo}?`}
          explicacion={`Deja de estar en ${textos.paginaPublica}. Quien abra el enlace de su PDF leerá que la Municipalidad lo retiró del sitio y cuándo. El borrado queda en la auditoría.`}
          enlace={enlace}
          boton="Sí, borrar"
          cancelar="Cancelar y volver"
          refTitulo={pasoTitulo}
        />
      ) : (
        <>
          <DatosDocumento
            documentoId={item.documentoId}
            archivo={item.archivo}
            usuarioCreacion={item.usuarioCreacion}
            subido={item.subido}
            publica={{ href: textos.publica, texto: `Ver ${textos.paginaPublica}` }}
          />

          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">Cambiar los datos o el PDF</h2>
            <ErrorSummary title={`Revisá ${textos.el}`} errors={erroresFinanzas(tipo, errores)} ref={resumen} />
            <FormularioSubida action={enlace} etiquetadoPor="editar-titulo">
              <RequiredFieldsNote />
              <CamposFinanzas tipo={tipo} errores={errores} valores={respuesta?.valores ?? item.valores} limite={limite} periodos={periodos} reemplazo />
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar los cambios
              </button>
            </FormularioSubida>
          </section>

          <section aria-labelledby="borrar-titulo" className="admin__seccion">
            <h2 id="borrar-titulo">{`Borrar ${textos.el}`}</h2>
            <p>Borrarlo lo saca de la página pública; antes te pedimos que lo confirmes.</p>
            <Link to={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
              {`Borrar ${textos.el}…`}
            </Link>
          </section>
        </>
      )}
    </>
  );
}

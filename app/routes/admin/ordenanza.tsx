import { useRef } from 'react';
import { Form, Link, data, redirect } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { appContext } from '#app/context.ts';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { FormularioSubida, ProgresoSubida } from '#app/features/admin/subida-con-progreso.tsx';
import { limiteSubida } from '#app/features/boletines/limite.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { MENSAJE_SIN_TEXTO } from '#domain/documentos/subidas.ts';
import { getOrdenanzaAdmin, saveOrdenanza, retirarOrdenanza } from '#domain/ordenanzas/admin.ts';
import { type CampoOrdenanza, ETIQUETAS_ORDENANZA, confirmacionSchema } from '#domain/ordenanzas/admin-schemas.ts';
import { ESTADOS_ORDENANZA } from '#domain/ordenanzas/estados.ts';
import { readForm } from '#domain/shared/form.ts';
import type { Route } from './+types/ordenanza';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { ControlesPublicacion, type ValoresControles } from '#app/features/admin/publicacion-controles.tsx';
import { guardarPendiente, publicarAhora } from '#domain/publicaciones/commands.ts';
import { leerControles } from '#domain/publicaciones/controles.ts';
import { getPendiente } from '#domain/publicaciones/queries.ts';
import { valorFechaYHora } from '#domain/shared/fechas.ts';
import { typedValues } from '#domain/shared/form.ts';

/**
 * One ordinance in the back-office, and the form that adds one (/admin/ordenanzas/nueva):
 * every field the public consultation shows, the ordinance it modifies (número/año, checked
 * against the register), the state, and its PDF (multipart, through the upload pipeline with its
 * progress, docs/decisions/017-subidas.md; its text feeds the public search at once). Withdrawing it is a step of its own (`?paso=retirar`) that works without
 * JavaScript; afterwards its public address answers 410. Each change is audited by the domain.
 */
type Campo = CampoOrdenanza | 'archivo' | 'publicarEn';
const CAMPOS: Campo[] = ['numero', 'anio', 'estado', 'fechaEmision', 'descripcion', 'expediente', 'modifica', 'archivo', 'publicarEn'];
const ETIQUETAS: Record<Campo, string> = { ...ETIQUETAS_ORDENANZA, publicarEn: 'Fecha y hora de publicación' };
const CAMPOS_ORDENANZA = ['numero', 'anio', 'estado', 'fechaEmision', 'descripcion', 'expediente', 'modifica'] as const;

/** The pending publication `?borrador=` (or the form's `borrador`) names, if it is an ordinance's of this one (docs/decisions/053-borradores-y-publicacion-programada.md). */
async function leerBorrador(args: Route.LoaderArgs | Route.ActionArgs, texto: unknown, entidadId: number | null) {
  if (typeof texto !== 'string' || texto === '') return null;
  const id = /^\d{1,9}$/.test(texto) ? Number(texto) : NaN;
  const p = Number.isNaN(id) ? undefined : await getPendiente(args.context.get(appContext).db, actorPanel(args.context), id);
  if (!p || p.tipo !== 'ordenanza' || p.entidadId !== entidadId) throw data('Borrador no encontrado', { status: 404 });
  return p;
}

const NO_ENCONTRADA = () => data('Ordenanza no encontrada', { status: 404 });

const AVISOS = {
  alta: 'Agregamos la ordenanza: ya aparece en la consulta pública.',
  cambio: 'Guardamos los cambios: ya se ven en la consulta pública.',
  'sin-cambios': 'No había nada que cambiar: la ordenanza quedó como estaba.',
} as const;
type Aviso = keyof typeof AVISOS;

async function leerOrdenanza(args: Route.LoaderArgs | Route.ActionArgs) {
  if (args.params.id === undefined) return null;
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : NaN;
  const ordenanza = Number.isNaN(id) ? undefined : await getOrdenanzaAdmin(args.context.get(appContext).db, id);
  if (!ordenanza) throw NO_ENCONTRADA();
  return ordenanza;
}

export async function loader(args: Route.LoaderArgs) {
  const o = await leerOrdenanza(args);
  const params = new URL(args.request.url).searchParams;
  const aviso = params.get('aviso');
  const borrador = await leerBorrador(args, params.get('borrador'), o?.id ?? null);
  return {
    borrador: borrador && {
      id: borrador.id,
      valores: borrador.campos as Partial<Record<CampoOrdenanza, string>>,
      controles: {
        publicacion: borrador.estado === 'programada' ? 'programar' : 'borrador',
        publicarEn: borrador.publicarEn ? valorFechaYHora(borrador.publicarEn) : '',
        borrador: String(borrador.id),
      } as ValoresControles,
      conArchivo: borrador.documentoId !== null,
    },
    ordenanza: o && {
      id: o.id,
      numero: o.numero,
      anio: o.anio,
      estadoEtiqueta: o.estadoEtiqueta,
      documentoId: o.documentoId,
      documentoNombre: o.documentoNombre,
      sinTexto: o.documentoSinTexto ? MENSAJE_SIN_TEXTO : null,
      modificadaPor: o.modificadaPor,
      valores: {
        numero: String(o.numero),
        anio: String(o.anio),
        estado: String(o.estado),
        fechaEmision: o.fechaEmision ?? '',
        descripcion: o.descripcion,
        expediente: o.expediente ?? '',
        modifica: o.modifica ? `${o.modifica.numero}/${o.modifica.anio}` : '',
      } as Partial<Record<CampoOrdenanza, string>>,
    },
    paso: o && params.get('paso') === 'retirar' ? ('retirar' as const) : null,
    limite: limiteSubida(args),
    aviso: aviso !== null && Object.hasOwn(AVISOS, aviso) ? AVISOS[aviso as Aviso] : null,
  };
}

type Respuesta =
  | { formulario: 'guardar'; errores: Partial<Record<Campo, string>>; valores: Partial<Record<CampoOrdenanza, string>>; controles: ValoresControles }
  | { formulario: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const o = await leerOrdenanza(args);
  const fallo = (r: Respuesta, status = estadoFormulario('errores' in r ? r : {})) => data<Respuesta>(r, { status });
  const form = await readFormData(args.request);
  if (!form) return fallo({ formulario: 'general', mensaje: 'No pudimos leer el formulario: volvé a la ordenanza y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'guardar') {
    const controles = typedValues(Object.fromEntries(form.entries()), ['publicacion', 'publicarEn', 'borrador'], 100) as ValoresControles;
    const leido = leerControles(form, ctx.clock.now());
    if (!leido.ok) {
      const valores = typedValues(Object.fromEntries(form.entries()), CAMPOS_ORDENANZA);
      return fallo({ formulario: 'guardar', errores: { publicarEn: leido.error }, valores, controles });
    }
    const borrador = await leerBorrador(args, form.get('borrador'), o?.id ?? null);
    if (leido.controles.modo !== 'ahora' || borrador) {
      // A draft, a scheduled one, or an edited draft published now: kept apart, checked by a dry run of the same command.
      const publicarEn = leido.controles.modo === 'programada' ? leido.controles.publicarEn : null;
      const g = await guardarPendiente(ctx, actor, { tipo: 'ordenanza', entidadId: o?.id ?? null, pendienteId: borrador?.id ?? null, input: form, publicarEn });
      if (g.tipo === 'invalido') return fallo({ formulario: 'guardar', errores: g.errores, valores: g.valores, controles });
      if (g.tipo !== 'guardada') return fallo({ formulario: 'general', mensaje: g.mensaje }, g.tipo === 'prohibido' ? 403 : 404);
      if (leido.controles.modo !== 'ahora') throw redirect(`/admin/publicaciones/${g.id}?aviso=${publicarEn ? 'programada' : 'borrador'}`, { status: 303 });
      const p = await publicarAhora(ctx, actor, g.id);
      if (p.tipo === 'publicado') throw redirect(`/admin/ordenanzas/${p.id}?aviso=${o === null ? 'alta' : 'cambio'}`, { status: 303 });
      throw redirect(`/admin/publicaciones/${g.id}`, { status: 303 });
    }
    const r = await saveOrdenanza(ctx, actor, o?.id ?? null, form);
    if (r.tipo === 'guardado') throw redirect(`/admin/ordenanzas/${r.id}?aviso=${o === null ? 'alta' : r.cambio ? 'cambio' : 'sin-cambios'}`, { status: 303 });
    if (r.tipo === 'invalido') return fallo({ formulario: 'guardar', errores: r.errores, valores: r.valores, controles });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
    return fallo({ formulario: 'general', mensaje: r.mensaje }, 403);
  }
  if (intent === 'retirar' && o) {
    const leido = readForm(confirmacionSchema, form);
    if (!leido.ok) return fallo({ formulario: 'general', mensaje: leido.errores.confirmado ?? 'Confirmá que querés retirar la ordenanza.' });
    const r = await retirarOrdenanza(ctx, actor, o.id);
    if (r.tipo === 'guardado') throw redirect('/admin/ordenanzas?aviso=retirada', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADA();
    return fallo({ formulario: 'general', mensaje: r.tipo === 'prohibido' ? r.mensaje : 'No pudimos retirar la ordenanza.' }, 403);
  }
  return fallo({ formulario: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Ordenanza({ loaderData, actionData }: Route.ComponentProps) {
  const { ordenanza: o, paso, aviso, limite, borrador } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const formulario = respuesta?.formulario === 'guardar' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const errores = formulario?.errores ?? {};
  const valores = formulario?.valores ?? borrador?.valores ?? o?.valores ?? { estado: '1' };
  const controles = formulario?.controles ?? borrador?.controles ?? {};
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [formulario, resumen],
    [general, alerta],
  ]);

  const titulo = o ? `Ordenanza ${o.numero}/${o.anio}` : 'Agregar una ordenanza';
  const enlace = o ? `/admin/ordenanzas/${o.id}` : '/admin/ordenanzas/nueva';
  const accion = borrador ? `${enlace}?borrador=${borrador.id}` : enlace;
  const publica = o ? `/consulta-ordenanzas/${o.anio}/${o.numero}` : null;
  const listaErrores = CAMPOS.filter((c) => errores[c]).map((c) => [c, ETIQUETAS[c], errores[c]!] as [string, string, string]);

  return (
    <>
      <title>{`${formulario || general ? 'Error: ' : ''}${paso ? 'Retirar ' : ''}${titulo} | Ordenanzas | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/ordenanzas">Volver a las ordenanzas</Link>
      </p>
      <h1>{titulo}</h1>
      {borrador ? (
        <p className="aviso">
          {`Estás editando un borrador: lo que guardes no se ve en el sitio hasta que se publique. `}
          <Link to={`/admin/publicaciones/${borrador.id}`}>Ver el borrador</Link>
        </p>
      ) : null}
      <AvisoHecho texto={respuesta ? null : aviso} />
      <AlertaGeneral texto={general} foco={alerta} />

      {o && paso === 'retirar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo">{`¿Retirar la ordenanza ${o.numero}/${o.anio}?`}</h2>
          <p>
            Deja de aparecer en la consulta, el feed y el mapa del sitio. Quien abra su dirección pública o su PDF leerá que fue retirada. La acción queda en la
            auditoría.
          </p>
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="confirmado" value="si" />
            <button type="submit" name="intent" value="retirar" className="btn btn-danger">
              Sí, retirar la ordenanza
            </button>
            <Link to={enlace} className="btn btn-outline-primary">
              Cancelar y volver a la ordenanza
            </Link>
          </Form>
        </section>
      ) : (
        <>
          {o ? (
            <p className="admin__acciones">
              <a href={publica!}>Ver la página pública</a>
              {o.documentoId ? <a href={`/api/v1/documentos/${o.documentoId}`}>{`Descargar el PDF (${o.documentoNombre ?? 'documento'})`}</a> : null}
              <Link to={`${enlace}?paso=retirar`}>Retirar la ordenanza</Link>
            </p>
          ) : null}
          {o?.sinTexto ? <p className="aviso">{o.sinTexto}</p> : null}
          {o && o.modificadaPor.length > 0 ? <p>{`La modifican: ${o.modificadaPor.map((m) => `${m.numero}/${m.anio}`).join(', ')}.`}</p> : null}
          <section aria-labelledby="form-titulo" className="admin__seccion">
            <h2 id="form-titulo">{o ? 'Datos de la ordenanza' : 'Datos de la nueva ordenanza'}</h2>
            <ErrorSummary title="Revisá la ordenanza" errors={listaErrores} ref={resumen} />
            <RequiredFieldsNote />
            <FormularioSubida action={accion} etiquetadoPor="form-titulo">
              <FormField name="numero" label={ETIQUETAS_ORDENANZA.numero} error={errores.numero} required>
                {(c) => <input {...c} className="form-control" inputMode="numeric" defaultValue={valores.numero ?? ''} autoComplete="off" />}
              </FormField>
              <FormField name="anio" label={ETIQUETAS_ORDENANZA.anio} error={errores.anio} required>
                {(c) => <input {...c} className="form-control" inputMode="numeric" defaultValue={valores.anio ?? ''} autoComplete="off" />}
              </FormField>
              <FormField name="estado" label={ETIQUETAS_ORDENANZA.estado} error={errores.estado} required>
                {(c) => (
                  <select {...c} className="form-select" defaultValue={valores.estado ?? '1'}>
                    <option value="">Elegí un estado</option>
                    {ESTADOS_ORDENANZA.map((e) => (
                      <option key={e.codigo} value={e.codigo}>
                        {e.etiqueta}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField name="fechaEmision" label={ETIQUETAS_ORDENANZA.fechaEmision} error={errores.fechaEmision} hint="Vacía si no se conoce.">
                {(c) => <input {...c} type="date" className="form-control" defaultValue={valores.fechaEmision ?? ''} />}
              </FormField>
              <FormField name="descripcion" label={ETIQUETAS_ORDENANZA.descripcion} error={errores.descripcion} required className="campo--completo">
                {(c) => <textarea {...c} className="form-control" rows={3} maxLength={2000} defaultValue={valores.descripcion ?? ''} />}
              </FormField>
              <FormField name="expediente" label={ETIQUETAS_ORDENANZA.expediente} error={errores.expediente}>
                {(c) => <input {...c} className="form-control" maxLength={200} defaultValue={valores.expediente ?? ''} autoComplete="off" />}
              </FormField>
              <FormField
                name="modifica"
                label={ETIQUETAS_ORDENANZA.modifica}
                error={errores.modifica}
                hint="Número/año de la ordenanza que modifica, por ejemplo 250/2021. Vacío si no modifica ninguna."
              >
                {(c) => <input {...c} className="form-control" defaultValue={valores.modifica ?? ''} autoComplete="off" />}
              </FormField>
              <FormField
                name="archivo"
                label={ETIQUETAS_ORDENANZA.archivo}
                error={errores.archivo}
                hint={
                  borrador?.conArchivo
                    ? `El borrador ya tiene un PDF: elegí otro sólo si querés reemplazarlo (hasta ${limite.texto}).`
                    : o?.documentoId
                      ? `Elegí un PDF sólo si querés reemplazar el actual (hasta ${limite.texto}).`
                      : `Un PDF de hasta ${limite.texto}; su texto se usa en la búsqueda.`
                }
                className="campo--completo"
              >
                {(c) => <input {...c} type="file" accept="application/pdf,.pdf" className="form-control" />}
              </FormField>
              <ControlesPublicacion valores={controles} error={errores.publicarEn} />
              <ProgresoSubida maxBytes={limite.maxBytes} mensajeGrande={limite.mensajeGrande} />
              <button type="submit" name="intent" value="guardar" className="btn btn-primary">
                {o ? 'Guardar los cambios' : 'Agregar la ordenanza'}
              </button>
            </FormularioSubida>
          </section>
        </>
      )}
    </>
  );
}

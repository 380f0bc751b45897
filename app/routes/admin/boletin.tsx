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
import { archivoLegible } from '#app/features/admin/documentos-panel.server.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';
import { type CampoBoletin, deleteBoletinAdmin, getBoletinAdmin, updateBoletinAdmin } from '#domain/boletines/admin.ts';
import { addDecretoBoletin, listDecretosDeBoletin, removeDecretoBoletin } from '#domain/boletines/decretos-admin.ts';
import {
  CAMPOS_TEXTOS,
  addOrdenanzaBoletin,
  getTextosBoletin,
  listOrdenanzasDeBoletin,
  moverOrdenanzaBoletin,
  removeOrdenanzaBoletin,
  saveTextosBoletin,
} from '#domain/boletines/contenido-admin.ts';
import { getBoletinVigente } from '#domain/boletines/queries.ts';
import { EditorHtml } from '#app/features/admin/editor-html.tsx';
import { estadoFormulario } from '#app/features/admin/documentos-panel.server.ts';
import { type CampoLinea, ListaDelBoletin } from '#app/features/boletines/lista-del-boletin.tsx';
import { parseIdRuta } from '#domain/documentos/panel.ts';
import { MENSAJE_SIN_TEXTO } from '#domain/documentos/subidas.ts';
import { LARGOS_DECRETO, LARGOS_ORDENANZA } from '#domain/boletines/campos.ts';
import type { Route } from './+types/boletin';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';

/**
 * One official bulletin, for editors and administrators: its data and PDF, the form
 * that changes them (a new PDF replaces the old one) and the step that deletes it
 * (`?paso=borrar`, a page of its own, so it needs no JavaScript). Each change is audited by the
 * domain and answered 303 with a notice; deleting goes back to the list. An id that does not name
 * a bulletin is 404 inside the panel. Below its data, what it publishes
 * (docs/decisions/050-un-solo-boletin.md): its legal text and tenders in the rich-text editor
 * (docs/decisions/022-boletin-vigente-en-el-panel.md), its ordinances, and its decrees
 * (docs/decisions/023-decretos-publicados.md), each list with a button to remove a line and a form to
 * add one, the ordinances with «Subir» and «Bajar» for the order the public page shows; each a plain
 * form, no JavaScript needed. The latest bulletin is the current one.
 */
const NO_ENCONTRADO = () => data('Boletín no encontrado', { status: 404 });

const AVISOS = {
  alta: 'Publicamos el boletín: ya está en /boletines-oficiales y en el feed de boletines.',
  cambio: 'Guardamos los cambios del boletín: /boletines-oficiales y el feed ya los muestran.',
  'sin-cambios': 'No había nada que cambiar: el boletín quedó como estaba.',
  'decreto-alta': 'Agregamos el decreto: el formulario de Solicitud de Decretos ya ofrece este boletín a quien lo pida.',
  'decreto-baja': 'Quitamos el decreto de la lista del boletín.',
  textos: 'Guardamos los textos del boletín.',
  'textos-sin-cambios': 'Los textos no cambiaron: el boletín quedó como estaba.',
  'ordenanza-alta': 'Agregamos la ordenanza al final de la lista del boletín.',
  'ordenanza-baja': 'Quitamos la ordenanza de la lista del boletín.',
  'ordenanza-orden': 'Cambiamos el orden de las ordenanzas: la página pública ya las lista así.',
} as const;

/** The add-an-ordinance form's fields, with their own names on the page (the bulletin's form has a «numero» too). */
const CAMPOS_ORDENANZA = { ordenanzaNumero: 'numero', ordenanzaTitulo: 'titulo', ordenanzaLink: 'link' } as const;
type CampoOrdenanzaPagina = keyof typeof CAMPOS_ORDENANZA;
const CAMPOS_ORDENANZA_PAGINA: CampoLinea<CampoOrdenanzaPagina>[] = [
  { nombre: 'ordenanzaNumero', etiqueta: 'Número de ordenanza', ayuda: 'Por ejemplo 3456/2026.', largo: LARGOS_ORDENANZA.numero },
  { nombre: 'ordenanzaTitulo', etiqueta: 'Título', largo: LARGOS_ORDENANZA.titulo },
  {
    nombre: 'ordenanzaLink',
    etiqueta: 'Enlace',
    ayuda: 'Una dirección que empiece con https:// o http://, o una página de este sitio que empiece con /, por ejemplo /consulta-ordenanzas/2026/3456.',
    largo: LARGOS_ORDENANZA.link,
  },
];

/** The add-a-decree form's fields, with their own names on the page. */
const CAMPOS_DECRETO = { decretoNumero: 'numero', decretoDescripcion: 'descripcion', decretoArea: 'area' } as const;
type CampoDecretoPagina = keyof typeof CAMPOS_DECRETO;
const CAMPOS_DECRETO_PAGINA: CampoLinea<CampoDecretoPagina>[] = [
  {
    nombre: 'decretoNumero',
    etiqueta: 'Número de decreto',
    ayuda: 'Como lo escribe la gente: 123/2026, 123-2026 o «Decreto 123 de 2026».',
    largo: LARGOS_DECRETO.numero,
  },
  { nombre: 'decretoDescripcion', etiqueta: 'Descripción', largo: LARGOS_DECRETO.descripcion },
  { nombre: 'decretoArea', etiqueta: 'Área', largo: LARGOS_DECRETO.area },
];
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
  const { db } = args.context.get(appContext);
  const [decretos, ordenanzas, textos, vigente] = await Promise.all([
    listDecretosDeBoletin(db, b.id),
    listOrdenanzasDeBoletin(db, b.id),
    getTextosBoletin(db, b.id),
    getBoletinVigente(db),
  ]);
  if (!textos) throw NO_ENCONTRADO();
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
    ordenanzas,
    textos,
    vigente: vigente.boletin?.id === b.id,
    limite: limiteSubida(args),
    paso: params.get('paso') === 'borrar' ? ('borrar' as const) : null,
    aviso: avisoDe(params.get('aviso')),
  };
}

/** Which form an answer is for, its errors and what was typed; the texts' form adds the conflict's state. */
type FormPagina = 'boletin' | 'decreto' | 'ordenanza' | 'textos';
type Respuesta = {
  form: FormPagina | null;
  errores: Partial<Record<string, string>>;
  valores: Partial<Record<string, string>>;
  general: string | null;
  conflicto?: { mensaje: string; version: string; actual: Record<string, string> };
};

/** A form not saved: 400 (507 when the disk refused its file, 409 for the texts someone else saved), not stored anywhere. */
const fallo = (r: Partial<Respuesta>, status?: number) =>
  data<Respuesta>(
    {
      form: r.form ?? null,
      errores: r.errores ?? {},
      valores: r.valores ?? {},
      general: r.general ?? null,
      ...(r.conflicto ? { conflicto: r.conflicto } : {}),
    },
    { status: status ?? estadoFormulario(r) },
  );

/** A line form's fields from their page names to the command's, and back. */
const deLaPagina = (form: FormData, campos: Record<string, string>) =>
  Object.fromEntries(Object.entries(campos).map(([pagina, campo]) => [campo, form.get(pagina) ?? undefined]));
const aLaPagina = (campos: Record<string, string>, o: Partial<Record<string, string>>) =>
  Object.fromEntries(Object.entries(campos).flatMap(([pagina, campo]) => (o[campo] === undefined ? [] : [[pagina, o[campo]]])));

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const { id } = await leerBoletin(args);
  const form = await readFormData(args.request);
  if (!form) return fallo({ general: 'No pudimos leer el formulario: volvé a la página del boletín y envialo de nuevo.' });
  const listo = (aviso: Aviso, ancla = '') => redirect(`/admin/boletines/${id}?aviso=${aviso}${ancla}`, { status: 303 });
  const intent = form.get('intent');
  if (intent === 'editar') {
    const r = await updateBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'guardado') throw listo(r.cambio ? 'cambio' : 'sin-cambios');
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ form: 'boletin', errores: r.errores, valores: r.valores });
  }
  if (intent === 'borrar') {
    const r = await deleteBoletinAdmin(ctx, actor, id, form);
    if (r.tipo === 'borrado') throw redirect('/admin/boletines?aviso=borrado', { status: 303 });
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ general: r.mensaje });
  }
  if (intent === 'textos') {
    const r = await saveTextosBoletin(ctx.db, actor, id, form);
    if (r.tipo === 'guardado') throw listo(r.cambio ? 'textos' : 'textos-sin-cambios', '#textos-titulo');
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    if (r.tipo === 'invalido') return fallo({ form: 'textos', errores: r.errores, valores: r.valores });
    return fallo({ form: 'textos', valores: r.valores, general: r.mensaje, conflicto: { mensaje: r.mensaje, version: r.version, actual: r.actual } }, 409);
  }
  if (intent === 'agregar-ordenanza') {
    const r = await addOrdenanzaBoletin(ctx, actor, id, deLaPagina(form, CAMPOS_ORDENANZA));
    if (r.tipo === 'guardado') throw listo('ordenanza-alta', '#ordenanzas-titulo');
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ form: 'ordenanza', errores: aLaPagina(CAMPOS_ORDENANZA, r.errores), valores: aLaPagina(CAMPOS_ORDENANZA, r.valores) });
  }
  if (intent === 'quitar-ordenanza') {
    const ordenanzaId = parseIdRuta(String(form.get('ordenanza') ?? ''));
    const r = ordenanzaId === null ? ({ tipo: 'no_encontrado' } as const) : await removeOrdenanzaBoletin(ctx, actor, id, ordenanzaId);
    if (r.tipo === 'borrado') throw listo('ordenanza-baja', '#ordenanzas-titulo');
    return fallo({ general: 'Esa ordenanza ya no está en la lista del boletín: puede que otra persona la haya quitado.' });
  }
  if (intent === 'subir-ordenanza' || intent === 'bajar-ordenanza') {
    const ordenanzaId = parseIdRuta(String(form.get('ordenanza') ?? ''));
    const hacia = intent === 'subir-ordenanza' ? 'subir' : 'bajar';
    const r = ordenanzaId === null ? ({ tipo: 'no_encontrado' } as const) : await moverOrdenanzaBoletin(ctx, actor, id, ordenanzaId, hacia);
    if (r.tipo !== 'no_encontrado') throw listo('ordenanza-orden', '#ordenanzas-titulo');
    return fallo({ general: 'Esa ordenanza ya no está en la lista del boletín: puede que otra persona la haya quitado.' });
  }
  if (intent === 'agregar-decreto') {
    const r = await addDecretoBoletin(ctx, actor, id, deLaPagina(form, CAMPOS_DECRETO));
    if (r.tipo === 'guardado') throw listo('decreto-alta', '#decretos-titulo');
    if (r.tipo === 'no_encontrado') throw NO_ENCONTRADO();
    return fallo({ form: 'decreto', errores: aLaPagina(CAMPOS_DECRETO, r.errores), valores: aLaPagina(CAMPOS_DECRETO, r.valores) });
  }
  if (intent === 'quitar-decreto') {
    const decretoId = parseIdRuta(String(form.get('decreto') ?? ''));
    const r = decretoId === null ? ({ tipo: 'no_encontrado' } as const) : await removeDecretoBoletin(ctx, actor, id, decretoId);
    if (r.tipo === 'borrado') throw listo('decreto-baja', '#decretos-titulo');
    return fallo({ general: 'Ese decreto ya no está en la lista del boletín: puede que otra persona lo haya quitado.' });
  }
  return fallo({ general: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function Boletin({ loaderData, actionData }: Route.ComponentProps) {
  const { boletin: b, decretos, ordenanzas, textos, vigente, limite, paso, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const de = (form: FormPagina) => (respuesta?.form === form ? respuesta : undefined);
  const enBoletin = de('boletin');
  const enTextos = de('textos');
  const errores = (enBoletin?.errores ?? {}) as Partial<Record<CampoBoletin, string>>;
  const erroresDecreto = (de('decreto')?.errores ?? {}) as Partial<Record<CampoDecretoPagina, string>>;
  const valoresDecreto = (de('decreto')?.valores ?? {}) as Partial<Record<CampoDecretoPagina, string>>;
  const erroresOrdenanza = (de('ordenanza')?.errores ?? {}) as Partial<Record<CampoOrdenanzaPagina, string>>;
  const valoresOrdenanza = (de('ordenanza')?.valores ?? {}) as Partial<Record<CampoOrdenanzaPagina, string>>;
  const general = respuesta?.general ?? null;
  const hayError = respuesta !== undefined;
  const resumen = useRef<HTMLDivElement>(null);
  const resumenDecreto = useRef<HTMLDivElement>(null);
  const resumenOrdenanza = useRef<HTMLDivElement>(null);
  const resumenTextos = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const pasoTitulo = useRef<HTMLHeadingElement>(null);
  useFocoDelPanel(
    [
      [general, alerta],
      [de('decreto'), resumenDecreto],
      [de('ordenanza'), resumenOrdenanza],
      [enTextos, resumenTextos],
      [enBoletin, resumen],
      [aviso, estado],
    ],
    paso,
    pasoTitulo,
  );
  const version = enTextos?.conflicto?.version ?? textos.version;
  const valorTexto = (nombre: 'legales' | 'licitaciones') => enTextos?.valores[nombre] ?? textos[nombre];
  const enlace = `/admin/boletines/${b.id}`;
  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${b.titulo} | Boletines oficiales | ${SITE_NAME}`}</title>
      <p className="migas">
        <Link to="/admin/boletines">Volver a los boletines</Link>
      </p>
      <h1>{b.titulo}</h1>
      {vigente ? (
        <p className="admin__bajada">
          Es el boletín vigente: sus textos, ordenanzas y decretos son los que muestra <a href="/boletines-oficiales">la página de Boletines Oficiales</a> como
          «Boletín Vigente». Un boletín más nuevo (por año, mes y número) lo reemplaza al publicarse.
        </p>
      ) : null}
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
              <CamposBoletin
                errores={errores}
                valores={(enBoletin?.valores as Partial<Record<CampoBoletin, string>> | undefined) ?? b.valores}
                limite={limite}
                reemplazo
              />
              <button type="submit" name="intent" value="editar" className="btn btn-primary">
                Guardar los cambios
              </button>
            </FormularioSubida>
          </section>

          <section aria-labelledby="textos-titulo" className="admin__seccion">
            <h2 id="textos-titulo">Textos legales y licitaciones</h2>
            {enTextos?.conflicto ? (
              <div className="admin__conflicto">
                <h3>Cómo quedaron después del cambio de la otra persona</h3>
                {CAMPOS_TEXTOS.map((c) => (
                  <div key={c.nombre}>
                    <h4>{c.etiqueta}</h4>
                    <pre className="admin__html">{enTextos.conflicto!.actual[c.nombre] || '(vacío)'}</pre>
                  </div>
                ))}
              </div>
            ) : null}
            <ErrorSummary
              title="Revisá los textos"
              errors={CAMPOS_TEXTOS.flatMap((c) =>
                enTextos?.errores[c.nombre] ? [[c.nombre, c.etiqueta, enTextos.errores[c.nombre]!] as [string, string, string]] : [],
              )}
              ref={resumenTextos}
            />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="textos-titulo" key={version}>
              <input type="hidden" name="version" value={version} />
              {CAMPOS_TEXTOS.map((c) => (
                <EditorHtml key={c.nombre} nombre={c.nombre} etiqueta={c.etiqueta} valor={valorTexto(c.nombre)} error={enTextos?.errores[c.nombre]} />
              ))}
              <button type="submit" name="intent" value="textos" className="btn btn-primary">
                Guardar los textos
              </button>
            </Form>
          </section>

          <ListaDelBoletin
            clave="ordenanza"
            titulo="Ordenanzas que publica"
            enlace={enlace}
            caption={`Ordenanzas publicadas en el ${b.titulo}, en el orden de la página pública`}
            columnas={['Número', 'Título', 'Enlace']}
            filas={ordenanzas}
            celdas={(o) => [o.numero, o.titulo, o.link]}
            nombre={(o) => `la ordenanza ${o.numero}`}
            vacio="Todavía no cargaste las ordenanzas de este boletín."
            ordenable
            agregar={{ titulo: 'Agregar una ordenanza', resumen: 'Revisá la ordenanza', boton: 'Agregar la ordenanza' }}
            campos={CAMPOS_ORDENANZA_PAGINA}
            errores={erroresOrdenanza}
            valores={valoresOrdenanza}
            refResumen={resumenOrdenanza}
          />

          <ListaDelBoletin
            clave="decreto"
            titulo="Decretos que publica"
            intro={
              <p>
                Quien pida en Solicitud de Decretos uno de estos decretos ve enseguida que ya está publicado y puede descargar este boletín; la mesa de entradas
                puede responderle con él. La página pública los lista por año y número.
              </p>
            }
            enlace={enlace}
            caption={`Decretos publicados en el ${b.titulo}`}
            columnas={['Decreto', 'Descripción', 'Área']}
            filas={decretos}
            celdas={(d) => [d.decreto, d.descripcion, d.area]}
            nombre={(d) => `el decreto ${d.decreto}`}
            vacio="Todavía no cargaste los decretos de este boletín."
            agregar={{ titulo: 'Agregar un decreto', resumen: 'Revisá el decreto', boton: 'Agregar el decreto' }}
            campos={CAMPOS_DECRETO_PAGINA}
            errores={erroresDecreto}
            valores={valoresDecreto}
            refResumen={resumenDecreto}
          />

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

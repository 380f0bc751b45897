import { useRef } from 'react';
import { Form, data, redirect } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { appContext } from '#app/context.ts';
import { CamposPanel, erroresCampos } from '#app/features/admin/campos-panel.tsx';
import { AvisosDePagina } from '#app/features/admin/documentos-panel.tsx';
import { EditorHtml } from '#app/features/admin/editor-html.tsx';
import { idDeRuta, vistaTipo } from '#app/features/admin/panel.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { CAMPOS_TEXTOS, TIPOS_BOLETIN_VIGENTE, getTextosVigente, saveTextosVigente, tipoBoletinVigente } from '#domain/boletines/vigente-admin.ts';
import { type ItemLista, POR_PAGINA_PANEL, createPanel, listPanel, moverPanel } from '#domain/gobierno/panel.ts';
import type { Db } from '#db/client.ts';
import type { TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import type { Route } from './+types/boletin-vigente';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { readFormData } from '#app/features/admin/formulario.server.ts';

/**
 * The current bulletin in the back-office (docs/decisions/022-boletin-vigente-en-el-panel.md),
 * for editors and administrators: its two texts (legales, licitaciones) in the rich-text editor,
 * or plain HTML without JavaScript, with the version they were opened at (a save over someone
 * else's is 409 and keeps what was typed), and its ordinance and decree lines with the generic
 * panel machinery (add here, «Subir»/«Bajar», each line's page edits or deletes it). Every form
 * posts without JavaScript; saved: 303 back here with a notice.
 */

const AVISOS = {
  textos: 'Guardamos los textos: /boletines-oficiales ya los muestra.',
  'sin-cambios': 'No había nada que cambiar.',
  alta: 'Lo agregamos al final de la lista: /boletines-oficiales ya lo muestra.',
  movido: 'Cambiamos el orden: /boletines-oficiales ya lo muestra así.',
  borrado: 'Lo borramos: /boletines-oficiales ya no lo muestra.',
} as const;
const avisoDe = (v: string | null) => (v !== null && Object.hasOwn(AVISOS, v) ? AVISOS[v as keyof typeof AVISOS] : null);

/** Every line of a list, in the public page's order (a bulletin has few; the panel reads 25 a page). */
async function todas(db: Db, tipo: TipoPanel): Promise<ItemLista[]> {
  const items: ItemLista[] = [];
  for (let pagina = 1; ; pagina++) {
    const r = await listPanel(db, tipo, { pagina });
    items.push(...r.items);
    if (items.length >= r.total || r.items.length < POR_PAGINA_PANEL) return items;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const [textos, listas] = await Promise.all([getTextosVigente(db), Promise.all(TIPOS_BOLETIN_VIGENTE.map((t) => todas(db, t)))]);
  return data({
    textos,
    listas: TIPOS_BOLETIN_VIGENTE.map((t, i) => ({ vista: vistaTipo(t), items: listas[i]! })),
    aviso: avisoDe(new URL(args.request.url).searchParams.get('aviso')),
  });
}

type Respuesta =
  | {
      form: 'textos';
      errores: Record<string, string>;
      valores: Record<string, string>;
      conflicto: { mensaje: string; version: string; actual: Record<string, string> } | null;
    }
  | { form: 'crear'; lista: string; errores: Record<string, string>; valores: Record<string, string> }
  | { form: 'general'; mensaje: string };

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const { db } = args.context.get(appContext);
  const fallo = (r: Respuesta, status = 400) => data<Respuesta>(r, { status });
  const listo = (aviso: keyof typeof AVISOS, ancla: string) => redirect(`/admin/boletin-vigente?aviso=${aviso}#${ancla}`, { status: 303 });
  const form = await readFormData(args.request);
  if (!form) return fallo({ form: 'general', mensaje: 'No pudimos leer el formulario: volvé a la página del boletín vigente y envialo de nuevo.' });
  const intent = form.get('intent');
  if (intent === 'textos') {
    const r = await saveTextosVigente(db, actor, form);
    if (r.tipo === 'guardado') throw listo(r.cambio ? 'textos' : 'sin-cambios', 'textos-titulo');
    if (r.tipo === 'invalido') return fallo({ form: 'textos', errores: r.errores, valores: r.valores, conflicto: null });
    if (r.tipo === 'conflicto')
      return fallo({ form: 'textos', errores: {}, valores: r.valores, conflicto: { mensaje: r.mensaje, version: r.version, actual: r.actual } }, 409);
    return fallo({ form: 'general', mensaje: r.mensaje }, 403);
  }
  const tipo = tipoBoletinVigente(String(form.get('lista') ?? ''));
  if (tipo && intent === 'crear') {
    const r = await createPanel(db, actor, tipo, form);
    if (r.tipo === 'guardado') throw listo('alta', `lista-${tipo.tipo}`);
    if (r.tipo === 'invalido') return fallo({ form: 'crear', lista: tipo.tipo, errores: r.errores, valores: r.valores });
    if (r.tipo === 'prohibido') return fallo({ form: 'general', mensaje: r.mensaje }, 403);
    return fallo({ form: 'general', mensaje: 'No pudimos agregarlo: volvé a intentarlo.' });
  }
  if (tipo && (intent === 'subir' || intent === 'bajar')) {
    const id = idDeRuta(String(form.get('id') ?? ''));
    const r = await moverPanel(db, actor, tipo, id, intent);
    if (r.tipo === 'prohibido') return fallo({ form: 'general', mensaje: r.mensaje }, 403);
    if (r.tipo === 'no_encontrado') return fallo({ form: 'general', mensaje: 'Esa línea ya no existe: puede que otra persona la haya borrado.' }, 404);
    throw listo('movido', `lista-${tipo.tipo}`);
  }
  return fallo({ form: 'general', mensaje: 'No entendimos qué querías hacer: usá los botones de la página.' });
}

export const headers = privateDataHeaders;

export default function BoletinVigenteAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { textos, listas, aviso } = loaderData;
  const respuesta = actionData as Respuesta | undefined;
  const enTextos = respuesta?.form === 'textos' ? respuesta : undefined;
  const enAlta = respuesta?.form === 'crear' ? respuesta : undefined;
  const general = respuesta?.form === 'general' ? respuesta.mensaje : (enTextos?.conflicto?.mensaje ?? null);
  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  useFocoDelPanel([
    [general, alerta],
    [respuesta, resumen],
    [aviso, estado],
  ]);
  const version = enTextos?.conflicto?.version ?? textos.version;
  const valorTexto = (nombre: 'legales' | 'licitaciones') => enTextos?.valores[nombre] ?? textos[nombre];

  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}Boletín vigente | ${SITE_NAME}`}</title>
      <h1>Boletín vigente</h1>
      <p className="admin__bajada">
        Lo que muestra <a href="/boletines-oficiales">la página de Boletines Oficiales</a> del boletín vigente: sus textos legales y de licitaciones, sus
        ordenanzas y sus decretos. Un cambio se ve en el sitio al instante.
      </p>
      <AvisosDePagina aviso={respuesta ? null : aviso} general={general} refEstado={estado} refAlerta={alerta} />

      <section aria-labelledby="textos-titulo" className="admin__seccion">
        <h2 id="textos-titulo">Textos</h2>
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
          ref={enTextos && !enTextos.conflicto ? resumen : undefined}
        />
        <Form method="post" action="/admin/boletin-vigente" className="admin__formulario" noValidate aria-labelledby="textos-titulo" key={version}>
          <input type="hidden" name="version" value={version} />
          {CAMPOS_TEXTOS.map((c) => (
            <EditorHtml key={c.nombre} nombre={c.nombre} etiqueta={c.etiqueta} valor={valorTexto(c.nombre)} error={enTextos?.errores[c.nombre]} />
          ))}
          <button type="submit" name="intent" value="textos" className="btn btn-primary">
            Guardar los textos
          </button>
        </Form>
      </section>

      {listas.map(({ vista, items }) => {
        const base = `/admin/boletin-vigente/${vista.tipo}`;
        const columnas = vista.campos.filter((c) => c.enLista);
        const r = enAlta?.lista === vista.tipo ? enAlta : undefined;
        const prefijo = `${vista.tipo}-`;
        return (
          <section key={vista.tipo} aria-labelledby={`lista-${vista.tipo}`} className="admin__seccion">
            <h2 id={`lista-${vista.tipo}`}>{vista.titulo}</h2>
            <p>{vista.descripcion}</p>
            {items.length > 0 ? (
              <DataTable
                caption={`${vista.titulo}, en el orden de la página pública`}
                className="tabla-admin tabla-admin--ancha"
                columns={[...columnas.map((c) => c.etiqueta), 'Acciones']}
                rows={items}
                rowKey={(i) => i.id}
                cells={(i) => [
                  ...columnas.map((c) =>
                    c.nombre === vista.principal ? (
                      <a href={`${base}/${i.id}`} className="tabla-admin__principal" id={`fila-${vista.tipo}-${i.id}`}>
                        {i.valores[c.nombre]}
                      </a>
                    ) : (
                      i.valores[c.nombre] || '—'
                    ),
                  ),
                  <div className="admin__acciones">
                    <a href={`${base}/${i.id}`} className="btn btn-sm btn-outline-primary">
                      Editar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                    </a>
                    <Form method="post" action="/admin/boletin-vigente">
                      <input type="hidden" name="lista" value={vista.tipo} />
                      <input type="hidden" name="id" value={i.id} />
                      <button type="submit" name="intent" value="subir" className="btn btn-sm btn-outline-secondary" disabled={i.primero}>
                        Subir<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                      </button>{' '}
                      <button type="submit" name="intent" value="bajar" className="btn btn-sm btn-outline-secondary" disabled={i.ultimo}>
                        Bajar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                      </button>
                    </Form>
                    <a href={`${base}/${i.id}?paso=borrar`} className="btn btn-sm btn-outline-danger">
                      Borrar<span className="visually-hidden"> {i.valores[vista.principal]}</span>
                    </a>
                  </div>,
                ]}
              />
            ) : (
              <p>Todavía no hay ninguna: agregá la primera con el formulario de abajo.</p>
            )}
            <h3 id={`alta-${vista.tipo}`}>{`Agregar ${vista.nuevo}`}</h3>
            <ErrorSummary title="Revisá los datos" errors={erroresCampos(vista.campos, r?.errores ?? {}, prefijo)} ref={r ? resumen : undefined} />
            <Form method="post" action="/admin/boletin-vigente" className="admin__formulario" noValidate aria-labelledby={`alta-${vista.tipo}`}>
              <input type="hidden" name="lista" value={vista.tipo} />
              <CamposPanel campos={vista.campos} errores={r?.errores ?? {}} valores={r?.valores ?? {}} opciones={{}} prefijo={prefijo} />
              <button type="submit" name="intent" value="crear" className="btn btn-primary">
                Agregar
              </button>
            </Form>
          </section>
        );
      })}
    </>
  );
}

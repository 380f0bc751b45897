import { useRef } from 'react';
import { Form } from 'react-router';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { SITE_NAME } from '#app/lib/meta.ts';
import { CamposPanel, erroresCampos } from './campos-panel.tsx';
import type { cargarItemPanel, RespuestaItem } from './panel-item.server.ts';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { ControlesPublicacion } from '#app/features/admin/publicacion-controles.tsx';

/**
 * The page of one item of a panel kind (docs/decisions/019-panel-de-gobierno.md): its form, with
 * the version it was opened at in a hidden field (a save over someone else's is 409 and keeps what
 * was typed), and the step that deletes it (`?paso=borrar`, a page of its own, so it needs no
 * JavaScript). Used by the Gobierno kinds and the current bulletin's lines.
 */
type PropsItem = {
  datos: Awaited<ReturnType<typeof cargarItemPanel>>;
  respuesta: RespuestaItem | undefined;
  /** The item's address without its id. */
  base: string;
  volver: { href: string; texto: string };
  encabezado: (nombre: string) => string;
};

export function ItemPanel({ datos, respuesta, base, volver, encabezado }: PropsItem) {
  const { vista, item, opciones, paso, aviso } = datos;
  const editar = respuesta?.formulario === 'editar' ? respuesta : undefined;
  const conflicto = respuesta?.formulario === 'conflicto' ? respuesta : undefined;
  const general = respuesta?.formulario === 'general' ? respuesta.mensaje : null;
  const hayError = respuesta !== undefined;

  const resumen = useRef<HTMLDivElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useFocoDelPanel([
    [editar, resumen],
    [conflicto, alerta],
    [general, alerta],
  ]);

  const nombre = item.valores[vista.principal] || vista.uno;
  const enlace = `${base}/${item.id}`;
  const valores = editar?.valores ?? conflicto?.valores ?? item.valores;
  const version = conflicto?.version ?? item.version;
  const mostrar = (campo: (typeof vista.campos)[number], valor: string) =>
    campo.tipo === 'referencia'
      ? ((opciones[campo.nombre] ?? []).find(([id]) => String(id) === valor)?.[1] ?? '—')
      : campo.tipo === 'opcion'
        ? (campo.opciones?.find(([v]) => v === valor)?.[1] ?? valor)
        : valor || '—';

  return (
    <>
      <title>{`${hayError ? 'Error: ' : ''}${paso === 'borrar' ? 'Borrar ' : ''}${nombre} | ${vista.titulo} | ${SITE_NAME}`}</title>
      <p className="migas">
        <a href={volver.href}>{volver.texto}</a>
      </p>
      <h1>{encabezado(nombre)}</h1>
      <p className="admin__bajada">
        {vista.descripcion} <a href={vista.rutaPublica}>Ver la página pública</a>
      </p>
      <AvisoHecho texto={respuesta ? null : aviso} />
      <AlertaGeneral texto={general ?? conflicto?.mensaje} foco={alerta} />

      {paso === 'borrar' ? (
        <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
          <h2 id="paso-titulo">{`¿Borrar ${nombre}?`}</h2>
          <p>La página pública deja de mostrarlo en cuanto lo borres. El registro de auditoría guarda sus datos.</p>
          {vista.borraTambien ? (
            <p>
              <strong>{`También se borran ${vista.borraTambien}.`}</strong>
            </p>
          ) : null}
          <Form method="post" action={enlace} className="admin__acciones">
            <input type="hidden" name="version" value={item.version} />
            <button type="submit" name="intent" value="borrar" className="btn btn-danger">
              Sí, borrar
            </button>
            <a href={enlace} className="btn btn-outline-primary">
              Cancelar
            </a>
          </Form>
        </section>
      ) : (
        <>
          {conflicto ? (
            <section aria-labelledby="actual-titulo" className="admin__seccion">
              <h2 id="actual-titulo">Cómo quedó después del cambio de la otra persona</h2>
              <dl className="mesa__datos">
                {vista.campos.map((c) => (
                  <div key={c.nombre}>
                    <dt>{c.etiqueta}</dt>
                    <dd>{mostrar(c, conflicto.actual[c.nombre] ?? '')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="editar-titulo" className="admin__seccion">
            <h2 id="editar-titulo">{conflicto ? 'Lo que escribiste' : 'Editar'}</h2>
            <ErrorSummary
              title="Revisá los datos"
              errors={[
                ...erroresCampos(vista.campos, editar?.errores ?? {}),
                ...(editar?.errores.publicarEn ? [['publicarEn', 'Fecha y hora de publicación', editar.errores.publicarEn] as [string, string, string]] : []),
              ]}
              ref={resumen}
            />
            <Form method="post" action={enlace} className="admin__formulario" noValidate aria-labelledby="editar-titulo" key={version}>
              <input type="hidden" name="version" value={version} />
              <CamposPanel campos={vista.campos} errores={editar?.errores ?? {}} valores={valores} opciones={opciones} />
              <ControlesPublicacion valores={editar?.controles ?? {}} error={editar?.errores.publicarEn} />
              <button type="submit" name="intent" value="guardar" className="btn btn-primary">
                Guardar cambios
              </button>
            </Form>
          </section>
          {vista.unico ? null : (
            <section aria-labelledby="borrar-titulo" className="admin__seccion">
              <h2 id="borrar-titulo">Borrar</h2>
              <p>
                <a href={`${enlace}?paso=borrar`} className="btn btn-outline-danger">
                  Borrar<span className="visually-hidden"> {nombre}</span>
                </a>
              </p>
            </section>
          )}
        </>
      )}
    </>
  );
}

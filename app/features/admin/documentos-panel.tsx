import type { Ref } from 'react';
import { Form, Link } from 'react-router';
import { FormField } from '#app/components/ui/form-field.tsx';
import { ProgresoSubida } from '#app/features/admin/subida-con-progreso.tsx';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';

/**
 * The parts every back-office page that publishes documents shares: the official
 * bulletins, the accounting statements and the salary reports. The list's GET form (search, order,
 * and the page only when it is wrong), and the PDF field with the upload's progress
 * (docs/decisions/017-subidas.md).
 */

export type CampoFiltro = 'texto' | 'orden' | 'pagina';
export const ETIQUETAS_FILTRO: Record<CampoFiltro, string> = { texto: 'Buscar', orden: 'Ordenar por', pagina: 'Página' };

/** The error summary's rows of the list's filters. */
export const erroresFiltro = (errores: Partial<Record<CampoFiltro, string>>): [string, string, string][] =>
  (Object.entries(errores) as [CampoFiltro, string][]).map(([c, m]) => [c, ETIQUETAS_FILTRO[c], m]);

/** The address of page `pagina` of a list with its search and order (the default order is left out). */
export function enlaceDeLista(base: string, filtros: { texto?: string | undefined; orden?: string }, ordenPorDefecto: string, pagina: number): string {
  const q = new URLSearchParams();
  if (filtros.texto) q.set('texto', filtros.texto);
  if (filtros.orden && filtros.orden !== ordenPorDefecto) q.set('orden', filtros.orden);
  q.set('pagina', String(pagina));
  return `${base}?${q}`;
}

/** A list's search form: a GET, so the list's address can be shared; works without JavaScript. */
export function FiltrosLista({
  base,
  etiqueta,
  ayuda,
  ordenes,
  errores,
  valores,
}: {
  base: string;
  etiqueta: string;
  ayuda: string;
  ordenes: readonly (readonly [string, string])[];
  errores: Partial<Record<CampoFiltro, string>>;
  valores: Partial<Record<CampoFiltro, string>>;
}) {
  return (
    <Form method="get" action={base} className="admin__filtros" aria-label={etiqueta} noValidate>
      <FormField name="texto" label={ETIQUETAS_FILTRO.texto} error={errores.texto} hint={ayuda}>
        {(control) => <input {...control} type="search" className="form-control" defaultValue={valores.texto ?? ''} maxLength={100} autoComplete="off" />}
      </FormField>
      <FormField name="orden" label={ETIQUETAS_FILTRO.orden} error={errores.orden}>
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.orden ?? ordenes[0]?.[0]}>
            {ordenes.map(([valor, texto]) => (
              <option key={valor} value={valor}>
                {texto}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <PieDeFiltros base={base} pagina={{ etiqueta: ETIQUETAS_FILTRO.pagina, error: errores.pagina, valor: valores.pagina }} />
    </Form>
  );
}

/**
 * The PDF field of an upload form, and the upload's progress. `reemplazo`: the PDF is optional
 * and replaces the current one (its old link then says it was replaced).
 */
export function CampoPdf({
  etiqueta,
  error,
  limite,
  reemplazo = false,
}: {
  etiqueta: string;
  error: string | undefined;
  limite: LimiteSubida;
  reemplazo?: boolean;
}) {
  return (
    <>
      <FormField
        name="archivo"
        label={reemplazo ? 'PDF nuevo (opcional)' : etiqueta}
        error={error}
        required={!reemplazo}
        hint={
          reemplazo
            ? `Elegí un PDF sólo si querés reemplazar el actual; hasta ${limite.texto}. El enlace del PDF anterior dirá que fue reemplazado.`
            : `Un PDF de hasta ${limite.texto}.`
        }
      >
        {(control) => <input {...control} type="file" accept="application/pdf,.pdf" className="form-control" />}
      </FormField>
      <ProgresoSubida maxBytes={limite.maxBytes} mensajeGrande={limite.mensajeGrande} />
    </>
  );
}

/** The notice of what was just done (a status the page focuses) and the form's general error (an alert). */
export function AvisosDePagina({
  aviso,
  general,
  refEstado,
  refAlerta,
}: {
  aviso: string | null;
  general: string | null;
  refEstado: Ref<HTMLParagraphElement>;
  refAlerta: Ref<HTMLDivElement>;
}) {
  return (
    <>
      {aviso ? (
        <p className="aviso aviso--exito" role="status" tabIndex={-1} ref={refEstado}>
          {aviso}
        </p>
      ) : null}
      {general ? (
        <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={refAlerta}>
          {general}
        </div>
      ) : null}
    </>
  );
}

/**
 * The delete's confirmation, a page of its own (`?paso=borrar`), so it needs no JavaScript: the
 * question, what deleting does, the button that confirms and the way back.
 */
export function PasoBorrar({
  pregunta,
  explicacion,
  enlace,
  boton,
  cancelar,
  refTitulo,
}: {
  pregunta: string;
  explicacion: string;
  enlace: string;
  boton: string;
  cancelar: string;
  refTitulo: Ref<HTMLHeadingElement>;
}) {
  return (
    <section aria-labelledby="paso-titulo" className="admin__seccion admin__confirmacion">
      <h2 id="paso-titulo" className="admin__paso-titulo" tabIndex={-1} ref={refTitulo}>
        {pregunta}
      </h2>
      <p>{explicacion}</p>
      <Form method="post" action={enlace} className="admin__acciones">
        <input type="hidden" name="confirmado" value="si" />
        <button type="submit" name="intent" value="borrar" className="btn btn-danger">
          {boton}
        </button>
        <Link to={enlace} className="btn btn-outline-primary">
          {cancelar}
        </Link>
      </Form>
    </section>
  );
}

/** An item's PDF, who uploaded it (when the table keeps it) and when, and a link to the public page. */
export function DatosDocumento({
  documentoId,
  archivo,
  usuarioCreacion,
  subido,
  publica,
  sinTexto = null,
}: {
  documentoId: number;
  archivo: string;
  usuarioCreacion: string | null;
  subido: { iso: string; texto: string };
  publica: { href: string; texto: string };
  /** What to say of a PDF whose text was not read within the extraction budget (domain/documentos/pdf.ts), from the loader. */
  sinTexto?: string | null;
}) {
  return (
    <section aria-labelledby="datos-titulo" className="admin__seccion">
      <h2 id="datos-titulo">Datos</h2>
      {sinTexto ? <p className="aviso">{sinTexto}</p> : null}
      <dl className="mesa__datos">
        <dt>PDF</dt>
        <dd>
          <a href={`/api/v1/documentos/${documentoId}`}>{archivo}</a>
        </dd>
        {usuarioCreacion ? (
          <>
            <dt>Subido por</dt>
            <dd>{usuarioCreacion}</dd>
          </>
        ) : null}
        <dt>Subido el</dt>
        <dd>
          <time dateTime={subido.iso}>{subido.texto}</time>
        </dd>
      </dl>
      <p>
        <a href={publica.href} target="_blank" rel="noopener">
          {publica.texto}
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </p>
    </section>
  );
}

import { useRef } from 'react';
import { Form, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { entradaLegible, listNombres } from '#app/features/auditoria/registro.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { SECCIONES_AUDITORIA } from '#domain/auditoria/acciones.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import { type ErroresFiltros, readFiltrosAuditoria } from '#domain/auditoria/schemas.ts';
import type { Route } from './+types/auditoria';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { PieDeFiltros } from '#app/features/admin/filtros.tsx';

/**
 * The audit log (administrators only), read-only: each entry as a sentence («Ana Gómez cargó la
 * ordenanza 4211/2025 el 28/11/2026 a las 10:14») with its recorded codes and values under
 * «Detalle»; filters by person, section and dates in the URL (a GET form); 50 a page; the same
 * rows as CSV at /admin/auditoria.csv.
 */
const POR_PAGINA = 50;

const ETIQUETAS: Record<keyof ErroresFiltros, string> = { persona: 'Persona', seccion: 'Sección', desde: 'Desde', hasta: 'Hasta', pagina: 'Página' };

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const { url, consulta, errores } = readFiltrosAuditoria(new URL(args.request.url).searchParams, POR_PAGINA);
  const [registro, { personas, nombres }] = await Promise.all([listAuditoria(db, consulta), listNombres(db)]);
  return data(
    {
      filtros: url,
      errores: (Object.keys(ETIQUETAS) as (keyof ErroresFiltros)[]).flatMap((campo) => {
        const mensaje = errores[campo];
        return mensaje ? [[campo, ETIQUETAS[campo], mensaje] as [string, string, string]] : [];
      }),
      total: registro.total,
      items: registro.items.map((e) => entradaLegible(e, nombres)),
      personas,
      secciones: Object.entries(SECCIONES_AUDITORIA),
    },
    { status: Object.keys(errores).length > 0 ? 400 : 200 },
  );
}

export const headers = privateDataHeaders;

/** Values as they were recorded, cut short in the list. */
const corto = (texto: string | null) => (texto === null ? '—' : texto.length > 300 ? `${texto.slice(0, 300)}…` : texto);

export default function Auditoria({ loaderData }: Route.ComponentProps) {
  const { filtros, errores, total, items, personas, secciones } = loaderData;
  const resumen = useRef<HTMLDivElement>(null);
  // Each load brings a new list of errors: searching again with errors moves the focus again.
  useFocoDelPanel([[errores.length > 0 && errores, resumen]]);
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const consulta = (pagina?: number) => {
    const q = new URLSearchParams();
    for (const [clave, valor] of Object.entries(filtros))
      if (valor !== undefined && valor !== '' && clave !== 'pagina' && clave !== 'paginaEscrita') q.set(clave, String(valor));
    if (pagina !== undefined) q.set('pagina', String(pagina));
    return q.toString();
  };
  const enlacePagina = (p: number) => `/admin/auditoria?${consulta(p)}`;
  const csv = consulta();
  const ayuda = (campo: string) => errores.find(([c]) => c === campo)?.[2];
  return (
    <>
      <title>{`${errores.length > 0 ? 'Error: ' : ''}Auditoría | ${SITE_NAME}`}</title>
      <h1>Auditoría</h1>
      <p>Cada cambio en el panel y cada ingreso, con quién, cuándo y los valores antes y después. Nadie puede modificar ni borrar este registro.</p>
      <ErrorSummary title="Revisá los filtros" errors={errores} ref={resumen} />
      <Form method="get" className="admin__filtros" aria-label="Filtros de la auditoría">
        <FormField name="persona" label="Persona" error={ayuda('persona')}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={filtros.persona ?? ''}>
              <option value="">Todas</option>
              {personas.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nombre} ({p.email})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="seccion" label="Sección" error={ayuda('seccion')}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={filtros.seccion ?? ''}>
              <option value="">Todas</option>
              {secciones.map(([id, etiqueta]) => (
                <option key={id} value={id}>
                  {etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {(['desde', 'hasta'] as const).map((campo) => (
          <FormField key={campo} name={campo} label={ETIQUETAS[campo]} error={ayuda(campo)}>
            {(control) => <input {...control} type="date" className="form-control" defaultValue={filtros[campo] ?? ''} />}
          </FormField>
        ))}
        {/* Links into the log by code (a request's history, the sign-ins) keep their filter. */}
        {filtros.accion ? <input type="hidden" name="accion" value={filtros.accion} /> : null}
        {filtros.entidad ? <input type="hidden" name="entidad" value={filtros.entidad} /> : null}
        <PieDeFiltros
          base="/admin/auditoria"
          boton="Filtrar"
          pagina={{ etiqueta: ETIQUETAS.pagina, ...(ayuda('pagina') ? { error: ayuda('pagina')! } : {}), valor: filtros.paginaEscrita ?? '' }}
        />
      </Form>
      <p aria-live="polite">{total === 1 ? '1 registro' : `${total} registros`}</p>
      {total > 0 ? (
        <p>
          <a href={`/admin/auditoria.csv${csv ? `?${csv}` : ''}`} download>
            Descargar estos registros (CSV)
          </a>
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol className="admin__auditoria">
          {items.map((e) => (
            <li key={e.id}>
              <p className="admin__auditoria-cabecera">
                <strong>{e.quien}</strong> {e.que}{' '}
                <time dateTime={e.instante}>
                  el {e.fecha} a las {e.hora}
                </time>
                <span className="campo__ayuda"> · {e.seccion}</span>
              </p>
              <details>
                <summary>Detalle</summary>
                <dl className="admin__auditoria-valores">
                  <dt>Cuenta</dt>
                  <dd>{e.email ? `${e.email}${e.rol ? ` (${e.rol})` : ''}` : 'El sistema'}</dd>
                  <dt>Acción</dt>
                  <dd>
                    <code>{e.accion}</code> sobre <code>{e.entidad}</code>
                    {e.entidadId ? <> {e.entidadId}</> : null}
                  </dd>
                  {e.antes !== null || e.despues !== null ? (
                    <>
                      <dt>Antes</dt>
                      <dd>
                        <code>{corto(e.antes)}</code>
                      </dd>
                      <dt>Después</dt>
                      <dd>
                        <code>{corto(e.despues)}</code>
                      </dd>
                    </>
                  ) : null}
                </dl>
              </details>
            </li>
          ))}
        </ol>
      ) : (
        <p>No hay registros con esos filtros.</p>
      )}
      <Paginas etiqueta="Páginas de la auditoría" pagina={filtros.pagina} paginas={paginas} enlace={enlacePagina} />
    </>
  );
}

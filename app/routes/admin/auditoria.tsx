import { Form, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { Paginas } from '#app/features/admin/paginas.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { listarAuditoria } from '#domain/auditoria/queries.ts';
import { listarPersonas } from '#domain/usuarios/queries.ts';
import { filtrosAuditoriaSchema } from '#domain/usuarios/schemas.ts';
import type { Route } from './+types/auditoria';
import { formatDateTimeSeconds } from '#domain/shared/formato.ts';

/** The audit log (administrators only), read-only: filters by person, action, entity and dates; 50 a page. */
const POR_PAGINA = 50;

/** A date typed as AAAA-MM-DD, as the start of that day in Buenos Aires (UTC-3, no daylight saving). */
const inicioDelDia = (dia: string) => new Date(`${dia}T00:00:00-03:00`);
const DIA_MS = 86_400_000;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const filtros = filtrosAuditoriaSchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const desde = filtros.desde ? inicioDelDia(filtros.desde) : undefined;
  const hasta = filtros.hasta ? new Date(inicioDelDia(filtros.hasta).getTime() + DIA_MS) : undefined;
  const [registro, personas] = await Promise.all([
    listarAuditoria(db, {
      ...(filtros.persona !== undefined ? { usuarioId: filtros.persona } : {}),
      ...(filtros.accion ? { accion: filtros.accion } : {}),
      ...(filtros.entidad ? { entidad: filtros.entidad } : {}),
      ...(desde && !Number.isNaN(desde.getTime()) ? { desde } : {}),
      ...(hasta && !Number.isNaN(hasta.getTime()) ? { hasta } : {}),
      pagina: filtros.pagina,
      porPagina: POR_PAGINA,
    }),
    listarPersonas(db),
  ]);
  return data({
    filtros,
    total: registro.total,
    items: registro.items.map((e) => ({
      id: e.id,
      fecha: e.fecha.toISOString(),
      persona: e.actorEmail ?? 'Sistema',
      rol: e.actorRol,
      accion: e.accion,
      entidad: e.entidad,
      entidadId: e.entidadId,
      antes: e.antes === null ? null : JSON.stringify(e.antes),
      despues: e.despues === null ? null : JSON.stringify(e.despues),
    })),
    personas: personas.map((p) => ({ id: p.id, nombre: `${p.apellido}, ${p.nombre}`.replace(/^, /, ''), email: p.email })),
  });
}

export const headers = privateDataHeaders;

/** Values as they were recorded, cut short in the list. */
const corto = (texto: string | null) => (texto === null ? '—' : texto.length > 300 ? `${texto.slice(0, 300)}…` : texto);

export default function Auditoria({ loaderData }: Route.ComponentProps) {
  const { filtros, total, items, personas } = loaderData;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const enlacePagina = (p: number) => {
    const q = new URLSearchParams();
    for (const [clave, valor] of Object.entries(filtros)) if (valor !== undefined && valor !== '' && clave !== 'pagina') q.set(clave, String(valor));
    q.set('pagina', String(p));
    return `/admin/auditoria?${q}`;
  };
  return (
    <>
      <title>{`Auditoría | ${SITE_NAME}`}</title>
      <h1>Auditoría</h1>
      <p>Cada cambio en el panel y cada ingreso, con quién, cuándo y los valores antes y después. Nadie puede modificar ni borrar este registro.</p>
      <Form method="get" className="admin__filtros" aria-label="Filtros de la auditoría">
        <div className="campo">
          <label htmlFor="persona">Persona</label>
          <select id="persona" name="persona" className="form-select" defaultValue={filtros.persona ?? ''}>
            <option value="">Todas</option>
            {personas.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nombre} ({p.email})
              </option>
            ))}
          </select>
        </div>
        <div className="campo">
          <label htmlFor="accion">Acción</label>
          <input id="accion" name="accion" className="form-control" defaultValue={filtros.accion ?? ''} maxLength={80} aria-describedby="accion-ayuda" />
          <p id="accion-ayuda" className="campo__ayuda">
            Por ejemplo sesion.ingreso, usuario.rol o solicitud.estado.
          </p>
        </div>
        <div className="campo">
          <label htmlFor="entidad">Entidad</label>
          <input id="entidad" name="entidad" className="form-control" defaultValue={filtros.entidad ?? ''} maxLength={80} aria-describedby="entidad-ayuda" />
          <p id="entidad-ayuda" className="campo__ayuda">
            Por ejemplo usuario o solicitud_decreto.
          </p>
        </div>
        <div className="campo">
          <label htmlFor="desde">Desde</label>
          <input id="desde" name="desde" type="date" className="form-control" defaultValue={filtros.desde ?? ''} />
        </div>
        <div className="campo">
          <label htmlFor="hasta">Hasta</label>
          <input id="hasta" name="hasta" type="date" className="form-control" defaultValue={filtros.hasta ?? ''} />
        </div>
        <div className="admin__filtros-acciones">
          <button type="submit" className="btn btn-primary">
            Filtrar
          </button>
          <a href="/admin/auditoria">Quitar filtros</a>
        </div>
      </Form>
      <p aria-live="polite">{total === 1 ? '1 registro' : `${total} registros`}</p>
      {items.length > 0 ? (
        <ol className="admin__auditoria">
          {items.map((e) => (
            <li key={e.id}>
              <p className="admin__auditoria-cabecera">
                <time dateTime={e.fecha}>{formatDateTimeSeconds(new Date(e.fecha))}</time> · <span className="sin-corte">{e.persona}</span>
                {e.rol ? ` (${e.rol})` : ''} · <strong>{e.accion}</strong> · {e.entidad}
                {e.entidadId ? ` ${e.entidadId}` : ''}
              </p>
              {e.antes !== null || e.despues !== null ? (
                <dl className="admin__auditoria-valores">
                  <dt>Antes</dt>
                  <dd>
                    <code>{corto(e.antes)}</code>
                  </dd>
                  <dt>Después</dt>
                  <dd>
                    <code>{corto(e.despues)}</code>
                  </dd>
                </dl>
              ) : null}
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

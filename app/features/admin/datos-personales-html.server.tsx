import { renderToStaticMarkup } from 'react-dom/server';
import { fraseDeAccion, quienHizo } from '#domain/auditoria/frases.ts';
import { etiquetaEstadoCorreo } from '#domain/correo/bandeja.ts';
import type { DatosTitular } from '#domain/decretos/titular.ts';
import { formatDateTime } from '#domain/shared/formato.ts';

/**
 * The personal-data export (law 25.326 art. 14) as a document a clerk can hand to the citizen or
 * print: the same data as the JSON file, in sentences and tables, rendered by React (everything
 * escaped). A file of its own, so its styles are inside it, with a print stylesheet
 * (docs/decisions/052-confirmar-antes-de-escribir.md, "Textos para el personal").
 */

const ESTILOS = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1a1a1a; line-height: 1.5; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 2px solid #1a1a1a; padding-bottom: 0.25rem; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #999; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #eee; }
.texto { white-space: pre-wrap; overflow-wrap: anywhere; }
.nota { color: #444; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  h2 { break-after: avoid; }
  section, tr { break-inside: avoid; }
  th { background: none; }
  a { color: inherit; text-decoration: none; }
}
`;

const fecha = (d: Date | null | undefined) => (d ? formatDateTime(d) : '—');

function Documento({ datos }: { datos: DatosTitular }) {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Datos personales del DNI ${datos.dni} | Municipalidad de Villa La Angostura`}</title>
        <style>{ESTILOS}</style>
      </head>
      <body>
        <h1>Datos personales que guarda la Municipalidad de Villa La Angostura</h1>
        <p>
          Respuesta al derecho de acceso (Ley 25.326 de Protección de los Datos Personales, art. 14) de la persona con DNI <strong>{datos.dni}</strong>,
          preparada el {fecha(datos.generadoEn)}.
        </p>
        <p className="nota">
          Esto es todo lo que el sitio web municipal guarda sobre este DNI: las solicitudes de copias de decretos, su historial, los correos que se le enviaron,
          lo que hizo el personal con cada solicitud y las suscripciones a alertas por correo de las direcciones que dio.
        </p>

        <h2>Solicitudes de copias de decretos</h2>
        {datos.solicitudes.length === 0 ? <p>No hay solicitudes con este DNI.</p> : null}
        {datos.solicitudes.map((s) => (
          <section key={s.codigo}>
            <h3>{`Solicitud ${s.codigo}`}</h3>
            <dl>
              <dt>Recibida</dt>
              <dd>{fecha(s.createdAt)}</dd>
              <dt>Estado</dt>
              <dd>{s.estadoEtiqueta}</dd>
              <dt>Nombre</dt>
              <dd>{s.nombre}</dd>
              <dt>DNI</dt>
              <dd>{s.dni ?? 'Anonimizado'}</dd>
              <dt>Correo electrónico</dt>
              <dd>{s.email ?? 'Anonimizado'}</dd>
              <dt>Decreto pedido</dt>
              <dd>{s.numero}</dd>
              <dt>Ordenanza</dt>
              <dd>{s.ordenanza?.etiqueta ?? 'No indicó ninguna.'}</dd>
              <dt>Aclaraciones</dt>
              <dd className="texto">{s.aclaraciones || 'Sin aclaraciones.'}</dd>
              {s.prorrogadaEn ? (
                <>
                  <dt>Prórroga del plazo</dt>
                  <dd className="texto">{`${fecha(s.prorrogadaEn)}. Motivos: ${s.prorrogaMotivo ?? '—'}`}</dd>
                </>
              ) : null}
              {s.decreto ? (
                <>
                  <dt>Decreto enviado</dt>
                  <dd>{s.decreto.nombreArchivo}</dd>
                </>
              ) : null}
              {s.anonimizadaEn ? (
                <>
                  <dt>Anonimizada</dt>
                  <dd>{fecha(s.anonimizadaEn)}</dd>
                </>
              ) : null}
            </dl>

            <h4>Historial</h4>
            <table>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Mensaje a la persona</th>
                </tr>
              </thead>
              <tbody>
                {s.historial.map((h, i) => (
                  <tr key={i}>
                    <td>{fecha(h.fecha)}</td>
                    <td>{h.estadoEtiqueta}</td>
                    <td className="texto">{h.mensaje ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <h4>Correos que se le enviaron</h4>
            {s.correos.length === 0 ? <p>Ninguno.</p> : null}
            {s.correos.map((c, i) => (
              <dl key={i}>
                <dt>Asunto</dt>
                <dd>{c.asunto}</dd>
                <dt>Para</dt>
                <dd>{c.destinatario}</dd>
                <dt>Escrito</dt>
                <dd>{fecha(c.createdAt)}</dd>
                <dt>Estado</dt>
                <dd>{c.enviadoEn ? `${etiquetaEstadoCorreo(c.estado)} el ${fecha(c.enviadoEn)}` : etiquetaEstadoCorreo(c.estado)}</dd>
                {c.adjuntos.length > 0 ? (
                  <>
                    <dt>Adjuntos</dt>
                    <dd>{c.adjuntos.join(', ')}</dd>
                  </>
                ) : null}
                <dt>Texto</dt>
                <dd className="texto">{c.texto ?? 'No se conserva: el texto de un correo se borra cuando sale.'}</dd>
              </dl>
            ))}

            <h4>Lo que hizo el personal</h4>
            {s.auditoria.length === 0 ? <p>Nada.</p> : null}
            <ul>
              {s.auditoria.map((a, i) => {
                const entrada = { ...a, usuarioId: null, entidad: 'solicitud_decreto', entidadId: s.codigo };
                return <li key={i}>{`${fecha(a.fecha)}: ${quienHizo(entrada, new Map())} ${fraseDeAccion(entrada, new Map())}.`}</li>;
              })}
            </ul>
          </section>
        ))}

        <h2>Alertas por correo</h2>
        {datos.alertas.length === 0 ? <p>No hay suscripciones a alertas de las direcciones de estas solicitudes.</p> : null}
        {datos.alertas.length > 0 ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Dirección</th>
                <th scope="col">Qué avisa</th>
                <th scope="col">Frecuencia</th>
                <th scope="col">Estado</th>
                <th scope="col">Alta</th>
                <th scope="col">Último aviso</th>
                <th scope="col">Baja</th>
              </tr>
            </thead>
            <tbody>
              {datos.alertas.map((a, i) => (
                <tr key={i}>
                  <td>{a.email}</td>
                  <td>{a.tipo}</td>
                  <td>{a.frecuencia}</td>
                  <td>{a.estado}</td>
                  <td>{fecha(a.createdAt)}</td>
                  <td>{fecha(a.ultimoEnvio)}</td>
                  <td>{fecha(a.bajaEn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <p className="nota">Municipalidad de Villa La Angostura.</p>
      </body>
    </html>
  );
}

/** The whole document, ready to download. */
export function documentoDatosPersonales(datos: DatosTitular): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Documento datos={datos} />)}`;
}

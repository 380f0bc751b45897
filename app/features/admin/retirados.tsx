import { useRef } from 'react';
import { Form } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { AlertaGeneral, AvisoHecho } from '#app/features/admin/avisos.tsx';
import { useFocoDelPanel } from '#app/features/admin/foco.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import type { RespuestaRetirados, retiradosLoader } from './retirados.server.ts';

type Datos = Awaited<ReturnType<typeof retiradosLoader>>;

/**
 * The «Retirados» page every section shares (docs/decisions/054-retirados-restaurables.md): what
 * was removed, who removed it and when, the days left, and a «Restaurar» button per item, each a
 * plain form POST that works without JavaScript. After a restore, a notice with a link to the item.
 */
export function PaginaRetirados({ datos, respuesta }: { datos: Datos; respuesta: RespuestaRetirados | undefined }) {
  const { titulo, lista, vacio, dias, restaurado, items } = datos;
  const alerta = useRef<HTMLDivElement>(null);
  const aviso = useRef<HTMLParagraphElement>(null);
  const textoAviso = restaurado && !respuesta ? restaurado : null;
  useFocoDelPanel([
    [respuesta, alerta],
    [textoAviso, aviso],
  ]);
  return (
    <>
      <title>{`${respuesta ? 'Error: ' : ''}${titulo} | ${SITE_NAME}`}</title>
      <p>
        <a href={lista.ruta}>{lista.texto}</a>
      </p>
      <h1>{titulo}</h1>
      <p className="admin__bajada">
        Lo que se retiró o se borró en los últimos {dias} días. Mientras tanto su dirección pública responde que fue retirado y su archivo queda guardado sin
        publicarse. Al restaurarlo vuelve al sitio como estaba, con su archivo. Pasados los {dias} días se borra del todo y ya no se puede restaurar.
      </p>
      <AlertaGeneral texto={respuesta?.mensaje} foco={alerta} />
      <AvisoHecho
        foco={aviso}
        texto={
          textoAviso ? (
            <>
              Restauramos el contenido: ya se ve de nuevo en el sitio. <a href={textoAviso.enlace}>{textoAviso.abrir}</a>
            </>
          ) : null
        }
      />
      {items.length === 0 ? (
        <p>{vacio}</p>
      ) : (
        <DataTable
          caption={`${titulo}: lo más reciente primero`}
          columns={['Qué era', 'Quién lo retiró', 'Cuándo', 'Plazo para restaurar', 'Acción']}
          rows={items}
          rowKey={(i) => i.id}
          cells={(i) => [
            i.titulo,
            i.quien,
            <time key="cuando" dateTime={i.cuandoIso}>
              {i.cuando}
            </time>,
            i.quedan,
            <Form key="restaurar" method="post">
              <input type="hidden" name="clave" value={i.clave} />
              <input type="hidden" name="id" value={i.id} />
              <button type="submit" name="intent" value="restaurar" className="btn btn-sm btn-outline-primary">
                Restaurar<span className="visually-hidden"> «{i.titulo}»</span>
              </button>
            </Form>,
          ]}
        />
      )}
    </>
  );
}

import { stringify } from 'csv-stringify/sync';
import { fechaYHora, fraseDeAccion, quienHizo, seccionDeAccion, type NombresDeUsuarios } from '#domain/auditoria/frases.ts';
import type { EntradaRegistrada } from '#domain/auditoria/queries.ts';
import { celdaSegura } from '#domain/shared/csv.ts';
import type { Db } from '#db/client.ts';
import { listPersonas } from '#domain/usuarios/queries.ts';

/** The staff as the audit page names them: «Ana Gómez», or the e-mail when the name is empty. */
export async function listNombres(db: Db): Promise<{ personas: { id: number; nombre: string; email: string }[]; nombres: NombresDeUsuarios }> {
  const personas = (await listPersonas(db)).map((p) => ({ id: p.id, nombre: `${p.nombre} ${p.apellido}`.trim() || p.email, email: p.email }));
  return { personas, nombres: new Map(personas.map((p) => [p.id, p.nombre])) };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** One entry as the page and the CSV show it: the sentence's parts, and the recorded codes and values. */
export function entradaLegible(e: EntradaRegistrada, nombres: NombresDeUsuarios) {
  const { fecha, hora } = fechaYHora(e.fecha);
  return {
    id: e.id,
    instante: e.fecha.toISOString(),
    fecha,
    hora,
    quien: quienHizo(e, nombres),
    que: fraseDeAccion(e, nombres),
    seccion: seccionDeAccion(e.accion),
    email: e.actorEmail,
    rol: e.actorRol,
    accion: e.accion,
    entidad: e.entidad,
    entidadId: e.entidadId,
    antes: json(e.antes),
    despues: json(e.despues),
  };
}

const ENCABEZADO_CSV = [
  'Fecha',
  'Hora',
  'Persona',
  'Correo electrónico',
  'Rol',
  'Sección',
  'Qué hizo',
  'Código de la acción',
  'Entidad',
  'Identificador',
  'Antes',
  'Después',
];

/** Rows of the export, formulas neutralised (docs/decisions/025-datos-abiertos.md). */
export const filasCsv = (filas: ReturnType<typeof entradaLegible>[], conEncabezado = false): string =>
  stringify(
    [
      ...(conEncabezado ? [ENCABEZADO_CSV] : []),
      ...filas.map((e) =>
        [e.fecha, e.hora, e.quien, e.email ?? '', e.rol ?? '', e.seccion, e.que, e.accion, e.entidad, e.entidadId ?? '', e.antes ?? '', e.despues ?? ''].map(
          celdaSegura,
        ),
      ),
    ],
    { record_delimiter: '\r\n' },
  );

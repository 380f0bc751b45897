import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { boletinesDecretos, boletinesOficiales } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { formatNumeroDecreto, parseNumeroDecreto } from '#domain/shared/numero-decreto.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { z } from '#domain/shared/zod.ts';
import { LARGOS_DECRETO } from './campos.ts';

/**
 * The decrees an official bulletin publishes, in the back-office
 * (docs/decisions/023-decretos-publicados.md): editors and administrators add them (the number as
 * people write it, its description and area) and remove them on the bulletin's page. Each write is
 * audited; the table's content-version trigger refreshes what the decree form offers.
 */

const MENSAJE_NUMERO = 'Escribí el número y el año del decreto, por ejemplo 123/2026 o «Decreto 123 de 2026».';

export const decretoBoletinSchema = z.object({
  numero: z
    .string({ error: MENSAJE_NUMERO })
    .trim()
    .min(1, { error: MENSAJE_NUMERO })
    .max(LARGOS_DECRETO.numero, { error: MENSAJE_NUMERO })
    .transform((v, c) => {
      const leido = parseNumeroDecreto(v);
      if (!leido) c.addIssue({ code: 'custom', message: MENSAJE_NUMERO });
      return leido ?? { numero: 0, anio: 0 };
    }),
  descripcion: z
    .string({ error: 'Escribí de qué trata el decreto.' })
    .trim()
    .min(1, { error: 'Escribí de qué trata el decreto.' })
    .max(LARGOS_DECRETO.descripcion, { error: `Escribí la descripción con hasta ${LARGOS_DECRETO.descripcion} caracteres.` }),
  area: z
    .string({ error: 'Escribí el área que dictó el decreto.' })
    .trim()
    .min(1, { error: 'Escribí el área que dictó el decreto.' })
    .max(LARGOS_DECRETO.area, { error: `Escribí el área con hasta ${LARGOS_DECRETO.area} caracteres.` }),
});
export type CampoDecretoBoletin = keyof z.output<typeof decretoBoletinSchema>;

export type DecretoDeBoletin = { id: number; decreto: string; descripcion: string; area: string };

const PROHIBIDO = 'Sólo un editor o un administrador puede cambiar los decretos que publica un boletín oficial.';

/** The bulletin's decrees, by year and number. */
export async function listDecretosDeBoletin(db: Db, boletinId: number): Promise<DecretoDeBoletin[]> {
  const d = boletinesDecretos;
  const filas = await db
    .select({ id: d.id, numero: d.numero, anio: d.anio, descripcion: d.descripcion, area: d.area })
    .from(d)
    .where(eq(d.boletinId, boletinId))
    .orderBy(asc(d.anio), asc(d.numero));
  return filas.map((f) => ({ id: f.id, decreto: formatNumeroDecreto(f), descripcion: f.descripcion, area: f.area }));
}

type Errores = Partial<Record<CampoDecretoBoletin, string>>;
export type ResultadoDecretoBoletin =
  { tipo: 'guardado'; decreto: string } | { tipo: 'invalido'; errores: Errores; valores: Errores } | { tipo: 'no_encontrado' };

/** Whether the bulletin exists, its row locked until the transaction ends (a delete cannot cross the write). */
async function boletinBloqueado(tx: Db, boletinId: number): Promise<boolean> {
  const [fila] = await tx.select({ id: boletinesOficiales.id }).from(boletinesOficiales).where(eq(boletinesOficiales.id, boletinId)).for('update');
  return fila !== undefined;
}

/** Adds a decree to the bulletin (audited `boletin.decreto_alta`); one the bulletin already lists is refused on the number. */
export async function addDecretoBoletin(ctx: Pick<AppContext, 'db'>, actor: Actor, boletinId: number, input: FormInput): Promise<ResultadoDecretoBoletin> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  const leido = readForm(decretoBoletinSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const { numero, descripcion, area } = leido.datos;
  const decreto = formatNumeroDecreto(numero);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await boletinBloqueado(tx, boletinId))) return { tipo: 'no_encontrado' } as const;
    const nuevo = await tx
      .insert(boletinesDecretos)
      .values({ boletinId, numero: numero.numero, anio: numero.anio, descripcion, area })
      .onConflictDoNothing()
      .returning({ id: boletinesDecretos.id });
    if (nuevo.length === 0) return { tipo: 'invalido', errores: { numero: `Este boletín ya publica el decreto ${decreto}.` }, valores: leido.valores } as const;
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.decreto_alta',
      entidad: 'boletin_oficial',
      entidadId: boletinId,
      despues: { decreto, descripcion, area },
    });
    return { tipo: 'guardado', decreto } as const;
  });
}

/** Removes one of the bulletin's decrees (audited `boletin.decreto_baja`). */
export async function removeDecretoBoletin(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  boletinId: number,
  decretoId: number,
): Promise<{ tipo: 'borrado'; decreto: string } | { tipo: 'no_encontrado' }> {
  if (!puede(actor, 'boletines')) throw new PermisoDenegadoError(PROHIBIDO);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [antes] = await tx
      .delete(boletinesDecretos)
      .where(and(eq(boletinesDecretos.id, decretoId), eq(boletinesDecretos.boletinId, boletinId)))
      .returning();
    if (!antes) return { tipo: 'no_encontrado' } as const;
    const decreto = formatNumeroDecreto(antes);
    await registrarAuditoria(tx, {
      actor,
      accion: 'boletin.decreto_baja',
      entidad: 'boletin_oficial',
      entidadId: boletinId,
      antes: { decreto, descripcion: antes.descripcion, area: antes.area },
    });
    return { tipo: 'borrado', decreto } as const;
  });
}

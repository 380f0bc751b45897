import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { ajustesSeguridad } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { type Actor, ROLES, type Rol } from '#domain/shared/actor.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';

const CLAVE_ROLES_TOTP = 'roles_con_segundo_factor';

const esRol = (valor: unknown): valor is Rol => typeof valor === 'string' && (ROLES as readonly string[]).includes(valor);

/** The roles whose members must sign in with a TOTP code (an administrator's setting; none by default). */
export async function getRolesConSegundoFactor(db: Db): Promise<Rol[]> {
  const [fila] = await db.select({ valor: ajustesSeguridad.valor }).from(ajustesSeguridad).where(eq(ajustesSeguridad.clave, CLAVE_ROLES_TOTP)).limit(1);
  return Array.isArray(fila?.valor) ? ROLES.filter((rol) => (fila.valor as unknown[]).some((v) => esRol(v) && v === rol)) : [];
}

/** Saves which roles must use a second factor (administrators only); recorded in the audit log with the values before and after. */
export async function saveRolesConSegundoFactor(db: Db, actor: Actor, roles: readonly Rol[], direccion?: string | null): Promise<void> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError('Sólo un administrador puede decidir qué roles ingresan con el segundo factor.');
  const nuevos = ROLES.filter((rol) => roles.includes(rol));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const antes = await getRolesConSegundoFactor(t);
    await t
      .insert(ajustesSeguridad)
      .values({ clave: CLAVE_ROLES_TOTP, valor: nuevos })
      .onConflictDoUpdate({ target: ajustesSeguridad.clave, set: { valor: nuevos, updatedAt: new Date() } });
    await registrarAuditoria(t, {
      actor,
      accion: 'ajustes.segundo-factor',
      entidad: 'ajustes_seguridad',
      entidadId: CLAVE_ROLES_TOTP,
      antes: { roles: antes },
      despues: { roles: nuevos },
      direccion: direccion ?? null,
    });
  });
}

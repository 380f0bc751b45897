import type { Db } from '#db/client.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatDateTimeLong } from '#domain/shared/formato.ts';

/**
 * The mail a person gets after each sensitive change to their own account (docs/decisions/035-
 * bloqueo-de-ingreso.md): written to the outbox in the change's transaction, so it goes out
 * exactly when the change is made. Says what changed and when, never a secret.
 */

export type CambioDeCuenta = 'clave' | 'segundo-factor-activado' | 'segundo-factor-desactivado' | 'codigos-recuperacion' | 'token-api';

const QUE_CAMBIO: Record<CambioDeCuenta, string> = {
  clave: 'se cambió la contraseña de tu cuenta (las demás sesiones abiertas se cerraron)',
  'segundo-factor-activado': 'se activó el segundo factor (el código de una aplicación) en tu cuenta',
  'segundo-factor-desactivado': 'se desactivó el segundo factor de tu cuenta',
  'codigos-recuperacion': 'se generaron códigos de recuperación nuevos para tu cuenta (los anteriores ya no sirven)',
  'token-api': 'se creó un token nuevo para usar la API con tu cuenta',
};

/** Writes the notice of `cambio` to the outbox, in the caller's transaction; the caller wakes the mailer after it commits. */
export async function avisarCambioDeCuenta(ctx: Pick<AppContext, 'cipher' | 'clock' | 'url'>, t: Db, actor: Actor, cambio: CambioDeCuenta): Promise<void> {
  const texto = [
    `Hola ${actor.nombre}:`,
    '',
    `El ${formatDateTimeLong(ctx.clock.now())} ${QUE_CAMBIO[cambio]}, en el panel de gestión del sitio de la Municipalidad de Villa La Angostura.`,
    '',
    'Si fuiste vos, no tenés que hacer nada.',
    'Si no fuiste vos, cambiá tu contraseña ahora en «Mi cuenta», cerrá las sesiones que no reconozcas y avisale a un administrador:',
    '',
    ctx.url('/admin/cuenta'),
    '',
    'Municipalidad de Villa La Angostura',
  ];
  await enqueueMail(t, ctx.cipher, [
    {
      destinatario: actor.email,
      asunto: 'Cambio en tu cuenta del panel de la Municipalidad',
      texto: texto.join('\n'),
      referencia: `usuario-${actor.usuarioId}`,
    },
  ]);
}

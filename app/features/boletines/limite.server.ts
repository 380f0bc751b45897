import { SUBIDA_MAX_BYTES, mensajeArchivoGrande, tamanoLegible } from '#domain/documentos/subidas.ts';
import type { AppConfig } from '#domain/shared/context.ts';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';

/** UPLOAD_MAX_BYTES as an upload form shows and checks it (docs/decisions/017-subidas.md). */
export function limiteSubida(config: AppConfig): LimiteSubida {
  const maxBytes = config.subidaMaxBytes ?? SUBIDA_MAX_BYTES;
  return { maxBytes, texto: tamanoLegible(maxBytes), mensajeGrande: mensajeArchivoGrande(maxBytes) };
}

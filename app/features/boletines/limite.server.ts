import { appContext } from '#app/context.ts';
import { type Seccion, seccionDeRuta } from '#app/features/admin/secciones.ts';
import { SUBIDA_MAX_BYTES, mensajeArchivoGrande, tamanoLegible } from '#domain/documentos/subidas.ts';
import type { AppConfig } from '#domain/shared/context.ts';
import type { RouterContextProvider } from 'react-router';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';

/**
 * The largest file a section's upload form takes (docs/decisions/017-subidas.md): the section's
 * own `maxBytes` (app/features/admin/secciones.ts), or UPLOAD_MAX_BYTES; the server's body limit
 * (server/pages.ts) and the form read this same figure and its words.
 */
export function limiteDeSeccion(seccion: Pick<Seccion, 'subidas'> | undefined, config: AppConfig): LimiteSubida {
  const maxBytes = seccion?.subidas?.maxBytes ?? config.subidaMaxBytes ?? SUBIDA_MAX_BYTES;
  return { maxBytes, texto: tamanoLegible(maxBytes), mensajeGrande: seccion?.subidas?.mensajeGrande ?? mensajeArchivoGrande(maxBytes) };
}

/** The upload limit of the page a loader serves, as its form shows and checks it. */
export function limiteSubida({ context, pattern }: { context: Readonly<RouterContextProvider>; pattern: string }): LimiteSubida {
  const { config, secciones } = context.get(appContext);
  return limiteDeSeccion(seccionDeRuta(secciones, pattern), config);
}

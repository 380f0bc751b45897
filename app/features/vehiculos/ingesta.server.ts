import type { AppConfig } from '#domain/shared/context.ts';

/**
 * The port of its own the position ingest may listen on (`INGEST_PORT`, usually 5055, issue 13),
 * for the setup sheet's second address. The ingest part of issue 13 adds it to server/env.ts; until
 * it is in the application's configuration (`config.ingestPort`), it is read here from the
 * environment, defensively: only a whole number from 1 to 65535 counts, anything else is "no port
 * of its own". Once `AppConfig` has it, the fallback to `process.env` goes.
 */
export function puertoDeIngesta(config: AppConfig, entorno: Record<string, string | undefined> = process.env): number | undefined {
  const configurado = (config as AppConfig & { ingestPort?: unknown }).ingestPort;
  if (typeof configurado === 'number') return Number.isInteger(configurado) && configurado > 0 && configurado <= 65_535 ? configurado : undefined;
  const texto = entorno.INGEST_PORT?.trim() ?? '';
  if (!/^\d{1,5}$/.test(texto)) return undefined;
  const puerto = Number(texto);
  return puerto >= 1 && puerto <= 65_535 ? puerto : undefined;
}

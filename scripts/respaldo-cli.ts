// What `npm run respaldo` and `npm run restaurar` share: the Node check and how they end.
import { ConfigError } from '#server/env.ts';
import { RespaldoError } from '#server/respaldo.ts';

export function comprobarNode(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(`Este proyecto necesita Node 24 y se está ejecutando con Node ${process.versions.node}: usá "npm run".`);
    process.exit(1);
  }
}

/** Runs the command; a refusal is one Spanish sentence and exit code 1, never a stack trace. */
export async function terminar(comando: () => Promise<number>): Promise<never> {
  try {
    process.exit(await comando());
  } catch (error) {
    // Ours are one sentence for the operator; another's (a store that does not answer, a disk
    // full) says its message, and its stack only with DEBUG set.
    if (error instanceof RespaldoError || error instanceof ConfigError || (error instanceof Error && !process.env.DEBUG)) console.error(error.message);
    else console.error(error);
    process.exit(1);
  }
}

// How `npm start` runs the server (docs/decisions/034-memoria.md): a child Node process whose C
// allocator and V8 heap are bounded from its first instruction. MALLOC_ARENA_MAX must be in the
// environment before the process starts: glibc reads it once, at the first allocation.

/**
 * V8 flags of the server process when SERVER_V8_FLAGS does not say otherwise: V8's memory-first
 * mode (smaller heap growth, eager collection). It costs CPU on pages the render cache does not
 * hold; a server with memory to spare sets SERVER_V8_FLAGS=--max-semi-space-size=8.
 */
export const DEFAULT_SERVER_V8_FLAGS = '--optimize-for-size';

/** One V8 option as written on a command line: `--name` or `--name=value`. */
const V8_FLAG = /^--[a-z][a-z0-9-]*(=[\w.-]+)?$/;

/** The V8 flags the server runs with: SERVER_V8_FLAGS (space-separated; empty: none) or the default. */
export function serverNodeFlags(env: NodeJS.ProcessEnv): string[] {
  const flags = (env.SERVER_V8_FLAGS ?? DEFAULT_SERVER_V8_FLAGS).split(/\s+/).filter(Boolean);
  const wrong = flags.find((flag) => !V8_FLAG.test(flag));
  if (wrong) throw new Error(`SERVER_V8_FLAGS tiene «${wrong}», que no es una opción de V8 (se escriben como --nombre o --nombre=valor).`);
  return flags;
}

/** The server's environment: the given one, with glibc's malloc arenas bounded unless set already. */
export function serverEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX || '2' };
}

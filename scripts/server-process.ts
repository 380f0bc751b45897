// How `npm start` runs the server (docs/decisions/034-memoria.md): a child Node process whose C
// allocator and V8 young generation are bounded from its first instruction. MALLOC_ARENA_MAX must
// be in the environment before the process starts: glibc reads it once, at the first allocation.

/** V8 flags of the server process: a smaller young generation (semi-space) of the main thread. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/** The server's environment: the given one, with glibc's malloc arenas bounded unless set already. */
export function serverEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX || '2' };
}

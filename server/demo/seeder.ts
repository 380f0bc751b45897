import type { Db } from '#db/client.ts';
import type { Clock, Storage } from '#domain/shared/context.ts';

/** `clock`: what «now» is for content dated from it (the fleet's past positions, a change two days ahead); the system's by default. */
export type SeedContext = { db: Db; storage: Storage; clock?: Clock };
export type Seeder = { nombre: string; run(ctx: SeedContext): Promise<void> };

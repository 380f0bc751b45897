import type { Db } from '#db/client.ts';
import type { Storage } from '#domain/shared/context.ts';

export type SeedContext = { db: Db; storage: Storage };
export type Seeder = { nombre: string; run(ctx: SeedContext): Promise<void> };

import { importarCalles } from '#domain/recoleccion/calles.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import callesDemo from './calles-demo.csv?raw';
import type { Seeder } from './seeder.ts';

/**
 * The demo street index (docs/decisions/056-mi-calle.md): fictitious streets over the four demo zones
 * of ./recoleccion.ts, loaded through the same import staff use (docs/decisions/047-carga-historica.md).
 */
export const seedCalles: Seeder = {
  nombre: 'calles',
  async run({ db }) {
    const r = await importarCalles(db, ACTOR_SISTEMA, new File([callesDemo], 'calles-demo.csv', { type: 'text/csv' }));
    if (r.tipo !== 'importado') throw new Error(`El índice de calles de demostración no se cargó: ${JSON.stringify(r)}`);
  },
};

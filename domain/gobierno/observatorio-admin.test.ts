// The observatory's documents as a historic load (docs/decisions/047-carga-historica.md): the
// system's actor for a record of the past keeps the document's own upload date; any other actor,
// even a person's carrying a date, uploads now. The audit records the real moment either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, documentosObservatorio } from '#db/schema/index.ts';
import { ACTOR_SISTEMA, type Actor, actorHistorico } from '#domain/shared/actor.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { addDocumentoAdmin } from './observatorio-admin.ts';

describe.each(engines)('carga histórica de documentos del Observatorio (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  async function subir(actor: Actor, anio: number) {
    const pdf = await generarPdf({ titulo: `Informe estadístico OSSIVI ${anio}`, parrafos: ['Siniestros registrados: 12.'] });
    const r = await addDocumentoAdmin({ db: database.db, storage }, actor, {
      tipo: 'INFORME_ESTADISTICO',
      mes: '',
      anio: String(anio),
      archivo: new File([pdf.slice()], `informe-${anio}.pdf`, { type: 'application/pdf' }),
    });
    if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
    const [fila] = await database.db.select().from(documentosObservatorio).where(eq(documentosObservatorio.id, r.id));
    const [audit] = await database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'observatorio.documento.alta'), eq(auditoria.entidadId, String(r.id))));
    return { fila: fila!, audit: audit! };
  }

  it('el actor histórico deja su fecha; el sistema y una persona, la de ahora; la auditoría, siempre la real', async () => {
    const antes = Date.now() - 60_000;
    const el = new Date(Date.UTC(2024, 2, 15));
    const historico = await subir(actorHistorico('Lucía Ferreyra', el), 2023);
    expect(historico.fila.fechaCreacion.toISOString()).toBe(el.toISOString());
    expect(historico.audit.fecha.getTime()).toBeGreaterThan(antes);

    expect((await subir(ACTOR_SISTEMA, 2024)).fila.fechaCreacion.getTime()).toBeGreaterThan(antes);
    const persona: Actor = { usuarioId: 7, email: 'editora@villalaangostura.gob.ar', nombre: 'Editora', rol: 'editor', el };
    expect((await subir(persona, 2025)).fila.fechaCreacion.getTime()).toBeGreaterThan(antes);
  });
});

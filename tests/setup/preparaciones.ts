import type { Reporter, TestModule } from 'vitest/node';

type Hook = Parameters<NonNullable<Reporter['onHookStart']>>[0];

/** Setup hooks (beforeAll and afterAll) longer than this are listed after the run. */
export const PREPARACION_LENTA_MS = 10_000;

/**
 * A Vitest reporter that times every beforeAll and afterAll hook and prints, after the run, how
 * many ran, the slowest, and each one over 10 s: a hook near its limit is how a test file flakes on
 * a busy machine (docs/architecture.md, "Tests").
 */
export default class Preparaciones implements Reporter {
  private inicio = new Map<string, number>();
  private duraciones: { nombre: string; ms: number }[] = [];

  private clave(hook: Hook): string {
    return `${hook.name}:${hook.entity.id}`;
  }

  private nombre(hook: Hook): string {
    const entidad = hook.entity;
    const modulo: TestModule = entidad.type === 'module' ? entidad : entidad.module;
    const ruta = modulo.moduleId.replace(`${process.cwd()}/`, '');
    return entidad.type === 'module' ? `${ruta} › ${hook.name}` : `${ruta} › ${entidad.fullName} › ${hook.name}`;
  }

  onHookStart(hook: Hook): void {
    if (hook.name !== 'beforeAll' && hook.name !== 'afterAll') return;
    this.inicio.set(this.clave(hook), performance.now());
  }

  onHookEnd(hook: Hook): void {
    const inicio = this.inicio.get(this.clave(hook));
    if (inicio === undefined) return;
    this.duraciones.push({ nombre: this.nombre(hook), ms: performance.now() - inicio });
  }

  onTestRunEnd(): void {
    if (this.duraciones.length === 0) return;
    const orden = [...this.duraciones].sort((a, b) => b.ms - a.ms);
    const lentas = orden.filter((d) => d.ms > PREPARACION_LENTA_MS);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nPreparaciones (beforeAll/afterAll): ${orden.length}; la más lenta ${s(orden[0]!.ms)} (${orden[0]!.nombre}).`);
    console.log(
      lentas.length === 0
        ? `Ninguna pasó de ${s(PREPARACION_LENTA_MS)}.`
        : `Pasaron de ${s(PREPARACION_LENTA_MS)}:\n${lentas.map((d) => `  ${s(d.ms)}  ${d.nombre}`).join('\n')}`,
    );
  }
}

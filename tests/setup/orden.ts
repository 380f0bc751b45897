import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Which project's files start first: the ones that mostly wait (a spawned server booting, a timer) before the ones that keep a core busy. */
const PRIMERO = ['process', 'http', 'db', 'unit'];

/**
 * Vitest's order (a file that failed last time, then the longest last time, then the largest)
 * within each project, the projects in the order above instead of by name: the process tests'
 * waits overlap the CPU-bound files instead of ending the run alone on one worker.
 */
export class OrdenPorTipo extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rango = (spec: TestSpecification) => {
      const i = PRIMERO.indexOf(spec.project.name);
      return i === -1 ? PRIMERO.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rango(a) - rango(b));
  }
}

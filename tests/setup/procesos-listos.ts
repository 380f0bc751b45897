import fs from 'node:fs';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

/**
 * A Vitest reporter that writes the file named by `VLA_PROCESOS_LISTOS` once every file of the
 * `process` project has ended (at once if the run has none, and at the end of the run whatever
 * happened): `npm test` starts Playwright then, so the tests that time a real server's start, its
 * signals and its backups never share two cores with a browser and the e2e server
 * (docs/decisions/046-tests-por-tipo.md).
 */
export default class ProcesosListos implements Reporter {
  private pendientes = 0;
  private avisado = false;

  private avisar(): void {
    const archivo = process.env.VLA_PROCESOS_LISTOS;
    if (this.avisado || !archivo) return;
    this.avisado = true;
    fs.writeFileSync(archivo, '');
  }

  onTestRunStart(specifications: readonly TestSpecification[]): void {
    this.pendientes = specifications.filter((s) => s.project.name === 'process').length;
    if (this.pendientes === 0) this.avisar();
  }

  onTestModuleEnd(module: TestModule): void {
    if (module.project.name !== 'process') return;
    this.pendientes -= 1;
    if (this.pendientes <= 0) this.avisar();
  }

  onTestRunEnd(): void {
    this.avisar();
  }
}

import { spawnSync } from 'node:child_process';

/** Runs a command to its end; a missing program fails with the Debian package that brings it. */
export function run(command: string, args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  if (result.error) throw new Error(`no se pudo ejecutar ${command} (${result.error.message}): instalalo con apt-get install -y caddy shellcheck systemd`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Caddy's own folders (its internal CA, its certificates) under `folder`, not this machine's. */
export const caddyEnv = (folder: string) => ({ HOME: folder, XDG_DATA_HOME: `${folder}/datos`, XDG_CONFIG_HOME: `${folder}/config` });

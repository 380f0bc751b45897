// Runs once before any Vitest project: the right Node. The database templates are
// tests/setup/global-plantillas.ts, for the projects that use them.
export default function setup(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(`Los tests necesitan Node 24 (se ejecutan con ${process.versions.node}): usá "npm test".`);
  }
}

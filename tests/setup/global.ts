// Runs once before the Vitest suite: the right Node, and a current build for the HTTP tests.
import { build, buildIsCurrent } from '../../scripts/build.ts';

export default async function setup(): Promise<void> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(`Los tests necesitan Node 24 (se ejecutan con ${process.versions.node}): usá "npm test".`);
  }
  if (!buildIsCurrent()) await build();
}

// `npm start`: builds when a source changed since the last build, then serves the site.
import { build, buildIsCurrent } from './build.ts';

if (!buildIsCurrent()) {
  console.log('Compilando el sitio...');
  await build({ quiet: true });
}
await import('#server/index.ts');

import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import type { FragmentoHtml, Fragmentos } from './fragmento.tsx';

/**
 * The header and footer by key (app/lib/fragmento.tsx): a few settings versions times the menus'
 * pages. In development every render is fresh, so a change to their code shows at once.
 */
export const fragmentos: Fragmentos | null = import.meta.env.DEV ? null : recordarFragmentos(200);

/** A fragment's HTML by key, rendered on its first use and remembered, `max` keys at most. */
export function recordarFragmentos(max: number): Fragmentos {
  const recordados = new LRUCache<string, FragmentoHtml>({ max });
  return (clave, contenido) => {
    let fragmento = recordados.get(clave);
    if (fragmento === undefined) {
      fragmento = separarPrecargas(renderToString(contenido()));
      recordados.set(clave, fragmento);
    }
    return fragmento;
  };
}

const PRECARGA_DE_IMAGEN = /^<link rel="preload" as="image" href="([^"&<>]*)"\/>/;

/**
 * React writes the preloads of a fragment's images at its start, where a page rendered whole has
 * them in its head: they are taken out, and the fragment asks for them again (app/lib/fragmento.tsx).
 * Any other resource there would be lost, so it fails loudly instead.
 */
export function separarPrecargas(html: string): FragmentoHtml {
  const imagenes: string[] = [];
  let resto = html;
  for (let m = PRECARGA_DE_IMAGEN.exec(resto); m; m = PRECARGA_DE_IMAGEN.exec(resto)) {
    imagenes.push(m[1]!);
    resto = resto.slice(m[0].length);
  }
  if (resto.startsWith('<link')) throw new Error(`un fragmento empieza con un recurso que no se sabe mover: ${resto.slice(0, 120)}`);
  return { html: resto, imagenes };
}

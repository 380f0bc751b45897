import { type ReactNode, createContext, use } from 'react';
import { preload } from 'react-dom';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from 'react-router';

/**
 * The markup of a subtree by key, rendered once (server only): `app/entry.server.tsx` gives it,
 * remembering each key's HTML. Absent in the browser and in development, where a component
 * renders as usual.
 */
export type Fragmentos = (clave: string, contenido: () => ReactNode) => FragmentoHtml;

/**
 * A fragment's HTML, and the images React would have preloaded from the page's head for it (the
 * header's logo): a fragment rendered apart writes them at its start, so the server takes them
 * out and the page asks for them again where they belong.
 */
export type FragmentoHtml = { html: string; imagenes: string[] };

export const FragmentosContext = createContext<Fragmentos | null>(null);

/**
 * What React Router's links read while they render: the fragment is rendered inside the same
 * contexts, so its HTML is what the page's own render would write (`data-discover`, `aria-current`).
 */
const CONTEXTOS_DEL_ROUTER = [
  UNSAFE_FrameworkContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
] as const;

type Props = {
  /** The element that holds the fragment: its tag and class are the page's, its content is remembered. */
  como: 'header' | 'footer';
  className: string;
  /**
   * Everything the content's HTML depends on besides the code: two renders with one key must write
   * the same HTML (docs/architecture.md, "Fragmentos recordados").
   */
  clave: string;
  children: ReactNode;
};

/**
 * A part of every page that rarely changes (the header with its menus, the footer), rendered by
 * React once per key and then written from memory: it was more than half of each page's elements.
 * The browser hydrates the same HTML against the same components, so nothing changes for it.
 */
export function Fragmento({ como: Etiqueta, className, clave, children }: Props) {
  const fragmentos = use(FragmentosContext);
  const valores = CONTEXTOS_DEL_ROUTER.map((contexto) => use(contexto as React.Context<unknown>));
  if (!fragmentos) return <Etiqueta className={className}>{children}</Etiqueta>;
  const contenido = () =>
    CONTEXTOS_DEL_ROUTER.reduceRight<ReactNode>((hijo, Contexto, i) => {
      const Proveedor = Contexto as React.Context<unknown>;
      return <Proveedor value={valores[i]}>{hijo}</Proveedor>;
    }, children);
  const { html, imagenes } = fragmentos(clave, contenido);
  for (const href of imagenes) preload(href, { as: 'image' });
  return <Etiqueta className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

const claves = new WeakMap<object, string>();

/**
 * A value as part of a fragment's key: its JSON, worked out once per object (the layout's settings
 * are one object for as long as they are kept, domain/sitio/settings.ts).
 */
export function claveDe(valor: object): string {
  let clave = claves.get(valor);
  if (clave === undefined) {
    clave = JSON.stringify(valor);
    claves.set(valor, clave);
  }
  return clave;
}

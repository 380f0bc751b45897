import { createContext, useContext } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';

/**
 * The response's CSP nonce for the page's own inline scripts, set by `app/entry.server.tsx`
 * (React Router keeps its copy to itself). Only the server render has it.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** `code` as a JavaScript string literal that cannot close the script element it is written in. */
export function scriptString(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}

/**
 * A few lines of JavaScript written into the page, with the response's nonce (the CSP allows no
 * other inline script, docs/decisions/006-cabeceras-de-seguridad.md). For pages that load no script
 * files: they run as the HTML is parsed. Rendered only by the server; a page React renders in the
 * browser does the same work in an effect, since a script element React inserts never runs.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = useContext(NonceContext);
  const hydrated = useHydrated();
  if (hydrated) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

import type { UIMatch } from 'react-router';

/**
 * A route's `handle`. `javascript: false` marks a page whose content works without any script:
 * it is sent without React Router's scripts and module preloads and never hydrates
 * (docs/architecture.md, "JavaScript sólo donde hace falta").
 */
export type PageHandle = { javascript?: boolean };

/** The handle of a page that loads no JavaScript. */
export const withoutJavaScript = { javascript: false } as const satisfies PageHandle;

/** Whether the page these routes render needs React Router's scripts: yes, unless a route says no. */
export function needsJavaScript(matches: readonly UIMatch[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.javascript === false);
}

/** The console line support staff ask for (the original site prints its version there). */
export function versionLine(): string {
  const { version, build, date } = __BUILD_INFO__;
  return `Municipalidad de Villa La Angostura ${version} (build ${build}, ${date})`;
}

import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Municipalidad de Villa La Angostura';

/** '<page> | Municipalidad de Villa La Angostura', and the page's description. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | ${SITE_NAME}` }, { name: 'description', content: description }];
}

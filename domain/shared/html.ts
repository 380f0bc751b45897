import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for staff-written HTML (bulletin legal text and tenders, the observatory's
 * text). Applied when it is stored and again when a page renders it, so a row written by an older
 * version or straight into the database cannot carry a script either: no script or style element,
 * no event handler or style attribute, and links only to http(s), mailto, tel or this site.
 */
const opciones: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'hr',
    'span',
    'abbr',
  ],
  allowedAttributes: { a: ['href', 'title'], abbr: ['title'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Headings inside staff text start at h2: the page has its own h1.
  transformTags: { h1: 'h2' },
};

export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, opciones).trim();
}

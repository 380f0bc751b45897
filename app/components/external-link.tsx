import type { KeyboardEvent, ReactNode } from 'react';
import { ExternalIcon } from './icons.tsx';

export const NEW_TAB_NOTICE = '(se abre en una pestaña nueva)';

type ExternalLinkProps = {
  href: string;
  children: ReactNode;
  className?: string;
  /** Show the small arrow icon after the text (default); icon-only links hide it. */
  icon?: boolean;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
};

/**
 * A link to another site: opens in a new tab without giving it access to this page, and tells
 * screen-reader users so (WCAG 3.2.5 advice: warn before opening new windows).
 */
export function ExternalLink({ href, children, className, icon = true, onClick, onKeyDown }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
      {icon ? <ExternalIcon className="icono-externo" /> : null}
      <span className="visually-hidden"> {NEW_TAB_NOTICE}</span>
    </a>
  );
}

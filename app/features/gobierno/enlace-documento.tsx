import type { ReactNode } from 'react';
import { NEW_TAB_NOTICE } from '#app/components/external-link.tsx';
import { fileFormatName } from '#app/lib/format.ts';
import { formatFileSize } from '#domain/shared/formato.ts';
import { urlDocumento } from '#app/features/ordenanzas/enlaces.ts';

export type DocumentoEnlazado = { id: number; tamano: number; tipoContenido: string };

/** A download link labelled with its name, format and size; it opens in a new tab, and says so. */
export function EnlaceDocumento({ documento, children, className }: { documento: DocumentoEnlazado; children: ReactNode; className?: string }) {
  return (
    <a href={urlDocumento(documento.id)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="documento__formato">
        {' '}
        ({fileFormatName(documento.tipoContenido)}, {formatFileSize(documento.tamano)})
      </span>
      <span className="visually-hidden"> {NEW_TAB_NOTICE}</span>
    </a>
  );
}

import type { ReactNode } from 'react';

export type Section<T> = { ok: true; datos: T } | { ok: false };

/** The section's content, or a Spanish notice when its data could not be loaded. */
export function SectionContent<T>({ seccion, que, children }: { seccion: Section<T>; que: string; children: (datos: T) => ReactNode }) {
  if (!seccion.ok) {
    return (
      <p className="aviso aviso--error" role="alert">
        {`No pudimos cargar ${que} por un problema nuestro. Probá de nuevo en unos minutos.`}
      </p>
    );
  }
  return <>{children(seccion.datos)}</>;
}

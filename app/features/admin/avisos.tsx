import type { ReactNode, RefObject } from 'react';

/**
 * What a back-office page says after a change: the saved notice (a status the screen reader reads,
 * focusable when the page moves the focus to it), and the alert of a change that could not be made.
 */
export function AvisoHecho({ texto, foco }: { texto: ReactNode; foco?: RefObject<HTMLParagraphElement | null> }) {
  if (!texto) return null;
  return foco ? (
    <p className="aviso aviso--exito" role="status" tabIndex={-1} ref={foco}>
      {texto}
    </p>
  ) : (
    <p className="aviso aviso--exito" role="status">
      {texto}
    </p>
  );
}

export function AlertaGeneral({ texto, foco }: { texto: ReactNode; foco: RefObject<HTMLDivElement | null> }) {
  if (!texto) return null;
  return (
    <div className="aviso aviso--error" role="alert" tabIndex={-1} ref={foco}>
      {texto}
    </div>
  );
}

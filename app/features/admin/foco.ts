import { type RefObject, useEffect, useRef } from 'react';

type Destino = readonly [motivo: unknown, ref: RefObject<HTMLElement | null>];

/**
 * Where the focus goes when a back-office page answers: to the first target whose reason is
 * present (an error summary, an alert, a saved notice), in the order given; otherwise to an open
 * step's heading, but only when the step was opened from inside the page: a whole document's load
 * leaves the focus where the browser put it (hydration may come after the first keys). A page
 * without steps leaves out `paso` and `pasoTitulo`.
 *
 * The reasons are the effect's dependencies: a new answer moves the focus again, a re-render does
 * not. A reason that should move it on every answer, even one with the same message as the last,
 * is the answer itself (`general && respuesta`), not its text.
 */
export function useFocoDelPanel(destinos: readonly Destino[], paso?: unknown, pasoTitulo?: RefObject<HTMLElement | null>): void {
  const montada = useRef(false);
  const motivos = destinos.map(([motivo]) => motivo);
  useEffect(() => {
    const destino = destinos.find(([motivo]) => motivo);
    if (destino) destino[1].current?.focus();
    else if (paso && montada.current) pasoTitulo?.current?.focus();
    montada.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...motivos, paso]);
}

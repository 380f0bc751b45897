import { useEffect, useRef, useState } from 'react';
import type { DecretoPublicado } from '#domain/decretos/publicados.ts';

/** What the offer shows: its words and the link to the bulletin's document. */
export type OfertaDecreto = Pick<DecretoPublicado, 'decreto' | 'descripcion' | 'area' | 'boletinTexto' | 'enlace'>;

export const ofertaDe = (d: DecretoPublicado | undefined): OfertaDecreto | null =>
  d ? { decreto: d.decreto, descripcion: d.descripcion, area: d.area, boletinTexto: d.boletinTexto, enlace: d.enlace } : null;

/** Text worth asking about: a number and a year (domain/shared/numero-decreto.ts reads it on the server). */
const conAnio = (valor: string) => /\d\D+\d\d/.test(valor);

/** Wait after the last key before asking (a number is typed in a few keys). */
const ESPERA_MS = 300;

type Props = {
  /** What the citizen has typed in «Número de Decreto» since the page's last answer; undefined: nothing yet. */
  texto: string | undefined;
  /** The server's offer for the number last submitted (without JavaScript, the only one). */
  inicial: OfertaDecreto | null;
};

/**
 * The decree already published (docs/decisions/023-decretos-publicados.md): while the
 * citizen types the decree's number, a polite live region says when an official bulletin published
 * it and links the bulletin's document. The request can still be sent. Without JavaScript the
 * server fills the same region after submitting (`inicial`). A late answer never replaces a newer
 * one: each question aborts the one before.
 */
export function AvisoDecretoPublicado({ texto, inicial }: Props) {
  const [encontrado, setEncontrado] = useState<{ para: string; oferta: OfertaDecreto | null } | undefined>();
  const controlador = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    controlador.current?.abort();
    if (texto === undefined || !conAnio(texto)) return;
    const valor = texto.trim();
    const c = new AbortController();
    controlador.current = c;
    const espera = setTimeout(() => {
      fetch(`/solicitud-decretos/publicado?decreto=${encodeURIComponent(valor)}`, { signal: c.signal, headers: { accept: 'application/json' } })
        .then((r) => (r.ok ? (r.json() as Promise<{ publicado: OfertaDecreto | null }>) : { publicado: null }))
        .then((cuerpo) => setEncontrado({ para: texto, oferta: cuerpo.publicado }))
        // A failed look-up offers nothing: the form works as before.
        .catch(() => undefined);
    }, ESPERA_MS);
    return () => {
      clearTimeout(espera);
      c.abort();
    };
  }, [texto]);

  // Only the answer for the text as it is now: another decree's offer is never left on screen.
  const oferta = texto === undefined ? inicial : encontrado?.para === texto ? encontrado.oferta : null;
  return (
    <div className="decretos__publicado campo--completo" aria-live="polite">
      {oferta ? (
        <div className="decretos__publicado-aviso">
          <p>
            Este decreto ya fue publicado en el {oferta.boletinTexto}: <a href={oferta.enlace}>descargalo ahora</a>.
          </p>
          <p>
            Decreto {oferta.decreto}: {oferta.descripcion}. Área: {oferta.area}.
          </p>
          <p>Si igual querés la copia por correo, podés enviar la solicitud.</p>
        </div>
      ) : null}
    </div>
  );
}

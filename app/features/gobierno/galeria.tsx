import { type KeyboardEvent, useRef, useState } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { urlDocumento } from '#app/features/ordenanzas/enlaces.ts';
import { InlineScript } from '#app/components/inline-script.tsx';
import { codigoGaleriaEnLaPagina } from './galeria-en-la-pagina.ts';

export type ImagenGaleria = { id: number; imagen: { id: number }; titulo: string; descripcion: string; alt: string; conTamanos?: boolean };

/**
 * The image's web size and thumbnail (`?tamano=web|miniatura`, WebP, docs/decisions/017-subidas.md)
 * when the upload pipeline made them; the original otherwise (images stored before it).
 */
const fuentes = (m: ImagenGaleria) => {
  const original = urlDocumento(m.imagen.id);
  return m.conTamanos ? { web: `${original}?tamano=web`, miniatura: `${original}?tamano=miniatura` } : { web: original, miniatura: original };
};

/**
 * The observatory's image gallery, thumbnails on the left (docs/sitio-original.md §9). Without JavaScript it is a
 * list of the images with their descriptions; with it (the island written after that list, or this
 * component when React renders the page in the browser), thumbnails are buttons in a list: click,
 * Enter or Space shows one, arrow keys (and Home, End) move between them, looping like the
 * original, and the image shown is announced.
 */
export function Galeria({ imagenes }: { imagenes: ImagenGaleria[] }) {
  const hidratado = useHydrated();
  const [actual, setActual] = useState(0);
  const [anuncio, setAnuncio] = useState('');
  const botones = useRef<(HTMLButtonElement | null)[]>([]);
  const total = imagenes.length;

  if (total === 0) return <p>La galería todavía no tiene imágenes.</p>;

  if (!hidratado) {
    // Served without React's scripts (the page loads none): the few lines after the list turn it
    // into this same gallery before the first paint (docs/decisions/014-islas-en-la-pagina.md).
    const isla = imagenes.map((m) => ({ src: fuentes(m).web, miniatura: fuentes(m).miniatura, alt: m.alt, titulo: m.titulo, descripcion: m.descripcion }));
    return (
      <>
        <ul className="galeria-lista">
          {imagenes.map((img) => (
            <li key={img.id}>
              <figure>
                <a href={urlDocumento(img.imagen.id)}>
                  <img src={fuentes(img).web} alt={img.alt} loading="lazy" width={640} height={400} />
                </a>
                <figcaption>
                  <strong>{img.titulo}</strong> {img.descripcion}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <InlineScript code={codigoGaleriaEnLaPagina(isla)} />
      </>
    );
  }

  const mostrar = (i: number, enfocar: boolean) => {
    const indice = (i + total) % total;
    setActual(indice);
    setAnuncio(`Imagen ${indice + 1} de ${total}: ${imagenes[indice]!.titulo}`);
    if (enfocar) botones.current[indice]?.focus();
  };
  const alTeclear = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const destino = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: total - 1 }[event.key];
    if (destino === undefined) return;
    event.preventDefault();
    mostrar(destino, true);
  };
  const img = imagenes[actual]!;

  return (
    <div className="galeria">
      <ul className="galeria__miniaturas" aria-label="Miniaturas: elegí una imagen o usá las flechas">
        {imagenes.map((m, i) => (
          <li key={m.id}>
            <button
              type="button"
              ref={(el) => {
                botones.current[i] = el;
              }}
              className="galeria__miniatura"
              aria-current={i === actual ? 'true' : undefined}
              aria-label={`Imagen ${i + 1} de ${total}: ${m.titulo}`}
              onClick={() => mostrar(i, false)}
              onKeyDown={(event) => alTeclear(event, i)}
            >
              <img src={fuentes(m).miniatura} alt="" loading="lazy" width={640} height={400} />
            </button>
          </li>
        ))}
      </ul>
      <figure className="galeria__principal">
        <img key={img.id} src={fuentes(img).web} alt={img.alt} loading="lazy" width={640} height={400} />
        <figcaption>
          <strong>{img.titulo}</strong> {img.descripcion}
          <span className="galeria__posicion">
            {' '}
            ({actual + 1} de {total})
          </span>
        </figcaption>
        <div className="galeria__controles">
          <button type="button" className="btn btn-outline-primary" onClick={() => mostrar(actual - 1, false)}>
            Anterior
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={() => mostrar(actual + 1, false)}>
            Siguiente
          </button>
        </div>
      </figure>
      <p className="visually-hidden" role="status">
        {anuncio}
      </p>
    </div>
  );
}

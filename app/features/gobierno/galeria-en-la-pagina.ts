/** One image as the island receives it: its address and texts, already as the page shows them. */
export type ImagenIsla = { src: string; miniatura: string; alt: string; titulo: string; descripcion: string };

/**
 * The observatory's gallery without React (docs/decisions/014-islas-en-la-pagina.md): written
 * into the page right after the list of images that the server renders, it replaces that list, before
 * the first paint, with the thumbnails and the image shown, as the React component `Galeria` draws
 * them: thumbnails are buttons in a list; click, Enter or Space shows one, arrow keys (and Home,
 * End) move between them, looping like the original; Anterior and Siguiente; the image shown is
 * announced. Without JavaScript the list stays.
 *
 * It runs in the browser as text (`Function.prototype.toString`): nothing outside it may be used.
 */
function galeriaEnLaPagina(imagenes: ImagenIsla[]): void {
  const lista = document.currentScript?.previousElementSibling;
  if (!lista?.classList.contains('galeria-lista') || imagenes.length === 0) return;
  const total = imagenes.length;
  const crear = <K extends keyof HTMLElementTagNameMap>(tag: K, clase?: string, texto?: string) => {
    const elemento = document.createElement(tag);
    if (clase) elemento.className = clase;
    if (texto !== undefined) elemento.textContent = texto;
    return elemento;
  };
  const imagen = (src: string, alt: string) => {
    const img = crear('img');
    img.src = src;
    img.alt = alt;
    img.loading = 'lazy';
    img.width = 640;
    img.height = 400;
    return img;
  };

  const galeria = crear('div', 'galeria');
  const miniaturas = crear('ul', 'galeria__miniaturas');
  miniaturas.setAttribute('aria-label', 'Miniaturas: elegí una imagen o usá las flechas');
  const botones = imagenes.map((m, i) => {
    const boton = crear('button', 'galeria__miniatura');
    boton.type = 'button';
    boton.setAttribute('aria-label', `Imagen ${i + 1} de ${total}: ${m.titulo}`);
    boton.append(imagen(m.miniatura, ''));
    const item = crear('li');
    item.append(boton);
    miniaturas.append(item);
    return boton;
  });
  const figura = crear('figure', 'galeria__principal');
  const leyenda = crear('figcaption');
  const controles = crear('div', 'galeria__controles');
  const anterior = crear('button', 'btn btn-outline-primary', 'Anterior');
  const siguiente = crear('button', 'btn btn-outline-primary', 'Siguiente');
  anterior.type = 'button';
  siguiente.type = 'button';
  controles.append(anterior, siguiente);
  const anuncio = crear('p', 'visually-hidden');
  anuncio.setAttribute('role', 'status');
  let actual = 0;

  const dibujar = () => {
    const m = imagenes[actual]!;
    figura.replaceChildren(imagen(m.src, m.alt), leyenda, controles);
    leyenda.replaceChildren(crear('strong', undefined, m.titulo), ` ${m.descripcion}`, crear('span', 'galeria__posicion', ` (${actual + 1} de ${total})`));
    botones.forEach((boton, i) => (i === actual ? boton.setAttribute('aria-current', 'true') : boton.removeAttribute('aria-current')));
  };
  const mostrar = (i: number, enfocar: boolean) => {
    actual = (i + total) % total;
    dibujar();
    anuncio.textContent = `Imagen ${actual + 1} de ${total}: ${imagenes[actual]!.titulo}`;
    if (enfocar) botones[actual]!.focus();
  };
  botones.forEach((boton, i) => {
    boton.addEventListener('click', () => mostrar(i, false));
    boton.addEventListener('keydown', (evento) => {
      const destino = ({ ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: total - 1 } as Record<string, number>)[
        evento.key
      ];
      if (destino === undefined) return;
      evento.preventDefault();
      mostrar(destino, true);
    });
  });
  anterior.addEventListener('click', () => mostrar(actual - 1, false));
  siguiente.addEventListener('click', () => mostrar(actual + 1, false));

  dibujar();
  galeria.append(miniaturas, figura, anuncio);
  lista.replaceWith(galeria);
}

/** The script written after the gallery's list: the function above, called with the images. */
export function codigoGaleriaEnLaPagina(imagenes: ImagenIsla[]): string {
  return `(${galeriaEnLaPagina.toString()})(${JSON.stringify(imagenes).replace(/</g, '\\u003c')});`;
}

type Opciones = {
  /** How long typing must pause before the search runs (ms). */
  espera: number;
  /** What the results' status line says while a search is on its way. */
  buscando: string;
};

/**
 * The ordinance search as you type, without React (docs/decisions/014-islas-en-la-pagina.md):
 * the page is served like a static one and this function, written into it, asks the server for the
 * same page with the new filters and puts its results in place of the old ones. The address, the
 * back button and the results are those of the page without JavaScript, which it never replaces: a
 * page with errors, an answer it does not recognise or a failed request is a normal navigation.
 *
 * It runs in the browser as text (`Function.prototype.toString`): nothing outside it may be used.
 */
function buscarEnLaPagina(opciones: Opciones): void {
  const formulario = document.querySelector<HTMLFormElement>('form.filtros');
  let resultados = document.querySelector<HTMLElement>('.resultados');
  const estado = resultados?.querySelector<HTMLElement>('[role="status"]');
  const palabras = formulario?.querySelector<HTMLInputElement>('input[name="pattern"]');
  if (!formulario || !resultados || !estado || !palabras) return;
  const ruta = formulario.getAttribute('action') ?? location.pathname;
  let temporizador: ReturnType<typeof setTimeout> | undefined;
  let pedido: AbortController | undefined;

  /** The short address of the search the form describes: no empty filters, no defaults, page 1. */
  const direccion = () => {
    const params = new URLSearchParams();
    for (const [clave, valor] of new FormData(formulario)) {
      const texto = String(valor);
      if (texto === '' || clave === 'pagina' || (clave === 'estado' && texto === '-1')) continue;
      params.set(clave, texto);
    }
    const query = params.toString();
    return query ? `${ruta}?${query}` : ruta;
  };

  /** Errors are shown by the server's page, with each field marked: that page is loaded whole. */
  const conErrores = () => document.querySelector('.resumen-errores') !== null;

  const mostrar = async (destino: string, historial: 'push' | 'replace' | 'none') => {
    pedido?.abort();
    const este = new AbortController();
    pedido = este;
    const actuales = resultados!;
    actuales.setAttribute('aria-busy', 'true');
    estado.textContent = opciones.buscando;
    try {
      const respuesta = await fetch(destino, { signal: este.signal, headers: { accept: 'text/html' } });
      const html = await respuesta.text();
      if (pedido !== este) return;
      const pagina = new DOMParser().parseFromString(html, 'text/html');
      const nuevos = pagina.querySelector<HTMLElement>('.resultados');
      const nuevoEstado = nuevos?.querySelector('[role="status"]');
      if (!respuesta.ok || !nuevos || !nuevoEstado || pagina.querySelector('.resumen-errores') || conErrores()) {
        location.assign(destino);
        return;
      }
      // Typing opens one entry of its own and then only replaces that one, so Back returns to the
      // search shown before typing began; sending turns it into an ordinary entry.
      const actual = location.pathname + location.search;
      const escribiendo = (history.state as { escribiendo?: boolean } | null)?.escribiendo === true;
      if (historial === 'push') {
        if (destino !== actual) history.pushState(null, '', destino);
        else history.replaceState(null, '', destino);
      } else if (historial === 'replace') {
        if (escribiendo) history.replaceState({ escribiendo: true }, '', destino);
        else if (destino !== actual) history.pushState({ escribiendo: true }, '', destino);
      }
      document.title = pagina.title;
      // The status line stays the same element, so screen readers announce its new text.
      nuevoEstado.replaceWith(estado);
      estado.textContent = nuevoEstado.textContent;
      actuales.replaceWith(nuevos);
      resultados = nuevos;
    } catch (error) {
      if (pedido === este && !(error instanceof DOMException && error.name === 'AbortError')) location.assign(destino);
    } finally {
      if (pedido === este) actuales.removeAttribute('aria-busy');
    }
  };

  formulario.addEventListener('submit', (evento) => {
    if (conErrores()) return;
    evento.preventDefault();
    clearTimeout(temporizador);
    void mostrar(direccion(), 'push');
  });
  // While typing in the words field, results follow (the last word counts as a prefix).
  palabras.addEventListener('input', () => {
    if (conErrores()) return;
    clearTimeout(temporizador);
    temporizador = setTimeout(() => void mostrar(direccion(), 'replace'), opciones.espera);
  });
  // Back and forward between searches of this page: the fields and results of that address.
  window.addEventListener('popstate', () => {
    if (location.pathname !== ruta) return;
    const params = new URLSearchParams(location.search);
    for (const campo of formulario.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')) {
      campo.value = params.get(campo.name) ?? (campo.name === 'estado' ? '-1' : '');
    }
    clearTimeout(temporizador);
    void mostrar(location.pathname + location.search, 'none');
  });
}

/** The script written into the search page: the function above, called with its options. */
export function codigoBusquedaEnLaPagina(opciones: Opciones): string {
  return `(${buscarEnLaPagina.toString()})(${JSON.stringify(opciones).replace(/</g, '\\u003c')});`;
}

import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * Upload progress for the back-office's forms (docs/decisions/017-subidas.md). The form is
 * a plain `<form data-subida method="post" encType="multipart/form-data">`, not React Router's
 * `<Form>`: without JavaScript (or before hydration) it posts as any form and the server answers
 * with the next page. Once the page is hydrated, `mejorarSubida` sends the same body with
 * XMLHttpRequest, whose upload events give the progress: a `<progress>` with its label and a
 * polite live line «Subiendo… 45 %». When the server answers with a redirect (the upload was
 * saved) the browser goes there; any other answer (the form with its errors, 413, 403), or a
 * network failure, falls back to the form's own post, so the server's page shows as without
 * JavaScript. Only back-office pages import this module: public pages' JavaScript does not
 * change (decisions 008 and 014).
 */

type Opciones = {
  /** UPLOAD_MAX_BYTES: a chosen file over it is refused before it is sent. */
  maxBytes: number;
  /** The words for a file over the limit (the server's, docs/decisions/017-subidas.md). */
  mensajeGrande: string;
};

type Partes = { progreso: HTMLProgressElement; estado: HTMLElement; contenedor: HTMLElement };

/**
 * Enhances one form; answers the function that removes the enhancement. Plain DOM, nothing of
 * React: it could equally be written into a page as an island (decision 014).
 */
export function mejorarSubida(form: HTMLFormElement, partes: Partes, opciones: Opciones): () => void {
  if (typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') return () => {};
  let enCurso = false;
  const decir = (texto: string) => {
    partes.estado.textContent = texto;
  };
  const botones = () => Array.from(form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])'));
  const terminar = () => {
    enCurso = false;
    form.removeAttribute('aria-busy');
    for (const b of botones()) b.disabled = false;
  };
  // The form's own post, with the button that was pressed (submit() leaves it out).
  const postComun = (boton: HTMLButtonElement | null) => {
    if (boton?.name) {
      const oculto = document.createElement('input');
      oculto.type = 'hidden';
      oculto.name = boton.name;
      oculto.value = boton.value;
      form.append(oculto);
    }
    HTMLFormElement.prototype.submit.call(form);
  };

  const alEnviar = (evento: SubmitEvent) => {
    if (evento.defaultPrevented) return;
    evento.preventDefault();
    if (enCurso) return;
    const boton = evento.submitter instanceof HTMLButtonElement ? evento.submitter : null;
    const grande = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="file"]')).some((input) =>
      Array.from(input.files ?? []).some((f) => f.size > opciones.maxBytes),
    );
    partes.contenedor.hidden = false;
    if (grande) {
      partes.progreso.value = 0;
      decir(opciones.mensajeGrande);
      return;
    }
    const datos = new FormData(form, boton);
    const xhr = new XMLHttpRequest();
    enCurso = true;
    form.setAttribute('aria-busy', 'true');
    for (const b of botones()) b.disabled = true;
    partes.progreso.value = 0;
    decir('Subiendo… 0 %');
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return;
      const porcentaje = Math.min(100, Math.floor((e.loaded / e.total) * 100));
      // The live line changes only with the number: the same words again would be read out again.
      if (porcentaje === partes.progreso.value && porcentaje > 0) return;
      partes.progreso.value = porcentaje;
      decir(porcentaje < 100 ? `Subiendo… ${porcentaje} %` : 'Subido: revisando el archivo…');
    });
    xhr.addEventListener('load', () => {
      const destino = xhr.responseURL;
      if (destino && destino !== form.action && xhr.status < 400) {
        // Saved: the server redirected (303) to the page that says so.
        decir('Listo: abriendo la página…');
        window.location.assign(destino);
        return;
      }
      // Refused (the form's errors, 413, 403): the form's own post shows the server's page as it is,
      // hydrated, its error summary taking the focus. It sends the body once more; a page written
      // from this answer instead would run none of its scripts under the page's CSP.
      terminar();
      decir('El servidor no aceptó el formulario: abriendo la página con lo que hay que corregir…');
      postComun(boton);
    });
    xhr.addEventListener('error', () => {
      terminar();
      decir('La conexión se cortó durante la subida: enviamos el formulario de nuevo sin la barra de progreso…');
      postComun(boton);
    });
    xhr.addEventListener('abort', terminar);
    xhr.open('POST', form.action);
    xhr.send(datos);
  };
  form.addEventListener('submit', alEnviar);
  // Marked, so a test (or a style) can tell an enhanced form from a plain one.
  form.setAttribute('data-subida-activa', '');
  return () => {
    form.removeEventListener('submit', alEnviar);
    form.removeAttribute('data-subida-activa');
  };
}

/**
 * The progress bar and live line of an upload form, enhancing the `<form data-subida>` it is
 * rendered in. Hidden until an upload starts (there is nothing to say before).
 */
export function ProgresoSubida(opciones: Opciones) {
  const id = useId();
  const contenedor = useRef<HTMLDivElement>(null);
  const progreso = useRef<HTMLProgressElement>(null);
  const estado = useRef<HTMLParagraphElement>(null);
  const { maxBytes, mensajeGrande } = opciones;
  useEffect(() => {
    const form = contenedor.current?.closest('form');
    if (!form || !form.hasAttribute('data-subida') || !progreso.current || !estado.current) return;
    return mejorarSubida(form, { progreso: progreso.current, estado: estado.current, contenedor: contenedor.current! }, { maxBytes, mensajeGrande });
  }, [maxBytes, mensajeGrande]);
  // The live line is always there (a region that appears with its first words may not be read out); the bar only while uploading.
  return (
    <div className="subida">
      <div className="subida__progreso" ref={contenedor} hidden>
        <label htmlFor={`${id}-progreso`}>Progreso de la subida</label>
        <progress id={`${id}-progreso`} className="subida__barra" max={100} ref={progreso} />
      </div>
      <p className="subida__estado" aria-live="polite" ref={estado} />
    </div>
  );
}

/**
 * The form every upload of the back-office is: a plain multipart `<form data-subida>` that posts
 * without JavaScript and that the `ProgresoSubida` rendered inside it enhances. `action` is always
 * set: a saved upload is told from a refused one by the redirect's address differing from it.
 */
export function FormularioSubida({ action, etiquetadoPor, children }: { action: string; etiquetadoPor: string; children: ReactNode }) {
  return (
    <form method="post" action={action} encType="multipart/form-data" className="admin__formulario" noValidate aria-labelledby={etiquetadoPor} data-subida="">
      {children}
    </form>
  );
}

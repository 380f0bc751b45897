import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * The rich-text editor of the current bulletin's texts
 * (docs/decisions/022-boletin-vigente-en-el-panel.md), over Tiptap. Only the back-office page
 * of a bulletin (/admin/boletines/:id, docs/decisions/050-un-solo-boletin.md) loads this module, with a dynamic import once it is hydrated
 * (docs/decisions/008 and 014): public pages' JavaScript does not change. Without it the form
 * posts the plain `<textarea>` of HTML; with it the textarea is hidden and always holds the
 * editor's HTML, so the form posts the same field either way. Whatever arrives, the server
 * sanitises it (domain/shared/html.ts).
 *
 * The toolbar is minimal and keyboard-usable: buttons with visible labels and `aria-pressed`,
 * grouped as a `toolbar` named after the field; the editing area is a multi-line `textbox` with
 * the field's name. Ctrl+B, Ctrl+I and the other Tiptap shortcuts work too.
 */

type Boton = {
  texto: string;
  /** Whether the selection already has it (for `aria-pressed`). */
  activo: (e: Editor) => boolean;
  accion: (e: Editor) => void;
};

function pedirEnlace(e: Editor) {
  const actual = (e.getAttributes('link').href as string | undefined) ?? '';
  const href = window.prompt(
    'Dirección del enlace (https://…, mailto:… o una página de este sitio que empiece con /). Dejala vacía para quitar el enlace.',
    actual,
  );
  if (href === null) return;
  const limpio = href.trim();
  if (limpio === '') e.chain().focus().extendMarkRange('link').unsetLink().run();
  else e.chain().focus().extendMarkRange('link').setLink({ href: limpio }).run();
}

const BOTONES: Boton[] = [
  { texto: 'Negrita', activo: (e) => e.isActive('bold'), accion: (e) => e.chain().focus().toggleBold().run() },
  { texto: 'Cursiva', activo: (e) => e.isActive('italic'), accion: (e) => e.chain().focus().toggleItalic().run() },
  { texto: 'Título', activo: (e) => e.isActive('heading', { level: 3 }), accion: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { texto: 'Subtítulo', activo: (e) => e.isActive('heading', { level: 4 }), accion: (e) => e.chain().focus().toggleHeading({ level: 4 }).run() },
  { texto: 'Lista', activo: (e) => e.isActive('bulletList'), accion: (e) => e.chain().focus().toggleBulletList().run() },
  { texto: 'Lista numerada', activo: (e) => e.isActive('orderedList'), accion: (e) => e.chain().focus().toggleOrderedList().run() },
  { texto: 'Enlace', activo: (e) => e.isActive('link'), accion: pedirEnlace },
];

/** Replaces the textarea with the editor; answers the function that puts the textarea back. */
export function montarEditor(textarea: HTMLTextAreaElement, etiqueta: string): () => void {
  const contenedor = document.createElement('div');
  contenedor.className = 'editor-html';
  const barra = document.createElement('div');
  barra.className = 'editor-html__barra';
  barra.setAttribute('role', 'toolbar');
  barra.setAttribute('aria-label', `Formato de ${etiqueta}`);
  const area = document.createElement('div');
  area.className = 'editor-html__area';
  contenedor.append(barra, area);
  textarea.before(contenedor);

  const describe = textarea.getAttribute('aria-describedby');
  const editor = new Editor({
    element: area,
    content: textarea.value,
    // The site's CSP allows no inline style element: the editor's few rules are in _admin.scss.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        // The toolbar offers h3 and h4; an h2 already in a text (the allow-list takes it) is kept.
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } },
      }),
    ],
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': etiqueta,
        ...(describe ? { 'aria-describedby': describe } : {}),
        ...(textarea.getAttribute('aria-invalid') ? { 'aria-invalid': 'true' } : {}),
        class: 'editor-html__texto form-control',
      },
    },
  });

  const botones = BOTONES.map((b) => {
    const boton = document.createElement('button');
    boton.type = 'button';
    boton.className = 'btn btn-sm btn-outline-secondary';
    boton.textContent = b.texto;
    boton.addEventListener('click', () => b.accion(editor));
    barra.append(boton);
    return [b, boton] as const;
  });
  const refrescar = () => {
    for (const [b, boton] of botones) boton.setAttribute('aria-pressed', String(b.activo(editor)));
  };
  const copiar = () => {
    textarea.value = editor.isEmpty ? '' : editor.getHTML();
  };
  editor.on('update', copiar);
  editor.on('update', refrescar);
  editor.on('selectionUpdate', refrescar);
  refrescar();
  // Only a change copies: a text nobody touched posts exactly what it had.
  textarea.hidden = true;

  return () => {
    editor.destroy();
    contenedor.remove();
    textarea.hidden = false;
  };
}

import { useEffect, useRef } from 'react';
import { FormField } from '#app/components/ui/form-field.tsx';

/**
 * A field of staff-written HTML (docs/decisions/022-boletin-vigente-en-el-panel.md):
 * server-rendered as a plain `<textarea>` of HTML, which works without JavaScript; once the page
 * is hydrated, the rich-text editor (editor-tiptap.ts, a dynamic import: only this back-office
 * page loads it) takes its place and keeps the textarea's value as its HTML. `key` it by the
 * value it starts from so a new value (a 409's) remounts it.
 */
export function EditorHtml({ nombre, etiqueta, valor, error }: { nombre: string; etiqueta: string; valor: string; error?: string | undefined }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    let quitar: (() => void) | undefined;
    let vigente = true;
    import('./editor-tiptap.ts')
      .then(({ montarEditor }) => {
        if (vigente && textarea.current) quitar = montarEditor(textarea.current, etiqueta);
      })
      // Without the editor (a failed download), the textarea stays: the form still works.
      .catch(() => {});
    return () => {
      vigente = false;
      quitar?.();
    };
  }, [etiqueta]);
  return (
    <FormField
      name={nombre}
      label={etiqueta}
      error={error}
      hint="Con el editor: negrita, cursiva, títulos, listas y enlaces. Sin JavaScript, HTML: <p>, <strong>, <em>, <h3>, <h4>, listas y enlaces http, https, mailto o de este sitio. Cualquier otra cosa (scripts, estilos, imágenes) se quita al guardar."
    >
      {(control) => <textarea {...control} ref={textarea} className="form-control" rows={10} defaultValue={valor} />}
    </FormField>
  );
}

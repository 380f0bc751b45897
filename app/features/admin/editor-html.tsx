import { useEffect, useRef } from 'react';
import { FormField } from '#app/components/ui/form-field.tsx';

/**
 * A field of staff-written HTML (docs/decisions/022-boletin-vigente-en-el-panel.md):
 * server-rendered as a plain `<textarea>` of HTML, which works without JavaScript; once the page
 * is hydrated, the rich-text editor (editor-tiptap.ts, a dynamic import: only this back-office
 * page loads it) takes its place and keeps the textarea's value as its HTML. `key` it by the
 * value it starts from so a new value (a 409's) remounts it.
 */
/**
 * The field's help in a clerk's words (docs/decisions/052-confirmar-antes-de-escribir.md): what the buttons do,
 * and what to do when the editor does not load and the box shows the text with its tags.
 */
export const HINT_EDITOR =
  'Usá los botones del editor para poner negrita, cursiva, títulos, listas y enlaces (a páginas de este sitio, a otros sitios o a una dirección de correo). Si el editor no aparece, el cuadro muestra el texto con sus marcas de formato entre los signos < y >: cambiá las palabras y dejá las marcas como están. Al guardar se quitan las imágenes, los colores y cualquier otro formato.';

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
    <FormField name={nombre} label={etiqueta} error={error} hint={HINT_EDITOR}>
      {(control) => <textarea {...control} ref={textarea} className="form-control" rows={10} defaultValue={valor} />}
    </FormField>
  );
}

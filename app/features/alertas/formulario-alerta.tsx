import { FormField } from '#app/components/ui/form-field.tsx';
import { FRECUENCIAS, LARGO_EMAIL, RUTA_SUSCRIBIR, type TipoAlerta } from '#domain/alertas/campos.ts';

/** The search's filters that become the saved search (domain/alertas/schemas.ts). */
const CAMPOS = ['estado', 'numero', 'anio', 'pattern'] as const;

type Props = {
  tipo: TipoAlerta;
  /** The ordinance search's filters as typed (they become the saved search); none for bulletins. */
  filtros?: Partial<Record<'estado' | 'numero' | 'anio' | 'pattern', string>>;
  /** What was typed and the messages, when the subscribe page shows the form again. */
  valores?: { email?: string; frecuencia?: string };
  errores?: Partial<Record<'email' | 'frecuencia', string>>;
  titulo: string;
  /** The heading's level: 2 inside a page (3 inside one of its sections), 1 on the subscribe page itself. */
  nivel?: 1 | 2 | 3;
};

/**
 * The subscribe form (docs/decisions/024-alertas.md): a plain HTML form that posts to /alertas, so
 * it works without JavaScript and the render-cached pages that carry it stay static. The search's
 * filters travel as hidden fields.
 */
export function FormularioAlerta({ tipo, filtros = {}, valores = {}, errores = {}, titulo, nivel = 2 }: Props) {
  const Titulo = (['h1', 'h2', 'h3'] as const)[nivel - 1]!;
  const idTitulo = `alerta-${tipo}-titulo`;
  const conBusqueda = CAMPOS.some((campo) => (filtros[campo] ?? '') !== '' && !(campo === 'estado' && filtros[campo] === '-1'));
  return (
    <section className="alerta" aria-labelledby={idTitulo}>
      <Titulo id={idTitulo} className="alerta__titulo">
        {titulo}
      </Titulo>
      <p>
        {tipo === 'boletines'
          ? 'Te avisamos por correo cada vez que se publique un Boletín Oficial nuevo.'
          : conBusqueda
            ? 'Te avisamos por correo cuando se cargue una ordenanza nueva que coincida con esta búsqueda.'
            : 'Te avisamos por correo cada vez que se cargue una ordenanza nueva.'}
      </p>
      <form method="post" action={RUTA_SUSCRIBIR} className="alerta__formulario" noValidate>
        <input type="hidden" name="tipo" value={tipo} />
        {CAMPOS.map((campo) =>
          filtros[campo] !== undefined && filtros[campo] !== '' ? <input key={campo} type="hidden" name={campo} value={filtros[campo]} /> : null,
        )}
        <FormField name="email" label="Tu email" error={errores.email} required>
          {(control) => (
            <input {...control} type="email" className="form-control" autoComplete="email" maxLength={LARGO_EMAIL} defaultValue={valores.email ?? ''} />
          )}
        </FormField>
        <FormField name="frecuencia" label="Cada cuánto" error={errores.frecuencia}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.frecuencia ?? 'inmediata'}>
              {FRECUENCIAS.map((f) => (
                <option key={f.valor} value={f.valor}>
                  {f.etiqueta}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="alerta__acciones">
          <button type="submit" className="btn btn-primary">
            Recibir avisos
          </button>
        </div>
      </form>
      <p className="alerta__nota">
        Te vamos a enviar un correo para que confirmes. Cada aviso trae un enlace para darte de baja. El campo con * es obligatorio.
      </p>
    </section>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { ControlProps } from '#app/components/ui/form-field.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';

export type OpcionOrdenanza = { id: number; etiqueta: string };

/** The spec's select defaults (§9). */
const SELECT = { placeholder: 'Select...', cargando: 'Loading...', vacio: 'No options', minimo: 3, espera: 250 } as const;

type Props = {
  /** From the field around it (`FormField`): id, hint and error wiring; its own names are posted. */
  control: ControlProps;
  /** What a no-JavaScript post sent back (kept on errors). */
  valorInicial?: string;
  onEditar(): void;
};

type Estado = 'cerrado' | 'corto' | 'cargando' | 'listo' | 'falla';

/**
 * The ordinance search of the decree form: a WAI-ARIA combobox (an input with a popup listbox),
 * searching from 3 characters with a debounce; a late answer never replaces a newer one (each
 * search aborts the one before and carries a number). The chosen ordinance's ID is posted as
 * `ordenanza`. Before hydration, and without JavaScript, it is a plain text field
 * `ordenanzaNumero` (número/año) that the server resolves.
 */
export function ComboboxOrdenanza({ control, valorInicial, onEditar }: Props) {
  const hidratado = useHydrated();
  const listaId = useId();
  const [texto, setTexto] = useState(valorInicial ?? '');
  const [elegida, setElegida] = useState<OpcionOrdenanza | undefined>();
  const [opciones, setOpciones] = useState<OpcionOrdenanza[]>([]);
  const [estado, setEstado] = useState<Estado>('cerrado');
  const [activa, setActiva] = useState(-1);
  const ultima = useRef(0);
  const controlador = useRef<AbortController | undefined>(undefined);
  const espera = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(espera.current);
      controlador.current?.abort();
    },
    [],
  );

  const { id, 'aria-describedby': describe, 'aria-invalid': invalido } = control;

  if (!hidratado) {
    return (
      <input
        id={id}
        name="ordenanzaNumero"
        className="form-control"
        autoComplete="off"
        maxLength={30}
        defaultValue={valorInicial ?? ''}
        aria-describedby={describe}
        aria-invalid={invalido}
      />
    );
  }

  async function buscar(consulta: string, numero: number) {
    controlador.current?.abort();
    const c = new AbortController();
    controlador.current = c;
    try {
      const res = await fetch(`/solicitud-decretos/ordenanzas?q=${encodeURIComponent(consulta)}`, {
        signal: c.signal,
        headers: { accept: 'application/json' },
      });
      const cuerpo = (await res.json()) as { opciones: OpcionOrdenanza[] };
      if (numero !== ultima.current) return; // a newer search was started: this answer is stale
      setOpciones(cuerpo.opciones);
      setActiva(-1);
      setEstado(res.ok ? 'listo' : 'falla');
    } catch (e) {
      if (numero !== ultima.current || (e instanceof DOMException && e.name === 'AbortError')) return;
      setOpciones([]);
      setEstado('falla');
    }
  }

  function alEscribir(valor: string) {
    setTexto(valor);
    setElegida(undefined);
    onEditar();
    clearTimeout(espera.current);
    controlador.current?.abort();
    const numero = ++ultima.current;
    if (valor.trim().length < SELECT.minimo) {
      setOpciones([]);
      setEstado(valor.trim() === '' ? 'cerrado' : 'corto');
      return;
    }
    setEstado('cargando');
    espera.current = setTimeout(() => void buscar(valor.trim(), numero), SELECT.espera);
  }

  function elegir(opcion: OpcionOrdenanza) {
    setElegida(opcion);
    setTexto(opcion.etiqueta);
    setEstado('cerrado');
    setActiva(-1);
    ultima.current++;
    onEditar();
  }

  const abierto = estado === 'cargando' || estado === 'listo' || estado === 'falla';
  const mostrarOpciones = estado === 'listo' && opciones.length > 0;

  function alTeclear(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && mostrarOpciones) {
      e.preventDefault();
      setActiva((a) => (a + 1) % opciones.length);
    } else if (e.key === 'ArrowUp' && mostrarOpciones) {
      e.preventDefault();
      setActiva((a) => (a <= 0 ? opciones.length - 1 : a - 1));
    } else if (e.key === 'Enter' && mostrarOpciones && activa >= 0) {
      e.preventDefault();
      elegir(opciones[activa]!);
    } else if (e.key === 'Escape') {
      if (abierto) {
        e.preventDefault();
        setEstado('cerrado');
        setActiva(-1);
      }
    }
  }

  const mensaje =
    estado === 'cargando'
      ? SELECT.cargando
      : estado === 'listo' && opciones.length === 0
        ? SELECT.vacio
        : estado === 'falla'
          ? 'No pudimos buscar ordenanzas ahora. Podés dejar el campo vacío.'
          : '';

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        className="form-control"
        autoComplete="off"
        placeholder={SELECT.placeholder}
        maxLength={100}
        value={texto}
        aria-autocomplete="list"
        aria-expanded={abierto}
        aria-controls={listaId}
        aria-activedescendant={mostrarOpciones && activa >= 0 ? `${listaId}-${activa}` : undefined}
        aria-describedby={describe}
        aria-invalid={invalido}
        onChange={(e) => alEscribir(e.target.value)}
        onKeyDown={alTeclear}
        onBlur={() => {
          setEstado((s) => (s === 'corto' ? s : 'cerrado'));
          setActiva(-1);
        }}
      />
      {/* The ID of the chosen ordinance; typed text that was not chosen is sent for the server to resolve. */}
      <input type="hidden" name="ordenanza" value={elegida ? String(elegida.id) : ''} />
      <input type="hidden" name="ordenanzaNumero" value={elegida ? '' : /^\d{1,9}(\s*\/\s*\d{4})?$/.test(texto.trim()) ? texto.trim() : ''} />
      <div className={abierto ? 'combobox__menu' : 'combobox__menu combobox__menu--cerrado'}>
        <div id={listaId} role="listbox" aria-label="Ordenanzas encontradas" className="combobox__lista">
          {mostrarOpciones
            ? opciones.map((o, i) => (
                // Keys are handled by the input (aria-activedescendant); a click chooses too.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={o.id}
                  id={`${listaId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === activa}
                  className={i === activa ? 'combobox__opcion combobox__opcion--activa' : 'combobox__opcion'}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => elegir(o)}
                >
                  {o.etiqueta}
                </div>
              ))
            : null}
        </div>
        {mensaje ? <p className="combobox__mensaje">{mensaje}</p> : null}
      </div>
      <p className="visually-hidden" role="status">
        {estado === 'cargando'
          ? SELECT.cargando
          : estado === 'listo'
            ? opciones.length === 0
              ? SELECT.vacio
              : `${opciones.length} ${opciones.length === 1 ? 'ordenanza encontrada' : 'ordenanzas encontradas'}`
            : ''}
      </p>
    </div>
  );
}

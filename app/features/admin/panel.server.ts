import { data } from 'react-router';
import type { TipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { tipoPanel } from '#domain/gobierno/panel-tipos.ts';
import type { CampoVista } from './campos-panel.tsx';

/**
 * What the Gobierno back-office's pages send the browser about a kind: its labels and
 * fields as plain data, never its table.
 */
export const vistaTipo = (t: TipoPanel) => ({
  tipo: t.tipo,
  titulo: t.titulo,
  uno: t.uno,
  nuevo: t.nuevo,
  descripcion: t.descripcion,
  campos: t.campos as readonly CampoVista[],
  principal: t.principal,
  ordenable: t.ordenable,
  unico: t.unico ?? false,
  rutaPublica: t.rutaPublica,
  borraTambien: t.borraTambien ?? null,
});

const NO_ENCONTRADO = () => data('Página no encontrada', { status: 404 });

/** The kind an address names; anything else is 404 inside the panel. */
export function tipoDeRuta(param: string | undefined): TipoPanel {
  const t = tipoPanel(param);
  if (!t) throw NO_ENCONTRADO();
  return t;
}

/** An item id from an address: digits only, else 404. */
export function idDeRuta(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param) || Number(param) < 1) throw NO_ENCONTRADO();
  return Number(param);
}

export { NO_ENCONTRADO };

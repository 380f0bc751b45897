import type { EstadoPlazo } from '#domain/plazos/calendario.ts';

/**
 * "Vence pronto" or "Vencida" beside a due date: said in words, so the colour of the
 * mark is never the only sign; nothing while the deadline is far.
 */
export function MarcaPlazo({ estado }: { estado: EstadoPlazo }) {
  if (estado === 'vencida') return <strong className="marca-plazo marca-plazo--vencida">Vencida</strong>;
  if (estado === 'por_vencer') return <strong className="marca-plazo marca-plazo--por-vencer">Vence pronto</strong>;
  return null;
}

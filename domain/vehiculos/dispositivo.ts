import { randomInt } from 'node:crypto';

/**
 * A new vehicle's device identifier (docs/decisions/036-ingesta-de-rastreadores.md): the only
 * credential of its tracker, so random and long, never the IMEI printed on the phone. Twelve
 * symbols from an alphabet without look-alikes (no 0, o, 1, l, i), about 59 bits, in groups of
 * four so staff can read it over the phone: `k7mq-x3fp-9wcr`. The setup sheet's QR code carries it.
 */
export const ALFABETO_DISPOSITIVO = '23456789abcdefghjkmnpqrstuvwxyz';
export const SIMBOLOS_DISPOSITIVO = 12;

export function nuevoDispositivo(): string {
  const simbolos = Array.from({ length: SIMBOLOS_DISPOSITIVO }, () => ALFABETO_DISPOSITIVO[randomInt(ALFABETO_DISPOSITIVO.length)]!);
  return [0, 4, 8].map((i) => simbolos.slice(i, i + 4).join('')).join('-');
}

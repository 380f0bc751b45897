import { randomBytes } from 'node:crypto';
import { crearCifrado } from '../../domain/shared/cifrado.ts';
let siguiente = 20_000_000;

/** A valid decree-copy request; each call a new DNI and decree number, so none is a duplicate. */
export function solicitudValida(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = siguiente++;
  return {
    nombre: 'Lucía Fernández',
    dni: String(n + Math.floor(Math.random() * 1000) * 10_000),
    email: `lucia.${n}@correo.com.ar`,
    numero: `${n % 1000}/2025`,
    ordenanza: '',
    aclaraciones: '',
    ...overrides,
  };
}

export const silentLog = { info() {}, warn() {}, error() {} };
export const fixedClock = { now: () => new Date('2026-03-10T15:00:00Z') };

/** A data key of its own for each test file: personal data is encrypted as in production. */
export const cifradoDePrueba = () => crearCifrado(randomBytes(32));

import type { Db } from '../../db/client.ts';
import type { Storage } from '../../db/storage.ts';
import type { Cifrado } from './cifrado.ts';

export type { Storage };

/** What a service may log: never personal data (DNI, e-mail) in any field. */
export type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Everything a service needs, and nothing of HTTP or React (docs/architecture.md, "Recorrido de una solicitud"). */
export type ServiceContext = {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: Log;
  /** Personal data at rest: encryption and keyed hashes (docs/decisions/004-datos-personales.md). */
  cifrado: Cifrado;
};

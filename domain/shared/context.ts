import type { Db } from '../../db/client.ts';

/** What a service may log: never personal data (DNI, e-mail) in any field. */
export type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Where file bytes live: a local folder by default, object storage in larger installations. */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or the inclusive byte range of them. */
  get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  delete(key: string): Promise<void>;
};

/** Everything a service needs, and nothing of HTTP or React (ARCHITECTURE: how a request flows). */
export type ServiceContext = {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: Log;
};

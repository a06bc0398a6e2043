/** What every route of the gateway is given: the database, the service client, the waiters, settings, the log. */
import type { ApiClient } from '../../src/api/client';
import type { Database } from '../db/database';
import type { FlightWaiters } from '../flights';
import type { Logger } from '../log';
import type { CachedAuthenticator } from '../members';
import type { Sealer } from '../sealed-keys';
import type { RateLimit } from './rate-limit';

export interface GatewaySettings {
  /** How long a flight may run before another instance takes it over (its instance is presumed dead). */
  flightTtlMs: number;
  /** How long "the service had none" (an item, or the whole person) is answered from the vault before asking again. */
  notFoundTtlMs: number;
  /** The largest request body accepted, in bytes; a larger one is answered 413. */
  maxBodyBytes: number;
  /**
   * How long this instance trusts its last reading of a member key when no notification says it changed (a
   * revocation is notified, and holds within this time even if the notification were lost).
   */
  authCacheMs: number;
  /** How many requests to the free team endpoints one member may make in a minute, on one instance. */
  teamRequestsPerMinute: number;
}

export const DEFAULT_SETTINGS: GatewaySettings = {
  flightTtlMs: 60_000,
  notFoundTtlMs: 7 * 24 * 3600_000,
  // A search body may be 64 KB (LIMITS.searchBodyMaxBytes); nothing the gateway takes needs more than twice that.
  maxBodyBytes: 128 * 1024,
  authCacheMs: 900,
  // The side panel asks about a page of up to 100 people at a time, a few times a minute at most; a script is slower
  // than this only when it is not trying.
  teamRequestsPerMinute: 300,
};

export interface GatewayContext {
  db: Database;
  upstream: ApiClient;
  waiters: FlightWaiters;
  /** The member a key names, remembered briefly and forgotten when any member changes. */
  authenticate: CachedAuthenticator;
  settings: GatewaySettings;
  /** Seals and opens the destination keys the database keeps; null when `SECRETS_KEY_FILE` is not set. */
  sealer: Sealer | null;
  /** The free team endpoints' limit per member. */
  teamLimit: RateLimit;
  log: Logger;
  /** Removes the service key from a text. */
  scrub: (text: string) => string;
  /** Stops following the database: the flights' waiters and the members' changes. */
  stop(): Promise<void>;
}

/** A route's answer before it is written: status, JSON body, extra headers, and the credits charged. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  credits?: number;
}

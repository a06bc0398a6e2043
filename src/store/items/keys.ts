/**
 * Every stored key and key prefix, with its area. `local` holds what outlives the browser session (settings, jobs;
 * the vault and the ledger are in the database, `db.ts`); on Chrome it is restricted to trusted contexts at startup.
 * `session` holds what means nothing after a restart (tab ids, the worker's heartbeat). The API key lives in IndexedDB of
 * the extension's origin (`api-key.ts`, named by {@link SECRETS}), out of reach of content scripts on both browsers,
 * with a copy in `local` on Chrome alone, where `local` is restricted to trusted contexts ({@link SECRET_COPY}).
 *
 * Keys are written `area:name`, as WXT's storage takes them; `browser.storage.<area>` takes the name alone.
 */

/** A storage area the extension uses. */
export type Area = 'local' | 'session';
/** A key with its area, as WXT's storage takes it. */
export type AreaKey = `${Area}:${string}`;

/** Every single stored item. */
export const KEYS = {
  settings: 'local:settings',
  account: 'local:account',
  keyHint: 'local:key-hint',
  /** What the pages may know of the saved destinations: their names, never their keys. */
  destinationHints: 'local:destination-hints',
  teamMembership: 'local:team-membership',
  /** The privacy notice's text as edited in Options, used without a team gateway (`notice-text.ts`). */
  noticeText: 'local:notice-text',
  /** How far back the EU rule has been checked in the vault (`retention-checked.ts`). */
  retentionChecked: 'local:retention-checked',
  /** The live worker's heartbeat: it means nothing after a restart, and its beats stay off the vault's database. */
  workerBeat: 'session:worker-beat',
  /** Single reveals, newest first. */
  /** Reveal jobs; the key keeps the spelling 1.0.0 stored. */
  revealJobs: 'local:jobs',
  savedSearches: 'local:saved-searches',
  panelFocus: 'local:panel-focus',
  /** When the popup first offered to keep the side panel beside LinkedIn (offered once). */
  panelOffer: 'local:panel-offer',
  pagePeopleIntent: 'session:page-people-intent',
  findIntent: 'session:find-intent',
} as const satisfies Record<string, AreaKey>;

/** A family of keys sharing a prefix: one key per contact, per tab, per day… */
export interface KeyFamily<A extends Area = Area> {
  area: A;
  prefix: string;
  /** The key's name in its area, for `browser.storage.<area>`. */
  name(id: string | number): string;
  /** The key with its area, for WXT's storage. */
  key(id: string | number): `${A}:${string}`;
  /** The id of a name of this family (null for any other name). */
  idOf(name: string): string | null;
}

function family<A extends Area>(area: A, prefix: string): KeyFamily<A> {
  return {
    area,
    prefix,
    name: (id) => `${prefix}${id}`,
    key: (id) => `${area}:${prefix}${id}`,
    idOf: (name) => (name.startsWith(prefix) ? name.slice(prefix.length) : null),
  };
}

/** Every key prefix. */
export const PREFIXES = {
  /** A value that no longer read, copied aside under its own key's name. */
  unreadable: family('local', 'unreadable:'),
  /** The profile a tab shows, by tab id. */
  tab: family('session', 'tab:'),
} as const;

/** Where the API key is kept: a database of the extension's own origin, not `storage` (see `api-key.ts`). */
export const SECRETS = {
  database: 'candidate-lens-secrets',
  objectStore: 'secrets',
  apiKey: 'apiKey',
  /** The saved destinations to send contacts to, with their keys (`destinations.ts`). */
  destinations: 'destinations',
} as const;

/**
 * Copies of secrets kept in `storage.local` where it is restricted to the extension's own contexts (Chrome), so a
 * secret outlives the loss of its database (`api-key.ts`).
 */
export const SECRET_COPY = {
  apiKey: 'local:secret-api-key',
} as const satisfies Record<string, AreaKey>;

/**
 * What is known of the extension's database outside it, so a database that vanished is told from a first install
 * (`db-marker.ts`): its layout and when it was made; and, once one vanished, when.
 */
export const DB_MARKERS = {
  made: 'local:database',
  lost: 'local:database-lost',
} as const satisfies Record<string, AreaKey>;

/** The name of a key in its area (`local:settings` -> `settings`). */
export const nameOf = (key: AreaKey): string => key.slice(key.indexOf(':') + 1);

/**
 * API keys of the simulator and their balances. A key is the whole account here: the real service attaches credits
 * to an account behind the key; the simulator has nothing else to attach them to.
 */

/** One API key's account. */
export interface SimKey {
  /** Credits currently available. */
  remaining: number;
  /** Credits purchased over the account's lifetime (reported by /v1/account). */
  purchased: number;
  /** An inactive key is refused with 403 like an unknown one. */
  active: boolean;
}

/** Keys every simulator has unless `options.keys` replaces them. */
export const BUILT_IN_KEYS: Readonly<Record<string, SimKey>> = {
  'demo-key': { remaining: 10_000, purchased: 10_000, active: true },
  'empty-key': { remaining: 0, purchased: 0, active: true },
  'inactive-key': { remaining: 10_000, purchased: 10_000, active: false },
};

/**
 * The form of a key that may be written down (request log, console): never the key itself. "demo-key" →
 * "demo…key"; short keys keep only their first character.
 */
export function maskKey(key: string | undefined | null): string | null {
  if (key === undefined || key === null || key === '') return null;
  if (key.length >= 8) return `${key.slice(0, 4)}…${key.slice(-3)}`;
  return `${key.slice(0, 1)}…`;
}

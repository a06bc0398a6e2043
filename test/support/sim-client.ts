/** The tests' view of a running simulator: its admin routes, request log and balances (Chromium and Firefox). */
import type { RunningSimulator } from '../../sim/server';

/** One request the simulator received (its admin log; the key is never in it). */
export interface LoggedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  status: number;
  charged: number;
}

export interface Sim {
  url: string;
  /** POSTs to an admin route under `/__sim/` (reset, keys, faults). */
  admin(path: string, body?: unknown): Promise<void>;
  /** The /v1 requests received so far, optionally only those to one path (e.g. `/v1/lookup`). */
  requests(path?: string): Promise<LoggedRequest[]>;
  /** The balance of a key, from the simulator's admin view (not a /v1 request, so not in the log). */
  balance(key?: string): Promise<number>;
}

/** A {@link Sim} over a simulator started with `startSimulator`. */
export function simClient(running: RunningSimulator): Sim {
  const admin = async (path: string, body?: unknown) => {
    const response = await fetch(`${running.url}/__sim/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`sim admin ${path}: ${response.status} ${await response.text()}`);
  };
  return {
    url: running.url,
    admin,
    requests: async (path?: string) => {
      const query = path ? `?path=${encodeURIComponent(path)}` : '';
      return (await (await fetch(`${running.url}/__sim/requests${query}`)).json()) as LoggedRequest[];
    },
    balance: async (key = 'demo-key') => {
      const response = await fetch(`${running.url}/__sim/keys`);
      const { keys } = (await response.json()) as { keys: Record<string, { remaining: number }> };
      return keys[key]!.remaining;
    },
  };
}

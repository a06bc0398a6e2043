/** The local destinations answering the global `fetch` at addresses of their own, as the background calls them. */
import type { Hono } from 'hono';
import { vi } from 'vitest';
import { createAshbyServer } from '../../../sim/destinations/ashby';
import { createHubSpotServer } from '../../../sim/destinations/hubspot';
import { createLeverServer } from '../../../sim/destinations/lever';

export const ADDRESSES = {
  lever: 'http://127.0.0.1:7101',
  ashby: 'http://127.0.0.1:7102',
  hubspot: 'http://127.0.0.1:7103',
} as const;

/** Fresh fakes behind a stubbed global `fetch`; `calls` lists every request's method and URL. */
export function stubDestinations() {
  const lever = createLeverServer();
  const ashby = createAshbyServer();
  const hubspot = createHubSpotServer();
  const apps: Record<string, Hono> = {
    [ADDRESSES.lever]: lever.app,
    [ADDRESSES.ashby]: ashby.app,
    [ADDRESSES.hubspot]: hubspot.app,
  };
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const app = apps[url.origin];
    if (!app) throw new TypeError('Failed to fetch');
    return app.request(url.pathname + url.search, init);
  });
  return { lever, ashby, hubspot, calls };
}

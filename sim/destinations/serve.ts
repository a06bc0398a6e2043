/**
 * The local Lever, Ashby, HubSpot, Greenhouse and Workable on loopback ports, over plain HTTP (the extension sends plain http to this
 * machine only): for the journeys, and for `npm start`, so sending can be tried without an account anywhere.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createAshbyServer } from './ashby';
import { createGreenhouseServer } from './greenhouse';
import { createHubSpotServer } from './hubspot';
import { createLeverServer } from './lever';
import { createWorkableServer } from './workable';

function listen(app: Hono, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}

export type RunningDestinations = Awaited<ReturnType<typeof startDestinations>>;

/** Starts the five fakes; `ports` (0: any free port) for each. */
export async function startDestinations(
  ports: { lever?: number; ashby?: number; hubspot?: number; greenhouse?: number; workable?: number } = {},
) {
  const lever = createLeverServer();
  const ashby = createAshbyServer();
  const hubspot = createHubSpotServer();
  const greenhouse = createGreenhouseServer();
  const workable = createWorkableServer();
  const [leverAt, ashbyAt, hubspotAt, greenhouseAt, workableAt] = await Promise.all([
    listen(lever.app, ports.lever ?? 0),
    listen(ashby.app, ports.ashby ?? 0),
    listen(hubspot.app, ports.hubspot ?? 0),
    listen(greenhouse.app, ports.greenhouse ?? 0),
    listen(workable.app, ports.workable ?? 0),
  ]);
  return {
    lever: { ...lever, url: leverAt.url },
    ashby: { ...ashby, url: ashbyAt.url },
    hubspot: { ...hubspot, url: hubspotAt.url },
    greenhouse: { ...greenhouse, url: greenhouseAt.url },
    workable: { ...workable, url: workableAt.url },
    close: () =>
      Promise.all([
        leverAt.close(),
        ashbyAt.close(),
        hubspotAt.close(),
        greenhouseAt.close(),
        workableAt.close(),
      ]).then(() => undefined),
  };
}

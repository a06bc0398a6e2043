import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAshbyServer } from '../../../sim/destinations/ashby';
import { Connection, destinationFor, originsOf } from '../../../src/send/connection';
import { ADA, fetchInto } from './helpers';

describe('a saved connection', () => {
  it.each([
    [{ id: '1', label: 'Lever', kind: 'lever', apiKey: 'k', performAs: 'u' }, ['https://api.lever.co/*']],
    [{ id: '2', label: 'Ashby', kind: 'ashby', apiKey: 'k' }, ['https://api.ashbyhq.com/*']],
    [{ id: '3', label: 'HubSpot', kind: 'hubspot', token: 't' }, ['https://api.hubapi.com/*']],
    [
      {
        id: '4',
        label: 'Zap',
        kind: 'webhook',
        url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
        secret: 's',
      },
      ['https://hooks.zapier.com/*'],
    ],
    [
      {
        id: '5',
        label: 'EU Lever',
        kind: 'lever',
        apiKey: 'k',
        performAs: 'u',
        baseUrl: 'https://api.eu.lever.co',
      },
      ['https://api.eu.lever.co/*'],
    ],
  ])('asks for the host permission of its own origin only (%#)', (raw, origins) => {
    expect(originsOf(z.parse(Connection, raw))).toEqual(origins);
  });

  it('refuses a connection of an unknown kind', () => {
    expect(z.safeParse(Connection, { id: '1', label: 'x', kind: 'greenhouse', apiKey: 'k' }).success).toBe(
      false,
    );
  });

  it('becomes the destination it names', async () => {
    const server = createAshbyServer();
    const connection = z.parse(Connection, {
      id: '2',
      label: 'Ashby',
      kind: 'ashby',
      apiKey: 'ashby-demo-key',
    });
    const ashby = destinationFor(connection, { fetch: fetchInto(server.app) });
    expect((await ashby.send(ADA)).status).toBe('created');
  });
});

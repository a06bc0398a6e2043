import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAshbyServer } from '../../../sim/destinations/ashby';
import { Connection, destinationFor } from '../../../src/send/connection';
import { ADA, fetchInto } from './helpers';

describe('a saved connection', () => {
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

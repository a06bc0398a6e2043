import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAshbyServer } from '../../../sim/destinations/ashby';
import { TEAM_DESTINATION_KINDS } from '../../../src/api/team-schema';
import {
  ASHBY_BASE_URL,
  GREENHOUSE_BASE_URL,
  HUBSPOT_BASE_URL,
  LEVER_BASE_URL,
} from '../../../src/send/addresses';
import {
  cardOf,
  DESTINATION_KINDS,
  DESTINATION_NAMES,
  DESTINATIONS,
  DestinationSettings,
  destinationFor,
} from '../../../src/send/destinations';
import { DESTINATION_KINDS as HINT_KINDS } from '../../../src/store/items/destination-hints';
import { KEY_HINTS } from '../../../src/ui/send/send-to-settings';
import { DESTINATION_NAMES as UI_NAMES } from '../../../src/ui/send/words';
import { ADA, fetchInto } from './helpers';

describe("a saved destination's settings", () => {
  it('refuses settings of an unknown kind', () => {
    expect(
      z.safeParse(DestinationSettings, { id: '1', label: 'x', kind: 'bullhorn', apiKey: 'k' }).success,
    ).toBe(false);
  });

  it('becomes the destination it names', async () => {
    const server = createAshbyServer();
    const settings = z.parse(DestinationSettings, {
      id: '2',
      label: 'Ashby',
      kind: 'ashby',
      apiKey: 'ashby-demo-key',
    });
    const ashby = destinationFor(settings, { fetch: fetchInto(server.app) });
    expect((await ashby.send(ADA)).status).toBe('created');
  });
});

describe('the destinations, one file each', () => {
  it('are the kinds every other list names, by the names and addresses their files give', () => {
    expect(DESTINATION_KINDS).toEqual(DESTINATIONS.map((card) => card.kind));
    // Lists kept apart so a page does not carry the clients (the stored hints, the team's, the pages' words).
    expect([...HINT_KINDS]).toEqual(DESTINATION_KINDS);
    expect([...TEAM_DESTINATION_KINDS]).toEqual(DESTINATION_KINDS);
    expect(UI_NAMES).toEqual(DESTINATION_NAMES);
    for (const kind of ['lever', 'ashby', 'hubspot', 'greenhouse', 'workable'] as const)
      expect(KEY_HINTS[kind]).toEqual(cardOf(kind).key);
    expect(cardOf('lever').defaultOrigin).toBe(LEVER_BASE_URL);
    expect(cardOf('ashby').defaultOrigin).toBe(ASHBY_BASE_URL);
    expect(cardOf('hubspot').defaultOrigin).toBe(HUBSPOT_BASE_URL);
    expect(cardOf('greenhouse').defaultOrigin).toBe(GREENHOUSE_BASE_URL);
    // Workable answers at each account's own subdomain, given on the options page.
    expect(cardOf('workable').defaultOrigin).toBeUndefined();
    expect(cardOf('webhook').defaultOrigin).toBeUndefined();
  });

  it('each reads back only its own settings', () => {
    for (const card of DESTINATIONS) {
      expect(z.safeParse(card.settings, { id: 'x', label: 'x', kind: 'other' }).success).toBe(false);
    }
  });
});

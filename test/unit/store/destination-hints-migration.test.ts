/** Destination hints version 1 (a webhook's whole address, readable by any context) to 2 (its host and last 4). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const V1 = [
  {
    id: 'lever',
    kind: 'lever',
    label: 'Lever',
    account: 'Chandler Bing',
    masked: '••••••••3f9a',
    checkedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'webhook',
    kind: 'webhook',
    label: 'Webhook (hooks.zapier.com)',
    masked: 'https://hooks.zapier.com/hooks/catch/123456/abcdef9f3a/',
    checkedAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'ashby',
    kind: 'ashby',
    label: 'Ashby',
    masked: '',
    checkedAt: '2026-11-20T10:00:00.000Z',
    team: 'Acme',
  },
];

describe('destination hints, version 1 to 2', () => {
  beforeEach(() => fakeBrowser.reset());

  it("keeps a webhook's host and last characters only, and every other hint as it was", async () => {
    await fakeBrowser.storage.local.set({ 'destination-hints': V1, 'destination-hints$': { v: 1 } });
    // As an update starts the extension on data stored by the version before: the item is defined afresh.
    vi.resetModules();
    const { destinationHints } = await import('../../../src/store/items/destination-hints');
    const hints = await destinationHints.get();
    expect(hints).toEqual([V1[0], { ...V1[1], masked: 'hooks.zapier.com …f3a/' }, V1[2]]);
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toContain('hooks/catch/123456');
  });
});

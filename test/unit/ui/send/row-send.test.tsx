/**
 * A list's rows read what was sent of their people together: rows mounting at once are one read of the sent store,
 * and a send made anywhere brings its mark to the row showing that person, and to no other.
 */
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as sent from '../../../../src/store/database/sent';
import { destinationHints } from '../../../../src/store/items/destination-hints';

vi.mock('../../../../src/ui/rpc', () => ({ call: vi.fn() }));
vi.mock('../../../../src/store/database/sent', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/store/database/sent')>();
  return { ...actual, sentFor: vi.fn(actual.sentFor) };
});

const keys = Array.from({ length: 20 }, (_, i) => `https://www.linkedin.com/in/person-${i}`);
const at = '2026-11-03T10:00:00.000Z';

async function mountRows() {
  const { RowSend } = await import('../../../../src/ui/send/row-send');
  const { document } = parseHTML('<!doctype html><html><body><ul id="rows"></ul></body></html>');
  vi.stubGlobal('document', document);
  const list = document.getElementById('rows') as unknown as Element;
  render(
    keys.map((key, i) => (
      <li key={key} data-key={key}>
        <RowSend contactKey={key} name={`Person ${i}`} />
      </li>
    )),
    list,
  );
  const row = (i: number) => list.querySelector(`[data-key="${keys[i]}"]`)?.textContent ?? '';
  return { row, unmount: () => render(null, list) };
}

describe("a list's sends", () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await destinationHints.set([
      { id: 'lever', kind: 'lever', label: 'Lever', masked: '…1234', checkedAt: at },
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the marks of every row in one go, and a send anywhere marks its row alone', async () => {
    const read = vi.mocked(sent.sentFor);
    const { row, unmount } = await mountRows();
    try {
      await vi.waitFor(() => expect(read).toHaveBeenCalled());
      await vi.waitFor(() => expect(row(0)).toBe('Send to Lever'));
      expect(read).toHaveBeenCalledTimes(1);
      expect([...read.mock.calls[0]![0]].sort()).toEqual([...keys].sort());

      await sent.keepSent({
        key: sent.sentKey('lever', keys[4]!),
        contactKey: keys[4]!,
        destinationId: 'lever',
        label: 'Lever',
        state: 'sent',
        status: 'created',
        link: 'https://hire.lever.co/candidates/opp-1',
        sentAt: at,
        updatedAt: at,
      });
      await vi.waitFor(() => expect(row(4)).toBe('In Lever · 3 Nov'));
      expect(read).toHaveBeenLastCalledWith([keys[4]]);
      expect(row(5)).toBe('Send to Lever');
    } finally {
      unmount();
    }
  });
});

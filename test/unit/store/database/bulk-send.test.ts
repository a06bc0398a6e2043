/** The bulk send in the database: its read-modify-writes are one transaction each, so none is lost. */
import { describe, expect, it } from 'vitest';
import type { BulkSendJob } from '../../../../src/store/database/bulk-send';
import { bulkSend } from '../../../../src/store/database/bulk-send-write';
import { db } from '../../../../src/store/database/db';

const job = (contacts: number): BulkSendJob => ({
  id: 'send-1',
  destinationId: 'lever',
  label: 'Lever',
  state: 'running',
  items: Array.from({ length: contacts }, (_, i) => ({ key: `k${i}`, name: `Person ${i}` })),
  startedAt: '2026-05-04T10:00:00.000Z',
  updatedAt: '2026-05-04T10:00:00.000Z',
});

describe('the bulk send in the database', () => {
  it('changes asked at once each apply, none working from the same read as another', async () => {
    await bulkSend.set(job(10));
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        bulkSend.update((current) =>
          current
            ? {
                ...current,
                items: current.items.map((item, i) => (i === n ? { ...item, status: 'created' } : item)),
              }
            : undefined,
        ),
      ),
    );
    expect((await bulkSend.get())?.items.every((item) => item.status === 'created')).toBe(true);
  });

  it('a change stores only the contacts it replaced', async () => {
    await bulkSend.set(job(50));
    const puts: string[] = [];
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      puts.push(this.name);
      return put.apply(this, args);
    };
    try {
      await bulkSend.update((current) =>
        current
          ? { ...current, items: current.items.with(7, { ...current.items[7]!, reason: 'Refused' }) }
          : undefined,
      );
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(puts.sort()).toEqual(['jobItems', 'jobs']);
    expect((await (await db()).get('jobItems', ['send-1', 7]))?.item).toMatchObject({ reason: 'Refused' });
  });

  it('dismissed, nothing of it is kept', async () => {
    await bulkSend.set(job(5));
    await bulkSend.set(null);
    expect(await bulkSend.get()).toBeNull();
    expect(await (await db()).count('jobItems')).toBe(0);
  });
});

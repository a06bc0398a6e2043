import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, onChange } from '../../../../src/store/database/changes';
import {
  closeDb,
  DB_NAME,
  DB_VERSION,
  db,
  LayoutTooOld,
  MIN_VERSION,
  upgrade,
} from '../../../../src/store/database/db';

afterEach(closeDb);

describe('the database', () => {
  it('opens once per context at the declared layout', async () => {
    const [a, b] = await Promise.all([db(), db()]);
    expect(a).toBe(b);
    expect(a.name).toBe(DB_NAME);
    expect(a.version).toBe(DB_VERSION);
    expect([...a.objectStoreNames]).toContain('meta');
  });

  it('gives way to a newer layout opened elsewhere, and opens again afterwards', async () => {
    await db();
    const newer = await openDB(DB_NAME, DB_VERSION + 1);
    newer.close();
    await expect(db()).rejects.toThrow();
    // A real upgrade ships with the code that declares it; here the older code can only refuse the newer layout.
    indexedDB.deleteDatabase(DB_NAME);
  });
});

describe('a layout older than the oldest kept', () => {
  it('is refused in plain words, and its data is left as it was', async () => {
    await (await db()).put('meta', 'kept', 'probe');
    await closeDb();
    // A later version whose oldest kept layout is past this one opens this database.
    const later = openDB(DB_NAME, DB_VERSION + 1, {
      upgrade: (database, oldVersion, _newVersion, transaction) => {
        try {
          upgrade(database as never, oldVersion, DB_VERSION + 1);
        } catch (error) {
          expect(error).toBeInstanceOf(LayoutTooOld);
          expect((error as Error).message).toMatch(
            /older than the oldest this version reads.*Nothing was changed/,
          );
          transaction.done.catch(() => undefined);
          transaction.abort();
        }
      },
    });
    await expect(later).rejects.toThrow();
    expect(await (await db()).get('meta', 'probe')).toBe('kept');
    expect((await db()).version).toBe(DB_VERSION);
  });

  it('is none today: layout 2 carries the first release’s layout 1 forward', () => {
    expect(MIN_VERSION).toBe(1);
    expect(DB_VERSION).toBe(2);
  });
});

describe('changes', () => {
  it('reach other listeners with the keys written, and nothing malformed does', async () => {
    const heard: unknown[] = [];
    const stop = onChange((change) => heard.push(change));
    const stray = new BroadcastChannel('candidate-lens-changes');
    stray.postMessage({ store: 'contacts', keys: 'not a list' });
    announce({ store: 'contacts', keys: ['https://www.linkedin.com/in/ada'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    stray.close();
    expect(heard).toEqual([{ store: 'contacts', keys: ['https://www.linkedin.com/in/ada'] }]);
  });
});

/**
 * A database that vanished is told apart from a first install by the marker outside it, and the API key outlives it
 * on Chrome (its copy in `storage.local`, restricted to trusted contexts).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeDb, DB_NAME, db } from '../../../../src/store/database/db';
import { dismissLostDatabase, lostDatabase } from '../../../../src/store/database/db-marker';
import { SECRETS } from '../../../../src/store/items/keys';
import { getApiKey, removeApiKey, setApiKey } from '../../../../src/store/secrets/api-key';

const deleteDatabase = (name: string) =>
  new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
  });

/** The browser drops the database (as Chromium does on a full disk); `storage.local` survives. */
async function dropDatabases(): Promise<void> {
  await closeDb();
  await deleteDatabase(DB_NAME);
  await deleteDatabase(SECRETS.database);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the database marker', () => {
  it('a first install is not a loss', async () => {
    await db();
    expect(await lostDatabase()).toBeNull();
    await closeDb();
    await db();
    expect(await lostDatabase()).toBeNull();
  });

  it('a database made again while the marker says one was made is said lost, until dismissed', async () => {
    await db();
    await dropDatabases();
    await db();
    expect(await lostDatabase()).toEqual({ at: expect.any(String), madeAt: expect.any(String) });
    await dismissLostDatabase();
    expect(await lostDatabase()).toBeNull();
    // The new database is the one the marker now knows: opening it again is no loss.
    await closeDb();
    await db();
    expect(await lostDatabase()).toBeNull();
  });
});

describe('the API key outlives a lost database', () => {
  it('on Chrome: read back from its copy in trusted-only storage.local, and put back', async () => {
    const restrict = vi.fn(async () => undefined);
    Object.assign(browser.storage.local, { setAccessLevel: restrict });
    await setApiKey('sk-live-1234');
    expect(restrict).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    await dropDatabases();
    expect(await getApiKey()).toBe('sk-live-1234');
    // Put back in the database: read from there next, even with the copy gone.
    await browser.storage.local.clear();
    expect(await getApiKey()).toBe('sk-live-1234');
    await removeApiKey();
    expect(await getApiKey()).toBeNull();
  });

  it('on Firefox (no restriction for storage.local): no copy is kept there', async () => {
    Object.assign(browser.storage.local, {
      setAccessLevel: async () => {
        throw new Error('setAccessLevel is only supported for storage.session');
      },
    });
    await setApiKey('sk-live-1234');
    expect(JSON.stringify(await browser.storage.local.get(null))).not.toContain('sk-live-1234');
    expect(await getApiKey()).toBe('sk-live-1234');
  });
});

/**
 * Every unit test starts with the extension's database empty, as `fakeBrowser.reset()` empties storage: a test
 * file's earlier tests must not leave contacts or ledger entries behind for the next.
 */
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { closeDb, DB_NAME } from '../../src/store/database/db';

beforeEach(async () => {
  await closeDb();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
  });
});

/**
 * First run in Firefox: the options page opens on install, Save checks the key with the service and shows the
 * balance, and the key is kept in IndexedDB of the extension's origin, nowhere a content script can read.
 *
 * Limit: Marionette cannot run code in the content script's own world (its sandbox), so this proves what that world
 * could reach instead: the LinkedIn page's origin (whose IndexedDB a content script shares) has no such database,
 * and no `storage` area (which Firefox lets content scripts read, having no `setAccessLevel`) holds the key.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { EXTENSION_ORIGIN, expect, test } from './fixtures';

const KEY = 'ff-secret-key-1234';

/** Reads `apiKey` from the extension's key database (run in an extension page). */
const READ_KEY = `return new Promise((resolve, reject) => {
  const open = indexedDB.open('candidate-lens-secrets');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const get = db.transaction('secrets').objectStore('secrets').get('apiKey');
    get.onsuccess = () => { db.close(); resolve(get.result ?? null); };
    get.onerror = () => reject(get.error);
  };
})`;

test('the options page opens on install; Save shows the balance; the key lives only in the extension origin', async ({
  firstRunUrl,
  connect,
  openTab,
  inExtension,
  ff,
  sim,
}) => {
  expect(firstRunUrl).toBe(`${EXTENSION_ORIGIN}/options.html`);
  await sim.admin('keys', { key: KEY, remaining: 1500 });
  await connect(KEY);
  expect(await ff.text('[data-testid=connected]')).toContain('1,500 credits');
  expect((await sim.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    'GET /v1/account 200',
    // Free: whether the address is a team gateway (the service has no such route).
    'GET /v1/team/me 404',
  ]);
  expect(await ff.url()).toBe(`${EXTENSION_ORIGIN}/options.html`);
  expect(await ff.execute(READ_KEY)).toBe(KEY);
  // The options page shows it masked.
  expect(await ff.text('[data-testid=key-status]')).toContain('••••••••1234');

  // A profile seen and revealed, so storage holds what a working day would.
  const tab = await openTab(`${DEMO_PROFILES.full.social_url}/`);
  await ff.until('the profile to be detected', () =>
    inExtension<boolean>(
      'return browser.browserAction.getBadgeText({ tabId: arguments[0] }).then((t) => t === "in")',
      tab.tabId,
    ),
  );
  const everything = await inExtension<{ local: Record<string, unknown>; session: Record<string, unknown> }>(
    'return Promise.all([browser.storage.local.get(null), browser.storage.session.get(null)]).then(([local, session]) => ({ local, session }))',
  );
  expect(Object.keys(everything.local)).toContain('key-hint');
  expect(Object.keys(everything.session)).toContain(`tab:${tab.tabId}`);
  expect(JSON.stringify(everything)).not.toContain(KEY);

  // In LinkedIn's origin (where the content script's IndexedDB lives) the extension's database does not exist.
  const databases = await ff.execute<Array<{ name: string }>>('return indexedDB.databases()');
  expect(databases.map((db) => db.name)).not.toContain('candidate-lens-secrets');
  expect(databases.map((db) => db.name)).not.toContain('candidate-lens');
  expect(await ff.execute('return typeof browser')).toBe('undefined');
});

/**
 * Custody of the API key: the secrets' database (`secrets.ts`), out of reach of content scripts. Only the background
 * imports this module (its API client is the key's one reader). Its names are in `keys.ts` with every other stored
 * name.
 *
 * On Chrome a second copy is kept in `storage.local`, restricted to the extension's own pages and worker
 * (`setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })`, which Chromium keeps in the extension's preferences across
 * restarts): Chromium keeps an origin's IndexedDB databases in one store, and on a full disk it has dropped that store
 * whole, the key's database with the contacts', while `storage.local` (its own store) survived. The copy brings the
 * key back. Firefox has no such restriction for `storage.local` (its content scripts could read it), and keeps each
 * IndexedDB database in its own file, so there the key stays in the database alone (docs/architecture.md).
 */
import { browser } from 'wxt/browser';
import { nameOf, SECRET_COPY, SECRETS } from '../items/keys';
import { deleteSecret, readSecret, writeSecret } from './secrets';

type Restrictable = { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };

/** `storage.local`, once restricted to trusted contexts; null where it cannot be (Firefox). */
async function trustedLocal(): Promise<typeof browser.storage.local | null> {
  const local = browser.storage.local as typeof browser.storage.local & Restrictable;
  try {
    if (typeof local.setAccessLevel !== 'function') return null;
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return local;
  } catch {
    // Not restrictable here (Firefox supports it for `storage.session` alone): no copy is kept.
    return null;
  }
}

const COPY = nameOf(SECRET_COPY.apiKey);
const usable = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The stored key, or null when none is set. A key whose database was lost comes back from its copy (Chrome). */
export async function getApiKey(): Promise<string | null> {
  const kept = usable(await readSecret(SECRETS.apiKey).catch(() => null));
  if (kept) return kept;
  const local = await trustedLocal();
  const copy = local ? usable((await local.get(COPY))[COPY]) : null;
  // Put back where it is read first; a failed write (a disk still full) leaves the copy to read next time.
  if (copy) await writeSecret(SECRETS.apiKey, copy).catch(() => undefined);
  return copy;
}

export async function setApiKey(apiKey: string): Promise<void> {
  await writeSecret(SECRETS.apiKey, apiKey);
  await (await trustedLocal())?.set({ [COPY]: apiKey });
}

export async function removeApiKey(): Promise<void> {
  await deleteSecret(SECRETS.apiKey);
  await (await trustedLocal())?.remove(COPY);
}

/** A form of the key safe to show: its last four characters. */
export function maskKey(apiKey: string): string {
  const tail = apiKey.length > 8 ? apiKey.slice(-4) : '';
  return `••••••••${tail}`;
}

/**
 * The vault of revealed contacts: records by vault key and candidate ids naming them, kept in a fixed number of
 * buckets (`vault-bucket:<n>`, see `vault-buckets.ts`; version 1's key per record is read beside them until it is
 * moved). Records carry their version (`v`). Readers find a record by URL or by id in at most two storage reads,
 * whatever the vault holds; the background alone writes (`vault-write.ts`).
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { PREFIXES } from './keys';
import type { Read } from './read';
import {
  inspectRecord,
  namesOfIds,
  namesOfKeys,
  readBucket,
  vaultChangeReader,
  vaultView,
} from './vault-buckets';
import { ContactRecord, type VaultTarget } from './vault-record';

export { inspectLegacyIndex, LEGACY_INDEX, LegacyIdIndex, readContact } from './vault-buckets';

/** One storage read of `names`, as a view of the vault. */
async function readView(names: readonly string[]) {
  const stored = await browser.storage.local.get([...names]);
  return vaultView(stored, names);
}

/**
 * What the vault holds for many targets, in one storage read, or two when an id names a record the first did not
 * bring: their records by URL, what their ids name (in both layouts), and the record a target with no URL would be
 * kept under (`id:<candidate id>`). A target with a URL does not read its `id:` record's bucket unless its id's
 * entry names it: an id no entry names has no record (`named` in `vault-buckets.ts`), and at 50,000 contacts a bucket
 * holds ~3 records, so a page of 100 rows read ~175 KB of other people's records for nothing.
 */
async function readTargets(targets: readonly VaultTarget[]) {
  const urls = targets.flatMap((t) => (t.socialUrl ? [t.socialUrl] : []));
  const ids = targets.flatMap((t) => (t.candidateId ? [t.candidateId] : []));
  const idOnly = targets.flatMap((t) => (!t.socialUrl && t.candidateId ? [`id:${t.candidateId}`] : []));
  const asked = [...namesOfKeys([...urls, ...idOnly]), ...namesOfIds(ids)];
  const stored = await browser.storage.local.get(asked);
  const first = vaultView(stored, asked);
  const more = namesOfKeys(ids.flatMap((id) => (first.named(id) === null ? [] : [first.keyOf(id)]))).filter(
    (name) => !first.has(name),
  );
  if (more.length === 0) return first;
  return vaultView({ ...stored, ...(await browser.storage.local.get(more)) }, [...asked, ...more]);
}

/** What {@link readTargets} brings. */
type TargetsRead = Awaited<ReturnType<typeof readTargets>>;
/** The lookups asked for in this turn of the event loop, read together at its end. */
let together: { targets: VaultTarget[]; read: Promise<TargetsRead> } | null = null;

/** {@link readTargets} of `target` with every other asked for in the same turn: one storage read for all. */
function readTogether(target: VaultTarget): Promise<TargetsRead> {
  if (!together) {
    const batch: VaultTarget[] = [];
    // Read once the turn's synchronous work is done: each lookup was asked inside its own contact's turn, so the
    // read is still after every one of them.
    const read = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      together = null;
      return readTargets(batch);
    });
    together = { targets: batch, read };
  }
  together.targets.push(target);
  return together.read;
}

/** The record a target answers to in a view: by URL first, then by what its id names. */
function targetIn(view: TargetsRead, target: VaultTarget): Read<ContactRecord> {
  const byUrl: Read<ContactRecord> = target.socialUrl ? view.read(target.socialUrl) : { state: 'missing' };
  if (byUrl.state === 'ok' || !target.candidateId) return byUrl;
  const byId = view.read(view.keyOf(target.candidateId));
  return byId.state === 'missing' ? byUrl : byId;
}

/** What changed in the vault in one storage change: records written, and vault keys removed (or unreadable). */
export interface VaultChange {
  put: ContactRecord[];
  gone: string[];
}

export const vault = {
  async get(key: string): Promise<ContactRecord | null> {
    const read = await vault.read(key);
    return read.state === 'ok' ? read.value : null;
  },
  /** One record, with word of a stored record that could not be read (set aside under `unreadable:contact:…`). */
  async read(key: string): Promise<Read<ContactRecord>> {
    return (await readView(namesOfKeys([key]))).read(key);
  },
  /** Finds a record by social_url first, then by candidate id. */
  async find(target: VaultTarget): Promise<ContactRecord | null> {
    const found = await vault.lookup(target);
    return found.state === 'ok' ? found.value : null;
  },
  /**
   * {@link vault.find}, saying when the record is there but cannot be read: a reveal must then not act as if
   * nothing were held (the user may have paid for it).
   */
  async lookup(target: VaultTarget): Promise<Read<ContactRecord>> {
    // One storage read when the URL's record is there or the id points at it, two otherwise; shared by the lookups
    // asked for in the same turn of the event loop (a bulk reveal's contacts get ready fifteen at a time).
    return targetIn(await readTogether(target), target);
  },
  /**
   * The records of many targets (a page of search results, the people on a LinkedIn page) in two storage reads,
   * whatever the vault holds. Records that cannot be read are left out, as {@link vault.find} does.
   */
  async findMany(targets: readonly VaultTarget[]): Promise<ContactRecord[]> {
    const view = await readTargets(targets);
    const found = new Map<string, ContactRecord>();
    for (const target of targets) {
      const read = targetIn(view, target);
      if (read.state === 'ok') found.set(read.value.key, read.value);
    }
    return [...found.values()];
  },
  /** Every record, in both layouts (the library's index is built from it once). */
  async all(): Promise<ContactRecord[]> {
    const everything = await browser.storage.local.get(null);
    const raw = new Map<string, unknown>();
    for (const [name, value] of Object.entries(everything)) {
      const key = PREFIXES.contact.idOf(name);
      if (key !== null) raw.set(key, value);
    }
    for (const [name, value] of Object.entries(everything)) {
      if (PREFIXES.vaultBucket.idOf(name) === null) continue;
      const bucket = readBucket(value, name);
      if (bucket.state === 'ok')
        for (const [key, record] of Object.entries(bucket.value.records)) raw.set(key, record);
    }
    return [...raw]
      .map(([key, value]) => inspectRecord(value, key))
      .flatMap((read) => (read.state === 'ok' ? [read.value] : []));
  },
  /** Full records for these keys (the library opens or exports them); unknown keys are left out. */
  async getMany(keys: readonly string[]): Promise<ContactRecord[]> {
    return (await readMany(keys)).flatMap(([, read]) => (read.state === 'ok' ? [read.value] : []));
  },
  /**
   * Calls back with what changed whenever records are written or removed, in any context (a reveal, a bulk
   * reveal, retention, "Delete"). A written value that does not read counts as gone.
   */
  watchChanges(cb: (change: VaultChange) => void): () => void {
    const changed = vaultChangeReader();
    const listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
      if (area !== PREFIXES.vaultBucket.area) return;
      const keys = changed(changes);
      if (!keys) return;
      const change: VaultChange = { put: [], gone: [...keys.gone] };
      for (const [key, value] of keys.put) {
        const parsed = z.safeParse(ContactRecord, value);
        if (parsed.success) change.put.push(parsed.data);
        else change.gone.push(key);
      }
      cb(change);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  },
  /** Calls back with the record whenever it changes (null when removed). */
  watch(key: string, cb: (record: ContactRecord | null) => void) {
    // From the change itself, not a read after it: a reveal's record is on screen by the time its answer is.
    return vault.watchChanges(({ put, gone }) => {
      const written = put.find((record) => record.key === key);
      if (written) cb(written);
      else if (gone.includes(key)) cb(null);
    });
  },
};

/** Reads of these vault keys, in one storage call, in order. */
export async function readMany(keys: readonly string[]): Promise<Array<[string, Read<ContactRecord>]>> {
  if (keys.length === 0) return [];
  const view = await readView(namesOfKeys(keys));
  return keys.map((key) => [key, view.read(key)]);
}

/**
 * {@link vault.find} for each of many targets (a bulk reveal's quote), in the same two storage reads as
 * {@link vault.findMany}: the record each target answers to, in order (null when none, or it cannot be read).
 * Outside {@link vault} so the pages, which never need it, do not load it.
 */
export async function findContacts(targets: readonly VaultTarget[]): Promise<Array<ContactRecord | null>> {
  const view = await readTargets(targets);
  return targets.map((target) => {
    const read = targetIn(view, target);
    return read.state === 'ok' ? read.value : null;
  });
}

/**
 * Calls back with the vault keys of the records written or removed in one storage change, without reading them:
 * for a reader holding a few records (the side panel), which reads again only those it holds ({@link vault.watchChanges} reads
 * every record a bulk reveal writes). Outside {@link vault} so the pages that do not watch do not load it.
 */
export function watchVaultKeys(cb: (keys: string[]) => void): () => void {
  const changed = vaultChangeReader();
  const listener = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
    if (area !== PREFIXES.vaultBucket.area) return;
    const keys = changed(changes);
    if (keys) cb([...new Set([...keys.put.keys(), ...keys.gone])]);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

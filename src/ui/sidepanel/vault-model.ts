/**
 * The panel's vault: the records of the contacts the panel shows (search rows, the focused contact, the people of a
 * page, the profile of the tab), read for those targets only, whatever the vault holds; changed records are read
 * again as they land (a bulk reveal writes one at a time).
 */
import { computed, signal } from '@preact/signals';
import { groupCommit } from '../../group-commit';
import { profileUrl } from '../../sites/linkedin/url';
import type { StoredProfile } from '../../store/database/search';
import { vault, watchVaultKeys } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';

/** How a contact is asked for: its profile URL when known, its candidate id when it came from a search. */
export interface Target {
  socialUrl: string | null;
  candidateId: string | null;
}

/**
 * Each stored row's canonical profile URL, worked out once: every row asks for it on every render (its vault
 * record, its bulk state), and a bulk reveal re-renders the rows on each contact it stores.
 */
const canonicalUrls = new WeakMap<StoredProfile, string | null>();

/** The reveal target of a result row: its profile URL (when it has one) and its candidate id. */
export function rowTarget(profile: StoredProfile): Target {
  let socialUrl = canonicalUrls.get(profile);
  if (socialUrl === undefined) {
    // Both identifiers: the background asks by URL when there is one, and finds a contact held under either.
    socialUrl = profile.social_url ? profileUrl(profile.social_url) : null;
    canonicalUrls.set(profile, socialUrl);
  }
  return { socialUrl, candidateId: profile.id };
}

export function createVaultModel() {
  const records = signal<ReadonlyMap<string, ContactRecord>>(new Map());
  const byCandidateId = computed(
    () => new Map([...records.value.values()].filter((r) => r.candidateId).map((r) => [r.candidateId!, r])),
  );
  /** The record the panel holds for a target (by URL first, then by candidate id); null when none. */
  const recordForTarget = (target: Target): ContactRecord | null =>
    (target.socialUrl ? records.value.get(target.socialUrl) : undefined) ??
    (target.candidateId ? byCandidateId.value.get(target.candidateId) : undefined) ??
    null;
  const recordFor = (profile: StoredProfile): ContactRecord | null => recordForTarget(rowTarget(profile));

  /** Counts contact changes, so a read that a change overtook is done again rather than merged stale. */
  let changes = 0;
  /** Reads the records of these targets into the panel (one transaction, however many). */
  async function want(targets: readonly Target[]) {
    if (targets.length === 0) return;
    for (;;) {
      const before = changes;
      const found = await vault.findMany(targets);
      if (before !== changes) continue;
      if (found.length === 0) return;
      const next = new Map(records.value);
      for (const record of found) next.set(record.key, record);
      records.value = next;
      return;
    }
  }
  /** Re-reads only the contacts that changed. */
  const refresh = async (keys: string[]) => {
    const fresh = await vault.getMany(keys);
    const next = new Map(records.value);
    for (const key of keys) next.delete(key);
    for (const record of fresh) next.set(record.key, record);
    records.value = next;
  };
  /** One read at a time: the contacts a bulk reveal stores while one is out are read together by the next. */
  const refreshSoon = groupCommit<string[]>((batches) => refresh([...new Set(batches.flat())]));
  const stop = watchVaultKeys((keys) => {
    changes++;
    // Every contact removed: the ones held are read again, and found gone.
    refreshSoon(keys ?? [...records.value.keys()]).catch((error: unknown) =>
      console.warn('Could not read the changed contacts', error),
    );
  });

  return {
    records,
    recordForTarget,
    recordFor,
    want,
    stop,
  };
}

export type VaultModel = ReturnType<typeof createVaultModel>;

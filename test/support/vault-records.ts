/**
 * Vault records as the vault stores them (version 1 of a contact's record), for tests that seed the vault, read it
 * back or migrate what earlier versions kept beside it.
 */

/** A LinkedIn profile URL for a slug. */
export const profileOf = (slug: string) => `https://www.linkedin.com/in/${slug}`;

/** A contact revealed on 1 January 2026 with its email found, kept under its profile URL. */
export function contactRecord(slug: string, candidateId: string) {
  return {
    v: 1 as const,
    key: profileOf(slug),
    socialUrl: profileOf(slug),
    candidateId,
    name: slug,
    currentTitle: null,
    currentEmployer: null,
    email: { found: true as const, value: `${slug}@example.org`, at: '2026-01-01T00:00:00.000Z' },
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The names of what is stored in either layout: version 1's keys (`legacy` prefix) and the buckets' `field` entries. */
async function storedNames(legacy: string, buckets: string, field: 'records' | 'ids'): Promise<string[]> {
  const { browser } = await import('wxt/browser');
  const names = new Set<string>();
  for (const [name, value] of Object.entries(await browser.storage.local.get(null))) {
    if (name.startsWith(legacy)) names.add(name.slice(legacy.length));
    if (name.startsWith(buckets))
      for (const key of Object.keys((value as Record<string, object>)[field] ?? {})) names.add(key);
  }
  return [...names].sort();
}

/** The vault keys of every record stored, in either layout (buckets, or version 1's key per record), sorted. */
export const storedVaultKeys = () => storedNames('contact:', 'vault-bucket:', 'records');

/** The candidate ids the vault names a record for, in either layout, sorted. */
export const storedVaultIds = () => storedNames('vault-id:', 'vault-ids:', 'ids');

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

/** The vault keys of every record stored, in either layout (buckets, or version 1's key per record), sorted. */
export async function storedVaultKeys(): Promise<string[]> {
  const { browser } = await import('wxt/browser');
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(await browser.storage.local.get(null))) {
    if (name.startsWith('contact:')) keys.add(name.slice('contact:'.length));
    if (name.startsWith('vault-bucket:'))
      for (const key of Object.keys((value as { records: object }).records)) keys.add(key);
  }
  return [...keys].sort();
}

/** The candidate ids the vault names a record for, in either layout, sorted. */
export async function storedVaultIds(): Promise<string[]> {
  const { browser } = await import('wxt/browser');
  const ids = new Set<string>();
  for (const [name, value] of Object.entries(await browser.storage.local.get(null))) {
    if (name.startsWith('vault-id:')) ids.add(name.slice('vault-id:'.length));
    if (name.startsWith('vault-ids:'))
      for (const id of Object.keys((value as { ids: object }).ids)) ids.add(id);
  }
  return [...ids].sort();
}

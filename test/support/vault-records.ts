/**
 * Vault records as the vault stores them (version 1 of a contact's record), for tests that seed the vault or read it
 * back.
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

/** The vault keys of every record stored, sorted. */
export async function storedVaultKeys(): Promise<string[]> {
  const { db } = await import('../../src/store/database/db');
  return ((await (await db()).getAllKeys('contacts')) as string[]).sort();
}

/** The candidate ids the vault names a record for, sorted. */
export async function storedVaultIds(): Promise<string[]> {
  const { db } = await import('../../src/store/database/db');
  const records = (await (await db()).getAll('contacts')) as Array<{ candidateId?: unknown }>;
  return records.flatMap((r) => (typeof r.candidateId === 'string' ? [r.candidateId] : [])).sort();
}

/**
 * Stores a raw value as the vault's record of `key`, as a damaged database or an older version could leave it (the
 * database keeps a record under its `key` field, whatever else it holds).
 */
export async function writeRawContact(key: string, value: object): Promise<void> {
  const { db } = await import('../../src/store/database/db');
  await (await db()).put('contacts', { ...value, key });
}

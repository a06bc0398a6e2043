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

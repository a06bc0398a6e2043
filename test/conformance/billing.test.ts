/**
 * Spec, billing: success-based, per item retrieved; the 21-credit example; insufficient credits. Every figure is the
 * reference's number written out (prices.test.ts has the whole table), never one computed by `src/api/pricing.ts`.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import type { LookupResponse } from '../../src/api/schema';
import { failure, useSimulator } from './harness';

const sim = useSimulator();

function retrieved(result: LookupResponse): string[] {
  const contact = result.data.contacts[0];
  return contact?.success ? [...contact.contact_data_retrieved] : [];
}

const EMAIL_AND_PHONE = { reveal_personal_email: true, reveal_phone: true } as const;

describe('billing (spec: credit costs)', () => {
  it.each([
    ['email', { reveal_personal_email: true }, 3],
    ['phone', { reveal_phone: true }, 6],
    ['detailed profile', { reveal_detailed_person_enrichment: true }, 1],
    ['email + phone + detailed', { ...EMAIL_AND_PHONE, reveal_detailed_person_enrichment: true }, 10],
  ])('a fully found %s costs what it asked for (%i)', async (_, reveals, cost) => {
    const result = await sim.client().lookup({ candidate_id: String(DEMO_PROFILES.full.id), ...reveals });
    expect(result.credits.used).toBe(cost);
    expect(retrieved(result)).toHaveLength(Object.keys(reveals).length);
  });

  it('all four enrichments on a healthcare profile cost up to 11, charged per item found', async () => {
    const reveals = {
      ...EMAIL_AND_PHONE,
      reveal_detailed_person_enrichment: true,
      reveal_healthcare_enrichment: true,
    };
    const result = await sim.client().lookup({ candidate_id: String(DEMO_PROFILES.nurse.id), ...reveals });
    expect(result.credits.used).toBe(11);
    expect(retrieved(result)).toContain('healthcare_profile');
  });

  it('missing data is not charged: email + phone on an email-only profile costs 3', async () => {
    const client = sim.client();
    const result = await client.lookup({
      candidate_id: String(DEMO_PROFILES.emailOnly.id),
      ...EMAIL_AND_PHONE,
    });
    expect(retrieved(result)).toEqual(['email']);
    expect(result.credits.used).toBe(3);
    expect((await client.account()).credits_remaining).toBe(10_000 - 3);
  });

  it('nothing found, nothing charged (success true, nothing retrieved or a per-contact failure)', async () => {
    const client = sim.client();
    const result = await client.lookup({
      candidate_id: String(DEMO_PROFILES.nothing.id),
      ...EMAIL_AND_PHONE,
    });
    expect(retrieved(result)).toEqual([]);
    expect(result.credits.used).toBe(0);
    expect((await client.account()).credits_remaining).toBe(10_000);
  });

  it('the spec example: email + phone for 5 candidates, 3 with emails and 2 with phones, costs 21', async () => {
    const client = sim.client();
    // Find 5 candidates that make the example: 2 with email and phone, 1 with email only, 2 with neither.
    const search = await client.search({ search_criteria: { current_title: ['Engineer'] }, page_size: 100 });
    const found: { id: string; items: string[] }[] = [];
    const profiles = [
      ...[DEMO_PROFILES.full, DEMO_PROFILES.nurse, DEMO_PROFILES.emailOnly, DEMO_PROFILES.nothing].map(
        (p) => ({
          id: String(p.id),
        }),
      ),
      ...search.data.profiles,
    ];
    for (let i = 0; i < profiles.length; i += 15) {
      const batch = profiles.slice(i, i + 15);
      found.push(
        ...(await Promise.all(
          batch.map(async (p) => ({
            id: p.id,
            items: retrieved(await client.lookup({ candidate_id: p.id, ...EMAIL_AND_PHONE })),
          })),
        )),
      );
    }
    const both = found.filter((f) => f.items.includes('email') && f.items.includes('phone'));
    const emailOnly = found.filter((f) => f.items.includes('email') && !f.items.includes('phone'));
    const neither = found.filter((f) => f.items.length === 0);
    const five = [...both.slice(0, 2), ...emailOnly.slice(0, 1), ...neither.slice(0, 2)];
    expect(five, 'the dataset should hold candidates for the example').toHaveLength(5);

    await sim.reset();
    const results = await Promise.all(
      five.map((f) => client.lookup({ candidate_id: f.id, ...EMAIL_AND_PHONE })),
    );
    const emails = results.filter((r) => retrieved(r).includes('email')).length;
    const phones = results.filter((r) => retrieved(r).includes('phone')).length;
    expect([emails, phones]).toEqual([3, 2]);
    const total = results.reduce((sum, r) => sum + r.credits.used, 0);
    expect(total).toBe(3 * 3 + 2 * 6);
    expect(total).toBe(21);
    expect((await client.account()).credits_remaining).toBe(10_000 - 21);
    const charged = (await sim.requests()).reduce((sum, r) => sum + r.charged, 0);
    expect(charged).toBe(21);
  });

  it('insufficient credits for a lookup: 403 with required = the maximum charge, available, breakdown', async () => {
    await sim.setKey('low-key', 5, { purchased: 5 });
    const client = sim.client('low-key');
    const error = await failure(
      client.lookup({ candidate_id: String(DEMO_PROFILES.full.id), ...EMAIL_AND_PHONE }),
    );
    expect(error.kind).toBe('insufficient-credits');
    expect(error.status).toBe(403);
    expect(error.creditsInfo).toMatchObject({ required: 9, available: 5 });
    expect(error.creditsInfo?.breakdown).toBeTruthy();
    expect(error.outcomeUnknown).toBe(false);
    expect((await client.account()).credits_remaining).toBe(5);
  });

  it('a lookup is allowed when the balance covers the maximum, even if less is charged', async () => {
    await sim.setKey('nine-key', 9);
    const client = sim.client('nine-key');
    const result = await client.lookup({
      candidate_id: String(DEMO_PROFILES.emailOnly.id),
      ...EMAIL_AND_PHONE,
    });
    expect(result.credits.used).toBe(3);
    expect(result.credits.remaining).toBe(6);
  });

  it('insufficient credits for a search: required 1 (empty-key has 0)', async () => {
    const error = await failure(
      sim.client('empty-key').search({ search_criteria: { current_title: ['Nurse'] } }),
    );
    expect(error.kind).toBe('insufficient-credits');
    expect(error.creditsInfo).toMatchObject({ required: 1, available: 0 });
  });

  it('insufficient credits for a JD search: required 2', async () => {
    await sim.setKey('one-key', 1);
    const error = await failure(
      sim.client('one-key').search({ jd_search: 'Hiring a Registered Nurse in Boston.' }),
    );
    expect(error.kind).toBe('insufficient-credits');
    expect(error.creditsInfo).toMatchObject({ required: 2, available: 1 });
  });

  it('account costs nothing', async () => {
    const client = sim.client();
    await client.account();
    await client.account();
    expect((await client.account()).credits_remaining).toBe(10_000);
    expect((await sim.requests()).every((r) => r.charged === 0)).toBe(true);
  });
});

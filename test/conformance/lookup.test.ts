/** Spec, endpoint 2 (POST /v1/lookup): rules 1-4 and the response shape. */
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILES, UNKNOWN_SOCIAL_URL } from '../../sim/demo-profiles';
import type { ContactResult, ContactSuccess } from '../../src/api/schema';
import { failure, postJson, useSimulator } from './harness';

const sim = useSimulator();

function succeeded(contact: ContactResult | undefined): ContactSuccess {
  expect(contact?.success).toBe(true);
  return contact as ContactSuccess;
}

describe('lookup (spec: endpoint 2)', () => {
  it('by candidate id: contact data, summary, credits and billing_note', async () => {
    const { full } = DEMO_PROFILES;
    const result = await sim.client().lookup({
      candidate_id: String(full.id),
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(result.data.contacts).toHaveLength(1);
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.lookup_identifier).toBe(String(full.id));
    expect(contact.lookup_type).toBe('id');
    expect(contact.profile.personal_email).toMatch(/@/);
    expect(contact.profile.phone_number).toBeTruthy();
    expect([...contact.contact_data_retrieved].sort()).toEqual(['email', 'phone']);
    expect(Number.isNaN(Date.parse(contact.retrieved_at))).toBe(false);
    expect(result.data.summary).toEqual({ total_requested: 1, successful: 1, failed: 0 });
    expect(result.credits.used).toBe(9);
    expect(result.credits.remaining).toBe(10_000 - 9);
    expect(result.credits.billing_note).toBeTruthy();
  });

  it('by social_url: lookup_type social_url', async () => {
    const { full } = DEMO_PROFILES;
    const result = await sim.client().lookup({ social_url: full.social_url, reveal_personal_email: true });
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.lookup_type).toBe('social_url');
    expect(contact.lookup_identifier).toBe(full.social_url);
    expect(contact.profile.id).toBe(String(full.id));
    expect(result.credits.used).toBe(3);
  });

  it('an id taken from search results works in lookup', async () => {
    const client = sim.client();
    const search = await client.search({ search_criteria: { current_title: ['Engineer'] }, page_size: 1 });
    const id = search.data.profiles[0]?.id ?? '';
    const result = await client.lookup({ candidate_id: id, reveal_detailed_person_enrichment: true });
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.profile.id).toBe(id);
    expect(contact.profile.name).toBe(search.data.profiles[0]?.name);
  });

  it('rule 1: no identifier, or two, is refused by the client and answered 400 by the service', async () => {
    const client = sim.client();
    expect((await failure(client.lookup({ reveal_phone: true }))).kind).toBe('invalid-request');
    const both = { candidate_id: '1', social_url: DEMO_PROFILES.full.social_url, reveal_phone: true };
    expect((await failure(client.lookup(both))).kind).toBe('invalid-request');
    expect(await sim.requests()).toEqual([]);

    const none = await sim.raw('/v1/lookup', postJson({ reveal_phone: true }));
    expect(none.status).toBe(400);
    expect(String((none.body as { message?: string }).message)).toMatch(/candidate_id.*social_url/i);
    const two = await sim.raw('/v1/lookup', postJson(both));
    expect(two.status).toBe(400);
    expect(String((two.body as { message?: string }).message)).toMatch(/exactly 1 identifier/i);
    expect(String((two.body as { message?: string }).message)).toMatch(/2/);
  });

  it('rule 2: no reveal set true is refused by the client and answered 400 by the service', async () => {
    const body = { candidate_id: String(DEMO_PROFILES.full.id), reveal_phone: false };
    expect((await failure(sim.client().lookup(body))).kind).toBe('invalid-request');
    expect(await sim.requests()).toEqual([]);
    const raw = await sim.raw('/v1/lookup', postJson(body));
    expect(raw.status).toBe(400);
    expect(String((raw.body as { message?: string }).message)).toMatch(/at least one enrichment/i);
  });

  it('rule 4: an unknown candidate is a per-contact 404 inside a 200, and costs nothing', async () => {
    const client = sim.client();
    const result = await client.lookup({ social_url: UNKNOWN_SOCIAL_URL, reveal_personal_email: true });
    const contact = result.data.contacts[0];
    expect(contact?.success).toBe(false);
    if (contact?.success === false) {
      expect(contact.status_code).toBe(404);
      expect(contact.error).toBeTruthy();
      expect(contact.lookup_identifier).toBe(UNKNOWN_SOCIAL_URL);
    }
    expect(result.data.summary).toEqual({ total_requested: 1, successful: 0, failed: 1 });
    expect(result.credits.used).toBe(0);
    expect((await client.account()).credits_remaining).toBe(10_000);
  });

  it('an unknown candidate id is a per-contact 404 too', async () => {
    const result = await sim.client().lookup({ candidate_id: 'no-such-candidate-0', reveal_phone: true });
    const contact = result.data.contacts[0];
    expect(contact?.success).toBe(false);
    if (contact?.success === false) expect(contact.status_code).toBe(404);
    expect(result.credits.used).toBe(0);
  });

  it('rule 3: an email found in the secondary source costs no extra (3 credits)', async () => {
    const result = await sim.client().lookup({
      candidate_id: String(DEMO_PROFILES.secondaryEmail.id),
      reveal_personal_email: true,
    });
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.profile.personal_email).toMatch(/@/);
    expect(result.credits.used).toBe(3);
  });

  it('a numeric candidate id (sent as an integer in search) works as a string in lookup', async () => {
    const id = String(DEMO_PROFILES.numericId.id);
    const result = await sim.client().lookup({ candidate_id: id, reveal_personal_email: true });
    expect(succeeded(result.data.contacts[0]).profile.id).toBe(id);
  });

  it('detailed enrichment returns skills, experience, education and job history', async () => {
    const result = await sim.client().lookup({
      candidate_id: String(DEMO_PROFILES.full.id),
      reveal_detailed_person_enrichment: true,
    });
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.contact_data_retrieved).toEqual(['detailed_profile']);
    expect(Array.isArray(contact.profile.skills)).toBe(true);
    expect(Array.isArray(contact.profile.experience)).toBe(true);
    expect(Array.isArray(contact.profile.education)).toBe(true);
    expect(Array.isArray(contact.profile.job_history)).toBe(true);
    expect(contact.profile.personal_email).toBeUndefined();
    expect(result.credits.used).toBe(1);
  });

  it('healthcare enrichment returns NPI data for a healthcare profile', async () => {
    const result = await sim.client().lookup({
      candidate_id: String(DEMO_PROFILES.nurse.id),
      reveal_healthcare_enrichment: true,
    });
    const contact = succeeded(result.data.contacts[0]);
    expect(contact.contact_data_retrieved).toEqual(['healthcare_profile']);
    const npi = contact.profile.npi_data;
    for (const field of [
      'npi_number',
      'license_number',
      'license_state',
      'specialty',
      'credentials',
    ] as const) {
      expect(npi?.[field], field).toBeTruthy();
    }
    expect(result.credits.used).toBe(1);
  });

  it('capacity: 15 lookups in parallel each succeed independently', async () => {
    const client = sim.client();
    const search = await client.search({ search_criteria: { current_title: ['Engineer'] }, page_size: 15 });
    expect(search.data.profiles).toHaveLength(15);
    const results = await Promise.all(
      search.data.profiles.map((p) =>
        client.lookup({ candidate_id: p.id, reveal_detailed_person_enrichment: true }),
      ),
    );
    expect(results.every((r) => r.data.contacts.length === 1)).toBe(true);
    const used = results.reduce((sum, r) => sum + r.credits.used, 0);
    expect((await client.account()).credits_remaining).toBe(10_000 - 1 - used);
  });
});

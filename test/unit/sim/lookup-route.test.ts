import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILES, UNKNOWN_SOCIAL_URL } from '../../../sim/demo-profiles';
import { LookupResponse } from '../../../src/api/schema';
import { get, lookup, post, sharedSimulator } from './helpers';

const sim = sharedSimulator();
beforeEach(() => sim.state.reset());

const ALL = {
  reveal_personal_email: true,
  reveal_phone: true,
  reveal_detailed_person_enrichment: true,
  reveal_healthcare_enrichment: true,
};
const balance = async (key = 'demo-key') => (await get(sim.app, '/v1/account', key)).json.credits_remaining;

describe('POST /v1/lookup: success-based billing', () => {
  it('charges every item found: the nurse with everything costs 11', async () => {
    const { status, json } = await lookup(sim.app, { candidate_id: DEMO_PROFILES.nurse.id, ...ALL });
    expect(status).toBe(200);
    expect(LookupResponse.safeParse(json).success).toBe(true);
    const [contact] = json.data.contacts;
    expect(contact).toMatchObject({
      lookup_identifier: 'demo-grace-okafor',
      lookup_type: 'id',
      success: true,
    });
    expect(contact.contact_data_retrieved).toEqual([
      'email',
      'phone',
      'detailed_profile',
      'healthcare_profile',
    ]);
    expect(contact.profile).toMatchObject({
      id: 'demo-grace-okafor',
      name: 'Grace Okafor',
      personal_email: 'grace.okafor@example.org',
      phone_number: '+1 617-555-0123',
      npi_data: {
        npi_number: '1234567893',
        license_state: 'MA',
        credentials: 'RN, BSN',
        specialty: 'Critical Care',
      },
    });
    expect(contact.profile.job_history).toHaveLength(2);
    expect(new Date(contact.retrieved_at).toISOString()).toBe(contact.retrieved_at);
    expect(json.data.summary).toEqual({ total_requested: 1, successful: 1, failed: 0 });
    expect(json.credits).toMatchObject({ used: 11, remaining: 9989 });
    expect(json.credits.billing_note).toMatch(/Only successful retrievals are charged/);
    expect(await balance()).toBe(9989);
  });

  it('charges only what was found: email-only candidate asked for email and phone costs 3', async () => {
    const { json } = await lookup(sim.app, {
      social_url: DEMO_PROFILES.emailOnly.social_url,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    const [contact] = json.data.contacts;
    expect(contact.lookup_type).toBe('social_url');
    expect(contact.contact_data_retrieved).toEqual(['email']);
    expect(contact.profile.personal_email).toBe('jose.alvarez@example.net');
    expect(contact.profile).not.toHaveProperty('phone_number');
    expect(contact.profile).not.toHaveProperty('skills');
    expect(json.credits.used).toBe(3);
    expect(json.credits.billing_note).toMatch(/Not found, not charged: phone/);
  });

  it('a candidate with nothing to find costs 0 but is a successful lookup', async () => {
    const { json } = await lookup(sim.app, { candidate_id: DEMO_PROFILES.nothing.id, ...ALL });
    expect(json.data.contacts[0]).toMatchObject({ success: true, contact_data_retrieved: [] });
    expect(json.credits.used).toBe(0);
    expect(await balance()).toBe(10000);
  });

  it('an email from the secondary source costs the same 3 credits', async () => {
    const { json } = await lookup(sim.app, {
      candidate_id: DEMO_PROFILES.secondaryEmail.id,
      reveal_personal_email: true,
    });
    expect(json.data.contacts[0].profile.personal_email).toBe('siobhan.kelly@example.org');
    expect(json.credits.used).toBe(3);
  });

  it('healthcare data is charged only for profiles that have it', async () => {
    const { json } = await lookup(sim.app, {
      candidate_id: DEMO_PROFILES.full.id,
      reveal_healthcare_enrichment: true,
      reveal_detailed_person_enrichment: true,
    });
    expect(json.data.contacts[0].contact_data_retrieved).toEqual(['detailed_profile']);
    expect(json.data.contacts[0].profile).not.toHaveProperty('npi_data');
    expect(json.credits.used).toBe(1);
  });

  it.each([
    'https://www.linkedin.com/in/ada-lovelace-demo',
    'http://linkedin.com/in/Ada-Lovelace-Demo/',
    'https://uk.linkedin.com/in/ada-lovelace-demo?trk=public_profile',
    'https://m.linkedin.com/in/ada-lovelace-demo/details/experience/',
    'www.linkedin.com/in/ada-lovelace-demo',
  ])('normalises the profile URL %s', async (url) => {
    const { json } = await lookup(sim.app, { social_url: url, reveal_personal_email: true });
    expect(json.data.contacts[0]).toMatchObject({ success: true, lookup_identifier: url });
    expect(json.data.contacts[0].profile.id).toBe('demo-ada-lovelace');
  });

  it('an unknown candidate is a 404 inside a 200, charged nothing', async () => {
    for (const body of [
      { candidate_id: 'nobody-here' },
      { social_url: UNKNOWN_SOCIAL_URL },
      { social_url: 'https://example.com/in/x' },
    ]) {
      const { status, json } = await lookup(sim.app, { ...body, reveal_personal_email: true });
      expect(status).toBe(200);
      expect(json.data.contacts[0]).toMatchObject({ success: false, status_code: 404 });
      expect(json.data.contacts[0].error).toEqual(expect.any(String));
      expect(json.data.summary).toEqual({ total_requested: 1, successful: 0, failed: 1 });
      expect(json.credits.used).toBe(0);
    }
    expect(await balance()).toBe(10000);
  });
});

describe('POST /v1/lookup: errors', () => {
  it.each([
    [{ reveal_phone: true }, 'Either candidate_id or social_url is required.'],
    [
      { candidate_id: 'a', social_url: 'b', reveal_phone: true },
      'Exactly 1 identifier per request is allowed; 2 were provided. Make concurrent calls to look up several candidates.',
    ],
    [{ candidate_id: 'demo-ada-lovelace' }, 'At least one enrichment option must be enabled.'],
    [
      { candidate_id: 'demo-ada-lovelace', reveal_phone: false },
      'At least one enrichment option must be enabled.',
    ],
  ])('400 for %j', async (body, message) => {
    const { status, json } = await lookup(sim.app, body);
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message });
  });

  it('400 for a wrongly typed field', async () => {
    const { status, json } = await lookup(sim.app, { candidate_id: 'x', reveal_phone: 'yes' });
    expect(status).toBe(400);
    expect(json.message).toMatch(/reveal_phone/);
  });

  it('403 on the maximum possible charge, with the breakdown, before looking anything up', async () => {
    await post(sim.app, '/__sim/keys', { key: 'ten', remaining: 10 }, null);
    const { status, json } = await lookup(sim.app, { candidate_id: DEMO_PROFILES.nothing.id, ...ALL }, 'ten');
    expect(status).toBe(403);
    expect(json).toEqual({
      success: false,
      message: 'Insufficient credits',
      credits_info: { required: 11, available: 10, breakdown: '1 contact x 11 credits' },
    });
    expect((await lookup(sim.app, { candidate_id: 'x' }, 'inactive-key')).status).toBe(403);
  });

  it('15 concurrent lookups against a small balance never overdraw and never double charge', async () => {
    await post(sim.app, '/__sim/keys', { key: 'small', remaining: 40 }, null);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        lookup(
          sim.app,
          { candidate_id: DEMO_PROFILES.full.id, reveal_personal_email: true, reveal_phone: true },
          'small',
        ),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 403);
    expect(ok).toHaveLength(4); // 4 x 9 = 36; the fifth would need 9 with 4 left
    expect(refused).toHaveLength(11);
    expect(refused.every((r) => r.json.credits_info.available === 4)).toBe(true);
    expect(ok.map((r) => r.json.credits.remaining).sort((a, b) => a - b)).toEqual([4, 13, 22, 31]);
    expect(await balance('small')).toBe(4);
    expect(sim.state.requests.list('/v1/lookup').reduce((sum, r) => sum + r.charged, 0)).toBe(36);
  });
});

describe('GET /v1/account', () => {
  it('reports the balance and lifetime purchases, free of charge', async () => {
    const { status, json } = await get(sim.app, '/v1/account');
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, credits_remaining: 10000, credits_purchased: 10000 });
    expect(Date.parse(json.timestamp)).not.toBeNaN();
    expect((await get(sim.app, '/v1/account')).json.credits_remaining).toBe(10000);
    expect((await get(sim.app, '/v1/account', 'inactive-key')).status).toBe(403);
    expect((await get(sim.app, '/v1/account', 'empty-key')).json.credits_remaining).toBe(0);
  });
});

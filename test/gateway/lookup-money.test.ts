/**
 * What a member is charged and told by a team lookup when the service holds back or a person is known not to be
 * there, on PGlite: a lookup the service rate-limits is answered 429 with when to try again, charged nothing and
 * kept off the team's spend; a teammate waiting for that lookup is told the same; a person known not found is
 * answered from the vault, in the service's words for the identifier the member gave, at no charge.
 */
import { describe, expect, it } from 'vitest';
import { awaitFlight } from '../../gateway/flights';
import type { SimProfile } from '../../sim/dataset/types';
import { LookupResponse } from '../../src/api/schema';
import { ADA, JOSE, KWAME, pgliteDatabase, UNKNOWN, useFreshTeam } from './harness';

// Each test starts from a team of its own (a new gateway, simulator and members on a database put back as it opened).
const t = useFreshTeam(pgliteDatabase);

describe('a lookup the service holds back (429)', () => {
  it('is answered 429 with Retry-After, charged nothing, and leaves nothing owed on the ledger', async () => {
    // More refusals than the gateway's own retries, each asking for longer than it waits by itself.
    t.team.sim.state.faults.enqueue('rateLimit', 5, '/v1/lookup', '60');
    try {
      const body = { social_url: ADA, reveal_phone: true };
      const [first, waiter] = await Promise.all([
        t.team.post('/v1/lookup', t.alice, body),
        t.team.post('/v1/lookup', t.bob, body),
      ]);
      for (const answer of [first, waiter]) {
        expect(answer.status).toBe(429);
        expect(answer.body.success).toBe(false);
      }
      const raw = await fetch(`${t.team.gateway.url}/v1/lookup`, {
        method: 'POST',
        headers: { 'x-api-key': t.alice, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(raw.status).toBe(429);
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const rows = await t.db.query<{ status: string; credits: number | null }>(
        'select status, credits from ledger where subject = $1 order by id',
        [ADA],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ status: 'not_charged', credits: 0 });
      expect((await t.team.get('/v1/team/me', t.alice)).body.spent.today).toBe(0);
    } finally {
      t.team.sim.state.faults.clear();
    }
  });
});

describe('a teammate waiting on a lookup the service holds back', () => {
  it('is told when to try again too (Retry-After), from the one call that was made', async () => {
    const body = { social_url: JOSE, reveal_personal_email: true };
    t.team.sim.state.faults.setLatency(400, '/v1/lookup');
    t.team.sim.state.faults.enqueue('rateLimit', 1, '/v1/lookup', '60');
    try {
      const post = (key: string) =>
        fetch(`${t.team.gateway.url}/v1/lookup`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const answers = await Promise.all([post(t.alice), post(t.bob)]);
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBe(60);
      }
      expect(t.team.upstreamLookups()).toHaveLength(1);
    } finally {
      t.team.sim.state.faults.clear();
    }
  });
});

describe('a teammate who reads the end of a lookup the service held back once it is over', () => {
  it('is told when to try again, as the member was, not that the gateway failed', async () => {
    // More refusals than the gateway's own retries: the member's lookup ends in the service's 429.
    t.team.sim.state.faults.enqueue('rateLimit', 5, '/v1/lookup', '60');
    try {
      const answer = await t.team.post('/v1/lookup', t.alice, { social_url: KWAME, reveal_phone: true });
      expect(answer.status).toBe(429);
      // A waiter finds out by polling when its wake-up is missed (or it waits on another instance): it reads the
      // flight's end after the member was answered, and answers with what it finds there.
      const [flight] = await t.db.query<{ person_id: number; flight_id: string }>(
        'select f.person_id, f.flight_id from flights f join people p on p.id = f.person_id where p.social_url = $1',
        [KWAME],
      );
      const outcome = await awaitFlight(
        t.db,
        t.team.gateway.context.waiters,
        flight!.person_id,
        flight!.flight_id,
        Date.now() + 5_000,
      );
      expect(outcome).toEqual({
        ended: true,
        error: { status: 429, body: answer.body, headers: { 'Retry-After': '60' } },
      });
    } finally {
      t.team.sim.state.faults.clear();
    }
  });
});

describe('a person the service found, then lost', () => {
  it('is answered from what the team holds once the not-found period is over, free, nothing asked', async () => {
    const profile = t.team.sim.state.dataset.profiles.filter(
      (p) => p.phone_number !== null && p.personal_email !== null,
    )[70]!;
    const byId = t.team.sim.state.dataset.byId as Map<string, SimProfile>;
    const found = LookupResponse.parse(
      (await t.team.post('/v1/lookup', t.alice, { candidate_id: profile.id, reveal_phone: true })).body,
    ).data.contacts[0]!;
    expect(found).toMatchObject({ success: true, profile: { phone_number: profile.phone_number } });

    // The service no longer has them (a profile taken down): a teammate's lookup of another item is not found.
    byId.delete(profile.id);
    try {
      const lost = await t.team.post('/v1/lookup', t.bob, {
        candidate_id: profile.id,
        reveal_personal_email: true,
      });
      expect(LookupResponse.parse(lost.body).data.contacts[0]).toMatchObject({
        success: false,
        status_code: 404,
      });
      // Within the not-found period the person is answered not found, whatever the team holds.
      const soon = await t.team.post('/v1/lookup', t.alice, { candidate_id: profile.id, reveal_phone: true });
      expect(LookupResponse.parse(soon.body).data.contacts[0]).toMatchObject({
        success: false,
        status_code: 404,
      });

      // The period passes.
      await t.db.query(
        `update people set not_found_at = not_found_at - $2 * interval '1 millisecond' where candidate_id = $1`,
        [profile.id, t.team.gateway.context.settings.notFoundTtlMs + 60_000],
      );
      t.team.sim.state.requests.clear();
      const later = LookupResponse.parse(
        (await t.team.post('/v1/lookup', t.alice, { candidate_id: profile.id, reveal_phone: true })).body,
      );
      expect(later.data.contacts[0]).toMatchObject({
        lookup_identifier: profile.id,
        success: true,
        profile: { phone_number: profile.phone_number },
        contact_data_retrieved: ['phone'],
      });
      expect(later.credits.used).toBe(0);
      expect(t.team.upstreamLookups()).toEqual([]);
    } finally {
      byId.set(profile.id, profile);
    }
  });
});

describe('a person the service did not find a moment ago', () => {
  it('asked again by candidate id: answered from the vault in the service words for an id, free, nothing asked', async () => {
    const first = await t.team.post('/v1/lookup', t.alice, {
      candidate_id: 'demo-nobody-at-all',
      reveal_personal_email: true,
    });
    expect(first.status).toBe(200);
    t.team.sim.state.requests.clear();
    const again = await t.team.post('/v1/lookup', t.bob, {
      candidate_id: 'demo-nobody-at-all',
      reveal_phone: true,
    });
    const parsed = LookupResponse.parse(again.body);
    // The service's shape: the call succeeded, the contact did not.
    expect(parsed.success).toBe(true);
    expect(parsed.data.contacts).toEqual([
      {
        lookup_identifier: 'demo-nobody-at-all',
        lookup_type: 'id',
        success: false,
        error: 'Candidate not found: demo-nobody-at-all',
        status_code: 404,
      },
    ]);
    expect(parsed.data.summary).toEqual({ total_requested: 1, successful: 0, failed: 1 });
    expect(parsed.credits.used).toBe(0);
    expect(parsed.credits.billing_note).toMatch(
      /^No credits charged: the service did not find this candidate/,
    );
    expect(t.team.upstreamLookups()).toEqual([]);
  });

  it('asked again by profile address: in the service words for an address', async () => {
    await t.team.post('/v1/lookup', t.alice, { social_url: UNKNOWN, reveal_personal_email: true });
    const again = await t.team.post('/v1/lookup', t.bob, { social_url: UNKNOWN, reveal_phone: true });
    const contact = LookupResponse.parse(again.body).data.contacts[0]!;
    expect(contact).toMatchObject({
      lookup_identifier: UNKNOWN,
      lookup_type: 'social_url',
      success: false,
      error: `No candidate found for profile URL: ${UNKNOWN}`,
    });
  });
});

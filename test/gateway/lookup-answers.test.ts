/**
 * What a team lookup answers a member, on PGlite, field by field where a member's extension reads it: the person as
 * the service gave them (also when a teammate's find is answered free), which items came from the team and from
 * whom, the billing note, the balance (read once, free, when the team never knew it), what the ledger and the usage
 * report say each item cost; and the lookups that cannot go through: a member revoked while let in, a teammate's
 * lookup that does not end in time, a fault inside the gateway after the service answered; and where a lookup's time
 * went (the parts `Server-Timing` and the log line give an admin), whichever step was slow.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listPerson } from '../../gateway/do-not-contact';
import { addMember, type Member, revokeMember } from '../../gateway/members';
import type { GatewayContext } from '../../gateway/server/context';
import { teamLookup } from '../../gateway/server/lookup';
import { type TimedPart, Timing } from '../../gateway/server/timing';
import { usageSince } from '../../gateway/spend';
import { readTeam } from '../../gateway/team';
import { MESSAGES } from '../../gateway/words';
import { LookupResponse } from '../../src/api/schema';
import { ADA, GRACE, KWAME, pgliteDatabase, SERVICE_KEY, type Team, useFreshTeam } from './harness';

const parse = (body: unknown) => {
  const parsed = LookupResponse.parse(body);
  return { ...parsed, contact: parsed.data.contacts[0]! };
};

/** Profile URLs of simulated candidates with both an email and a phone, past the ones other files use. */
const withEmailAndPhone = (team: Team, count: number): string[] =>
  team.sim.state.dataset.profiles
    .filter((p) => p.personal_email !== null && p.phone_number !== null && p.social_url)
    .slice(60, 60 + count)
    .map((p) => p.social_url as string);

// Each test starts from a team of its own (a new gateway, simulator and members on a database put back as it opened).

describe('a teammate answered from the vault', () => {
  const t = useFreshTeam(pgliteDatabase);

  it('gets the person as the service gave them to the one who paid, who revealed what and when, at no charge', async () => {
    const before = new Date();
    const paid = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true })).body,
    );
    const after = new Date();
    expect(paid.credits.used).toBe(3);
    const asked = 'linkedin.com/in/Ada-Lovelace-Demo/';
    t.team.sim.state.requests.clear();
    t.team.logs.length = 0;
    const free = parse(
      (await t.team.post('/v1/lookup', t.bob, { social_url: asked, reveal_personal_email: true })).body,
    );
    expect(t.team.upstreamLookups()).toEqual([]);
    expect(free.success).toBe(true);
    expect(free.contact).toMatchObject({
      success: true,
      lookup_identifier: asked,
      lookup_type: 'social_url',
    });
    if (!free.contact.success || !paid.contact.success) throw new Error('both lookups found Ada');
    const { id, name, current_title, current_employer, personal_email } = paid.contact.profile;
    expect(id).toBe('demo-ada-lovelace');
    expect(name).toBe('Ada Lovelace');
    expect(free.contact.profile).toEqual({ id, name, current_title, current_employer, personal_email });
    expect(free.contact.contact_data_retrieved).toEqual(['email']);
    expect(free.contact.team_held).toEqual([
      { item: 'email', found: true, revealed_by: 'Alice Smith', revealed_at: expect.any(String) },
    ]);
    const [held] = free.contact.team_held as { revealed_at: string }[];
    const revealedAt = new Date(held!.revealed_at).getTime();
    expect(revealedAt).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(revealedAt).toBeLessThanOrEqual(after.getTime() + 1_000);
    expect(free.data.summary).toEqual({ total_requested: 1, successful: 1, failed: 0 });
    expect(free.credits).toEqual({
      used: 0,
      remaining: t.team.sim.state.key(SERVICE_KEY)!.remaining,
      billing_note: expect.stringMatching(
        /^No credits charged\. Already held by your team, no charge: email \(revealed by Alice Smith on /,
      ),
    });
    // The request's log line, which an admin reads for spend, says nothing was charged.
    expect(t.team.logs.at(-1)).toMatch(/ POST \/v1\/lookup member="Bob Lee" status=200 .* credits=0$/);
  });

  it('is not told an item the service did not have was retrieved, and gets no value for it', async () => {
    const first = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: KWAME, reveal_personal_email: true })).body,
    );
    expect(first.credits.used).toBe(0);
    const again = parse(
      (await t.team.post('/v1/lookup', t.bob, { social_url: KWAME, reveal_personal_email: true })).body,
    );
    expect(t.team.upstreamLookups()).toHaveLength(1);
    if (!again.contact.success) throw new Error('Kwame is known to the service');
    expect(again.contact.contact_data_retrieved).toEqual([]);
    expect(again.contact.profile).not.toHaveProperty('personal_email');
    expect(again.contact.profile.name).toBe('Kwame Mensah');
    expect(again.contact.team_held).toEqual([
      { item: 'email', found: false, revealed_by: 'Alice Smith', revealed_at: expect.any(String) },
    ]);
  });

  it("a paid answer says the service's billing note as given, then what came from the team, once each", async () => {
    const [url] = withEmailAndPhone(t.team, 1);
    const alone = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_personal_email: true })).body,
    );
    // Nothing came from the team: the service's own words, nothing added.
    expect(alone.credits.billing_note).toBe(
      'Charged 3 credits: email 3. Only successful retrievals are charged.',
    );
    expect(alone.contact.success && alone.contact.team_held).toEqual([]);
    t.team.logs.length = 0;
    const mixed = parse(
      (
        await t.team.post('/v1/lookup', t.bob, {
          social_url: url,
          reveal_personal_email: true,
          reveal_phone: true,
        })
      ).body,
    );
    expect(mixed.credits.used).toBe(6);
    expect(mixed.credits.remaining).toBe(t.team.sim.state.key(SERVICE_KEY)!.remaining);
    expect(mixed.credits.billing_note).toMatch(
      /^Charged 6 credits: phone 6\. Only successful retrievals are charged\. Already held by your team, no charge: email \(revealed by Alice Smith on [^)]+\)\.$/,
    );
    if (!mixed.contact.success) throw new Error('found');
    expect([...mixed.contact.contact_data_retrieved].sort()).toEqual(['email', 'phone']);
    expect((mixed.contact.team_held as { item: string }[]).map((held) => held.item)).toEqual(['email']);
    expect(mixed.contact.profile.phone_number).toBeTruthy();
    expect(mixed.contact.profile.personal_email).toBeTruthy();
    expect(t.team.logs.at(-1)).toMatch(/ member="Bob Lee" status=200 .* credits=6$/);
  });

  it('keeps what each item cost for the usage report, and a lookup that found nothing as not charged', async () => {
    const [{ since }] = (await t.db.query<{ since: Date }>('select clock_timestamp() as since')) as [
      { since: Date },
    ];
    const [url] = withEmailAndPhone(t.team, 2).slice(1);
    await t.team.post('/v1/lookup', t.bob, {
      social_url: url,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    // Kwame has no email: the service charges nothing for it.
    await t.team.post('/v1/lookup', t.bob, {
      social_url: KWAME,
      reveal_detailed_person_enrichment: true,
      reveal_personal_email: true,
    });
    const rows = await t.db.query<{ subject: string; status: string; credits: number; items: unknown }>(
      'select subject, status, credits, items from ledger where created_at >= $1 order by id',
      [since],
    );
    expect(rows).toEqual([
      { subject: url, status: 'charged', credits: 9, items: { email: 3, phone: 6 } },
      { subject: KWAME, status: 'charged', credits: 1, items: { detailed_profile: 1 } },
    ]);
    const nothing = await t.team.post('/v1/lookup', t.bob, {
      social_url: 'https://www.linkedin.com/in/nobody-here-demo',
      reveal_phone: true,
    });
    expect(parse(nothing.body).credits.used).toBe(0);
    const [last] = await t.db.query<{ status: string; credits: number }>(
      'select status, credits from ledger order by id desc limit 1',
    );
    expect(last).toEqual({ status: 'not_charged', credits: 0 });
    const bob = (await usageSince(t.db, since)).find((row) => row.member === 'Bob Lee')!;
    expect(bob.items).toEqual({ email: 3, phone: 6, detailed_profile: 1 });
    expect(bob.credits).toBe(10);
  });

  it("keeps on the ledger what the service said it charged and the balance it left, which the team's balance reads", async () => {
    const [url] = withEmailAndPhone(t.team, 3).slice(2);
    const paid = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_phone: true })).body,
    );
    expect(paid.credits.used).toBe(6);
    const [row] = await t.db.query<{ billing_note: string | null; remaining: number | null }>(
      'select billing_note, remaining from ledger where subject = $1',
      [url],
    );
    expect(row).toEqual({
      billing_note: 'Charged 6 credits: phone 6. Only successful retrievals are charged.',
      remaining: t.team.sim.state.key(SERVICE_KEY)!.remaining,
    });
    expect((await readTeam(t.db)).creditsRemaining).toBe(t.team.sim.state.key(SERVICE_KEY)!.remaining);
  });

  it('a person the service does not know is answered under the identifier the member gave, charged nothing', async () => {
    const asked = 'https://uk.linkedin.com/in/Not-A-Candidate-Demo/?trk=x';
    const answer = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: asked, reveal_phone: true })).body,
    );
    expect(answer.contact).toMatchObject({ success: false, lookup_identifier: asked, status_code: 404 });
    expect(answer.credits.used).toBe(0);
  });

  it('a person held with no name, title or employer is answered with empty ones, which a member can read', async () => {
    // A person the vault knows by their service id alone (a send's or an older version's row): no profile fields.
    const [{ id }] = (await t.db.query<{ id: number }>(
      `insert into people (candidate_id) values ('cand-nameless-demo') returning id`,
    )) as [{ id: number }];
    await t.db.query(
      `insert into held_items (person_id, item, found, value, member_id)
       values ($1, 'email', true, '"nameless@example.org"', (select min(id) from members))`,
      [id],
    );
    const answer = parse(
      (
        await t.team.post('/v1/lookup', t.bob, {
          candidate_id: 'cand-nameless-demo',
          reveal_personal_email: true,
        })
      ).body,
    );
    expect(t.team.upstreamLookups()).toEqual([]);
    expect(answer.contact).toMatchObject({
      success: true,
      lookup_identifier: 'cand-nameless-demo',
      lookup_type: 'id',
      profile: { id: 'cand-nameless-demo', name: '', current_title: '', current_employer: '' },
      contact_data_retrieved: ['email'],
    });
    expect(answer.credits.used).toBe(0);
  });

  it('a person listed by their service id is refused under that id, as the service answers an id', async () => {
    await listPerson(t.db, [{ kind: 'id', value: 'cand-listed-demo' }], 'objected', 'Alice Smith');
    const answer = parse(
      (await t.team.post('/v1/lookup', t.bob, { candidate_id: 'cand-listed-demo', reveal_phone: true })).body,
    );
    expect(answer.contact).toEqual({
      lookup_identifier: 'cand-listed-demo',
      lookup_type: 'id',
      success: false,
      error: MESSAGES.doNotContactLookup,
      status_code: 451,
    });
    expect(answer.credits.used).toBe(0);
    expect(t.team.upstreamLookups()).toEqual([]);
  });

  it('a member revoked while being let in is refused as an unknown key: nothing asked, nothing owed', async () => {
    const { member } = await addMember(t.db, 'Carol Diaz', { dailyCap: null, monthlyCap: null });
    await revokeMember(t.db, 'Carol Diaz');
    const ledger = await t.db.query('select count(*)::int as n from ledger');
    const answer = await teamLookup(
      t.team.gateway.context,
      member,
      { social_url: GRACE, reveal_phone: true },
      new Timing(),
    );
    expect(answer).toEqual({ status: 401, body: { success: false, message: MESSAGES.invalidKey } });
    expect(t.team.upstreamLookups()).toEqual([]);
    expect(await t.db.query('select count(*)::int as n from ledger')).toEqual(ledger);
  });
});

describe('the balance a free answer gives, when the team never read it', () => {
  const t = useFreshTeam(pgliteDatabase);

  it('is read once from the service (free) and kept; unreadable, it is given as 0 rather than failing', async () => {
    const listed = 'https://www.linkedin.com/in/someone-listed-demo';
    await listPerson(t.db, [{ kind: 'url', value: listed }], 'objected', 'Alice Smith');
    expect((await readTeam(t.db)).creditsRemaining).toBeNull();
    t.team.sim.state.setKey(SERVICE_KEY, { remaining: 4_321, purchased: 100_000, active: true });
    const answer = parse(
      (await t.team.post('/v1/lookup', t.alice, { social_url: listed, reveal_phone: true })).body,
    );
    expect(answer.contact).toMatchObject({ success: false, status_code: 451 });
    expect(answer.credits).toEqual({ used: 0, remaining: 4_321, billing_note: MESSAGES.doNotContactLookup });
    expect((await readTeam(t.db)).creditsRemaining).toBe(4_321);
    expect(t.team.sim.state.requests.list('/v1/account')).toHaveLength(1);
    // Kept: the next free answer gives it without asking the service again.
    t.team.sim.state.setKey(SERVICE_KEY, { remaining: 4_000, purchased: 100_000, active: true });
    const kept = parse(
      (await t.team.post('/v1/lookup', t.bob, { social_url: listed, reveal_personal_email: true })).body,
    );
    expect(kept.credits.remaining).toBe(4_321);
    expect(t.team.sim.state.requests.list('/v1/account')).toHaveLength(1);

    await t.db.query('update team set credits_remaining = null, balance_at = null where id = 1');
    t.team.sim.state.faults.setDown(true, '/v1/account');
    try {
      const unread = await t.team.post('/v1/lookup', t.alice, { social_url: listed, reveal_phone: true });
      expect(unread.status).toBe(200);
      expect(parse(unread.body).credits.remaining).toBe(0);
    } finally {
      t.team.sim.state.faults.clear();
    }
  });
});

describe("a teammate's lookup that does not end", () => {
  // A flight is presumed dead after 4 s: a waiter gives up 5 s after that (a 409, nothing charged to it, rather than
  // an answer, when the flight it waits for was left running).
  const t = useFreshTeam(pgliteDatabase, undefined, { settings: { flightTtlMs: 4_000 } });

  /** Resolves once a lookup is under way and someone waits for it. */
  async function waitedFor(): Promise<void> {
    for (let i = 0; i < 2_000; i++) {
      const rows = await t.db.query<{ n: number }>(
        'select count(*)::int as n from flights where ended_at is null and waited',
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('nobody waited');
  }

  it('a waiter is answered when it ends in time', async () => {
    const [url] = withEmailAndPhone(t.team, 3).slice(2);
    t.team.sim.state.faults.setLatency(1_500, '/v1/lookup');
    try {
      const first = t.team.post('/v1/lookup', t.alice, { social_url: url, reveal_phone: true });
      const waiter = t.team.post('/v1/lookup', t.bob, { social_url: url, reveal_phone: true });
      const answers = await Promise.all([first, waiter]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers.map((a) => a.body.credits.used).sort()).toEqual([0, 6]);
      expect(t.team.upstreamLookups()).toHaveLength(1);
    } finally {
      t.team.sim.state.faults.clear();
    }
  });

  it('a waiter past the time limit is told a teammate is looking them up, charged nothing', async () => {
    t.team.sim.state.faults.enqueue('hang', 1, '/v1/lookup');
    try {
      const first = t.team.post('/v1/lookup', t.alice, { social_url: ADA, reveal_personal_email: true });
      const started = Date.now();
      const waiter = t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
      await waitedFor();
      const answer = await waiter;
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ success: false, message: MESSAGES.flightTimeout });
      expect(Date.now() - started).toBeGreaterThanOrEqual(8_000);
      t.team.sim.state.faults.clear();
      await first;
    } finally {
      t.team.sim.state.faults.clear();
    }
  });

  it('a fault in the gateway after the service answered frees its waiters at once, with nothing said charged', async () => {
    // The ledger cannot be settled for this person (as a full disk would refuse it).
    await t.db.exec(`
      create function test_refuse_settle() returns trigger language plpgsql as $$
      begin raise exception 'no room to settle'; end $$;
      create trigger test_refuse_settle before update on ledger for each row
        when (old.subject = '${GRACE}' and new.status <> 'pending') execute function test_refuse_settle();
    `);
    t.team.sim.state.faults.setLatency(600, '/v1/lookup');
    t.team.logs.length = 0;
    try {
      const first = t.team.post('/v1/lookup', t.alice, { social_url: GRACE, reveal_phone: true });
      const waiter = t.team.post('/v1/lookup', t.bob, { social_url: GRACE, reveal_phone: true });
      const answers = await Promise.all([first, waiter]);
      for (const answer of answers) {
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ success: false, message: MESSAGES.internal });
      }
      expect(t.team.upstreamLookups()).toHaveLength(1);
      // The admin's log says the fault once, where it happened: the waiter is answered with the error the flight
      // kept, not by a second failure of its own.
      expect(t.team.logs.filter((line) => / error /.test(line))).toEqual([
        expect.stringMatching(/ error POST \/v1\/lookup failed: .*no room to settle/),
      ]);
    } finally {
      t.team.sim.state.faults.clear();
      await t.db.exec('drop trigger test_refuse_settle on ledger; drop function test_refuse_settle();');
    }
  });
});

describe("where a lookup's time went, whichever step was slow (what Server-Timing and the log line tell an admin)", () => {
  const t = useFreshTeam(pgliteDatabase);
  /** How long the slowed step takes: far more than the rest of a lookup's database work, even on a loaded machine. */
  const SLOW_MS = 300;
  let dana: Member;
  let capped: Member;
  beforeEach(async () => {
    dana = (await addMember(t.db, 'Dana Kim', { dailyCap: null, monthlyCap: null })).member;
    capped = (await addMember(t.db, 'Eve Stone', { dailyCap: 1, monthlyCap: null })).member;
  });

  /**
   * The gateway's context with a database that holds back each statement matching `slow` by SLOW_MS (a locked row, a
   * busy disk), and the statements the lookup asked of it, in order.
   */
  function slowed(slow: RegExp | null): { ctx: GatewayContext; statements: string[] } {
    const ctx = t.team.gateway.context;
    const statements: string[] = [];
    const db = new Proxy(ctx.db, {
      get(target, property) {
        if (property === 'query') {
          return async (text: string, params?: readonly unknown[]) => {
            statements.push(text);
            if (slow?.test(text)) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
            return target.query(text, params);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { ctx: { ...ctx, db }, statements };
  }

  /** Runs a lookup with `slow` statements held back; its answer, its times and the statements it ran. */
  async function lookup(member: Member, body: Record<string, unknown>, slow: RegExp | null) {
    const { ctx, statements } = slowed(slow);
    const timing = new Timing();
    const answer = await teamLookup(ctx, member, body as never, timing);
    const spent = (part: TimedPart) => timing.of(part);
    return { answer, spent, statements };
  }

  it('a free answer: the do-not-contact check and the balance read and kept are the database, the balance asked the service', async () => {
    const listed = 'https://www.linkedin.com/in/someone-timed-demo';
    await listPerson(t.db, [{ kind: 'url', value: listed }], 'objected', 'Alice Smith');
    const body = { social_url: listed, reveal_phone: true };
    for (const slow of [/from do_not_contact/, /from team t/, /update team set credits_remaining/]) {
      await t.db.query('update team set credits_remaining = null, balance_at = null where id = 1');
      const { answer, spent } = await lookup(dana, body, slow);
      expect(parse(answer.body).contact).toMatchObject({ success: false, status_code: 451 });
      expect(t.team.sim.state.requests.list('/v1/account')).toHaveLength(1);
      t.team.sim.state.requests.clear();
      expect(spent('db'), String(slow)).toBeGreaterThanOrEqual(SLOW_MS - 2);
      expect(spent('service'), String(slow)).toBeLessThan(SLOW_MS);
    }
    await t.db.query('update team set credits_remaining = null, balance_at = null where id = 1');
    t.team.sim.state.faults.setLatency(SLOW_MS, '/v1/account');
    try {
      const { spent } = await lookup(dana, body, null);
      expect(spent('service')).toBeGreaterThanOrEqual(SLOW_MS - 2);
      expect(spent('db')).toBeLessThan(SLOW_MS);
    } finally {
      t.team.sim.state.faults.clear();
    }
  });

  it('a paid lookup: three round trips (the do-not-contact check, begin, finish), each the database', async () => {
    const people = withEmailAndPhone(t.team, 14).slice(10);
    const slows = [null, /from do_not_contact/, /gateway_begin_lookup/, /gateway_finish_lookup/];
    for (const [i, slow] of slows.entries()) {
      const { answer, spent, statements } = await lookup(
        dana,
        { social_url: people[i], reveal_phone: true },
        slow,
      );
      expect(answer.credits, String(slow)).toBeGreaterThan(0);
      expect(statements.map((text) => /do_not_contact|gateway_\w+_lookup/.exec(text)?.[0])).toEqual([
        'do_not_contact',
        'gateway_begin_lookup',
        'gateway_finish_lookup',
      ]);
      if (slow) expect(spent('db'), String(slow)).toBeGreaterThanOrEqual(SLOW_MS - 2);
    }
  });

  it('a lookup the service failed: settling the ledger and ending the flight are the database, each once', async () => {
    const people = withEmailAndPhone(t.team, 18).slice(14);
    t.team.sim.state.faults.setDown(true, '/v1/lookup');
    try {
      const slows = [null, /update ledger set status/, /update flights set ended_at/];
      for (const [i, slow] of slows.entries()) {
        const { answer, spent, statements } = await lookup(
          dana,
          { social_url: people[i], reveal_phone: true },
          slow,
        );
        expect(answer.status, String(slow)).toBeGreaterThanOrEqual(500);
        expect(answer.credits).toBe(0);
        expect(
          statements.map(
            (text) => /do_not_contact|gateway_begin_lookup|update ledger|update flights/.exec(text)?.[0],
          ),
        ).toEqual(['do_not_contact', 'gateway_begin_lookup', 'update ledger', 'update flights']);
        if (slow) expect(spent('db'), String(slow)).toBeGreaterThanOrEqual(SLOW_MS - 2);
      }
    } finally {
      t.team.sim.state.faults.clear();
    }
  });

  it("a lookup over the member's cap: reading what to tell them is the database", async () => {
    const [person] = withEmailAndPhone(t.team, 19).slice(18);
    const { answer, spent } = await lookup(capped, { social_url: person, reveal_phone: true }, /from team t/);
    expect(answer.status).toBe(403);
    expect(t.team.upstreamLookups()).toEqual([]);
    expect(spent('db')).toBeGreaterThanOrEqual(SLOW_MS - 2);
  });
});

/**
 * The functions a lookup calls (gateway/db/schema), each on a database holding what a team in use holds: people,
 * items, flights under way, ledger rows, search links, revoked and capped members.
 */
import { describe, expect, inject, it } from 'vitest';
import { pgliteDatabase, postgresDatabase } from './harness';

/** Runs `body` on a new PGlite database at the newest schema, then disposes of it. */
async function onNewDatabase(
  body: (db: Awaited<ReturnType<typeof pgliteDatabase>>) => Promise<void>,
): Promise<void> {
  const db = await pgliteDatabase();
  try {
    await body(db);
  } finally {
    await db.dispose();
  }
}

describe('beginning a lookup in one statement', () => {
  it('answers held, wait, flight or refused from the people, items, flights and ledger held', async () => {
    await onNewDatabase(async (db) => {
      // Holding a person, an item and a flight under way.
      await db.exec(`
        insert into members (name, key_hash, key_hint, daily_cap) values ('Alice Smith', 'h', 'hint', 8);
        insert into people (social_url, candidate_id) values ('https://www.linkedin.com/in/a', 'cand-a');
        insert into held_items (person_id, item, found, value, member_id) values (1, 'email', true, '"a@example.com"', 1);
        insert into people (social_url) values ('https://www.linkedin.com/in/b');
        insert into flights (person_id, member_id, items, expires_at) values (2, 1, '["email"]', now() + interval '1 minute');
        insert into ledger (member_id, action, subject, max_credits, status) values (1, 'lookup', 'https://www.linkedin.com/in/b', 3, 'pending');
      `);
      const begin = (url: string) =>
        db.query<{ begun: { state: string; refusal?: { spent: number } } }>(
          `select gateway_begin_lookup($1, null, 1, '["email"]', '{"email": 3}', 60000, 604800000, $1) as begun`,
          [url],
        );
      // Held: answered from the vault; under way: wait; new: a flight, its 3 credits reserved beside the pending 3;
      // one more would pass the cap of 8 (6 counted + 3).
      expect((await begin('https://www.linkedin.com/in/a'))[0]!.begun.state).toBe('held');
      expect((await begin('https://www.linkedin.com/in/b'))[0]!.begun.state).toBe('wait');
      expect((await begin('https://www.linkedin.com/in/c'))[0]!.begun.state).toBe('flight');
      const refused = (await begin('https://www.linkedin.com/in/d'))[0]!.begun;
      expect(refused).toMatchObject({ state: 'refused', refusal: { spent: 6 } });
      const flights = await db.query<{ n: number }>('select count(*)::int as n from flights');
      expect(flights[0]!.n).toBe(2);
    });
  });
});

describe('a waiter knows when it asked', () => {
  it('answers its waiters when they asked, and a flight finished after an erasure keeps nothing', async () => {
    await onNewDatabase(async (db) => {
      // A flight under way on b (begun by Alice).
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'hint'), ('Bob Lee', 'h2', 'hint');
        insert into people (social_url) values ('https://www.linkedin.com/in/b');
        insert into flights (person_id, member_id, items, expires_at) values (1, 1, '["email"]', now() + interval '1 minute');
        insert into ledger (member_id, action, subject, max_credits, status) values (1, 'lookup', 'https://www.linkedin.com/in/b', 3, 'pending');
      `);
      const begin = (url: string, member: number) =>
        db.query<{ begun: { state: string; started_at?: string; flight_id?: string; entry_id?: number } }>(
          `select gateway_begin_lookup($1, null, $2, '["email"]', '{"email": 3}', 60000, 604800000, $1) as begun`,
          [url, member],
        );
      // Bob waits for Alice's flight, and is told when he asked.
      const [before] = await db.query<{ now: Date }>('select clock_timestamp() as now');
      const waiting = (await begin('https://www.linkedin.com/in/b', 2))[0]!.begun;
      expect(waiting.state).toBe('wait');
      expect(new Date(waiting.started_at!).getTime()).toBeGreaterThanOrEqual(before!.now.getTime());

      // b is erased; Bob then flies himself (on a row his start makes anew), finishing with the time he asked.
      await db.exec(`
        delete from people where social_url = 'https://www.linkedin.com/in/b';
        insert into erasures (key_hash, erased_at) values (gateway_key_hash('https://www.linkedin.com/in/b'), clock_timestamp());
      `);
      const flight = (await begin('https://www.linkedin.com/in/b', 2))[0]!.begun;
      expect(flight.state).toBe('flight');
      const answer = JSON.stringify({
        success: true,
        candidate_id: 'cand-b',
        name: 'B',
        current_title: '',
        current_employer: '',
        items: [{ item: 'email', found: true, value: 'b@example.com' }],
      });
      const [finished] = await db.query<{ person: unknown }>(
        `select gateway_finish_lookup(p.id, $1, null, 2, $2, $3, $4, 'charged', 3, '{"email": 3}', null, 90, $5) as person
         from people p where p.social_url = $1`,
        ['https://www.linkedin.com/in/b', flight.flight_id, answer, flight.entry_id, waiting.started_at],
      );
      expect(finished!.person).toBeNull();
      const left = await db.query<{ n: number }>('select count(*)::int as n from people');
      expect(left[0]!.n).toBe(0);
      const ledger = await db.query<{ status: string; subject: string | null }>(
        'select status, subject from ledger where id = $1',
        [flight.entry_id],
      );
      expect(ledger).toEqual([{ status: 'charged', subject: null }]);
    });
  });
});

describe('one way to find who an identifier names', () => {
  it('finds rows a search linked, for the lookup and the free question alike', async () => {
    await onNewDatabase(async (db) => {
      // Ada held by URL, Grace by id, and a search that linked each to her other identifier.
      await db.exec(`
        insert into people (social_url) values ('https://www.linkedin.com/in/ada');
        insert into people (candidate_id) values ('cand-grace');
        insert into search_links (social_url, candidate_id) values
          ('https://www.linkedin.com/in/ada', 'cand-ada'), ('https://www.linkedin.com/in/grace', 'cand-grace');
      `);
      const find = (url: string | null, id: string | null) =>
        db.query<{
          social_url: string | null;
          candidate_id: string | null;
          by_url: number | null;
          by_id: number | null;
        }>('select * from gateway_find_person($1, $2)', [url, id]);
      expect(await find(null, 'cand-ada')).toEqual([
        { social_url: 'https://www.linkedin.com/in/ada', candidate_id: 'cand-ada', by_url: 1, by_id: null },
      ]);
      expect(await find('https://www.linkedin.com/in/grace', null)).toEqual([
        {
          social_url: 'https://www.linkedin.com/in/grace',
          candidate_id: 'cand-grace',
          by_url: null,
          by_id: 2,
        },
      ]);
      expect(await find('https://www.linkedin.com/in/nobody', null)).toEqual([
        { social_url: 'https://www.linkedin.com/in/nobody', candidate_id: null, by_url: null, by_id: null },
      ]);
      // A lookup by Ada's id resolves to her row by URL and records the id on it.
      const [resolved] = await db.query<{ id: number }>(
        "select gateway_resolve_person(null, 'cand-ada') as id",
      );
      expect(resolved!.id).toBe(1);
      const ada = await db.query<{ candidate_id: string }>('select candidate_id from people where id = 1');
      expect(ada[0]!.candidate_id).toBe('cand-ada');
    });
  });
});

describe('a lookup checks its member; no spend sum without a cap', () => {
  it('refuses a revoked member whatever the vault holds, and still counts the spend under a cap', async () => {
    await onNewDatabase(async (db) => {
      // Ada's email held; Bob revoked; Carol capped at 5 a day with 3 pending; Alice without caps.
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'hint');
        insert into members (name, key_hash, key_hint, revoked_at) values ('Bob Lee', 'h2', 'hint', now());
        insert into members (name, key_hash, key_hint, daily_cap) values ('Carol Diaz', 'h3', 'hint', 5);
        insert into people (social_url) values ('https://www.linkedin.com/in/ada');
        insert into held_items (person_id, item, found, value, member_id) values (1, 'email', true, '"a@example.com"', 1);
        insert into ledger (member_id, action, subject, max_credits, status) values (3, 'lookup', 'x', 3, 'pending');
      `);
      const begin = (url: string, member: number) =>
        db.query<{ begun: { state: string; refusal?: { spent: number; cap: number } } }>(
          `select gateway_begin_lookup($1, null, $2, '["email"]', '{"email": 3}', 60000, 604800000, $1) as begun`,
          [url, member],
        );
      expect((await begin('https://www.linkedin.com/in/ada', 2))[0]!.begun.state).toBe('revoked');
      expect((await begin('https://www.linkedin.com/in/new', 2))[0]!.begun.state).toBe('revoked');
      expect((await begin('https://www.linkedin.com/in/ada', 1))[0]!.begun.state).toBe('held');
      // Without caps: a flight, its pending row written. Under a cap: the pending 3 still counts (3 + 3 > 5).
      expect((await begin('https://www.linkedin.com/in/b', 1))[0]!.begun.state).toBe('flight');
      expect((await begin('https://www.linkedin.com/in/c', 3))[0]!.begun).toMatchObject({
        state: 'refused',
        refusal: { spent: 3, cap: 5 },
      });
      const pending = await db.query<{ member_id: number; max_credits: number }>(
        "select member_id, max_credits from ledger where status = 'pending' order by id",
      );
      expect(pending).toEqual([
        { member_id: 3, max_credits: 3 },
        { member_id: 1, max_credits: 3 },
      ]);
      // A search's reservation for a revoked member is still refused.
      const [reserved] = await db.query<{ r: { revoked?: boolean } }>(
        "select gateway_reserve(2, 'search', 1, null) as r",
      );
      expect(reserved!.r).toEqual({ revoked: true });
    });
  });
});

describe('a lookup of someone new begins without reading the vault', () => {
  it('makes, claims and reserves for someone new at once, and treats anyone known as before', async () => {
    await onNewDatabase(async (db) => {
      // Ada's email held; a search linked a new person's URL to her candidate id; Carol capped at 2.
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'hint');
        insert into members (name, key_hash, key_hint, revoked_at) values ('Bob Lee', 'h2', 'hint', now());
        insert into members (name, key_hash, key_hint, daily_cap) values ('Carol Diaz', 'h3', 'hint', 2);
        insert into members (name, key_hash, key_hint) values ('Dan Roe', 'h4', 'hint');
        insert into people (social_url) values ('https://www.linkedin.com/in/ada');
        insert into held_items (person_id, item, found, value, member_id) values (1, 'email', true, '"a@example.com"', 1);
        insert into search_links (social_url, candidate_id) values ('https://www.linkedin.com/in/new', 'cand-new');
      `);
      const begin = (url: string, member: number, items = '["email", "phone"]') =>
        db
          .query<{ begun: { state: string; missing?: string[]; entry_id?: number } }>(
            `select gateway_begin_lookup($1, null, $2, $3, '{"email": 3, "phone": 6}', 60000, 604800000, $1) as begun`,
            [url, member, items],
          )
          .then((rows) => rows[0]!.begun);
      const people = () =>
        db.query<{ n: number }>('select count(*)::int as n from people').then((r) => r[0]!.n);

      // Someone new (named with her candidate id by a search): made with both identifiers, claimed, reserved.
      const flight = await begin('https://www.linkedin.com/in/new', 1);
      expect(flight).toMatchObject({ state: 'flight', missing: ['email', 'phone'] });
      const made = await db.query<{ candidate_id: string; items: string[]; max_credits: number }>(
        `select p.candidate_id, f.items, l.max_credits from people p join flights f on f.person_id = p.id
         join ledger l on l.id = $1 where p.social_url = 'https://www.linkedin.com/in/new'`,
        [flight.entry_id],
      );
      expect(made).toEqual([{ candidate_id: 'cand-new', items: ['email', 'phone'], max_credits: 9 }]);
      // A teammate asking for her now waits for that flight; asking by her id finds the same person.
      expect((await begin('https://www.linkedin.com/in/new', 4)).state).toBe('wait');
      expect(
        (
          await db.query<{ begun: { state: string } }>(
            `select gateway_begin_lookup(null, 'cand-new', 4, '["email"]', '{"email": 3}', 60000, 604800000, 'cand-new') as begun`,
          )
        )[0]!.begun.state,
      ).toBe('wait');
      // Someone known: held, or a flight for the missing items only.
      expect((await begin('https://www.linkedin.com/in/ada', 1, '["email"]')).state).toBe('held');
      expect(await begin('https://www.linkedin.com/in/ada', 4)).toMatchObject({
        state: 'flight',
        missing: ['phone'],
      });
      // Refused by a cap: no flight is left behind for the new person. Revoked: nobody is made at all.
      const before = await people();
      expect((await begin('https://www.linkedin.com/in/capped', 3, '["email"]')).state).toBe('refused');
      const left = await db.query<{ n: number }>(
        "select count(*)::int as n from flights f join people p on p.id = f.person_id where p.social_url = 'https://www.linkedin.com/in/capped'",
      );
      expect(left[0]!.n).toBe(0);
      expect(await people()).toBe(before + 1);
      expect((await begin('https://www.linkedin.com/in/revoked', 2)).state).toBe('revoked');
      expect(await people()).toBe(before + 1);
    });
  });
});

describe.skipIf(inject('pgUrl') === null)('reservations without caps side by side, on PostgreSQL', () => {
  it('lets a member without caps reserve beside their reservation under way; a capped one takes turns', async () => {
    const db = (await postgresDatabase())!;
    try {
      await db.exec(`
        insert into members (name, key_hash, key_hint) values ('Alice Smith', 'h1', 'hint');
        insert into members (name, key_hash, key_hint, daily_cap) values ('Carol Diaz', 'h3', 'hint', 100);
      `);
      const reserve = (member: number) =>
        db.query<{ r: { entry_id?: number } }>("select gateway_reserve($1, 'lookup', 3, null) as r", [
          member,
        ]);
      /** A reservation for `member` in a transaction held open until the returned release is called. */
      const held = async (member: number) => {
        let release: () => void = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let reserved: () => void = () => {};
        const reservedYet = new Promise<void>((resolve) => {
          reserved = resolve;
        });
        const done = db.transaction(async (tx) => {
          await tx.query("select gateway_reserve($1, 'lookup', 3, null)", [member]);
          reserved();
          await released;
        });
        await reservedYet;
        return { release, done };
      };
      const settledWithin = (promise: Promise<unknown>, ms: number) =>
        Promise.race([
          promise.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), ms)),
        ]);

      // Alice has no caps: a second reservation goes beside the first, still under way.
      const alice = await held(1);
      expect((await reserve(1))[0]!.r.entry_id).toBeGreaterThan(0);
      // A change of her caps waits for the reservation under way, and the next one counts it.
      const capped = db.query('update members set daily_cap = 7 where id = 1');
      expect(await settledWithin(capped, 300)).toBe(false);
      alice.release();
      await Promise.all([alice.done, capped]);
      expect((await reserve(1))[0]!.r).toMatchObject({ refusal: { spent: 6, cap: 7 } });

      // Carol has a cap: a second reservation waits for the first to commit, then counts it.
      const carol = await held(2);
      const second = reserve(2);
      expect(await settledWithin(second, 300)).toBe(false);
      carol.release();
      await carol.done;
      expect((await second)[0]!.r.entry_id).toBeGreaterThan(0);
      const pending = await db.query<{ n: number }>(
        "select count(*)::int as n from ledger where member_id = 2 and status = 'pending'",
      );
      expect(pending[0]!.n).toBe(2);
    } finally {
      await db.dispose();
    }
  });
});

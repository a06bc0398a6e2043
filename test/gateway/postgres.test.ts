/**
 * The gateway on a real PostgreSQL server (the throwaway cluster of this run), as two processes on one database:
 * single flight across instances and members, caps under concurrent calls on both, revocation seen by both at
 * once, migrations racing, the service key in no answer and no log line.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../gateway/db/database';
import { MIGRATIONS, migrate, SCHEMA_VERSION } from '../../gateway/db/migrations';
import { openDatabase } from '../../gateway/db/open';
import { applicationName } from '../../gateway/db/postgres';
import { addMember, hashKey, revokeMember } from '../../gateway/members';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { LookupResponse } from '../../src/api/schema';
import { GRACE, type Opening, openingOf, postgresDatabaseUrl, reopen, SERVICE_KEY } from './harness';
import { type GatewayProcess, runGatewayCommand, spawnGateway } from './processes';

const hasPostgres = inject('pgUrl') !== null;

describe.skipIf(!hasPostgres)('two gateway processes on one PostgreSQL', () => {
  let url: string;
  let db: Database;
  let sim: RunningSimulator;
  let one: GatewayProcess;
  let two: GatewayProcess;
  /** The members' keys, new for each test. */
  const keys: Record<string, string> = {};
  /** Every answer's text of the test under way. */
  const answers: string[] = [];
  /** The database as migrated, put back before each test. */
  let opening: Opening;

  const post = async (gateway: GatewayProcess, key: string, path: string, body: unknown) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, body: JSON.parse(text) };
  };
  const get = async (gateway: GatewayProcess, key: string, path: string) => {
    const response = await fetch(`${gateway.url}${path}`, { headers: { 'x-api-key': key } });
    answers.push(await response.text());
    return response.status;
  };

  beforeAll(async () => {
    url = (await postgresDatabaseUrl())!;
    db = await openDatabase({ url });
    // Two migrations racing on a new database: one applies the schema, the other waits and finds it done.
    const [a, b] = await Promise.all([
      migrate(db),
      openDatabase({ url }).then(async (other) => {
        try {
          return await migrate(other);
        } finally {
          await other.close();
        }
      }),
    ]);
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([MIGRATIONS.map((m) => m.version), []]);
    opening = await openingOf(db);
    sim = await startSimulator({
      keys: { [SERVICE_KEY]: { remaining: 100_000, purchased: 100_000, active: true } },
    });
    const keyFile = join(tmpdir(), `gateway-service-key-${process.pid}`);
    writeFileSync(keyFile, `${SERVICE_KEY}\n`, { mode: 0o600 });
    const env = { DATABASE_URL: url, SERVICE_BASE_URL: sim.url };
    [one, two] = await Promise.all([
      spawnGateway({ ...env, SERVICE_API_KEY: SERVICE_KEY }),
      spawnGateway({ ...env, SERVICE_API_KEY_FILE: keyFile, DATABASE_POOL_SIZE: '2' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await sim?.close();
    await db?.close();
  });

  // The two processes start once (what takes time); each test gets the database as migrated, the simulator as it
  // started, and Alice, Bob and Dana (daily cap 25) added afresh with new keys and ids, so no spend, cap, revocation
  // or held person of another test reaches it: each passes alone and in any order.
  beforeEach(async () => {
    await reopen(db, opening);
    sim.state.reset();
    answers.length = 0;
    for (const name of ['Alice Smith', 'Bob Lee'])
      keys[name] = (await addMember(db, name, { dailyCap: null, monthlyCap: null })).key;
    keys['Dana Cruz'] = (await addMember(db, 'Dana Cruz', { dailyCap: 25, monthlyCap: null })).key;
  });

  /** The service key in no answer of the test, and in no line either process has written so far. */
  const expectServiceKeyNowhere = () => {
    for (const text of [...answers, ...one.lines, ...two.lines]) expect(text).not.toContain(SERVICE_KEY);
  };
  // After every test, whatever it did (single flight, refusals at a cap, a revoked key): checked in any order.
  afterEach(() => {
    if (one && two) expectServiceKeyNowhere();
  });

  it('says at start where its data lives, without a password', () => {
    const port = new URL(inject('pgUrl')!).port;
    for (const [gateway, connections] of [
      [one, '4 connections'],
      [two, '2 connections'],
    ] as const) {
      expect(gateway.lines[0]).toMatch(
        new RegExp(
          `Data: PostgreSQL at 127\\.0\\.0\\.1:${port}/gw_\\w+ \\(${connections}\\), schema version ${SCHEMA_VERSION}\\.`,
        ),
      );
    }
  });

  it('sends one upstream lookup for 30 concurrent requests of one person through both instances with two keys', async () => {
    sim.state.faults.setLatency(200, '/v1/lookup');
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(i % 2 ? one : two, i % 3 ? keys['Alice Smith']! : keys['Bob Lee']!, '/v1/lookup', {
            social_url: i % 4 ? GRACE : 'https://linkedin.com/in/Grace-Okafor-RN-Demo/',
            reveal_personal_email: true,
            reveal_phone: true,
            reveal_healthcare_enrichment: true,
          }),
        ),
      );
      for (const result of results) {
        expect(result.status, [...one.lines, ...two.lines].filter((l) => / error /.test(l)).join('\n')).toBe(
          200,
        );
        const contact = LookupResponse.parse(result.body).data.contacts[0]!;
        expect(contact.success && contact.profile.phone_number).toBeTruthy();
      }
      expect(sim.state.requests.list('/v1/lookup')).toHaveLength(1);
      // Each instance kept to its pool (plus the connection that listens), however many requests came at once.
      const held = await db.query<{ name: string; n: number }>(
        `select application_name as name, count(*)::int as n from pg_stat_activity
          where datname = current_database()
          group by application_name`,
      );
      const connections = Object.fromEntries(held.map((row) => [row.name, row.n]));
      const of = (gateway: GatewayProcess) => connections[applicationName(gateway.child.pid!)] ?? 0;
      expect(of(one)).toBeGreaterThanOrEqual(2);
      expect(of(one)).toBeLessThanOrEqual(5);
      expect(of(two)).toBeGreaterThanOrEqual(2);
      expect(of(two)).toBeLessThanOrEqual(3);
      const charged = results.map((r) => r.body.credits.used as number).filter((used) => used > 0);
      expect(charged).toEqual([10]);
      const ledger = await db.query<{ n: number; credits: number }>(
        "select count(*)::int as n, sum(credits)::int as credits from ledger where status = 'charged'",
      );
      expect(ledger[0]).toEqual({ n: 1, credits: 10 });
      const items = await db.query<{ items: unknown }>("select items from ledger where status = 'charged'");
      expect(items[0]!.items).toEqual({ email: 3, phone: 6, healthcare_profile: 1 });
    } finally {
      sim.state.faults.setLatency(0, '/v1/lookup');
    }
  });

  it('never lets 20 concurrent lookups on both instances charge a member past the cap', async () => {
    sim.state.faults.setLatency(100, '/v1/lookup');
    try {
      const people = sim.state.dataset.profiles
        .filter((p) => p.personal_email !== null && p.phone_number !== null && p.social_url)
        .slice(50, 70)
        .map((p) => p.social_url as string);
      const results = await Promise.all(
        people.map((social_url, i) =>
          post(i % 2 ? one : two, keys['Dana Cruz']!, '/v1/lookup', {
            social_url,
            reveal_personal_email: true,
            reveal_phone: true,
          }),
        ),
      );
      const charged = sim.state.requests.list('/v1/lookup').reduce((sum, entry) => sum + entry.charged, 0);
      expect(charged).toBeLessThanOrEqual(25);
      expect(sim.state.requests.list('/v1/lookup')).toHaveLength(2);
      expect(results.filter((r) => r.status === 403)).toHaveLength(18);
      expect(results.find((r) => r.status === 403)!.body.message).toMatch(
        /your daily allowance of 25 credits/,
      );
    } finally {
      sim.state.faults.setLatency(0, '/v1/lookup');
    }
  });

  it('takes a change of caps on both instances at once: the next lookup on either is counted against it', async () => {
    const dana = keys['Dana Cruz']!;
    const me = async (gateway: GatewayProcess) => {
      const response = await fetch(`${gateway.url}/v1/team/me`, { headers: { 'x-api-key': dana } });
      return (await response.json()) as { caps: { daily: number }; spent: { today: number } };
    };
    const setDailyCap = async (credits: number) => {
      const command = ['member', 'caps', 'Dana Cruz', '--daily-cap', String(credits)];
      expect((await runGatewayCommand(command, { DATABASE_URL: url })).code).toBe(0);
    };
    const [first, second] = sim.state.dataset.profiles
      .filter((p) => p.personal_email !== null && p.social_url)
      .slice(80, 82)
      .map((p) => p.social_url as string);
    const ask = (gateway: GatewayProcess, social_url: string) =>
      post(gateway, dana, '/v1/lookup', { social_url, reveal_personal_email: true });

    // No room left today: both instances refuse her a paid lookup.
    const spent = (await me(one)).spent.today;
    await setDailyCap(spent);
    expect((await ask(one, first!)).status).toBe(403);
    expect((await ask(two, first!)).status).toBe(403);
    // Raised: at once, with no wait, on either instance (each reads the caps where it reserves, in the database).
    await setDailyCap(spent + 40);
    expect([(await me(one)).caps.daily, (await me(two)).caps.daily]).toEqual([spent + 40, spent + 40]);
    const paid = await ask(two, first!);
    expect(paid.status).toBe(200);
    expect(paid.body.credits.used).toBeGreaterThan(0);
    // Lowered again: refused on the other instance at once.
    await setDailyCap(spent);
    const refused = await ask(one, second!);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(new RegExp(`your daily allowance of ${spent} credits`));
  });

  it('refuses a revoked key on both instances within a second of the command', async () => {
    const bob = keys['Bob Lee']!;
    expect(await get(one, bob, '/v1/team/me')).toBe(200);
    expect(await get(two, bob, '/v1/team/me')).toBe(200);
    const revoke = await runGatewayCommand(['member', 'revoke', 'Bob Lee'], { DATABASE_URL: url });
    expect(revoke.code).toBe(0);
    const revokedAt = Date.now();
    const refusedWithin = async (gateway: GatewayProcess) => {
      while ((await get(gateway, bob, '/v1/account')) !== 401) {
        if (Date.now() - revokedAt > 5_000) throw new Error('still accepted after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Date.now() - revokedAt;
    };
    const [a, b] = await Promise.all([refusedWithin(one), refusedWithin(two)]);
    expect(Math.max(a, b)).toBeLessThan(1_000);
    expect(await get(one, keys['Alice Smith']!, '/v1/account')).toBe(200);
  });

  it('adds a member from the command line: the key is the last line, and both instances take it', async () => {
    const added = await runGatewayCommand(['member', 'add', 'Gina Holt', '--daily-cap', '40'], {
      DATABASE_URL: url,
    });
    expect(added.code).toBe(0);
    const key = added.stdout.at(-1)!;
    expect(key).toMatch(/^clm_[\w-]{43}$/);
    expect(added.stdout.join('\n')).toMatch(/Added Gina Holt \(daily cap 40 credits, monthly cap none\)/);
    expect(await get(one, key, '/v1/team/me')).toBe(200);
    expect(await get(two, key, '/v1/team/me')).toBe(200);
    // Stored only as its hash.
    const stored = await db.query<{ key_hash: string; key_hint: string }>(
      'select key_hash, key_hint from members where name = $1',
      ['Gina Holt'],
    );
    expect(stored).toEqual([{ key_hash: hashKey(key), key_hint: key.slice(-4) }]);
  });

  it('keeps the service key out of every answer and every log line of both processes', async () => {
    const from = [one.lines.length, two.lines.length] as const;
    // Answers of every kind on both instances: paid, held (bought by a teammate), refused at a cap, refused a
    // revoked key.
    const people = sim.state.dataset.profiles
      .filter((p) => p.personal_email !== null && p.phone_number !== null && p.social_url)
      .slice(100, 118)
      .map((p) => p.social_url as string);
    const ask = (social_url: string) => ({ social_url, reveal_personal_email: true, reveal_phone: true });
    const bought = people.slice(0, 12);
    const overCap = people.slice(12);
    await Promise.all([
      ...bought.map(async (social_url, i) => {
        expect(
          (await post(i % 2 ? one : two, keys['Alice Smith']!, '/v1/lookup', ask(social_url))).status,
        ).toBe(200);
        const held = await post(i % 2 ? two : one, keys['Bob Lee']!, '/v1/lookup', ask(social_url));
        expect(held.body.credits.used).toBe(0);
      }),
      ...overCap.map((social_url, i) =>
        post(i % 2 ? one : two, keys['Dana Cruz']!, '/v1/lookup', ask(social_url)),
      ),
    ]);
    expect(answers.filter((text) => /your daily allowance of 25 credits/.test(text)).length).toBeGreaterThan(
      0,
    );
    // Revoked here, not by the command (the test above times that): only the answers to his key matter here.
    expect(await revokeMember(db, 'Bob Lee')).not.toBeNull();
    for (const gateway of [one, two]) {
      await expect.poll(() => get(gateway, keys['Bob Lee']!, '/v1/account'), { timeout: 5_000 }).toBe(401);
      expect(await get(gateway, keys['Alice Smith']!, '/v1/account')).toBe(200);
    }
    const lookups = bought.length * 2 + overCap.length;
    expect(answers.length).toBeGreaterThanOrEqual(lookups + 4);

    // Each lookup's line, once both processes have written them all: the member by name, never the key.
    const lookupLines = () =>
      [...one.lines.slice(from[0]), ...two.lines.slice(from[1])].filter((line) =>
        / POST \/v1\/lookup /.test(line),
      );
    await expect.poll(() => lookupLines().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(lookups);
    for (const line of lookupLines())
      expect(line).toMatch(
        /member="(Alice Smith|Bob Lee|Dana Cruz)" status=\d{3} ms=\d+ db=\d+ service=\d+ credits=\d+$/,
      );
    expectServiceKeyNowhere();
  });
});

/**
 * The admin commands on PGlite: members (add, list, caps, revoke), usage (text and CSV), erase, team name, the
 * mistakes they refuse; and, as processes, `serve` on a PGlite folder with admin commands run through it.
 */

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parsePeriod, runCommand, UsageError } from '../../gateway/cli/commands';
import { databaseTarget, serviceConfig } from '../../gateway/cli/config';
import { authenticate } from '../../gateway/members';
import { startSimulator } from '../../sim/server';
import { parseInvitation } from '../../src/api/invitation';
import { ADA, pgliteDatabase, SERVICE_KEY, useFreshTeam } from './harness';
import { runGatewayCommand, spawnGateway } from './processes';

describe('admin commands', () => {
  // A team with no members, put back before each test: each test adds the members and buys what it reads, so it
  // passes alone and in any order.
  const t = useFreshTeam(pgliteDatabase, {});
  const run = async (...argv: string[]) => (await runCommand(t.db, argv, new Date())).lines;
  /** Dee Ray, a member added at the command line, reveals Ada's email and phone (3 + 6 credits). */
  const deeRevealsAda = async () => {
    const dee = (await run('member', 'add', 'Dee Ray')).at(-1)!;
    const revealed = await t.team.post('/v1/lookup', dee, {
      social_url: ADA,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(revealed.body.credits.used).toBe(9);
    return dee;
  };

  it('adds a member and prints the key last, shown once and stored only as a hash', async () => {
    const lines = await run('member', 'add', '  Alice   Smith ', '--daily-cap', '50');
    expect(lines[0]).toBe('Added Alice Smith (daily cap 50 credits, monthly cap none).');
    const key = lines.at(-1)!;
    expect((await authenticate(t.db, key))?.name).toBe('Alice Smith');
    const everything = JSON.stringify(await t.db.query('select * from members'));
    expect(everything).not.toContain(key);
    await expect(run('member', 'add', 'alice smith')).rejects.toThrow(/already a member named "Alice Smith"/);
  });

  it('lists members with caps and spend, changes caps, revokes', async () => {
    await run('member', 'add', 'Alice Smith', '--daily-cap', '50');
    await run('member', 'add', 'Bob Lee', '--monthly-cap', '300');
    expect(await run('member', 'caps', 'BOB LEE', '--daily-cap', '20', '--monthly-cap', 'none')).toEqual([
      'Bob Lee: daily cap 20 credits, monthly cap none.',
    ]);
    const list = await run('member', 'list');
    expect(list).toHaveLength(2);
    expect(list[0]).toMatch(
      /^Alice Smith {2}\[active, key …[\w-]{4}\] {2}daily cap 50 credits, monthly cap none; spent today 0, this month 0$/,
    );
    expect(await run('member', 'revoke', 'Bob Lee')).toEqual([
      "Revoked Bob Lee's key: every gateway instance refuses it from now on.",
    ]);
    expect((await run('member', 'list'))[1]).toMatch(/^Bob Lee {2}\[revoked \d{4}-\d{2}-\d{2}/);
    // A revoked member's name may be given to someone new.
    expect((await run('member', 'add', 'Bob Lee')).at(-1)).toMatch(/^clm_/);
  });

  it.each([
    [['member', 'add'], /Name the member to add/],
    [['member', 'add', 'Alice', 'Smith'], /Put the member's name in quotes: "Alice Smith"/],
    [
      ['member', 'add', 'Carol', '--daily-cap', 'lots'],
      /--daily-cap takes a whole number of credits; got "lots"/,
    ],
    [
      ['member', 'add', 'Carol', '--daily-cap', 'none'],
      /--daily-cap takes a whole number of credits; got "none"/,
    ],
    [['member', 'caps', 'Alice Smith'], /Give --daily-cap N and\/or --monthly-cap N/],
    [['member', 'revoke', 'Nobody'], /No active member is named "Nobody"/],
    [['member', 'fire', 'Alice Smith'], /Unknown member command "fire"/],
    [['usage', '--since', 'forever'], /--since takes a period such as 30d/],
    [['erase'], /Name one person to erase/],
    [['launch'], /Unknown command "launch"/],
  ])('refuses %j with what to change', async (argv, message) => {
    const error = await runCommand(t.db, argv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
  });

  it('reports spend per member and per item, as text and CSV', async () => {
    const dee = await deeRevealsAda();
    await t.team.post('/v1/search', dee, { search_criteria: { current_title: ['Nurse'] }, page_size: 1 });
    const text = await run('usage', '--since', '1d');
    expect(text).toContain('  Dee Ray: 10 credits in 2 call(s) (email 3, phone 6, searches 1)');
    expect(text.at(-1)).toBe('  Team: 10 credits');
    const csv = await run('usage', '--csv');
    expect(csv[0]).toBe(
      '\uFEFFMember,Status,email,phone,detailed_profile,healthcare_profile,search,Credits,Calls,Uncertain calls,Uncertain credits',
    );
    expect(csv).toContain('Dee Ray,active,3,6,0,0,1,10,2,0,0');
  });

  it('erases a person, and says so when the vault holds nothing for them', async () => {
    await deeRevealsAda();
    expect(await run('erase', 'linkedin.com/in/ada-lovelace-demo/')).toEqual([
      `Erased ${ADA} from the team vault (2 item(s)); the ledger keeps the charges without naming the person.`,
    ]);
    expect(await run('erase', ADA)).toEqual([`The team vault holds nothing for ${ADA}.`]);
  });

  it('names the team', async () => {
    expect(await run('team', 'name', 'Acme Recruiting')).toEqual([
      'The team is now named "Acme Recruiting".',
    ]);
    expect(await run('team', 'name')).toEqual([
      'The team is now named "Acme Recruiting".'.replace('now named', 'named'),
    ]);
  });

  it('with --url, prints an invitation holding the address and the key, the key still last', async () => {
    const lines = await run('member', 'add', 'Dana Cruz', '--url', 'https://gateway.example.com/');
    const key = lines.at(-1)!;
    const invitation = lines.find((line) => line.startsWith('cl-invite-1.'))!;
    expect(parseInvitation(invitation)).toEqual({
      ok: true,
      value: { baseUrl: 'https://gateway.example.com', key },
    });
    expect((await authenticate(t.db, key))?.name).toBe('Dana Cruz');
    await expect(run('member', 'add', 'Eve Park', '--url', 'gateway.example.com')).rejects.toThrow(
      /^--url: /,
    );
    // An invitation over http:// to another computer would carry the member key in clear: refused, saying why.
    await expect(run('member', 'add', 'Eve Park', '--url', 'http://gateway.example.com')).rejects.toThrow(
      /^--url: The service address must start with https:\/\/: over http:\/\/ your key would cross the network unencrypted/,
    );
    expect((await run('member', 'list')).join('\n')).not.toContain('Eve Park');
  });

  it('reads periods', () => {
    expect(parsePeriod('30d')).toBe(30 * 86_400_000);
    expect(parsePeriod('12h')).toBe(12 * 3_600_000);
    expect(parsePeriod('2w')).toBe(14 * 86_400_000);
    expect(() => parsePeriod('1y')).toThrow(UsageError);
  });
});

describe('configuration from the environment', () => {
  it('takes DATABASE_URL, else a PGlite folder', () => {
    expect(databaseTarget({ DATABASE_URL: 'postgres://u:p@db:5432/team' })).toEqual({
      url: 'postgres://u:p@db:5432/team',
    });
    expect(databaseTarget({ GATEWAY_DATA_DIR: '/srv/gateway' })).toEqual({ dataDir: '/srv/gateway' });
    expect(databaseTarget({})).toEqual({ dataDir: join(process.cwd(), '.gateway-data') });
    expect(() => databaseTarget({ DATABASE_URL: 'mysql://db/team' })).toThrow(/must be a postgres:\/\/ URL/);
  });

  it('takes the number of connections from DATABASE_POOL_SIZE, and refuses one that is not a count', () => {
    const url = 'postgres://u:p@db:5432/team';
    expect(databaseTarget({ DATABASE_URL: url, DATABASE_POOL_SIZE: ' 8 ' })).toEqual({ url, poolSize: 8 });
    expect(databaseTarget({ DATABASE_URL: url, DATABASE_POOL_SIZE: '' })).toEqual({ url });
    for (const wrong of ['0', '-2', '2.5', 'many', '101'])
      expect(() => databaseTarget({ DATABASE_URL: url, DATABASE_POOL_SIZE: wrong })).toThrow(
        `DATABASE_POOL_SIZE takes a number of connections from 1 to 100; got "${wrong}".`,
      );
  });

  it('takes the service from SERVICE_BASE_URL and the key from SERVICE_API_KEY or a file', () => {
    expect(
      serviceConfig({ SERVICE_BASE_URL: 'https://api.example.com/v1/', SERVICE_API_KEY: ' k ' }),
    ).toEqual({
      baseUrl: 'https://api.example.com',
      apiKey: 'k',
    });
    expect(() => serviceConfig({ SERVICE_API_KEY: 'k' })).toThrow(/Set SERVICE_BASE_URL/);
    expect(() => serviceConfig({ SERVICE_BASE_URL: 'https://api.example.com' })).toThrow(
      /Set SERVICE_API_KEY/,
    );
    expect(() =>
      serviceConfig({ SERVICE_BASE_URL: 'https://api.example.com', SERVICE_API_KEY_FILE: '/no/such/file' }),
    ).toThrow(/cannot read \/no\/such\/file \(ENOENT\)/);
  });
});

describe('serving a PGlite folder', () => {
  it('says where its data lives, and runs admin commands through the running gateway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-serve-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    const sim = await startSimulator({
      keys: { [SERVICE_KEY]: { remaining: 100, purchased: 100, active: true } },
    });
    const env = { GATEWAY_DATA_DIR: dir, SERVICE_BASE_URL: sim.url, SERVICE_API_KEY: SERVICE_KEY };
    const gateway = await spawnGateway(env);
    try {
      expect(gateway.lines[0]).toContain(`Data: PGlite folder ${dir}, schema version`);
      const added = await runGatewayCommand(['member', 'add', 'Alice Smith'], env);
      expect(added.code).toBe(0);
      const key = added.stdout.at(-1)!;
      const me = await fetch(`${gateway.url}/v1/team/me`, { headers: { 'x-api-key': key } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        member: { name: 'Alice Smith' },
        balance: { credits_remaining: 100 },
      });
      const bad = await runGatewayCommand(['member', 'revoke', 'Nobody'], env);
      expect(bad).toMatchObject({
        code: 1,
        stderr: [expect.stringMatching(/No active member is named "Nobody"/)],
      });
      for (const line of gateway.lines) expect(line).not.toContain(SERVICE_KEY);
    } finally {
      await gateway.stop();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

/**
 * Sending through the gateway: the admin holds the destination's key (`send set`), members send with their member
 * keys to the local Lever, Ashby and HubSpot (sim/destinations), never as a duplicate whoever clicks, and every
 * member learns what a teammate sent. On PGlite and on PostgreSQL.
 *
 * One team a database; each test starts from no destination and nothing sent, with fresh local destinations, and
 * sets and sends itself whatever it needs first: it passes alone and in any order (mutation testing runs a test
 * alone, and counts a test failing for want of an earlier one as a kill).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand, UsageError } from '../../gateway/cli/commands';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { HUBSPOT_PORTAL, HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { ADA, DATABASES, GRACE, JOSE, type Json, KWAME, SEALER, secretFile, useTeam } from './harness';

/** A person nobody on the team revealed. */
const WEI = 'https://www.linkedin.com/in/wei-chen-demo';

/** What a member's body might claim of a person: the gateway sends what the team holds instead. */
const CLAIMED = {
  name: 'Mallory Made-Up',
  emails: ['mallory@attacker.example'],
  phones: ['+1 555 0100'],
  profile_url: ADA,
  headline: 'Analyst',
};

describe.each(DATABASES)('sending through the gateway on %s', (_name, open, skip) => {
  const used = useTeam(open);
  let ats: RunningDestinations;
  /** The email the team holds of each person, revealed through the gateway before the sends. */
  const emails: Record<string, string> = {};
  /** Alice reveals the people the tests send whom the team does not hold (all at first; Ada again once erased). */
  const reveal = async () => {
    for (const url of [ADA, JOSE, KWAME, GRACE]) {
      const held = await used.db.query('select 1 from people where social_url = $1', [url]);
      if (held.length > 0 && emails[url]) continue;
      const answer = await used.team.post('/v1/lookup', used.alice, {
        social_url: url,
        reveal_personal_email: true,
        reveal_phone: true,
      });
      expect(answer.status).toBe(200);
      emails[url] = answer.body.data.contacts[0].profile.personal_email;
    }
  };
  beforeAll(async () => {
    if (!skip) await reveal();
  });
  beforeEach(async () => {
    if (skip) return;
    ats = await startDestinations();
    await used.db.query('delete from sends');
    await used.db.query('delete from destinations');
    await reveal();
  });
  afterEach(async () => {
    await ats?.close();
  });
  const run = (...argv: string[]) =>
    runCommand(used.db, argv, new Date(), { sealer: SEALER }).then((r) => r.lines.join('\n'));
  /** The admin sets Lever (acting as Chandler Bing), Ashby or HubSpot, on this test's local destinations. */
  const set = async (...kinds: ('lever' | 'ashby' | 'hubspot')[]) => {
    for (const kind of kinds) {
      const argv = {
        lever: [
          '--key-file',
          secretFile(LEVER_KEY),
          '--url',
          ats.lever.url,
          '--perform-as',
          'chandler@exampleq3.com',
        ],
        ashby: ['--key-file', secretFile(ASHBY_KEY), '--url', ats.ashby.url],
        hubspot: ['--key-file', secretFile(HUBSPOT_TOKEN), '--url', ats.hubspot.url],
      }[kind];
      expect(await run('send', 'set', kind, ...argv)).toMatch(/^Members now send to /);
    }
  };
  const sendAs = (key: string, destination: string, socialUrl: string, person?: Json) =>
    used.team.post('/v1/team/send', key, {
      destination,
      social_url: socialUrl,
      ...(person ? { person } : {}),
    });
  it.skipIf(skip)('holds no destination until the admin sets one, and says so to a member', async () => {
    expect(await run('send', 'list')).toMatch(/No destinations yet/);
    const refused = await sendAs(used.alice, 'lever', ADA);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(
      "Your team's gateway does not send to Lever. Ask its admin to set it up.",
    );
    expect((await used.team.get('/v1/team/me', used.alice)).body.destinations).toEqual([]);
  });

  it.skipIf(skip)('refuses a key the destination does not accept, and keeps nothing', async () => {
    await expect(
      run('send', 'set', 'lever', '--key-file', secretFile('wrong-key'), '--url', ats.lever.url),
    ).rejects.toThrow(UsageError);
    expect(await run('send', 'list')).toMatch(/No destinations yet/);
  });

  it.skipIf(skip)('sets Lever with the user to act as, and members see it without its key', async () => {
    // Without --perform-as, the active users are listed to choose from.
    await expect(
      run('send', 'set', 'lever', '--key-file', secretFile(LEVER_KEY), '--url', ats.lever.url),
    ).resolves.toMatch(/as Chandler Bing/);
    expect(
      await run(
        'send',
        'set',
        'lever',
        '--key-file',
        secretFile(LEVER_KEY),
        '--url',
        ats.lever.url,
        '--perform-as',
        'chandler@exampleq3.com',
      ),
    ).toBe(
      'Members now send to Lever through this gateway (as Chandler Bing); their computers hold no key for it.',
    );
    const me = await used.team.get('/v1/team/me', used.bob);
    expect(me.body.destinations).toEqual([{ kind: 'lever', label: 'Lever', account: 'Chandler Bing' }]);
    expect(me.text).not.toContain(LEVER_KEY);
    expect(await run('send', 'list')).toMatch(/^Lever {2}\[Chandler Bing\] {2}set /);
  });

  it.skipIf(skip)('Alice sends Ada to Lever; Bob sending her again makes no second record', async () => {
    await set('lever');
    // Whatever the body claims of her, Lever gets what the team holds.
    const first = await sendAs(used.alice, 'lever', ADA, CLAIMED);
    expect(first.status).toBe(200);
    expect(first.body.sent).toMatchObject({
      destination: 'lever',
      label: 'Lever',
      status: 'created',
      sent_by: 'Alice Smith',
      link: expect.stringMatching(/\/candidates\/opp-\d+$/),
    });
    expect(first.body.this_send).toBe('created');
    expect(ats.lever.opportunities).toHaveLength(1);
    expect(ats.lever.opportunities[0]).toMatchObject({
      name: 'Ada Lovelace',
      emails: [emails[ADA]],
      links: [ADA],
      sources: ['Candidate Lens'],
    });

    // Bob asks by the same profile written another way: the same person, already there, sent by Alice.
    const again = await sendAs(used.bob, 'lever', `${ADA.replace('https://www.', 'https://')}?trk=x`);
    expect(again.status).toBe(200);
    expect(again.body.sent).toMatchObject({ status: 'created', sent_by: 'Alice Smith' });
    expect(again.body.this_send).toBe('already-there');
    // Still linked to the record Alice's send made.
    expect(again.body.sent.link).toBe(first.body.sent.link);
    expect(ats.lever.opportunities).toHaveLength(1);

    const sent = await used.team.post('/v1/team/sent', used.bob, {
      people: [{ social_url: ADA }, { social_url: JOSE }],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.people).toEqual([
      {
        social_url: ADA,
        sends: [
          expect.objectContaining({
            destination: 'lever',
            label: 'Lever',
            status: 'created',
            sent_by: 'Alice Smith',
          }),
        ],
      },
      { social_url: JOSE, sends: [] },
    ]);
    for (const answer of [first, again, sent]) expect(answer.text).not.toContain(LEVER_KEY);
  });

  it.skipIf(skip)(
    'says what was sent of the people asked only, since a time when given, and from when to ask next',
    async () => {
      await set('lever');
      expect((await sendAs(used.alice, 'lever', ADA)).status).toBe(200);
      const all = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: JOSE }, { social_url: WEI }],
      });
      expect(all.status).toBe(200);
      // Jose was not sent anywhere, and Wei is nobody the team knows: nothing of Ada's send is told to a member who
      // did not ask about her.
      expect(all.body.people).toEqual([
        { social_url: JOSE, sends: [] },
        { social_url: WEI, sends: [] },
      ]);
      expect(all.text).not.toContain(ADA);
      const ada = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: ADA }],
        since: new Date(0).toISOString(),
      });
      expect(ada.body.people[0].sends).toEqual([
        expect.objectContaining({ label: 'Lever', sent_by: 'Alice Smith' }),
      ]);
      // Asked from the answer's as_of: only what was sent after it (it starts a few seconds early, so a send settling
      // while it was read is not missed); from a later time, nothing.
      const next = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: ADA }],
        since: ada.body.as_of,
      });
      for (const sent of next.body.people[0].sends) expect(sent.updated_at > ada.body.as_of).toBe(true);
      const later = new Date(Date.now() + 60_000).toISOString();
      const none = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: ADA }],
        since: later,
      });
      expect(none.body.people[0].sends).toEqual([]);
      const bad = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: ADA }],
        since: 'yesterday',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid question: since must be an ISO time; got "yesterday".');
      // The whole history is not served to anyone any more.
      expect((await used.team.get('/v1/team/sent', used.bob)).status).toBe(404);
    },
  );

  it.skipIf(skip)('two members sending one person at once make one record', async () => {
    await set('lever');
    ats.lever.faults.latencyMs = 300;
    const both = await Promise.all([sendAs(used.alice, 'lever', JOSE), sendAs(used.bob, 'lever', JOSE)]);
    ats.lever.faults.latencyMs = 0;
    const statuses = both.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)!.body.message).toMatch(
      /is sending this person to Lever right now\. Try again in a moment\./,
    );
    expect(ats.lever.opportunities.filter((o) => o.emails.includes(emails[JOSE]!))).toHaveLength(1);
  });

  it.skipIf(skip)(
    'a send that failed midway looks the person up by email before making anything',
    async () => {
      await set('lever');
      ats.lever.faults.arm({ status: 400, body: { code: 'BadRequestError', message: 'Try again later' } });
      const failed = await sendAs(used.alice, 'lever', GRACE);
      expect(failed.status).toBe(422);
      expect(failed.body.message).toBe('Lever refused it. Lever said: "Try again later"');
      // As if Lever had made the opportunity before the failure: the next send finds it and makes no second one.
      ats.lever.opportunities.push({
        id: 'opp-made',
        name: 'Grace Okafor',
        contact: 'contact-made',
        emails: [emails[GRACE]!],
        links: [],
        headline: '',
        origin: 'sourced',
        sources: ['Candidate Lens'],
        tags: [],
        createdAt: Date.now(),
      });
      const retried = await sendAs(used.bob, 'lever', GRACE);
      expect(retried.status).toBe(200);
      expect(retried.body.sent).toMatchObject({ record_id: 'opp-made', sent_by: 'Alice Smith' });
      expect(ats.lever.opportunities.filter((o) => o.emails.includes(emails[GRACE]!))).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'Ashby and HubSpot look the person up first: already there, or updated, never twice',
    async () => {
      await set('lever', 'ashby', 'hubspot');
      expect((await sendAs(used.alice, 'lever', ADA)).status).toBe(200);
      for (const kind of ['ashby', 'hubspot']) {
        const first = await sendAs(used.bob, kind, ADA);
        expect(first.status).toBe(200);
        expect(first.body.sent).toMatchObject({ status: 'created', sent_by: 'Bob Lee' });
        // HubSpot's record link names the team's account, as its check on setting found it.
        if (kind === 'hubspot') expect(first.body.sent.link).toContain(`/contacts/${HUBSPOT_PORTAL}/record/`);
        const second = await sendAs(used.alice, kind, ADA);
        expect(second.body.sent.sent_by).toBe('Bob Lee');
      }
      expect(ats.ashby.candidates).toHaveLength(1);
      expect(ats.hubspot.contacts).toHaveLength(1);
      const sent = await used.team.post('/v1/team/sent', used.alice, { people: [{ social_url: ADA }] });
      expect(sent.body.people[0].sends.map((s: Json) => `${s.label} by ${s.sent_by}`)).toEqual([
        'Lever by Alice Smith',
        'Ashby by Bob Lee',
        'HubSpot by Bob Lee',
      ]);
    },
  );

  it.skipIf(skip)(
    'an erased person takes what was sent of them along; a removed destination is refused',
    async () => {
      await set('lever', 'ashby', 'hubspot');
      for (const kind of ['lever', 'ashby']) expect((await sendAs(used.alice, kind, ADA)).status).toBe(200);
      const before = await used.team.post('/v1/team/sent', used.alice, { people: [{ social_url: ADA }] });
      expect(before.body.people[0].sends).toHaveLength(2);
      expect(await run('erase', ADA)).toMatch(/^Erased/);
      const sent = await used.team.post('/v1/team/sent', used.alice, { people: [{ social_url: ADA }] });
      expect(sent.body.people[0].sends).toEqual([]);
      expect(await run('send', 'remove', 'hubspot')).toMatch(/Forgot HubSpot and its key/);
      expect((await sendAs(used.alice, 'hubspot', JOSE)).status).toBe(404);
      const me = await used.team.get('/v1/team/me', used.alice);
      expect(me.body.destinations.map((d: Json) => d.kind)).toEqual(['ashby', 'lever']);
    },
  );

  it.skipIf(skip)('refuses a send without exactly one name for the person, or with no key', async () => {
    await set('lever');
    const bad = await used.team.post('/v1/team/send', used.alice, { destination: 'lever' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/give exactly one of social_url or candidate_id/);
    const noKey = await used.team.post('/v1/team/send', 'clm_nobody', {
      destination: 'lever',
      social_url: ADA,
    });
    expect(noKey.status).toBe(401);
  });

  it.skipIf(skip)(
    "a send naming one person's profile with another's candidate id is refused, and links nobody",
    async () => {
      await set('lever');
      expect((await sendAs(used.bob, 'lever', JOSE)).status).toBe(200);
      const people = () => used.db.query('select id, social_url, candidate_id, name from people order by id');
      const before = await people();
      const kwame = before.find((p: Json) => p.social_url === KWAME) as Json;
      const asked = await used.team.post('/v1/team/send', used.bob, {
        destination: 'lever',
        social_url: JOSE,
        candidate_id: kwame.candidate_id,
        person: CLAIMED,
      });
      expect(asked.status).toBe(400);
      expect(asked.body.message).toMatch(/give exactly one of social_url or candidate_id/);
      expect(await people()).toEqual(before);
      const held = await used.team.post('/v1/team/held', used.bob, {
        people: [{ social_url: JOSE }, { candidate_id: kwame.candidate_id }],
      });
      expect(held.body.people[0].items.find((i: Json) => i.item === 'email')).toBeTruthy();
      // Each identifier still names its own person: José's send is his alone, Kwame (never sent) has none.
      const sent = await used.team.post('/v1/team/sent', used.bob, {
        people: [{ social_url: JOSE }, { candidate_id: kwame.candidate_id }],
      });
      expect(sent.body.people.map((p: Json) => p.sends.length)).toEqual([1, 0]);
    },
  );

  it.skipIf(skip)(
    'a person the team holds no contact of is refused, sends nothing and makes no person',
    async () => {
      await set('lever');
      const people = () => used.db.query('select id, social_url, candidate_id from people order by id');
      const before = await people();
      const leverBefore = ats.lever.opportunities.length;
      const refused = await sendAs(used.alice, 'lever', WEI, { ...CLAIMED, profile_url: WEI });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(
        "Your team's gateway holds no email or phone for this person, so nothing was sent to Lever. Reveal them with the team's account first.",
      );
      expect(await people()).toEqual(before);
      expect(ats.lever.opportunities).toHaveLength(leverBefore);
    },
  );

  it.skipIf(skip)('keeps destination keys sealed: no key is readable in the database rows', async () => {
    await set('lever', 'ashby', 'hubspot');
    expect((await sendAs(used.alice, 'lever', ADA)).status).toBe(200);
    const rows = await used.db.query<{ kind: string; settings: Json }>(
      'select kind, settings::text as settings from destinations order by kind',
    );
    expect(rows.map((r) => r.kind)).toEqual(['ashby', 'hubspot', 'lever']);
    const text = JSON.stringify(rows);
    for (const key of [LEVER_KEY, ASHBY_KEY, HUBSPOT_TOKEN]) expect(text).not.toContain(key);
    for (const row of rows) expect(JSON.parse(row.settings)).toMatchObject({ sealed: 'aes-256-gcm' });
    // The whole database, as a dump would read it: no key anywhere.
    const dump = await used.db.query<{ t: string }>(
      `select string_agg(t::text, ' ') as t from (
         select row_to_json(d)::text as t from destinations d
         union all select row_to_json(s)::text from sends s
         union all select row_to_json(p)::text from people p) x`,
    );
    for (const key of [LEVER_KEY, ASHBY_KEY, HUBSPOT_TOKEN]) expect(dump[0]!.t).not.toContain(key);
  });

  it.skipIf(skip)('refuses a key given on the command line, saying how to give it instead', async () => {
    const refused = await run('send', 'set', 'lever', '--key', LEVER_KEY, '--url', ats.lever.url).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toMatch(
      /^--key is not taken on the command line \(shell history and ps would show the key\)\. .*--key-file FILE.*--key-file -/,
    );
    const webhook = await run('send', 'set', 'webhook', '--url', 'https://hooks.example.com/catch/1').catch(
      (e: unknown) => e,
    );
    expect((webhook as Error).message).toMatch(
      /^A webhook address \(--url\) is not taken on the command line/,
    );
    // Nothing was set by either.
    expect(await run('send', 'list')).not.toMatch(/Webhook/);
  });
});

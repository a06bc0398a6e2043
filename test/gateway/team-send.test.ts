/**
 * Sending through the gateway: the admin holds the destination's key (`send set`), members send with their member
 * keys to the local Lever, Ashby and HubSpot (sim/destinations), never as a duplicate whoever clicks, and every
 * member learns what a teammate sent. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, UsageError } from '../../gateway/cli/commands';
import { ASHBY_KEY } from '../../sim/destinations/ashby';
import { HUBSPOT_TOKEN } from '../../sim/destinations/hubspot';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { ADA, DATABASES, JOSE, type Json, KWAME, useTeam } from './harness';

const ADA_PERSON = {
  name: 'Ada Lovelace',
  emails: ['ada@example.com'],
  phones: ['+44 20 7946 0000'],
  profile_url: ADA,
  headline: 'Analyst',
};

describe.each(DATABASES)('sending through the gateway on %s', (_name, open, skip) => {
  const used = useTeam(open);
  let ats: RunningDestinations;
  beforeAll(async () => {
    if (skip) return;
    ats = await startDestinations();
  });
  afterAll(async () => {
    await ats?.close();
  });
  const run = (...argv: string[]) => runCommand(used.db, argv).then((r) => r.lines.join('\n'));
  const sendAs = (key: string, destination: string, socialUrl: string, person: Json = ADA_PERSON) =>
    used.team.post('/v1/team/send', key, { destination, social_url: socialUrl, person });

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
    await expect(run('send', 'set', 'lever', '--key', 'wrong-key', '--url', ats.lever.url)).rejects.toThrow(
      UsageError,
    );
    expect(await run('send', 'list')).toMatch(/No destinations yet/);
  });

  it.skipIf(skip)('sets Lever with the user to act as, and members see it without its key', async () => {
    // Without --perform-as, the active users are listed to choose from.
    await expect(run('send', 'set', 'lever', '--key', LEVER_KEY, '--url', ats.lever.url)).resolves.toMatch(
      /as Chandler Bing/,
    );
    expect(
      await run(
        'send',
        'set',
        'lever',
        '--key',
        LEVER_KEY,
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
    const first = await sendAs(used.alice, 'lever', ADA);
    expect(first.status).toBe(200);
    expect(first.body.sent).toMatchObject({
      destination: 'lever',
      label: 'Lever',
      status: 'created',
      sent_by: 'Alice Smith',
      link: expect.stringMatching(/\/candidates\/opp-\d+$/),
    });
    expect(ats.lever.opportunities).toHaveLength(1);
    expect(ats.lever.opportunities[0]).toMatchObject({
      name: 'Ada Lovelace',
      emails: ['ada@example.com'],
      links: [ADA],
      sources: ['Candidate Lens'],
    });

    // Bob asks by the same profile written another way: the same person, already there, sent by Alice.
    const again = await sendAs(used.bob, 'lever', `${ADA.replace('https://www.', 'https://')}?trk=x`);
    expect(again.status).toBe(200);
    expect(again.body.sent).toMatchObject({ status: 'created', sent_by: 'Alice Smith' });
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

  it.skipIf(skip)('says what the team sent since a time, and from when to ask next', async () => {
    const all = await used.team.get('/v1/team/sent', used.bob);
    expect(all.status).toBe(200);
    expect(all.body.sends).toEqual([
      expect.objectContaining({
        social_url: ADA,
        candidate_id: null,
        label: 'Lever',
        sent_by: 'Alice Smith',
      }),
    ]);
    const next = await used.team.get(`/v1/team/sent?since=${encodeURIComponent(all.body.as_of)}`, used.bob);
    // Asked from there: only what was sent after it (the answer starts a few seconds early, so a send settling
    // while it was read is not missed).
    for (const sent of next.body.sends) expect(sent.updated_at > all.body.as_of).toBe(true);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await used.team.get(`/v1/team/sent?since=${later}`, used.bob)).body.sends).toEqual([]);
    const bad = await used.team.get('/v1/team/sent?since=yesterday', used.bob);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid question: since must be an ISO time; got "yesterday".');
  });

  it.skipIf(skip)('two members sending one person at once make one record', async () => {
    const jose = { ...ADA_PERSON, name: 'José Álvarez', emails: ['jose@example.com'], profile_url: JOSE };
    ats.lever.faults.latencyMs = 300;
    const both = await Promise.all([
      sendAs(used.alice, 'lever', JOSE, jose),
      sendAs(used.bob, 'lever', JOSE, jose),
    ]);
    ats.lever.faults.latencyMs = 0;
    const statuses = both.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)!.body.message).toMatch(
      /is sending this person to Lever right now\. Try again in a moment\./,
    );
    expect(ats.lever.opportunities.filter((o) => o.emails.includes('jose@example.com'))).toHaveLength(1);
  });

  it.skipIf(skip)(
    'a send that failed midway looks the person up by email before making anything',
    async () => {
      const kwame = {
        ...ADA_PERSON,
        name: 'Kwame Mensah',
        emails: ['kwame@example.com'],
        profile_url: KWAME,
      };
      ats.lever.faults.arm({ status: 400, body: { code: 'BadRequestError', message: 'Try again later' } });
      const failed = await sendAs(used.alice, 'lever', KWAME, kwame);
      expect(failed.status).toBe(422);
      expect(failed.body.message).toBe('Lever refused it. Lever said: "Try again later"');
      // As if Lever had made the opportunity before the failure: the next send finds it and makes no second one.
      ats.lever.opportunities.push({
        id: 'opp-made',
        name: 'Kwame Mensah',
        contact: 'contact-made',
        emails: ['kwame@example.com'],
        links: [],
        headline: '',
        origin: 'sourced',
        sources: ['Candidate Lens'],
        tags: [],
        createdAt: Date.now(),
      });
      const retried = await sendAs(used.bob, 'lever', KWAME, kwame);
      expect(retried.status).toBe(200);
      expect(retried.body.sent).toMatchObject({ record_id: 'opp-made', sent_by: 'Alice Smith' });
      expect(ats.lever.opportunities.filter((o) => o.emails.includes('kwame@example.com'))).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'Ashby and HubSpot look the person up first: already there, or updated, never twice',
    async () => {
      await run('send', 'set', 'ashby', '--key', ASHBY_KEY, '--url', ats.ashby.url);
      await run('send', 'set', 'hubspot', '--key', HUBSPOT_TOKEN, '--url', ats.hubspot.url);
      for (const kind of ['ashby', 'hubspot']) {
        const first = await sendAs(used.bob, kind, ADA);
        expect(first.status).toBe(200);
        expect(first.body.sent).toMatchObject({ status: 'created', sent_by: 'Bob Lee' });
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
      expect(await run('erase', ADA)).toMatch(/^Erased/);
      const sent = await used.team.post('/v1/team/sent', used.alice, { people: [{ social_url: ADA }] });
      expect(sent.body.people[0].sends).toEqual([]);
      expect(await run('send', 'remove', 'hubspot')).toMatch(/Forgot HubSpot and its key/);
      expect((await sendAs(used.alice, 'hubspot', JOSE)).status).toBe(404);
      const me = await used.team.get('/v1/team/me', used.alice);
      expect(me.body.destinations.map((d: Json) => d.kind)).toEqual(['ashby', 'lever']);
    },
  );

  it.skipIf(skip)('refuses a send without a name to say who the person is', async () => {
    const bad = await used.team.post('/v1/team/send', used.alice, {
      destination: 'lever',
      person: ADA_PERSON,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/give social_url or candidate_id/);
    const noKey = await used.team.post('/v1/team/send', 'clm_nobody', {
      destination: 'lever',
      social_url: ADA,
      person: ADA_PERSON,
    });
    expect(noKey.status).toBe(401);
  });
});

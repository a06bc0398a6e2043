/**
 * "Forget this person" through the gateway: a member's `POST /v1/team/forget` erases the person from the team vault
 * (items, send marks), puts them on the do-not-contact list under every identifier the team knew (so the next
 * lookup, by profile URL or by the email the vault held, is refused at no charge), names where the team had sent
 * them, and leaves one audit entry saying who and how much, never whom; teammates hear of it in `team/sent`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '../../gateway/audit';
import { runCommand } from '../../gateway/cli/commands';
import { dncIdentifiers, entryOf } from '../../gateway/do-not-contact';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { type RunningDestinations, startDestinations } from '../../sim/destinations/serve';
import { LookupResponse } from '../../src/api/schema';
import { TeamForgetResponse, TeamSentResponse } from '../../src/api/team-schema';
import { ADA, JOSE, pgliteDatabase, SEALER, secretFile, useFreshTeam } from './harness';

// Each test starts from a team put back as it opened, with fresh local destinations, where Alice has revealed Ada and
// sent her to Lever; the tests after the first forget her themselves first. So each passes alone and in any order.
const t = useFreshTeam(pgliteDatabase);
let ats: RunningDestinations;
let adaEmail = '';

beforeEach(async () => {
  ats = await startDestinations();
  await runCommand(
    t.db,
    ['send', 'set', 'lever', '--key-file', secretFile(LEVER_KEY), '--url', ats.lever.url],
    new Date(),
    {
      sealer: SEALER,
    },
  );
  const answer = await t.team.post('/v1/lookup', t.alice, {
    social_url: ADA,
    reveal_personal_email: true,
    reveal_phone: true,
  });
  adaEmail = answer.body.data.contacts[0].profile.personal_email;
  const sent = await t.team.post('/v1/team/send', t.alice, { destination: 'lever', social_url: ADA });
  expect(sent.status).toBe(200);
});
afterEach(async () => {
  await ats?.close();
});

/** Alice forgets Ada for the whole team (by her profile URL written another way); the answer. */
const forgetAda = async () => {
  const answer = await t.team.post('/v1/team/forget', t.alice, {
    social_url: 'linkedin.com/in/Ada-Lovelace-Demo/',
  });
  expect(answer.status).toBe(200);
  return TeamForgetResponse.parse(answer.body);
};

describe('forgetting a person for the whole team', () => {
  it('erases them, lists them, and names where they were sent', async () => {
    const forgotten = await forgetAda();
    expect(forgotten).toMatchObject({ held: true, items: 2 });
    expect(forgotten.sent).toEqual([
      { destination: 'lever', label: 'Lever', link: expect.stringMatching(/^https?:\/\//) },
    ]);
    expect(await t.db.query('select count(*)::int as n from people where social_url = $1', [ADA])).toEqual([
      { n: 0 },
    ]);
    expect(await t.db.query('select count(*)::int as n from sends')).toEqual([{ n: 0 }]);
    // Listed under the email the vault held too.
    expect(await entryOf(t.db, dncIdentifiers({ emails: [adaEmail] }))).toMatchObject({ reason: 'erasure' });
  });

  it('refuses Bob’s lookup of them afterwards at no cost, and his send', async () => {
    await forgetAda();
    t.team.sim.state.requests.clear();
    const looked = await t.team.post('/v1/lookup', t.bob, { social_url: ADA, reveal_personal_email: true });
    const contact = LookupResponse.parse(looked.body).data.contacts[0]!;
    expect(contact.success).toBe(false);
    expect(LookupResponse.parse(looked.body).credits.used).toBe(0);
    expect(t.team.upstreamLookups()).toEqual([]);
    const sent = await t.team.post('/v1/team/send', t.bob, { destination: 'lever', social_url: ADA });
    expect(sent.status).toBe(422);
  });

  it('tells teammates in team/sent, so their extensions forget them too', async () => {
    await forgetAda();
    const sent = await t.team.post('/v1/team/sent', t.bob, {
      people: [{ social_url: ADA }, { social_url: JOSE }],
    });
    const people = TeamSentResponse.parse(sent.body).people;
    expect(people[0]).toMatchObject({ social_url: ADA, sends: [], do_not_contact: true });
    expect(people[1]!.do_not_contact).toBeUndefined();
  });

  it('records who forgot someone and how much, never whom; earlier entries name nobody now', async () => {
    await forgetAda();
    const entries = await listAudit(t.db, {});
    const forget = entries.find((e) => e.kind === 'forget');
    expect(forget).toMatchObject({ actor: 'Alice Smith', member: 'Alice Smith', person: null });
    expect(forget?.detail).toMatchObject({ items: 2, sends: 1 });
    expect(JSON.stringify(entries)).not.toMatch(/ada|lovelace/i);
    expect(entries.filter((e) => e.kind === 'reveal' || e.kind === 'send').every((e) => e.erased)).toBe(true);
  });
});

/**
 * Per-member caps on PGlite: checked before the upstream call, counting calls in flight at their most, so
 * concurrent calls never make the credits the service charged for a member pass the cap; team-held answers cost 0;
 * a refusal says the cap, when it renews and who can change it.
 */
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../gateway/cli/commands';
import { ADA, pgliteDatabase, useFreshTeam } from './harness';

// Each test starts from a team of its own: the caps count what the member spent, and only in that test.
const t = useFreshTeam(pgliteDatabase, {
  'Alice Smith': { dailyCap: null, monthlyCap: null },
  'Dana Cruz': { dailyCap: 25, monthlyCap: null },
  'Erin Park': { dailyCap: 0, monthlyCap: null },
  'Femi Ade': { dailyCap: null, monthlyCap: 12 },
});

/** Profile URLs of simulated candidates with both an email and a phone (a lookup of both charges 9). */
function peopleWithEmailAndPhone(count: number, skip = 0): string[] {
  return t.team.sim.state.dataset.profiles
    .filter((p) => p.personal_email !== null && p.phone_number !== null && p.social_url)
    .slice(20 + skip, 20 + skip + count)
    .map((p) => p.social_url as string);
}

describe('caps', () => {
  it('never lets 20 concurrent lookups charge past a daily cap', async () => {
    t.team.sim.state.faults.setLatency(100, '/v1/lookup');
    const people = peopleWithEmailAndPhone(20);
    const answers = await Promise.all(
      people.map((url) =>
        t.team.post('/v1/lookup', t.team.keys['Dana Cruz']!, {
          social_url: url,
          reveal_personal_email: true,
          reveal_phone: true,
        }),
      ),
    );
    const charged = t.team.upstreamLookups().reduce((sum, entry) => sum + entry.charged, 0);
    expect(charged).toBeLessThanOrEqual(25);
    // Each lookup may cost 9, so two fit under 25 while both are in flight: exactly two are sent.
    expect(t.team.upstreamLookups()).toHaveLength(2);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status === 403);
    expect(refused).toHaveLength(18);
    expect(refused[0]!.body.message).toMatch(
      /^Not sent: this lookup may cost up to 9 credits, which would pass your daily allowance of 25 credits \(18 used today, counting lookups under way\)\. It renews on .+ UTC \(in .+\)\. To raise it, ask the admin of Your team's gateway\.$/,
    );
    expect(refused[0]!.body.credits_info).toEqual({ required: 9, available: 7 });
    const ledger = await t.db.query<{ n: number; credits: number }>(
      `select count(*)::int as n, coalesce(sum(credits), 0)::int as credits from ledger l
       join members m on m.id = l.member_id where m.name = 'Dana Cruz'`,
    );
    expect(ledger[0]).toEqual({ n: 2, credits: charged });
  });

  it('answers team-held items at no charge to a member whose cap is used up, and refuses the rest', async () => {
    const held = await t.team.post('/v1/lookup', t.team.keys['Alice Smith']!, {
      social_url: ADA,
      reveal_personal_email: true,
    });
    expect(held.status).toBe(200);
    const free = await t.team.post('/v1/lookup', t.team.keys['Erin Park']!, {
      social_url: ADA,
      reveal_personal_email: true,
    });
    expect(free.status).toBe(200);
    expect(free.body.credits.used).toBe(0);
    const paid = await t.team.post('/v1/lookup', t.team.keys['Erin Park']!, {
      social_url: ADA,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(paid.status).toBe(403);
    expect(paid.body.message).toMatch(
      /may cost up to 6 credits, which would pass your daily allowance of 0 credits/,
    );
    expect(t.team.upstreamLookups()).toHaveLength(1);
  });

  it('counts searches toward a monthly cap, and takes a changed cap at once', async () => {
    const femi = t.team.keys['Femi Ade']!;
    const [first, second] = peopleWithEmailAndPhone(2, 30);
    const both = { reveal_personal_email: true, reveal_phone: true };
    const search = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 5 };
    expect((await t.team.post('/v1/search', femi, search)).body.credits.used).toBe(1);
    expect((await t.team.post('/v1/lookup', femi, { social_url: first, ...both })).body.credits.used).toBe(9);
    const refused = await t.team.post('/v1/lookup', femi, { social_url: second, ...both });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/your monthly allowance of 12 credits \(10 used this month/);
    expect(refused.body.message).toMatch(/It renews on 1 \w+ \d{4}, 00:00 UTC/);
    expect(refused.body.cap).toMatchObject({ period: 'month', credits: 12, spent: 10 });
    await runCommand(t.db, ['member', 'caps', 'femi ade', '--monthly-cap', '19']);
    expect((await t.team.post('/v1/lookup', femi, { social_url: second, ...both })).status).toBe(200);
    const me = await t.team.get('/v1/team/me', femi);
    expect(me.body.spent).toEqual({ today: 19, this_month: 19 });
    expect(me.body.caps).toEqual({ daily: null, monthly: 19 });
  });
});

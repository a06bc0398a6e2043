import { describe, expect, it } from 'vitest';
import { type BulkCandidate, planBulk } from '../../../../src/bulk/quote';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { heldByItem } from '../../../../src/ui/helpers/team-held';
import { rowOffer } from '../../../../src/ui/helpers/team-held-rows';

const at = '2026-11-24T14:03:00.000Z';
const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;
const person = (slug: string): BulkCandidate => ({
  target: { socialUrl: url(slug), candidateId: null },
  name: slug,
});
/** Ada's email, held in the extension's own vault. */
const adaEmailHeld: ContactRecord = {
  v: 1,
  key: url('ada'),
  socialUrl: url('ada'),
  candidateId: null,
  name: null,
  currentTitle: null,
  currentEmployer: null,
  updatedAt: at,
  email: { found: true, value: 'ada@example.org', at },
};
const teamHolds = (...items: ('email' | 'phone')[]) =>
  heldByItem({
    socialUrl: null,
    candidateId: null,
    items: items.map((item) => ({ item, found: true, revealedBy: 'Alice Smith', revealedAt: at })),
  });

describe('side panel rows and the bulk quote with what the team holds', () => {
  it('prices a contact whose asked items the team holds at 0, and counts it apart', () => {
    const people = [person('ada'), person('grace'), person('jose')];
    const team: Record<string, ReturnType<typeof teamHolds>> = {
      [url('ada')]: teamHolds('email', 'phone'),
      [url('grace')]: teamHolds('email'),
    };
    const { quote, teamFree, items } = planBulk(
      people,
      ['email', 'phone'],
      () => null,
      (p) => team[p.target.socialUrl!] ?? {},
    );
    // Ada: everything held by the team (free); Grace: phone only (6); Jose: email and phone (9).
    expect(teamFree).toBe(1);
    expect(quote).toMatchObject({ contacts: 3, held: 0, toAsk: 3, max: 15 });
    expect(quote.maxByItem).toMatchObject({ email: 3, phone: 12 });
    // Ada is still looked up (through the gateway, free), not settled as held in the extension's vault.
    expect(items.map((i) => i.state)).toEqual(['queued', 'queued', 'queued']);
  });

  it('leaves the quote as it was without a team', () => {
    const plan = planBulk([person('ada'), person('grace')], ['email'], (p) =>
      p.target.socialUrl === url('ada') ? adaEmailHeld : null,
    );
    expect(plan.teamFree).toBe(0);
    expect(plan.quote).toMatchObject({ held: 1, toAsk: 1, max: 3 });
  });

  it('prices a row with what the team holds, and says what is free and why', () => {
    const missingPhone = heldByItem({
      socialUrl: null,
      candidateId: null,
      items: [
        { item: 'email', found: true, revealedBy: 'Alice Smith', revealedAt: at },
        { item: 'phone', found: false, revealedBy: 'Alice Smith', revealedAt: at },
      ],
    });
    // Nothing held by the team: full price, nothing said.
    expect(rowOffer(null, ['email', 'phone'], {})).toEqual({
      items: ['email', 'phone'],
      most: 9,
      label: 'Reveal · up to 9 credits',
      teamNote: null,
    });
    // The team holds the email: the phone alone is priced, and the row says which item is free.
    expect(rowOffer(null, ['email', 'phone'], teamHolds('email'))).toMatchObject({
      most: 6,
      label: 'Reveal · up to 6 credits',
      teamNote: 'Personal email: held by your team, free',
    });
    // Everything asked held or known missing by the team: free, and the missing item is not called "held".
    expect(rowOffer(null, ['email', 'phone'], missingPhone)).toMatchObject({
      most: 0,
      label: 'Reveal · held by your team, free',
      teamNote: 'Personal email: held by your team, free; Mobile phone: not found by your team, free',
    });
    // Only items the team asked for and the service did not have: free, but nothing is "held".
    expect(rowOffer(null, ['phone'], missingPhone)).toMatchObject({
      most: 0,
      label: 'Reveal · free, your team already asked',
      teamNote: 'Mobile phone: not found by your team, free',
    });
  });

  it('asks only for what the extension does not hold, whatever the team holds', () => {
    expect(rowOffer(adaEmailHeld, ['email', 'phone'], teamHolds('email'))).toEqual({
      items: ['phone'],
      most: 6,
      label: 'Reveal · up to 6 credits',
      teamNote: null,
    });
    expect(rowOffer(adaEmailHeld, ['email'], {})).toMatchObject({ items: [], most: 0 });
  });
});

describe('a person on the team’s do-not-contact list', () => {
  it('offers nothing to ask or pay, and the row’s button says why', async () => {
    const { revealWords } = await import('../../../../src/ui/sidepanel/rows/row-reveal');
    const listed = heldByItem({ socialUrl: url('ada'), candidateId: null, items: [], doNotContact: true });
    const offer = rowOffer(null, ['email', 'phone'], listed);
    expect(offer).toMatchObject({ items: [], most: 0, doNotContact: true });
    expect(revealWords({ offer, chosen: true, revealing: false })).toBe('On your team’s do-not-contact list');
    // Unlisted, the same person is priced as before.
    expect(
      rowOffer(null, ['email'], heldByItem({ socialUrl: url('ada'), candidateId: null, items: [] })).items,
    ).toEqual(['email']);
  });
});

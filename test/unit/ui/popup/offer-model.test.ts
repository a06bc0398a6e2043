import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { Retrievable } from '../../../../src/api/schema-parts';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import type { TeamHeldItems } from '../../../../src/ui/helpers/team-held';
import { createOfferModel } from '../../../../src/ui/popup/offer-model';
import { ADA, record } from '../sidepanel/fixtures';

function offerFor(
  held: ContactRecord | null,
  selection: Retrievable[],
  team: TeamHeldItems = {},
  checkAgainMonths = 12,
) {
  return createOfferModel({
    record: signal(held),
    teamHeld: signal(team),
    selection: signal(selection),
    checkAgainMonths: signal(checkAgainMonths),
  });
}

/** `months` calendar months and a day before now, as a stored date. */
const monthsAgo = (months: number) => {
  const at = new Date();
  at.setMonth(at.getMonth() - months);
  at.setDate(at.getDate() - 1);
  return at.toISOString();
};
/** Ada's email and phone, each bought when said. */
const boughtWhen = (email: string, phone: string): ContactRecord => ({
  ...record(ADA),
  email: { found: true, value: 'ada@example.org', at: email },
  phone: { found: true, value: '+1 555', at: phone },
});

const teamHas = (item: Retrievable) => ({ [item]: { item, found: true, revealedBy: 'Sam', revealedAt: '' } });

describe("the popup's offer", () => {
  it('nothing held: every ticked item is asked, at its price; nothing is offered on its own yet', () => {
    const offer = offerFor(null, ['email', 'phone']);
    expect(offer.toAsk.value).toEqual(['email', 'phone']);
    expect(offer.maxCost.value).toBe(9);
    expect(offer.toAdd.value).toEqual([]);
    expect(offer.knownMissing.value).toEqual([]);
    expect(offer.allDecided.value).toBe(false);
  });

  it('held items and items known missing are not asked; the ones never asked are each their own offer', () => {
    const offer = offerFor(record(ADA, { email: 'ada@example.org', missing: ['phone'] }), ['email', 'phone']);
    expect(offer.toAsk.value).toEqual([]);
    expect(offer.maxCost.value).toBe(0);
    expect(offer.knownMissing.value).toEqual(['phone']);
    expect(offer.askAgainCost.value).toBe(6);
    expect(offer.toAdd.value).toEqual(['detailed_profile', 'healthcare_profile']);
    expect(offer.addCost('detailed_profile')).toBe(1);
  });

  it('every item held or known missing: nothing is left to decide', () => {
    const held = record(ADA, { email: 'ada@example.org', phone: '+1 555', missing: [] });
    const all = {
      ...held,
      detailed_profile: { found: false as const, at: '' },
      healthcare_profile: { found: false as const, at: '' },
    };
    expect(offerFor(all, ['email']).allDecided.value).toBe(true);
    expect(offerFor(held, ['email']).allDecided.value).toBe(false);
  });

  it('items the team holds cost nothing, in the selection, asking again and an Add button alike', () => {
    const offer = offerFor(record(ADA, { missing: ['phone'] }), ['email'], {
      ...teamHas('email'),
      ...teamHas('phone'),
      ...teamHas('detailed_profile'),
    });
    expect(offer.toAsk.value).toEqual(['email']);
    expect(offer.maxCost.value).toBe(0);
    expect(offer.askAgainCost.value).toBe(0);
    expect(offer.addCost('detailed_profile')).toBe(0);
    expect(offer.addCost('healthcare_profile')).toBe(1);
  });

  it('a held item bought longer ago than the setting is offered "Check again" at its price; a newer one is not', () => {
    const offer = offerFor(boughtWhen(monthsAgo(13), monthsAgo(2)), ['email']);
    expect(offer.toCheckAgain.value).toEqual(['email']);
    expect(offer.checkAgainCost.value).toBe(3);
    // Still held: the ticked reveal does not buy it again by itself.
    expect(offer.toAsk.value).toEqual([]);
    expect(offer.maxCost.value).toBe(0);
    const both = offerFor(boughtWhen(monthsAgo(13), monthsAgo(12)), ['email']);
    expect(both.toCheckAgain.value).toEqual(['email', 'phone']);
    expect(both.checkAgainCost.value).toBe(9);
    expect(offerFor(boughtWhen(monthsAgo(11), monthsAgo(0)), ['email']).toCheckAgain.value).toEqual([]);
  });

  it('the setting at 0 never offers a check, however old; a shorter setting offers it sooner', () => {
    const held = boughtWhen(monthsAgo(60), monthsAgo(4));
    expect(offerFor(held, ['email'], {}, 0).toCheckAgain.value).toEqual([]);
    expect(offerFor(held, ['email'], {}, 3).toCheckAgain.value).toEqual(['email', 'phone']);
  });

  it('an old item flagged wrong is bought again through its own button, not checked; items not found are not checked', () => {
    const held: ContactRecord = {
      ...boughtWhen(monthsAgo(13), monthsAgo(13)),
      flags: { email: { at: new Date().toISOString(), value: 'ada@example.org' } },
      detailed_profile: { found: false, at: monthsAgo(20) },
    };
    const offer = offerFor(held, ['email']);
    expect(offer.toCheckAgain.value).toEqual(['phone']);
    expect(offer.toAdd.value).toContain('email');
  });
});

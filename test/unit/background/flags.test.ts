import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { flagContact } from '../../../src/background/flags';
import { answer } from '../../../src/background/router';
import { personOf } from '../../../src/background/send-to/send';
import { markTeamFlags } from '../../../src/background/team/team-flags';
import { FlagContactInput } from '../../../src/protocol/schemas';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { teamMembership } from '../../../src/store/items/team-membership';
import { setApiKey } from '../../../src/store/secrets/api-key';
import { contactRecord } from '../../support/vault-records';

const id = browser.runtime.id;
const fromPopup = { id, url: browser.runtime.getURL('/popup.html') };
const fromTab = { id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } };
const ada = contactRecord('ada', '1');
const at = (day: number) => () => `2026-12-0${day}T10:00:00.000Z`;

beforeEach(async () => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await vaultWrite.put(ada);
});

describe('flagging data wrong', () => {
  it('keeps the flag on the record with its note and the value flagged, and the send leaves the email out', async () => {
    await flagContact({ key: ada.key, target: 'email', wrong: true, note: ' bounced ' }, at(3));
    const stored = await vault.get(ada.key);
    expect(stored?.flags?.email).toEqual({ at: at(3)(), note: 'bounced', value: 'ada@example.org' });
    // Flagging changes no date the library orders by.
    expect(stored?.updatedAt).toBe(ada.updatedAt);
    expect(personOf(stored!).emails).toEqual([]);
    expect(personOf(ada).emails).toEqual(['ada@example.org']);
  });

  it('taking a flag back keeps who flagged and when, and marks when it was taken back', async () => {
    await flagContact({ key: ada.key, target: 'email', wrong: true }, at(3));
    await flagContact({ key: ada.key, target: 'email', wrong: false }, at(4));
    expect((await vault.get(ada.key))?.flags?.email).toEqual({
      at: at(3)(),
      value: 'ada@example.org',
      unflagged: { at: at(4)() },
    });
  });

  it('refuses to flag an item that was not revealed, and a contact no longer kept', async () => {
    await expect(flagContact({ key: ada.key, target: 'phone', wrong: true })).rejects.toMatchObject({
      message: 'There is no phone revealed for this contact to flag.',
    });
    await expect(
      flagContact({ key: 'https://www.linkedin.com/in/nobody', target: 'person', wrong: true }),
    ).rejects.toMatchObject({
      kind: 'not-now',
    });
  });

  it('is accepted from the extension’s pages only, and a note over its limit is refused before anything is kept', async () => {
    const handler = vi.fn(async () => null);
    const input = { key: ada.key, target: 'email', wrong: true };
    expect(await answer('flagContact', FlagContactInput, handler, input, fromTab)).toMatchObject({
      ok: false,
    });
    expect(handler).not.toHaveBeenCalled();
    const long = await answer(
      'flagContact',
      FlagContactInput,
      handler,
      { ...input, note: 'x'.repeat(501) },
      fromPopup,
    );
    expect(long).toMatchObject({
      ok: false,
      error: { message: 'The note is too long: it can be at most 500 characters.' },
    });
    expect(await answer('flagContact', FlagContactInput, handler, input, fromPopup)).toEqual({
      ok: true,
      value: null,
    });
  });
});

describe('flags on a team gateway', () => {
  const membership = {
    member: 'Bob Lee',
    team: 'Acme Recruiting',
    dailyCap: null,
    monthlyCap: null,
    spentToday: 0,
    spentThisMonth: 0,
    dailyResets: '2026-12-04T00:00:00.000Z',
    monthlyResets: '2027-01-01T00:00:00.000Z',
    checkedAt: '2026-12-03T09:00:00.000Z',
  };
  const teamFlag = {
    target: 'email',
    value: 'ada@example.org',
    flagged_by: 'Alice Smith',
    flagged_at: '2026-12-03T11:00:00.000Z',
    updated_at: '2026-12-03T11:00:00.000Z',
  };
  let asked: { path: string; body: unknown }[];
  let reply: (path: string) => Response;

  beforeEach(async () => {
    await setApiKey('member-key-bob');
    await teamMembership.set(membership);
    asked = [];
    reply = () => new Response('{}', { status: 500 });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      asked.push({ path, body: JSON.parse(String(init.body)) });
      return reply(path);
    });
    return () => vi.unstubAllGlobals();
  });

  it("keeps a teammate's flag with their name, and only a newer one over the flag held", async () => {
    reply = () =>
      Response.json({
        success: true,
        as_of: '2026-12-03T12:00:00.000Z',
        people: [{ social_url: ada.socialUrl, flags: [teamFlag] }],
      });
    expect(await markTeamFlags([ada.key])).toBe('2026-12-03T12:00:00.000Z');
    expect(asked).toEqual([{ path: '/v1/team/flags', body: { people: [{ social_url: ada.socialUrl }] } }]);
    expect((await vault.get(ada.key))?.flags?.email).toEqual({
      at: teamFlag.flagged_at,
      by: 'Alice Smith',
      value: 'ada@example.org',
    });
    // An older word of the team's (a round that crossed a newer change here) changes nothing.
    const taken = { ...teamFlag, unflagged_by: 'Bob Lee', unflagged_at: '2026-12-05T10:00:00.000Z' };
    reply = () =>
      Response.json({ success: true, as_of: 'x', people: [{ social_url: ada.socialUrl, flags: [taken] }] });
    await markTeamFlags([ada.key]);
    expect((await vault.get(ada.key))?.flags?.email?.unflagged).toEqual({ at: taken.unflagged_at });
    reply = () =>
      Response.json({
        success: true,
        as_of: 'x',
        people: [{ social_url: ada.socialUrl, flags: [teamFlag] }],
      });
    await markTeamFlags([ada.key]);
    expect((await vault.get(ada.key))?.flags?.email?.unflagged).toEqual({ at: taken.unflagged_at });
  });

  it("tells the gateway first: kept as the team's, and nothing kept when the gateway refuses", async () => {
    reply = () => new Response(JSON.stringify({ success: false, message: 'Slow down.' }), { status: 429 });
    await expect(flagContact({ key: ada.key, target: 'email', wrong: true }, at(3))).rejects.toMatchObject({
      message: 'Your team\'s gateway said: "Slow down."',
    });
    expect((await vault.get(ada.key))?.flags).toBeUndefined();

    reply = () =>
      Response.json({ success: true, flag: { ...teamFlag, flagged_by: 'Bob Lee', note: 'bounced' } });
    await flagContact({ key: ada.key, target: 'email', wrong: true, note: 'bounced' }, at(3));
    expect(asked.at(-1)).toEqual({
      path: '/v1/team/flag',
      body: { social_url: ada.socialUrl, target: 'email', wrong: true, note: 'bounced' },
    });
    // Bob's own flag: no name (it is "you" on screen), the team's time.
    expect((await vault.get(ada.key))?.flags?.email).toEqual({
      at: teamFlag.flagged_at,
      note: 'bounced',
      value: 'ada@example.org',
    });

    // A contact the team holds nothing of (404): flagged here alone.
    const grace = contactRecord('grace', '2');
    await vaultWrite.put(grace);
    reply = () => new Response(JSON.stringify({ success: false, message: 'holds nothing' }), { status: 404 });
    await flagContact({ key: grace.key, target: 'person', wrong: true }, at(3));
    expect((await vault.get(grace.key))?.flags?.person).toEqual({ at: at(3)() });
  });
});

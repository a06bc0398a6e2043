import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { flagContact } from '../../../src/background/flags';
import { answer } from '../../../src/background/router';
import { personOf } from '../../../src/background/send';
import { FlagContactInput } from '../../../src/protocol/schemas';
import { vault } from '../../../src/store/vault';
import { vaultWrite } from '../../../src/store/vault-write';
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

/** "Copy privacy notice" recorded on the contact: free, in the contact's turn, the first time kept, no date moved. */
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { noteNoticeCopied } from '../../../src/background/privacy/notice';
import { answer } from '../../../src/background/router';
import { NoticeCopiedInput } from '../../../src/protocol/schemas';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { summaryOf } from '../../../src/ui/contacts/library-reads';
import { contactRecord } from '../../support/vault-records';

const ada = contactRecord('ada', '1');
const at = (day: number) => () => `2026-12-0${day}T10:00:00.000Z`;

beforeEach(async () => {
  fakeBrowser.reset();
  await vaultWrite.put(ada);
});

describe('the notice copied, on the contact', () => {
  it('keeps when it was first and last copied, and moves no date the library or retention count from', async () => {
    await noteNoticeCopied(ada.key, at(3));
    await noteNoticeCopied(ada.key, at(5));
    const stored = await vault.get(ada.key);
    expect(stored?.notice).toEqual({ first: at(3)(), at: at(5)() });
    expect(stored?.updatedAt).toBe(ada.updatedAt);
    expect(summaryOf(stored!)).toMatchObject({
      noticed: Date.parse(at(5)()),
      obtained: Date.parse(ada.email.at),
      updated: Date.parse(ada.updatedAt),
    });
  });

  it('refuses a contact no longer held, and a tab cannot record it', async () => {
    await expect(noteNoticeCopied('https://www.linkedin.com/in/nobody')).rejects.toThrow(
      'no longer among your revealed contacts',
    );
    const fromTab = { id: browser.runtime.id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } };
    const record = (input: { key: string }) => noteNoticeCopied(input.key);
    expect(await answer('noticeCopied', NoticeCopiedInput, record, { key: ada.key }, fromTab)).toMatchObject({
      ok: false,
    });
    expect((await vault.get(ada.key))?.notice).toBeUndefined();
  });

  it('a record kept before the notice existed reads unchanged and takes one', async () => {
    expect(await vault.get(ada.key)).toEqual(ada);
    const fromPopup = { id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') };
    const record = (input: { key: string }) => noteNoticeCopied(input.key);
    const done = await answer('noticeCopied', NoticeCopiedInput, record, { key: ada.key }, fromPopup);
    expect(done).toMatchObject({ ok: true, value: { key: ada.key, notice: { first: expect.any(String) } } });
  });
});

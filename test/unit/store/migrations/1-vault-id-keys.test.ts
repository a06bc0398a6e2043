import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { moveVaultIdIndex } from '../../../../src/store/migrations/1-vault-id-keys';
import { vault } from '../../../../src/store/vault';
import { contactRecord as contact, profileOf as url } from '../../../support/vault-records';

describe('store migration 1: the vault id index, from one object to a key per id', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('ids kept in the single object of earlier versions are found, then moved to keys of their own', async () => {
    await browser.storage.local.set({
      'contact:https://www.linkedin.com/in/ada': contact('ada', '1'),
      'vault-index': { byId: { '1': url('ada') } },
    });
    // Written as version 1 of the vault wrote a record: its own key, and its id's.
    await browser.storage.local.set({
      [`contact:${url('grace')}`]: contact('grace', '2'),
      'vault-id:2': url('grace'),
    });
    expect(await vault.find({ candidateId: '1' })).toMatchObject({ name: 'ada' });
    expect(await vault.findMany([{ candidateId: '1' }])).toMatchObject([{ name: 'ada' }]);
    await moveVaultIdIndex();
    const stored = await browser.storage.local.get(null);
    expect(stored).not.toHaveProperty('vault-index');
    expect(stored).toMatchObject({ 'vault-id:1': url('ada'), 'vault-id:2': url('grace') });
    expect(await vault.find({ candidateId: '1' })).toMatchObject({ name: 'ada' });
    await moveVaultIdIndex();
    expect(await vault.find({ candidateId: '2' })).toMatchObject({ name: 'grace' });
  });

  it('an old index that no longer reads is set aside, not lost, and ids already moved stay', async () => {
    await browser.storage.local.set({ 'vault-index': { byId: 'not an object' }, 'vault-id:7': 'id:7' });
    await moveVaultIdIndex();
    const stored = await browser.storage.local.get(null);
    expect(stored).not.toHaveProperty('vault-index');
    expect(stored['vault-id:7']).toBe('id:7');
    await vi.waitFor(async () => {
      const { 'unreadable:vault-index': aside } = await browser.storage.local.get('unreadable:vault-index');
      expect(aside).toMatchObject({ value: { byId: 'not an object' } });
    });
  });
});

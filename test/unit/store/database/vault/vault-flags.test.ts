import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '../../../../../src/store/database/db';
import { inspectRecord, vault } from '../../../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../../src/store/database/vault/vault-write';

/** A contact's record exactly as version 1.0.0 of the extension stored it (before flags and observations). */
const RECORD_1_0_0 = JSON.parse(
  readFileSync(new URL('../../../../fixtures/vault/contact-1.0.0.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('flags and observations on the stored contact record', () => {
  it('a record 1.0.0 wrote reads whole, with no flag and no observation', async () => {
    await (await db()).put('contacts', RECORD_1_0_0);
    const read = await vault.read(RECORD_1_0_0.key as string);
    expect(read).toEqual({ state: 'ok', value: RECORD_1_0_0 });
    if (read.state !== 'ok') return;
    expect(read.value.flags).toBeUndefined();
    expect(read.value.observed).toBeUndefined();
  });

  it('a record with a flag, a flag taken back and an observation is kept and read back as written', async () => {
    const record: ContactRecord = {
      ...(RECORD_1_0_0 as ContactRecord),
      flags: {
        email: { at: '2026-12-03T10:00:00.000Z', note: 'bounced', value: 'ada@example.org', by: 'Alice' },
        person: {
          at: '2026-12-01T10:00:00.000Z',
          unflagged: { at: '2026-12-02T10:00:00.000Z' },
        },
      },
      observed: { title: 'Staff Engineer', employer: 'Nimbus', at: '2026-12-06T10:00:00.000Z' },
    };
    await vaultWrite.put(record);
    expect(await vault.get(record.key)).toEqual(record);
  });

  it('a flag that does not read makes the record unreadable, never a record without its flag', () => {
    expect(inspectRecord({ ...RECORD_1_0_0, flags: { email: { note: 'no date' } } }, 'k')).toEqual({
      state: 'unreadable',
    });
  });
});

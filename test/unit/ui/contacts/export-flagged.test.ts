import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { exportCsv, exportVCards } from '../../../../src/ui/contacts/export';
import { summaryOf } from '../../../../src/ui/contacts/library-reads';
import { DEFAULT_QUERY, prepare, query } from '../../../../src/ui/contacts/query';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../../src/ui/helpers/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const at = '2026-11-01T10:00:00.000Z';
const person = (slug: string, flags?: ContactRecord['flags']): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/${slug}`,
  socialUrl: `https://www.linkedin.com/in/${slug}`,
  candidateId: slug,
  name: slug,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: `${slug}@example.org`, at },
  phone: { found: true, value: '+1 555 0100', at },
  ...(flags ? { flags } : {}),
  updatedAt: at,
});
const ada = person('ada', { email: { at, value: 'ada@example.org' } });
const bob = person('bob');

beforeEach(async () => {
  fakeBrowser.reset();
  downloads.length = 0;
  await vaultWrite.putMany([ada, bob]);
});

describe('exports and the library with data flagged wrong', () => {
  it('the CSV and the vCard leave a flagged email out, and keep it when the user includes it', async () => {
    await exportCsv([ada.key, bob.key]);
    await exportVCards([ada.key, bob.key]);
    const [csv, vcf] = downloads.map((d) => d.text);
    expect(csv).not.toContain('ada@example.org');
    expect(csv).toContain('bob@example.org');
    expect(csv).toContain('ada');
    expect(vcf).not.toContain('ada@example.org');
    expect(vcf).toContain('bob@example.org');
    downloads.length = 0;
    await exportCsv([ada.key], undefined, true);
    await exportVCards([ada.key], undefined, true);
    expect(downloads.map((d) => d.text.includes('ada@example.org'))).toEqual([true, true]);
  });

  it('the filter "Flagged wrong" lists only contacts with a standing flag', () => {
    const taken = person('cy', { phone: { at, value: '+1 555 0100', unflagged: { at } } });
    const prepared = prepare([ada, bob, taken].map(summaryOf));
    expect(query(prepared, { ...DEFAULT_QUERY, holding: 'flagged' }).map((s) => s.key)).toEqual([ada.key]);
    expect(query(prepared, DEFAULT_QUERY)).toHaveLength(3);
  });
});

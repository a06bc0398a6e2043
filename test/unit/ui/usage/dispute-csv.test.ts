import { describe, expect, it } from 'vitest';
import type { DisputeRow } from '../../../../src/domain/dispute';
import { disputeCsv } from '../../../../src/ui/usage/dispute-csv';
import { daysBetween } from '../../../../src/ui/usage/dispute-report';

const row: DisputeRow = {
  at: '2026-12-01T09:00:00.000Z',
  entryId: '000042-x',
  name: 'Ada Lovelace',
  profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
  item: 'email',
  credits: 3,
  target: 'email',
  flag: { at: '2026-12-03T10:00:00.000Z', by: 'Alice', note: 'bounced, twice', value: 'ada@example.org' },
};

describe('the dispute report’s file', () => {
  it('has the columns support needs, one row an item, in words', () => {
    const lines = disputeCsv([
      row,
      { ...row, item: 'phone', credits: 6, target: 'person', flag: { at: row.flag.at } },
    ])
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Date,Person,Profile URL,Item,Credits,Ledger entry,Flag,Flagged by,Flagged on',
      '2026-12-01,Ada Lovelace,https://www.linkedin.com/in/ada-lovelace,Personal email,3,000042-x,"Wrong email: bounced, twice",Alice,2026-12-03',
      '2026-12-01,Ada Lovelace,https://www.linkedin.com/in/ada-lovelace,Mobile phone,6,000042-x,Wrong person,you,2026-12-03',
      '',
    ]);
  });

  it('a period is its days, both ends included; a start after the end has none', () => {
    expect(daysBetween('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(daysBetween('2026-12-02', '2026-12-02')).toEqual(['2026-12-02']);
    expect(daysBetween('2026-12-03', '2026-12-02')).toEqual([]);
  });
});

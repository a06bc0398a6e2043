/**
 * The records behind the rows on screen: a row shows the address and the number themselves, which the library's
 * index (summaries, kept small for 50,000 contacts) does not hold. Only the rows shown are read, in one read, and
 * read again when a row's contact changes.
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { vault } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import type { ContactSummary } from './library-reads';

/** The records of `rows`, by vault key, as a signal that fills in once read. */
export function useRowRecords(rows: readonly ContactSummary[]) {
  const records = useMemo(() => signal<ReadonlyMap<string, ContactRecord>>(new Map()), []);
  // The rows' keys, change times and flags: a contact revealed again, or flagged wrong, is read again.
  const stamp = rows
    .map((row) => `${row.key}@${row.updated}${row.flagged ? ' flagged' : ''}${row.changed ? ' changed' : ''}`)
    .join('\n');
  useEffect(() => {
    let current = true;
    void vault.getMany(rows.map((row) => row.key)).then((list) => {
      if (current) records.value = new Map(list.map((record) => [record.key, record]));
    });
    return () => {
      current = false;
    };
    // `stamp` stands for `rows`: a new array with the same contacts needs no new read.
  }, [stamp]);
  return records;
}

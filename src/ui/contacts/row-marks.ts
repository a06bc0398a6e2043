/**
 * The sent marks ("In Lever · 3 Nov") of the rows on screen, read in one go and read again when a send anywhere
 * changes one of them, so the table's Sent to column and a card say where each contact went without opening it.
 * The reader of sends is loaded when first needed, as the send buttons are (`../send/later.tsx`): the library
 * opens without it.
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { SentRecord } from '../../store/database/sent';
import type { ContactSummary } from './library-reads';

/** The marks of `rows`, by contact key, as a signal that fills in once read. */
export function useRowMarks(rows: readonly ContactSummary[]) {
  const marks = useMemo(() => signal<ReadonlyMap<string, SentRecord[]>>(new Map()), []);
  const stamp = rows.map((row) => row.key).join('\n');
  useEffect(() => {
    const keys = rows.map((row) => row.key);
    const shown = new Set(keys);
    let current = true;
    let stop = () => {};
    void import('../../store/database/sent').then(({ sentFor, watchSent }) => {
      if (!current) return;
      const read = () =>
        void sentFor(keys).then((found) => {
          if (current) marks.value = found;
        });
      read();
      stop = watchSent((changed) => {
        if (changed === null || changed.some((key) => shown.has(key))) read();
      });
    });
    return () => {
      current = false;
      stop();
    };
    // `stamp` stands for `rows`: the same contacts need no new read.
  }, [stamp]);
  return marks;
}

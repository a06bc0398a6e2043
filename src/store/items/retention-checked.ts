/**
 * How far back the EU rule has been checked in this vault: every contact last updated before `through` was read by
 * a complete pass after it was 30 days old, and kept (outside the EU, sent, or unreadable). None of those can become
 * due under the EU rule later (a change of the record moves its `updatedAt` past this mark; a send mark goes only
 * with its contact), so a pass reads only what crossed the 30 days since, not every older contact at each start of
 * the worker. What the general period removes is read by its own range, whatever this says.
 */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

const checkedItem = defineStored({
  key: KEYS.retentionChecked,
  schema: z.nullable(z.object({ through: z.iso.datetime() })),
  fallback: null,
  label: 'retention checked through',
  version: 1,
});

export const retentionChecked = {
  get: async (): Promise<string | null> => (await checkedItem.get())?.through ?? null,
  set: (through: string): Promise<void> => checkedItem.set({ through }),
};

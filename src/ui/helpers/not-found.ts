/**
 * A person the service had nothing for, as every list reads them: the profile it has no candidate for, or a person
 * every item of the chosen ones was looked up for and not found (and nothing else was found). Such a person is said
 * once, "Not found · 6 Dec", with no checkbox and no price: "Select all" passes them by, and asking again is its own
 * button ("Ask again · up to 3 credits"), a choice made for that one person.
 */
import { RETRIEVABLE, type Retrievable } from '../../api/schema-parts';
import type { ContactRecord } from '../../store/database/vault/vault-record';

/** When the service last said it had nothing for the person; null when something was found or is left to ask. */
export function notFoundSince(
  record: ContactRecord | null | undefined,
  selection: readonly Retrievable[],
): string | null {
  if (!record) return null;
  if (record.unknownAt) return record.unknownAt;
  if (selection.length === 0 || RETRIEVABLE.some((item) => record[item]?.found)) return null;
  let latest: string | null = null;
  for (const item of selection) {
    const state = record[item];
    if (!state) return null;
    if (latest === null || state.at > latest) latest = state.at;
  }
  return latest;
}

/** The day a record says nothing was found (its 404, or the last item looked up), for a line that says it. */
export function notFoundDay(record: ContactRecord): string {
  if (record.unknownAt) return record.unknownAt;
  const days = RETRIEVABLE.flatMap((item) => {
    const state = record[item];
    return state && !state.found ? [state.at] : [];
  });
  return days.sort().at(-1) ?? record.updatedAt;
}

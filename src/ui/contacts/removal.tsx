/**
 * The line a library row adds when a retention rule will remove its contact within the next 30 days: "Removed 6 Jan
 * (EU rule)". A date months away on every row is noise; a removal within a month is the one a recruiter can still act
 * on (send the person to a destination, or export them), and every contact the EU rule will remove is within it.
 *
 * The rules (with the region classifier's lists of names) and the setting load after the page, as the sent marks do
 * (`row-marks.ts`): the first rows show without them, and the lines appear when they are read.
 */
import { signal } from '@preact/signals';
import type { SentRecord } from '../../store/database/sent';
import { removalLine, removalWhy } from '../words/retention';
import type { ContactSummary } from './library-reads';

/** How far ahead a removal is said. */
const AHEAD_MS = 30 * 24 * 60 * 60 * 1000;

type Rules = typeof import('../../retention/rules');

/** The rules and the retention setting in force, once loaded; followed while the page is open. */
const loaded = signal<{ rules: Rules; generalDays: number } | null>(null);
let following = false;
function follow() {
  if (following) return;
  following = true;
  void Promise.all([import('../../retention/rules'), import('../../store/items/settings')]).then(
    async ([rules, { settings }]) => {
      loaded.value = { rules, generalDays: (await settings.get()).retentionDays };
      settings.watch((value) => {
        loaded.value = { rules, generalDays: value.retentionDays };
      });
    },
  );
}

export function RemovalNote({
  contact,
  marks,
  now = Date.now(),
}: {
  contact: ContactSummary;
  marks: readonly SentRecord[] | undefined;
  now?: number;
}) {
  follow();
  const ready = loaded.value;
  // A date that does not read says nothing of when (the vault keeps such a record).
  if (!ready || !contact.updated) return null;
  const removal = ready.rules.removalOf(
    { location: contact.location, since: new Date(contact.updated), sent: (marks?.length ?? 0) > 0 },
    ready.generalDays,
  );
  if (!removal || removal.at.getTime() - now > AHEAD_MS) return null;
  return (
    <span class="removal-note" title={removalWhy(removal, ready.generalDays)}>
      {removalLine(removal, now)}
    </span>
  );
}

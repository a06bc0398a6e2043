/**
 * Plain words about trust in what was bought: data flagged wrong, a flag taken back, a job change LinkedIn showed
 * since the reveal, the dispute report. Part of `src/ui/words/`.
 */
import { DISPUTE_COLUMNS, FLAG_CHOICE_WORDS } from '../../api/dispute-columns';
import { countOf } from '../../format/numbers';
import type { Flag, FlagTarget, Observation } from '../../store/database/vault/vault-flags';

/** The choices of what is wrong. */
export const FLAG_CHOICE: Record<FlagTarget, string> = FLAG_CHOICE_WORDS;

/** "3 Dec": the day something was said, short. */
export const shortDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** Who said it: a teammate's name, or "you". */
export const who = (by: string | undefined) => by ?? 'you';

/** "Flagged wrong by Alice, 3 Dec" ("Flagged as the wrong person by you, 3 Dec"). */
export const flaggedLine = (target: FlagTarget, flag: Flag) =>
  `Flagged ${target === 'person' ? 'as the wrong person' : 'wrong'} by ${who(flag.by)}, ${shortDay(flag.at)}`;

/** "Flag taken back by Bob, 4 Dec". */
export const unflaggedLine = (said: NonNullable<Flag['unflagged']>) =>
  `Flag taken back by ${who(said.by)}, ${shortDay(said.at)}`;

/** Said once under a flagged item: what the flag does. */
export const LEFT_OUT = 'Left out of exports and sends.';

export const FLAG_SUMMARY = 'Something wrong?';
export const FLAG_WHAT = 'What is wrong';
export const FLAG_NOTE_LABEL = 'Note (optional)';
export const FLAG_BUTTON = 'Flag it';
export const UNFLAG_BUTTON = 'Take the flag back';

/** The library's filter of contacts with data flagged wrong. */
export const FLAGGED_FILTER = 'Flagged wrong';

/** The exports' choice, and what their buttons add when flagged items are left out or included. */
export const INCLUDE_FLAGGED = 'Include data flagged wrong';
export const FLAGGED_LEFT_OUT = 'flagged left out';
export const FLAGGED_INCLUDED = 'flagged included';

/** The usage page's dispute report. */
export const DISPUTE = {
  title: 'Charges for data flagged wrong',
  intro:
    'What you were charged for data you or your team flagged wrong, with the ledger entry of each charge: a file to send to the service’s support.',
  from: 'From',
  to: 'To',
  none: 'Nothing charged in this period is flagged wrong.',
  total: (credits: string, rows: number) => `${credits} for ${countOf(rows, 'item')}`,
  download: 'Download the report (CSV)',
  badPeriod: 'The start of the period is after its end. Choose a start on or before the end.',
  header: DISPUTE_COLUMNS,
} as const;

/** "Wrong email: bounced" — a flag and its note, in one cell. */
export const flagInWords = (target: FlagTarget, flag: Flag) =>
  flag.note ? `${FLAG_CHOICE[target]}: ${flag.note}` : FLAG_CHOICE[target];

/** "Staff Engineer at Nimbus": the job a page showed. */
export const jobNow = (o: Observation) => [o.title, o.employer].filter(Boolean).join(' at ');

/** "Now Staff Engineer at Nimbus, seen on LinkedIn 6 Dec" (a teammate's sighting names them). */
export const jobChangeLine = (o: Observation) =>
  `Now ${jobNow(o)}, seen on LinkedIn ${shortDay(o.at)}${o.by ? ` by ${o.by}` : ''}`;

/** The library's filter of contacts whose LinkedIn page showed another job since the reveal. */
export const CHANGED_FILTER = 'Changed since revealed';

/** The CSV's columns for it. */
export const JOB_CHANGE_COLUMNS = ['Now (seen on LinkedIn)', 'Seen on'] as const;

/** "Update in Lever": the job change told to a destination the contact was sent to. */
export const updateIn = (label: string) => `Update in ${label}`;
export const UPDATE_FREE = 'Free: adds the new job as a note.';
/** "Lever updated · 6 Dec". */
export const updatedIn = (label: string, at: string) => `${label} updated with the new job · ${shortDay(at)}`;

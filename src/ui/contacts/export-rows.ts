/**
 * The library's CSV line of each contact the page holds, kept beside the page's summary of it for as long as the page
 * holds that summary (WeakMaps): an export writes the lines of what the page holds instead of reading and checking
 * every record again, which was most of an export's time at 50,000 contacts. A line is made from the very record its
 * summary was made from (`library-reads.ts` hands both over), so the two never disagree.
 *
 * A line is not trusted when the vault announced a change of its contact after the record was read (the page applies
 * a change a moment after hearing of it, `model.ts`): the export reads that contact again, as it reads any contact
 * the page holds no line of. (A change is heard of a moment after its write ends; an export begun within that moment
 * writes the contact as the list on screen still shows it.)
 *
 * The lines are written while the page is idle, not as the contacts are read: the read of every contact (what search,
 * filters and sorts wait for) costs no more, and a record is held only until its lines are written. An export that
 * comes first writes the lines it needs itself.
 */
import { withoutFlagged } from '../../domain/flags';
import { csvLine } from '../../search/csv';
import { watchVaultKeys } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { candidateCells } from '../sidepanel/search/export-csv';

/** A vault record in the shape of a search row, so the CSV has the same columns as the side panel's export. */
export const asProfile = (record: ContactRecord) => ({
  id: record.candidateId ?? '',
  name: record.name ?? '',
  current_title: record.currentTitle ?? '',
  current_employer: record.currentEmployer ?? '',
  location: record.location ?? '',
  social_url: record.socialUrl,
});

/** The contact's line in the library's CSV, without its line end (`record` as the export gives it). */
export const contactLine = (record: ContactRecord): string =>
  csvLine(candidateCells(asProfile(record), record));

/**
 * What is kept of a contact read: when (in {@link tick}s), its record until its lines are written, then its line
 * without the items flagged wrong, and with them when it has any.
 */
interface Kept {
  key: string;
  at: number;
  record?: ContactRecord;
  plain?: string;
  withFlagged?: string;
}

/**
 * This page's order of events: each record kept and each change announced takes the next tick. The vault's writer
 * announces a change after its transaction completes, and a read that began before it has been answered by then: a
 * record kept before an announcement of its contact may be older than it, one kept after is not.
 */
let tick = 0;
/** The tick of the last announced change of each contact; of every contact when all were removed. */
const announced = new Map<string, number>();
let clearedAt = -1;
let watching = false;

function watch(): void {
  if (watching) return;
  watching = true;
  watchVaultKeys((keys) => {
    tick++;
    if (keys === null) clearedAt = tick;
    else for (const key of keys) announced.set(key, tick);
  });
}

const kept = new WeakMap<object, Kept>();
/** Summaries whose lines are to be written when the page is idle. */
let waiting: object[] = [];

/** Writes the lines of a kept record (once), and lets the record go. */
function write(entry: Kept): void {
  const record = entry.record;
  if (!record) return;
  const plain = withoutFlagged(record);
  entry.plain = contactLine(plain);
  if (plain !== record) entry.withFlagged = contactLine(record);
  entry.record = undefined;
}

let scheduled = false;
/** Lines written in one slice when the browser has no idle callbacks (tests, older engines). */
const STEP = 200;
function writeWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const step = (deadline?: IdleDeadline) => {
    scheduled = false;
    let n = 0;
    while (waiting.length > 0 && (deadline ? deadline.timeRemaining() > 1 : n < STEP)) {
      const entry = kept.get(waiting.pop()!);
      if (entry) write(entry);
      n++;
    }
    if (waiting.length > 0) writeWhenIdle();
    else waiting = [];
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(step);
  else setTimeout(step, 0);
}

/** Keeps `record` beside `summary`, the page's summary of that same record, until its lines are written. */
export function keepLine(summary: object, record: ContactRecord): void {
  watch();
  kept.set(summary, { key: record.key, at: ++tick, record });
  waiting.push(summary);
  writeWhenIdle();
}

/**
 * The line of the contact `summary` was made of, with the items flagged wrong when `includeFlagged`; undefined when
 * there is none to trust: the summary came from a read that keeps none, or its contact changed since it was read.
 */
export function keptLine(summary: object, includeFlagged: boolean): string | undefined {
  const entry = kept.get(summary);
  if (!entry || entry.at < clearedAt || entry.at < (announced.get(entry.key) ?? -1)) return undefined;
  write(entry);
  return includeFlagged ? (entry.withFlagged ?? entry.plain) : entry.plain;
}

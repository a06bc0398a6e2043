/**
 * The ledger in storage: each local day's entries in parts of at most {@link PART_SIZE} (`ledger:day:YYYY-MM-DD`,
 * then `…:1`, `…:2`, in the order they were written), and one small key of bookkeeping (the days that have entries
 * and how many parts each has, the last balance, the uncertain charges not yet settled and the balance they are
 * settled against). An append writes one part of a few entries, not the whole day, so a busy day's writes stay as
 * small as its first; the usage view reads 30 days in two calls. Reads are here, each its own export (a page loads
 * only what it uses); the background's append is in `src/ledger/append.ts`.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import {
  BalanceEntry,
  type ChargeEntry,
  chargeTotals,
  dayOf,
  LedgerEntry,
  monthToDate,
  OpenCall,
  spent,
} from '../ledger/entry';
import { KEYS, nameOf, PREFIXES } from './keys';
import { metaToV3 } from './migrations/4-ledger-day-parts';
import { setAside } from './read';

/** The storage key of a day's first part (all of a day written before parts, version 2). */
export const dayKey = (day: string) => PREFIXES.ledgerDay.name(day);
/** The storage key of a day's part `n` (0 is {@link dayKey}). */
export const partKey = (day: string, n: number) => (n > 0 ? `${dayKey(day)}:${n}` : dayKey(day));
export const META_KEY = nameOf(KEYS.ledgerMeta);
/**
 * The most entries a part holds: a bulk reveal's write-aheads and answers (fifteen of each, together) touch one to
 * three parts of about 3.5 KB each, where the whole day was tens of KB. Each write of Chrome's storage costs about
 * 1 ms plus 0.6 ms a KB on these machines: parts of 25 made a 150-contact job write 780 KB of ledger, parts of 10 (with the
 * bookkeeping's open calls reduced to where their entries are) 360 KB. Parts written larger before stay as they are.
 */
export const PART_SIZE = 10;

/** The bookkeeping as it is stored now (version 3: days kept in parts; see `migrations/4-ledger-day-parts.ts`). */
export const LedgerMeta = z.object({
  v: z.literal(3),
  /** Days with entries, oldest first. */
  days: z.array(z.string()),
  /** How many parts a day has, for days with more than one. */
  parts: z.catchall(z.object({}), z.int().check(z.gte(1))),
  /** The last balance that settles against: one taken with no call of this worker in flight. */
  lastBalance: z.nullable(BalanceEntry),
  /** The last balance before the first uncertain charge still open (null when none is open). */
  anchor: z.nullable(BalanceEntry),
  /** Uncertain charges still open, in the order they were sent. */
  open: z.array(OpenCall),
});
export type LedgerMeta = z.infer<typeof LedgerMeta>;

export const EMPTY_META: LedgerMeta = {
  v: 3,
  days: [],
  parts: {},
  lastBalance: null,
  anchor: null,
  open: [],
};

/**
 * The bookkeeping key, upgraded when it is stored in an earlier version (the upgrade is written back by the next
 * append), or an empty one when none is stored or it no longer reads.
 */
export async function readMeta(): Promise<LedgerMeta> {
  return metaFrom((await browser.storage.local.get(META_KEY))[META_KEY]);
}

/** {@link readMeta} of a value already read (a writer reads it with the parts it changes, in one storage call). */
export async function metaFrom(raw: unknown): Promise<LedgerMeta> {
  const parsed = z.safeParse(LedgerMeta, raw);
  if (parsed.success) return parsed.data;
  // Versions 1 and 2 kept each day whole: one part each.
  const upgraded = await metaToV3(raw, (days) => readParts(days, {}));
  if (upgraded) return upgraded;
  if (raw !== undefined) {
    const problem = z.prettifyError(parsed.error);
    console.warn(`The ledger bookkeeping is not readable and was set aside; it starts afresh:\n${problem}`);
    // The next append writes a fresh one over it: the copy keeps what was there, for support to recover.
    await setAside(META_KEY, raw, problem).catch(() => undefined);
  }
  return structuredClone(EMPTY_META);
}

/** The parts each day has, as the stored bookkeeping says (none said: one). Lenient: it only chooses keys to read. */
export function partsOf(raw: unknown): Record<string, number> {
  const parts = (raw as { parts?: unknown } | undefined)?.parts;
  return parts && typeof parts === 'object' ? (parts as Record<string, number>) : {};
}

/** The keys of every part of `day`. */
export const partKeys = (day: string, parts: Record<string, number>) =>
  Array.from({ length: Math.max(1, Number(parts[day]) || 1) }, (_, n) => partKey(day, n));

/**
 * A day's entries; an entry that no longer reads is skipped with a warning rather than hiding the whole day, and
 * the day as stored is set aside (once), since the next append rewrites the day without it.
 */
export function readDay(value: unknown, day: string, key = dayKey(day)): LedgerEntry[] {
  if (value === undefined) return [];
  const entries: LedgerEntry[] = [];
  const problems: string[] = [];
  for (const raw of Array.isArray(value) ? value : []) {
    const parsed = z.safeParse(LedgerEntry, raw);
    if (parsed.success) entries.push(parsed.data);
    else problems.push(z.prettifyError(parsed.error));
  }
  if (!Array.isArray(value)) problems.unshift('The day is not a list of entries.');
  if (problems.length > 0) {
    console.warn(
      `A ledger day (${day}) has entries that are not readable; they were skipped and set aside`,
      problems,
    );
    setAside(key, value, problems.join('\n')).catch(() => undefined);
  }
  return entries;
}

/**
 * The entries of each day asked for (a day without entries maps to an empty list): the bookkeeping and the days'
 * first parts in one read, their other parts in a second when there are any.
 */
export async function readLedgerDays(days: readonly string[]): Promise<Map<string, LedgerEntry[]>> {
  if (days.length === 0) return new Map();
  const asked = [META_KEY, ...days.map(dayKey)];
  const first = await browser.storage.local.get(asked);
  return readParts(days, partsOf(first[META_KEY]), first, new Set(asked));
}

/**
 * The entries of `days` with `parts` parts each: what `stored` holds of the keys `asked` already, the rest read now
 * (parts never share an entry, so a part read a moment later cannot show one twice).
 */
async function readParts(
  days: readonly string[],
  parts: Record<string, number>,
  stored: Record<string, unknown> = {},
  asked: ReadonlySet<string> = new Set(),
): Promise<Map<string, LedgerEntry[]>> {
  const keys = days.flatMap((day) => partKeys(day, parts));
  const missing = keys.filter((key) => !asked.has(key));
  const read = missing.length ? { ...stored, ...(await browser.storage.local.get(missing)) } : stored;
  return new Map(
    days.map((day) => [day, partKeys(day, parts).flatMap((key) => readDay(read[key], day, key))]),
  );
}

/**
 * Credits spent today and this month (local days), uncertain charges (sent, not known yet) at their maximum; and of
 * those, how much is such calls (`underWay`). Entries in `except` are left out (calls the caller counts itself).
 */
export async function spendingNow(
  now = new Date(),
  except: ReadonlySet<string> = new Set(),
): Promise<{ today: number; month: number; underWay: { today: number; month: number } }> {
  const days = await readLedgerDays(monthToDate(now));
  const counted = (entries: readonly LedgerEntry[]) => spent(entries.filter((e) => !except.has(e.id)));
  const open = (entries: readonly LedgerEntry[]) =>
    chargeTotals(entries.filter((e) => !except.has(e.id))).uncertainMax;
  const todays = days.get(dayOf(now)) ?? [];
  const all = [...days.values()];
  return {
    today: counted(todays),
    month: all.reduce((sum, entries) => sum + counted(entries), 0),
    underWay: { today: open(todays), month: all.reduce((sum, entries) => sum + open(entries), 0) },
  };
}

/** The entries of the calls the bookkeeping holds open (sent, not settled), in the order they were sent. */
export async function openCharges(): Promise<ChargeEntry[]> {
  const { open } = await readMeta();
  const days = await readLedgerDays([...new Set(open.map((call) => call.day))]);
  const byId = new Map([...days.values()].flat().map((entry) => [entry.id, entry]));
  return open.flatMap((call) => {
    const entry = byId.get(call.id);
    return entry?.kind === 'charge' ? [entry] : [];
  });
}

/** The charges of one search session, reveal or job (`ref`), written on or after the day of `since`. */
export async function chargesOf(ref: string, since: string): Promise<ChargeEntry[]> {
  const days = (await readMeta()).days.filter((day) => day >= dayOf(since));
  return [...(await readLedgerDays(days)).values()]
    .flat()
    .filter((e): e is ChargeEntry => e.kind === 'charge' && e.ref === ref);
}

/**
 * Calls back when entries are written (the popup's and side panel's warnings, the usage page), at most once per
 * `everyMs`: a bulk reveal writes the ledger several times a second, and each call back reads the month again.
 */
export function watchLedger(cb: () => void, everyMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (
      area === PREFIXES.ledger.area &&
      Object.keys(changes).some((key) => PREFIXES.ledger.idOf(key) !== null)
    )
      timer ??= setTimeout(() => {
        timer = undefined;
        cb();
      }, everyMs);
  };
  browser.storage.onChanged.addListener(listener);
  return () => {
    clearTimeout(timer);
    browser.storage.onChanged.removeListener(listener);
  };
}

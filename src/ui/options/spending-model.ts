/**
 * The options page's spending controls: daily and monthly caps, the "confirm above" threshold of bulk reveals, and
 * the low-balance warning. Each field is text the user types; an empty cap or warning means "none".
 */
import { signal } from '@preact/signals';
import { formatNumber } from '../../format/numbers';
import { DEFAULT_CONFIRM_ABOVE, settings } from '../../store/items/settings';

/** The settings these fields edit. */
export const SPENDING_FIELDS = [
  'dailyCapCredits',
  'monthlyCapCredits',
  'confirmAboveCredits',
  'lowBalanceBelow',
] as const;
export type SpendingField = (typeof SPENDING_FIELDS)[number];

/** What each field is called on screen, and whether it may be left empty. */
export const SPENDING_LABELS: Readonly<Record<SpendingField, { label: string; optional: boolean }>> = {
  dailyCapCredits: { label: 'Daily cap (credits)', optional: true },
  monthlyCapCredits: { label: 'Monthly cap (credits)', optional: true },
  confirmAboveCredits: { label: 'Ask me to confirm a bulk reveal above (credits)', optional: false },
  lowBalanceBelow: { label: 'Warn me when the balance is below (credits)', optional: true },
};

const MAX = 10_000_000;

/**
 * Reads one field: a whole number of credits, or nothing for an optional field. A problem is said in plain words,
 * shown at the field it is about (so it does not name the field again).
 */
export function readCredits(
  field: SpendingField,
  text: string,
): { ok: true; value: number | undefined } | { ok: false; problem: string } {
  const { optional } = SPENDING_LABELS[field];
  const clean = text.trim().replace(/[,\s]/g, '');
  if (clean === '') {
    return optional ? { ok: true, value: undefined } : { ok: false, problem: 'Enter a number of credits.' };
  }
  if (!/^\d+$/.test(clean)) return { ok: false, problem: 'Enter a whole number of credits, like 500.' };
  const value = Number(clean);
  if (value > MAX) return { ok: false, problem: `At most ${formatNumber(MAX)} credits.` };
  if ((field === 'dailyCapCredits' || field === 'monthlyCapCredits') && value === 0) {
    return { ok: false, problem: '0 would stop every paid action. Leave it empty for no cap.' };
  }
  return { ok: true, value };
}

/** What is wrong with each refused field. */
export type SpendingProblems = Partial<Record<SpendingField, string>>;

/** Checks every field, and that a daily cap is not above the monthly one (said at the daily cap). */
export function readSpending(
  texts: Readonly<Record<SpendingField, string>>,
): { ok: true; value: Partial<Record<SpendingField, number>> } | { ok: false; problems: SpendingProblems } {
  const value: Partial<Record<SpendingField, number>> = {};
  const problems: SpendingProblems = {};
  for (const field of SPENDING_FIELDS) {
    const read = readCredits(field, texts[field]);
    if (!read.ok) problems[field] = read.problem;
    else if (read.value !== undefined) value[field] = read.value;
  }
  if (
    value.dailyCapCredits !== undefined &&
    value.monthlyCapCredits !== undefined &&
    value.dailyCapCredits > value.monthlyCapCredits
  ) {
    problems.dailyCapCredits = 'This is above the monthly cap: lower it or raise the monthly cap.';
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, value };
}

export function createSpendingModel() {
  const texts = signal<Record<SpendingField, string>>({
    dailyCapCredits: '',
    monthlyCapCredits: '',
    confirmAboveCredits: String(DEFAULT_CONFIRM_ABOVE),
    lowBalanceBelow: '',
  });
  const problems = signal<SpendingProblems>({});
  const notice = signal<string | null>(null);
  let edited = false;

  async function init() {
    const current = await settings.get();
    if (edited) return;
    texts.value = {
      dailyCapCredits: current.dailyCapCredits?.toString() ?? '',
      monthlyCapCredits: current.monthlyCapCredits?.toString() ?? '',
      confirmAboveCredits: String(current.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE),
      lowBalanceBelow: current.lowBalanceBelow?.toString() ?? '',
    };
  }

  function edit(field: SpendingField, text: string) {
    edited = true;
    notice.value = null;
    texts.value = { ...texts.value, [field]: text };
    // The problem described what was typed before.
    if (problems.value[field]) problems.value = { ...problems.value, [field]: undefined };
  }

  async function save() {
    const read = readSpending(texts.value);
    if (!read.ok) {
      problems.value = read.problems;
      notice.value = null;
      return;
    }
    problems.value = {};
    const next = { ...(await settings.get()) };
    for (const field of SPENDING_FIELDS) delete next[field];
    await settings.set({ ...next, ...read.value });
    notice.value = 'Spending settings saved.';
  }

  return { texts, problems, notice, init, edit, save };
}

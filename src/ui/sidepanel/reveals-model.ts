/**
 * Reveals asked from the panel (a result row, the tab's profile, a contact asked again after a cut-off) and the
 * reveal jobs as the background stores them: which are under way, which got no answer, what each one charged.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import type { Retrievable } from '../../api/schema-parts';
import { heldBackBy } from '../../domain/cut-off-guard';
import type { StoredProfile } from '../../store/database/search';
import { itemsToAsk, vaultKeyFor } from '../../store/database/vault/vault-record';
import { outcomeUnknown, type RevealJob, revealJobs } from '../../store/items/reveal-jobs';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { rowTarget, type Target, type VaultModel } from './vault-model';
import type { WorkerClock } from './worker-clock';

/** What the page showed of the person, sent with a reveal as display hints. */
export interface RevealHints {
  name?: string;
  currentTitle?: string;
  currentEmployer?: string;
  location?: string;
}

export interface RevealsDeps {
  vault: Pick<VaultModel, 'recordForTarget'>;
  /** The items to reveal, as chosen in the panel. */
  selection: ReadonlySignal<Retrievable[]>;
  clock: WorkerClock;
}

export function createRevealsModel({ vault, selection, clock }: RevealsDeps) {
  const storedJobs = stored<RevealJob[]>([], revealJobs.all, revealJobs.watch);
  /** Reveal jobs as they are: one stored as running whose worker stopped beating was cut off. */
  const all = computed(() => storedJobs.value.value.map((j) => clock.asItIs(j, j.worker)));
  /** The newest reveal job of each contact (jobs are stored newest first). */
  const latest = computed(() => {
    const map = new Map<string, RevealJob>();
    for (const j of all.value) if (!map.has(j.vaultKey)) map.set(j.vaultKey, j);
    return map;
  });
  const runningKeys = computed(
    () => new Set(all.value.filter((j) => j.status === 'running').map((j) => j.vaultKey)),
  );
  /** Reveals asked from here and not answered yet, by the id the view keys them on. */
  const revealing = signal<ReadonlySet<string>>(new Set());
  const errors = signal<Readonly<Record<string, ApiErrorJSON>>>({});
  /** The reveals this panel asked for, by vault key (newest): a row says what its own reveal charged. */
  const askedHere = signal<ReadonlyMap<string, string>>(new Map());

  const keyOf = (target: Target) => vault.recordForTarget(target)?.key ?? vaultKeyFor(target);
  /** The newest job of a target (any state, as it is). */
  const jobFor = (target: Target): RevealJob | null => latest.value.get(keyOf(target)) ?? null;
  /** Remembers a reveal this panel asked for (null: nothing was sent, the vault held it all). */
  const noteReveal = (job: RevealJob | null) => {
    if (job) askedHere.value = new Map(askedHere.value).set(job.vaultKey, job.id);
  };
  /** The finished reveal this panel asked for this target, as the background stored it; null when none. */
  const chargeFor = (target: Target): RevealJob | null => {
    const id = askedHere.value.get(keyOf(target));
    const job = id === undefined ? undefined : all.value.find((j) => j.id === id);
    return job?.status === 'done' ? job : null;
  };
  /**
   * The target's newest reveal cut off and not settled, latest or not (`heldBackBy`: a reveal of other items since
   * does not lift it); else its last reveal when its outcome is unknown (settled since, said once).
   */
  const cutOffFor = (target: Target): RevealJob | null => {
    const key = keyOf(target);
    const unsettled = heldBackBy(all.value.filter((j) => j.vaultKey === key))[0];
    if (unsettled) return unsettled.job;
    const job = jobFor(target);
    return job && outcomeUnknown(job) ? job : null;
  };
  /** A reveal of the target got no answer, not settled, and asked any of `ask` (a bulk reveal leaves it out). */
  const heldBackFor = (target: Target, ask: readonly Retrievable[]): boolean => {
    const key = keyOf(target);
    return heldBackBy(all.value.filter((j) => j.vaultKey === key)).some(({ items }) =>
      items.some((item) => ask.includes(item)),
    );
  };
  const isRevealing = (id: string, target: Target) =>
    revealing.value.has(id) || runningKeys.value.has(keyOf(target));

  /**
   * Asks the background to reveal `items` of `target`; `id` keys its progress and its error in the view. The
   * background checks everything again (vault, balance, caps) before any paid call.
   */
  async function reveal(
    id: string,
    target: Target,
    items: Retrievable[],
    options: { again?: boolean; askAgain?: boolean; hints?: RevealHints } = {},
  ): Promise<boolean> {
    if (items.length === 0 || revealing.value.has(id)) return false;
    const { [id]: _, ...rest } = errors.value;
    errors.value = rest;
    revealing.value = new Set([...revealing.value, id]);
    const result = await call('reveal', {
      target,
      selection: items,
      ...(options.again ? { retryCutOff: true } : {}),
      ...(options.askAgain ? { retryNotFound: true } : {}),
      ...(options.hints ? { hints: options.hints } : {}),
    });
    const next = new Set(revealing.value);
    next.delete(id);
    revealing.value = next;
    if (result.ok) noteReveal(result.value.job);
    else errors.value = { ...errors.value, [id]: result.error };
    return result.ok;
  }

  /**
   * Reveals a row's missing items; `again` after a cut-off reveal whose charge the user has seen; `askAgain` for a
   * person not found, whom the user chose to ask the service about again.
   */
  async function revealRow(profile: StoredProfile, again = false, askAgain = false) {
    const target = rowTarget(profile);
    if (isRevealing(profile.id, target)) return;
    const items = itemsToAsk(vault.recordForTarget(target), selection.value, askAgain);
    await reveal(profile.id, target, items, {
      again,
      askAgain,
      hints: {
        name: profile.name.slice(0, 300),
        currentTitle: profile.current_title.slice(0, 300),
        currentEmployer: profile.current_employer.slice(0, 300),
        location: profile.location.slice(0, 300),
      },
    });
  }

  /** A cut-off reveal, asked again (its charge seen) for what the vault still lacks. */
  async function revealAgain(job: RevealJob) {
    const items = itemsToAsk(vault.recordForTarget(job.target), job.requested);
    await reveal(job.vaultKey, job.target, items, { again: true });
  }

  return {
    all,
    revealing,
    errors,
    jobFor,
    noteReveal,
    chargeFor,
    cutOffFor,
    heldBackFor,
    isRevealing,
    reveal,
    revealRow,
    revealAgain,
    stop: storedJobs.stop,
  };
}

export type RevealsModel = ReturnType<typeof createRevealsModel>;

/**
 * The person of the tab the panel follows: what the vault holds (shown first), what is left to reveal, priced
 * against the vault and the team as the popup prices it (see reveal-price), and the reveal itself.
 */
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import type { Retrievable } from '../../../api/schema-parts';
import { cutOffSettled } from '../../../domain/outage';
import type { CapRoom } from '../../../ledger/caps';
import { outcomeUnknown } from '../../../store/items/reveal-jobs';
import { pageHints, placeShown } from '../../helpers/reveal-hints';
import { revealOffer, spendProblem } from '../../helpers/reveal-price';
import { heldByItem, maxCostWithTeam, type TeamHeldItems } from '../../helpers/team-held';
import { call } from '../../rpc';
import type { AccountModel } from '../account-model';
import type { RevealsModel } from '../reveals-model';
import type { TabModel } from '../tab-model';
import type { VaultModel } from '../vault-model';

export interface ProfileDeps {
  tab: Pick<TabModel, 'subject'>;
  vault: Pick<VaultModel, 'records' | 'want'>;
  reveals: Pick<RevealsModel, 'jobFor' | 'cutOffFor' | 'isRevealing' | 'reveal' | 'errors'>;
  account: Pick<AccountModel, 'balance' | 'hasKey' | 'unreachable'>;
  selection: ReadonlySignal<Retrievable[]>;
  capRoom: ReadonlySignal<CapRoom | null>;
}

export function createProfileModel({ tab, vault, reveals, account, selection, capRoom }: ProfileDeps) {
  const person = computed(() => tab.subject.value?.profile ?? null);
  const socialUrl = computed(() => person.value?.socialUrl ?? null);
  const target = computed(() => ({ socialUrl: socialUrl.value, candidateId: null }));
  const record = computed(() =>
    socialUrl.value ? (vault.records.value.get(socialUrl.value) ?? null) : null,
  );
  /** What the team holds of the person, as the gateway said (empty when not a member, or not asked yet). */
  const team = signal<TeamHeldItems>({});
  /** The place the tab's page shows for the person, read as the popup reads it (undefined: none, or not read yet). */
  const place = signal<string | undefined>(undefined);
  const offer = computed(() => revealOffer(record.value, selection.value, team.value));
  const job = computed(() => (socialUrl.value ? reveals.jobFor(target.value) : null));
  /**
   * A reveal of it got no answer and is not settled (its last, or an earlier one a reveal of other items followed):
   * what it charged is checked first; asking again is a choice made after.
   */
  const cutOff = computed(() => {
    const cut = socialUrl.value ? reveals.cutOffFor(target.value) : null;
    return cut && !cutOffSettled(cut) ? cut : null;
  });
  /** Its last reveal got no answer and was settled since: said once; the person is revealed like any other. */
  const settledCutOff = computed(() =>
    outcomeUnknown(job.value) && cutOffSettled(job.value) ? job.value : null,
  );
  const underWay = computed(
    () => socialUrl.value !== null && reveals.isRevealing(socialUrl.value, target.value),
  );
  const error = computed(() => (socialUrl.value ? (reveals.errors.value[socialUrl.value] ?? null) : null));
  /** Why a reveal of at most `max` credits cannot be sent, or null when it can. */
  const problem = (max: number) =>
    spendProblem(max, {
      underWay: underWay.value,
      hasKey: account.hasKey.value,
      unreachable: account.unreachable.value,
      remaining: account.balance.value?.remaining,
      room: capRoom.value,
    });

  const stopReading = effect(() => {
    const url = socialUrl.value;
    const tabId = tab.subject.peek()?.tabId;
    team.value = {};
    place.value = undefined;
    if (!url) return;
    void vault.want([{ socialUrl: url, candidateId: null }]);
    if (tabId !== undefined) {
      void call('pagePeople', { tabId }).then((result) => {
        if (result.ok && socialUrl.peek() === url) place.value = placeShown(result.value, url);
      });
    }
    void call('teamHeld', { people: [{ socialUrl: url }] }).then((result) => {
      // Without an answer the full prices stay: never a lower price than the gateway confirmed.
      if (result.ok && socialUrl.peek() === url) team.value = heldByItem(result.value[0]);
    });
  });

  /** Reveals `items` (the selection's missing ones unless said), with the name and place the page showed as hints. */
  async function reveal(items: Retrievable[] = offer.value.toAsk, again = false) {
    const url = socialUrl.value;
    if (!url || problem(maxCostWithTeam(items, team.value)) !== null) return;
    const hints = pageHints(person.value?.nameHint, place.value);
    await reveals.reveal(url, target.value, items, { again, ...(hints ? { hints } : {}) });
  }

  return {
    person,
    record,
    offer,
    job,
    cutOff,
    settledCutOff,
    underWay,
    error,
    problem,
    reveal,
    stop: stopReading,
  };
}

export type ProfileModel = ReturnType<typeof createProfileModel>;

/**
 * The side panel's model, made of sub-models each with one job and the dependencies it is given:
 * - `account`: the balance and whether a key is set;
 * - `vault`: the records of the contacts the panel shows;
 * - `reveals`: reveals asked from the panel and the stored reveal jobs;
 * - `search` (session), `form`, `results`, `saved`: the search, its form, its pages, saved searches;
 * - `focus`: what a context menu asked the panel to show;
 * - `tab` and `profile`: the tab the panel follows, and the person it shows.
 * Views are given the sub-models they read, not the whole.
 *
 * Everything shown comes from storage (watched); messages only ask the background to act.
 */
import { signal } from '@preact/signals';
import type { Retrievable } from '../../api/schema-parts';
import { settings } from '../../store/items/settings';
import { watchCapRoom } from '../popup/cap-room';
import { createAccountModel } from './account-model';
import { createActivity } from './activity';
import { createBulkModel, DEFAULT_CONFIRM_ABOVE } from './bulk/bulk-model';
import { createFocusModel } from './focus-model';
import { createProfileModel } from './profile/profile-model';
import { createRevealsModel } from './reveals-model';
import { createResultsModel } from './search/results-model';
import { createSavedModel } from './search/saved-model';
import { createSearchFormModel } from './search/search-form-model';
import { createSessionModel, type SessionModel } from './search/session-model';
import { createTabModel } from './tab-model';
import { createVaultModel } from './vault-model';
import { createWorkerClock } from './worker-clock';

/** The items a reveal asks for, as chosen in the panel (the settings' defaults until the recruiter ticks others). */
function createSelection() {
  const selection = signal<Retrievable[]>([]);
  let chosen = false;
  return {
    selection,
    /** The recruiter picks the items to reveal. */
    choose(next: Retrievable[]) {
      chosen = true;
      selection.value = next;
    },
    /** The defaults, unless the recruiter's own ticks came first. */
    setDefault(next: Retrievable[]) {
      if (!chosen) selection.value = next;
    },
  };
}

export function createSidePanelModel() {
  const running: Array<() => boolean> = [];
  const clock = createWorkerClock(() => running.some((r) => r()));
  const account = createAccountModel();
  const vault = createVaultModel();
  const picks = createSelection();
  const { selection } = picks;
  const reveals = createRevealsModel({ vault, selection, clock });
  const search = createSessionModel(clock);
  running.push(search.storedRunning, () => reveals.all.peek().some((j) => j.status === 'running'));
  const activity = createActivity(search.session);
  const form = createSearchFormModel({ session: search.session, running: search.running, account, activity });
  const results = createResultsModel({ search, vault, activity });
  const saved = createSavedModel(activity, search.session);
  const focus = createFocusModel({ session: search.session, vault, reveals, activity });
  const tab = createTabModel(search.session);
  const profile = createProfileModel({ tab, vault, reveals, account, selection, capRoom: watchCapRoom() });
  const confirmAbove = signal(DEFAULT_CONFIRM_ABOVE);
  const stopWatchingSettings = settings.watch((next) => {
    confirmAbove.value = next.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE;
  });
  const bulk = createBulkModel({
    recordFor: vault.recordForTarget,
    selection,
    balance: account.balance,
    confirmAbove,
    heldBackFor: reveals.heldBackFor,
  });

  /**
   * Nothing local waits on the network: the stored settings give the reveal items and the confirmation limit as
   * soon as they are read (prices are the product's own, what is held is the vault's), while the service is asked
   * whether it answers, which only the paid buttons wait for.
   */
  async function init() {
    const local = settings.get().then((current) => {
      picks.setDefault(current.defaultSelection);
      confirmAbove.value = current.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE;
    });
    await Promise.all([local, tab.init(), account.checkService()]);
  }

  const parts = [clock, account, vault, reveals, search, form, results, saved, focus, tab, profile, bulk];
  return {
    account,
    vault,
    reveals,
    search,
    activity,
    form,
    results,
    saved,
    focus,
    tab,
    profile,
    bulk,
    selection,
    chooseSelection: picks.choose,
    init,
    stop() {
      for (const part of parts) part.stop();
      stopWatchingSettings();
    },
  };
}

export type SidePanelModel = ReturnType<typeof createSidePanelModel>;

/** What a list of people needs to reveal its rows: the items chosen, the vault, the reveals, the balance, bulk. */
export type RowsModel = Pick<
  SidePanelModel,
  'selection' | 'chooseSelection' | 'vault' | 'reveals' | 'account' | 'bulk'
>;

/** What the find view needs: the rows' needs, the current search (a find runs one), and the way back to search. */
export type FindPanel = RowsModel & {
  session: SessionModel['session'];
  backToSearch: () => void;
};

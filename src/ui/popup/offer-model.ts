/**
 * What the popup offers for its profile and what each offer may cost: the selection's items still to ask (held
 * ones, and known-missing ones, are free), the items not found before (asked again only through their own priced
 * button), and each item never asked (its own "Add" button). Items the team holds are asked of the gateway but
 * cost nothing.
 */
import { computed, type ReadonlySignal } from '@preact/signals';
import type { Retrievable } from '../../api/schema-parts';
import { itemsToCheckAgain } from '../../store/database/vault/vault-age';
import { flaggedSinceBought } from '../../store/database/vault/vault-flags';
import { type ContactRecord, itemsToAsk } from '../../store/database/vault/vault-record';
import { maxCostWithTeam, type TeamHeldItems } from '../helpers/team-held';
import { ITEMS } from '../items';

export interface OfferDeps {
  record: ReadonlySignal<ContactRecord | null>;
  teamHeld: ReadonlySignal<TeamHeldItems>;
  selection: ReadonlySignal<Retrievable[]>;
  /** The "check again after" setting in force, in months (0: never offered, and until the setting is read). */
  checkAgainMonths: ReadonlySignal<number>;
}

export function createOfferModel({ record, teamHeld, selection, checkAgainMonths }: OfferDeps) {
  /** Selected items the service would be asked for. */
  const toAsk = computed(() => itemsToAsk(record.value, selection.value));
  /** The most the selection can cost. */
  const maxCost = computed(() => maxCostWithTeam(toAsk.value, teamHeld.value));
  /** Items looked up before and not found: asked again only through their own priced button. */
  const knownMissing = computed(() => ITEMS.filter((item) => record.value?.[item]?.found === false));
  const askAgainCost = computed(() => maxCostWithTeam(knownMissing.value, teamHeld.value));
  /** Every item is held or known not to exist: nothing is left for the reveal form to ask. */
  const allDecided = computed(() => ITEMS.every((item) => record.value?.[item] !== undefined));
  /**
   * Items never asked for this profile, and items flagged wrong since they were bought: after a reveal, each is its
   * own priced button ("Add phone · 6 credits", "Buy email again · 3 credits").
   */
  const toAdd = computed(() =>
    ITEMS.filter(
      (item) => record.value && (record.value[item] === undefined || flaggedSinceBought(record.value, item)),
    ),
  );
  /** The most one "Add <item>" button can cost. */
  const addCost = (item: Retrievable) => maxCostWithTeam([item], teamHeld.value);
  /**
   * Held items bought longer ago than the setting: offered "Check again · up to N credits" (a click, never by itself);
   * items flagged wrong are bought again through their own button instead.
   */
  const toCheckAgain = computed(() =>
    itemsToCheckAgain(record.value, ITEMS, checkAgainMonths.value, (item) =>
      record.value ? flaggedSinceBought(record.value, item) : false,
    ),
  );
  const checkAgainCost = computed(() => maxCostWithTeam(toCheckAgain.value, teamHeld.value));
  return {
    toAsk,
    maxCost,
    knownMissing,
    askAgainCost,
    allDecided,
    toAdd,
    addCost,
    toCheckAgain,
    checkAgainCost,
  };
}

export type OfferModel = ReturnType<typeof createOfferModel>;

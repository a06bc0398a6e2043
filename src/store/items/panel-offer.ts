/**
 * The popup's one offer to keep the side panel beside LinkedIn: made the first time a profile is open in the popup,
 * and never again, whether taken, put away or left. What is kept is when it was made.
 */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

export const PanelOffer = z.object({ offeredAt: z.string() });
export type PanelOffer = z.infer<typeof PanelOffer>;

/** A stored value that no longer reads is set aside like any other (`item.ts`): the offer is then made once more. */
const panelOfferItem = defineStored({
  key: KEYS.panelOffer,
  schema: z.nullable(PanelOffer),
  fallback: null,
  label: 'side panel offer',
  version: 1,
});

export const panelOffer = {
  get: (): Promise<PanelOffer | null> => panelOfferItem.get(),
  set: (value: PanelOffer): Promise<void> => panelOfferItem.set(value),
};

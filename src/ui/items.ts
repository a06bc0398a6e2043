import { ITEM_PRICE } from '../api/pricing';
import { RETRIEVABLE, type Retrievable } from '../api/schema-parts';

/** The reveal options, in the order the UI lists them. */
export const ITEMS: readonly Retrievable[] = RETRIEVABLE;

export { ITEM_LABEL } from './words/items';
export { ITEM_PRICE };

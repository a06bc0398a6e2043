import { ITEM_PRICE } from '../api/pricing';
import { RETRIEVABLE, type Retrievable } from '../api/schema-parts';

/** The reveal options, in the order the UI lists them. */
export const ITEMS: readonly Retrievable[] = RETRIEVABLE;

export const ITEM_LABEL: Readonly<Record<Retrievable, string>> = {
  email: 'Personal email',
  phone: 'Mobile phone',
  detailed_profile: 'Detailed profile',
  healthcare_profile: 'Healthcare data',
};

export { ITEM_PRICE };

/** What the extension knows of the account: the last balance the service reported, and the key's masked form. */
import * as z from 'zod/mini';
import { serialized } from '../lock';
import { defineStored } from './item';
import { KEYS, nameOf } from './keys';

/** Balance as of the last response that reported it. */
export const AccountSnapshot = z.object({
  remaining: z.int(),
  /** Known only from GET /v1/account; search and lookup responses report the balance alone. */
  purchased: z.nullable(z.int()),
  checkedAt: z.string(),
});
export type AccountSnapshot = z.infer<typeof AccountSnapshot>;

const accountItem = defineStored({
  key: KEYS.account,
  schema: z.nullable(AccountSnapshot),
  fallback: null,
  label: 'account',
  version: 1,
});

export const account = {
  get: (): Promise<AccountSnapshot | null> => accountItem.get(),
  /** Taken in turn with every update of the snapshot. */
  set: (value: AccountSnapshot | null): Promise<void> =>
    serialized(nameOf(KEYS.account), () => accountItem.set(value)),
  /** Read-modify-write of the snapshot, serialised with every other write to it. */
  async update(change: (previous: AccountSnapshot | null) => AccountSnapshot | null): Promise<void> {
    await accountItem.update(change);
  },
  watch: (cb: (value: AccountSnapshot | null) => void) => accountItem.watch(cb),
};

/** What the UI may know of the key: whether one is set, and a masked form. The key itself never leaves the background. */
export const KeyHint = z.object({ masked: z.string() });
export type KeyHint = z.infer<typeof KeyHint>;

const keyHintItem = defineStored({
  key: KEYS.keyHint,
  schema: z.nullable(KeyHint),
  fallback: null,
  label: 'key hint',
  version: 1,
});

export const keyHint = {
  get: (): Promise<KeyHint | null> => keyHintItem.get(),
  set: (value: KeyHint | null): Promise<void> => keyHintItem.set(value),
  watch: (cb: (value: KeyHint | null) => void) => keyHintItem.watch(cb),
};

/** The panel's view of the account: the stored balance and whether an API key is set. */
import { computed } from '@preact/signals';
import { account, keyHint } from '../../store/account';
import { stored } from '../use-stored';

export function createAccountModel() {
  const balance = stored(null, account.get, account.watch);
  const key = stored(null, keyHint.get, keyHint.watch);
  return {
    balance: balance.value,
    /** No API key is set (known once read). */
    keyMissing: computed(() => key.loaded.value && !key.value.value),
    /** A key is known to be set (not until read: nothing paid is offered before). */
    hasKey: computed(() => Boolean(key.value.value)),
    stop() {
      balance.stop();
      key.stop();
    },
  };
}

export type AccountModel = ReturnType<typeof createAccountModel>;

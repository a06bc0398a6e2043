/** The panel's view of the account: the stored balance and whether an API key is set. */
import { computed } from '@preact/signals';
import { account, keyHint } from '../../store/items/account';
import { stored } from '../helpers/use-stored';
import { panelService } from './service';

export function createAccountModel() {
  const balance = stored(null, account.get, account.watch);
  const key = stored(null, keyHint.get, keyHint.watch);
  return {
    balance: balance.value,
    /** No API key is set (known once read). */
    keyMissing: computed(() => key.loaded.value && !key.value.value),
    /** A key is known to be set (not until read: nothing paid is offered before). */
    hasKey: computed(() => Boolean(key.value.value)),
    /** Whether the service answers (asked when the panel opens): no paid action is offered while it does not. */
    service: panelService,
    /** The service cannot be reached: every paid button waits, naming the notice at the top as its reason. */
    unreachable: panelService.unreachable,
    /** Asks whether the service answers, once the key is known to be set. */
    async checkService() {
      if (await keyHint.get()) await panelService.check();
    },
    stop() {
      balance.stop();
      key.stop();
      panelService.stop();
    },
  };
}

export type AccountModel = ReturnType<typeof createAccountModel>;

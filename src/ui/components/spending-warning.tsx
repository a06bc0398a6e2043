import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { spendingNow } from '../../ledger/spending';
import { spendingWarnings, type SpendingWarning as Warning } from '../../ledger/warnings';
import { watchLedger } from '../../store/database/ledger/ledger';
import { account } from '../../store/items/account';
import { settings } from '../../store/items/settings';
import { openCapSetting } from '../helpers/open-cap';
import { ADD_CREDITS, capOf } from '../words/errors';

/** Keeps the warnings current: settings, the ledger and the balance are read again whenever one changes. */
function createWarnings() {
  const warnings = signal<Warning[]>([]);
  const refresh = async () => {
    const [set, spent, snapshot] = await Promise.all([settings.get(), spendingNow(), account.get()]);
    warnings.value = spendingWarnings(set, spent, snapshot?.remaining ?? null);
  };
  const stops = [watchLedger(refresh), settings.watch(refresh), account.watch(refresh)];
  void refresh();
  return {
    warnings,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

/**
 * One line per warning in force (near or at a spending cap, low balance), in plain words, with its next step: a cap
 * reached opens its own field on the options page; a low balance says who adds credits. Nothing otherwise.
 */
export function SpendingWarning() {
  const m = useMemo(createWarnings, []);
  useEffect(() => m.stop, [m]);
  if (m.warnings.value.length === 0) return null;
  return (
    <div class="spending-warning" role="status" data-testid="spending-warning">
      {m.warnings.value.map((w) => (
        <p key={w.text} class={w.level === 'near' ? 'notice' : 'notice warn'}>
          {w.level === 'cap' ? (
            <>
              {w.text.replace(/, or raise the cap in Options\.$/, ', or raise the cap.')}{' '}
              <button type="button" class="link" onClick={() => openCapSetting(capOf(w.text))}>
                Open the cap setting
              </button>
            </>
          ) : w.level === 'balance' ? (
            `${w.text} ${ADD_CREDITS}.`
          ) : (
            w.text
          )}
        </p>
      ))}
    </div>
  );
}

import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { spendingWarnings, type SpendingWarning as Warning } from '../ledger/warnings';
import { account } from '../store/account';
import { spendingNow, watchLedger } from '../store/ledger';
import { settings } from '../store/settings';

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

/** One line per warning in force (near or at a spending cap, low balance), in plain words; nothing otherwise. */
export function SpendingWarning() {
  const m = useMemo(createWarnings, []);
  useEffect(() => m.stop, [m]);
  if (m.warnings.value.length === 0) return null;
  return (
    <div class="spending-warning" role="status" data-testid="spending-warning">
      {m.warnings.value.map((w) => (
        <p key={w.text} class={w.level === 'near' ? 'notice' : 'notice warn'}>
          {w.text}
        </p>
      ))}
    </div>
  );
}

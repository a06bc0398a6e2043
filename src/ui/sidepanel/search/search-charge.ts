/**
 * What a search step that got no answer cost, as the ledger says: not known while its entry is uncertain (written
 * before the request, settled by a later balance). While it is not known and the service answers, the balance is
 * asked again (free) every few seconds until it settles the call, so the panel can offer Retry knowing the cost.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { chargesOf, watchLedger } from '../../../store/database/ledger/ledger';
import type { SearchSession } from '../../../store/database/search';
import { RECHECK_MS } from '../../helpers/cut-off-check';
import { panelService } from '../service';

/** Credits the step was charged once known (0: not charged); null while it is not known. */
export function useSearchCharge(session: SearchSession): number | null {
  const charged = useSignal<number | null>(null);
  const answers = panelService.state.value === 'fresh';
  useEffect(() => {
    let gone = false;
    const read = async () => {
      // The failed step's entry is the search's newest: its earlier pages were settled by their answers.
      const last = (await chargesOf(session.id, session.startedAt)).at(-1);
      if (gone) return;
      // No entry: its request never left (the entry is written before it does).
      charged.value = last?.state === 'uncertain' ? null : (last?.credits ?? 0);
    };
    void read();
    const stop = watchLedger(() => void read());
    return () => {
      gone = true;
      stop();
    };
  }, [session.id, session.status]);
  const unknown = charged.value === null;
  useEffect(() => {
    if (!unknown || !answers) return;
    const timer = setInterval(() => void panelService.check(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [unknown, answers]);
  return charged.value;
}

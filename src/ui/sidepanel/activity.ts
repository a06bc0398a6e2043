/**
 * What the panel's search actions share: one of them is waiting on the background (buttons wait too), the error of
 * the last one (unless the stored search shows it already), and a short confirmation.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import type { Result } from '../../protocol/result';
import type { SearchSession } from '../../store/database/search';

export function createActivity(session: ReadonlySignal<SearchSession | null>) {
  const busy = signal(false);
  const failure = signal<ApiErrorJSON | null>(null);
  const notice = signal<string | null>(null);
  /**
   * The last call's error, unless the stored search shows it already. Decided as both change, not when the call
   * answers: the stored search may be read after the call's answer arrives.
   */
  const error = computed(() => {
    const e = failure.value;
    const s = session.value;
    return e && !(s?.status === 'failed' && s.error?.message === e.message) ? e : null;
  });
  function report(problem: ApiErrorJSON) {
    failure.value = problem;
  }
  /** Runs a call as the panel's one action under way; its error is reported. */
  async function run<T>(send: () => Promise<Result<T>>): Promise<Result<T>> {
    failure.value = null;
    busy.value = true;
    const result = await send();
    busy.value = false;
    if (!result.ok) report(result.error);
    return result;
  }
  return { busy, error, notice, report, run };
}

export type Activity = ReturnType<typeof createActivity>;

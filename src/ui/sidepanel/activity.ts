/**
 * What the panel's search actions share: one of them is waiting on the background (buttons wait too), the error of
 * the last one (unless the stored search shows it already), and a short confirmation.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import type { Result } from '../../protocol/result';
import type { SearchSession } from '../../store/search';

export function createActivity(session: ReadonlySignal<SearchSession | null>) {
  const busy = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  const notice = signal<string | null>(null);
  /** Shows an error from a call unless the stored search already shows it. */
  function report(failure: ApiErrorJSON) {
    const s = session.peek();
    if (s?.status === 'failed' && s.error?.message === failure.message) return;
    error.value = failure;
  }
  /** Runs a call as the panel's one action under way; its error is reported. */
  async function run<T>(send: () => Promise<Result<T>>): Promise<Result<T>> {
    error.value = null;
    busy.value = true;
    const result = await send();
    busy.value = false;
    if (!result.ok) report(result.error);
    return result;
  }
  return { busy, error, notice, report, run };
}

export type Activity = ReturnType<typeof createActivity>;

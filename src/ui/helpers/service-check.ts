/**
 * Whether the service answers, asked with the free balance call when a screen opens (and again on Retry, and by
 * itself every little while as long as it does not answer): until it has answered, no paid action is offered, so an
 * outage is met before a click, not after it. Shared by the popup and the side panel.
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { serviceOutOfReach } from '../../domain/outage';
import { call } from '../rpc';

/** How long after a failed check the service is asked again by itself. */
export const RECHECK_DOWN_MS = 15_000;

/**
 * `idle` (not asked: no key), `checking` (first answer awaited), `fresh` (it answered), `unreachable` (no answer),
 * `failed` (it answered with a refusal: the stored balance is shown with its age).
 */
export type ServiceState = 'idle' | 'checking' | 'fresh' | 'unreachable' | 'failed';

export function createServiceCheck(recheckMs = RECHECK_DOWN_MS) {
  const state = signal<ServiceState>('idle');
  /** A check is out (a Retry, or the one by itself), whatever was known before it. */
  const asking = signal(false);
  /** Why the last check failed, when it did. */
  const error = signal<ApiErrorJSON | null>(null);
  /** How many checks the service has answered: what waits on it (a cut-off reveal's charge) asks again then. */
  const answers = signal(0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** Asks the balance (free). The first answer decides whether paid actions are offered. */
  async function check(): Promise<void> {
    clearTimeout(timer);
    if (asking.peek()) return;
    asking.value = true;
    if (state.peek() === 'idle') state.value = 'checking';
    const result = await call('refreshAccount');
    asking.value = false;
    if (stopped) return;
    if (result.ok) {
      error.value = null;
      state.value = 'fresh';
      answers.value++;
      return;
    }
    error.value = result.error;
    state.value = serviceOutOfReach(result.error) ? 'unreachable' : 'failed';
    if (state.peek() === 'unreachable') timer = setTimeout(() => void check(), recheckMs);
  }

  /** A paid call failed: when it says the service is out of reach, the screen says so and asks again. */
  function heard(failure: ApiErrorJSON): void {
    if (serviceOutOfReach(failure)) void check();
  }

  return {
    state,
    asking,
    error,
    answers,
    /** No paid action may be offered: the service has not answered yet, or cannot be reached. */
    unreachable: computed(() => state.value === 'unreachable'),
    checking: computed(() => state.value === 'checking'),
    check,
    heard,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type ServiceCheck = ReturnType<typeof createServiceCheck>;

/**
 * The runner of long paid work: a queue drained with a concurrency limit, one shared wait when the service asks us
 * to slow down, and pause, cancel and stop that never abandon work in flight (a request already sent completes
 * and its result is kept). It knows nothing of contacts, storage or the UI: the job kind owns its queue (`take`)
 * and says what each task's outcome means for the whole run.
 *
 * Why not p-queue or p-limit: the queue is the stored job (the source of truth that survives a restart), the
 * wait after a 429 must hold back every start, not retry one promise, and "pause" must mean "start nothing new"
 * while in-flight requests finish. A library would be a second queue to keep in step with the stored one; this
 * is a few dozen lines with tests (`test/unit/background/pool.test.ts`).
 */

/** What one task's outcome means for the run. */
export type TaskOutcome =
  /** Settled; go on. */
  | { kind: 'done' }
  /** Not done and not charged (rate limited): the task put its item back; no task starts for `waitMs`. */
  | { kind: 'wait'; waitMs: number }
  /** Start nothing more (out of credits, key refused); tasks in flight still finish. */
  | { kind: 'stop'; reason: string };

/** How a run ended: everything drained, or halted with the queue not empty. */
export type RunEnding =
  | { kind: 'drained' }
  | { kind: 'paused' }
  | { kind: 'cancelled' }
  | { kind: 'stopped'; reason: string };

export interface PoolOptions<T> {
  /** The most tasks in flight at once. */
  concurrency: number;
  /** Takes the next queued item (marking it taken), or null when none is queued now. */
  take(): T | null;
  /** Runs one item. Should not throw; a throw stops the run with its message. */
  run(item: T): Promise<TaskOutcome>;
  /** Called when the shared wait starts (or grows), with its end as epoch ms. */
  onWait?(until: number): void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Pool {
  /** Drains the queue; resolves when nothing is in flight and the queue is empty or the run was halted. */
  run(): Promise<RunEnding>;
  /** Starts nothing new; the run resolves `paused` once in-flight tasks finish (at once if called before it). */
  pause(): void;
  /** Starts nothing new; the run resolves `cancelled` once in-flight tasks finish. */
  cancel(): void;
  /** Tasks in flight now. */
  readonly inFlight: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPool<T>(options: PoolOptions<T>): Pool {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const inFlight = new Set<Promise<void>>();
  let halt: RunEnding | null = null;
  let waitUntil = 0;
  /** Resolves the current idle wait early (pause, cancel). */
  let wake: () => void = () => {};

  function halted(ending: RunEnding) {
    // The first reason wins: a stop for lack of credits is not turned into "cancelled" by a later click.
    halt ??= ending;
    wake();
  }

  function start(item: T) {
    const task = options
      .run(item)
      .catch(
        (error: unknown): TaskOutcome => ({
          kind: 'stop',
          reason: error instanceof Error ? error.message : 'The job stopped on an unexpected error.',
        }),
      )
      .then((outcome) => {
        if (outcome.kind === 'wait') {
          const until = now() + Math.max(0, outcome.waitMs);
          if (until > waitUntil) {
            waitUntil = until;
            options.onWait?.(until);
          }
        } else if (outcome.kind === 'stop') {
          halted({ kind: 'stopped', reason: outcome.reason });
        }
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  async function run(): Promise<RunEnding> {
    for (;;) {
      let queueEmpty = false;
      while (!halt && inFlight.size < concurrency && now() >= waitUntil) {
        const item = options.take();
        if (item === null) {
          queueEmpty = true;
          break;
        }
        start(item);
      }
      if (inFlight.size === 0) {
        if (halt) {
          // A halt ends this run only: a later `run()` (resume) starts afresh.
          const ending = halt;
          halt = null;
          return ending;
        }
        if (queueEmpty) return { kind: 'drained' };
      }
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const waiting = now() < waitUntil && !halt ? [sleep(waitUntil - now())] : [];
      await Promise.race([...inFlight, ...waiting, woken]);
    }
  }

  return {
    run,
    pause: () => halted({ kind: 'paused' }),
    cancel: () => halted({ kind: 'cancelled' }),
    get inFlight() {
      return inFlight.size;
    },
  };
}

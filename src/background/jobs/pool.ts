/**
 * The runner of long paid work: a queue drained with a limit on requests in flight, one shared wait when the
 * service asks us to slow down, and pause, cancel and stop that never abandon work in flight (a request already
 * sent completes and its result is kept). It knows nothing of contacts, storage or the UI: the job kind owns its
 * queue (`take`) and says what each task's outcome means for the whole run.
 *
 * A task's request goes out through the pool's `send`, which holds one of the `concurrency` request slots. Up to
 * `ahead` more tasks may be under way around their requests (reading what they need before, storing what came back
 * after), so a slot freed by an answer is taken at once by a task that is ready, instead of waiting for a new task
 * to get ready while the service sits idle.
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

/**
 * Sends a task's request once a request slot is free and no shared wait holds starts back. Rejects with
 * {@link NotSent}, having sent nothing, when the run was halted (paused, cancelled, stopped) while it waited. The
 * request is given `going`, which throws {@link NotSent} once the run has been paused or cancelled since: a request
 * that writes its record first (the ledger's write-ahead) calls it just before it leaves.
 */
export type Send = <R>(request: (going: () => void) => Promise<R>) => Promise<R>;

/** The run was halted before this task's request was sent: nothing went out, and the item can be queued again. */
export class NotSent extends Error {
  constructor() {
    super('The run was halted before this request was sent.');
    this.name = 'NotSent';
  }
}

export interface PoolOptions<T> {
  /** The most requests in flight at once (each task sends at most one at a time, through `send`). */
  concurrency: number;
  /** How many tasks beyond `concurrency` may be under way, getting ready to send or storing an answer (default 0). */
  ahead?: number;
  /** Takes the next queued item (marking it taken), or null when none is queued now. */
  take(): T | null;
  /** Runs one item, its request through `send`. Should not throw; a throw stops the run with its message. */
  run(item: T, send: Send): Promise<TaskOutcome>;
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
  /** Tasks under way now. */
  readonly inFlight: number;
}

/** A task waiting for a request slot. */
interface Waiter {
  go(): void;
  halted(): void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPool<T>(options: PoolOptions<T>): Pool {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const tasks = concurrency + Math.max(0, Math.floor(options.ahead ?? 0));
  const inFlight = new Set<Promise<void>>();
  /** Requests sent and not answered, plus slots held by a failed request until its task has said what it means. */
  let sending = 0;
  const waiters: Waiter[] = [];
  let halt: RunEnding | null = null;
  let waitUntil = 0;
  /** Resolves the current idle wait early (pause, cancel). */
  let wake: () => void = () => {};

  function halted(ending: RunEnding) {
    // The first reason wins: a stop for lack of credits is not turned into "cancelled" by a later click.
    halt ??= ending;
    pump();
    wake();
  }

  /** Lets waiting tasks send, in the order they asked, while slots are free and no wait holds starts back. */
  function pump() {
    if (halt) {
      for (const waiter of waiters.splice(0)) waiter.halted();
      return;
    }
    while (waiters.length > 0 && sending < concurrency && now() >= waitUntil) {
      sending++;
      waiters.shift()!.go();
    }
  }

  function start(item: T) {
    /**
     * Slots this task holds after a failed request. An answer frees its slot at once; a failure (a 429 above all)
     * frees it only when the task has said what it means for the run, so no waiting task sends in between.
     */
    let held = 0;
    const going = () => {
      // The user's pause or cancel; a stop (a cap, the balance) leaves what its own checks let through.
      if (halt?.kind === 'paused' || halt?.kind === 'cancelled') throw new NotSent();
    };
    const send: Send = <R>(request: (going: () => void) => Promise<R>) =>
      new Promise<R>((resolve, reject) => {
        waiters.push({
          go: () => {
            let sent: Promise<R>;
            try {
              sent = request(going);
            } catch (error) {
              sent = Promise.reject(error);
            }
            sent.then(
              (answer) => {
                sending--;
                pump();
                resolve(answer);
              },
              (error: unknown) => {
                held++;
                reject(error);
              },
            );
          },
          halted: () => reject(new NotSent()),
        });
        pump();
      });
    const task = options
      .run(item, send)
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
      .finally(() => {
        inFlight.delete(task);
        sending -= held;
        held = 0;
        pump();
      });
    inFlight.add(task);
  }

  async function run(): Promise<RunEnding> {
    for (;;) {
      // A shared wait may have just ended: waiting tasks send first, then new tasks start.
      pump();
      let queueEmpty = false;
      while (!halt && inFlight.size < tasks && now() >= waitUntil) {
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

/**
 * Fault injection for tests: latency, 500s, 429s with Retry-After, malformed JSON and hung requests, queued through
 * POST /__sim/faults and consumed by the next /v1 requests (see sim/README.md).
 *
 * Faults queue in order of arrival: each /v1 request takes one unit from the first queued fault that applies to its
 * path (a fault with no `path` applies to every /v1 path). A faulted request is answered by the fault alone: it is
 * not authenticated, not processed and charges nothing. Latency is a setting rather than a queue: it delays every
 * request (of its path, or all) until it is set to 0 or the simulator is reset. Being down is a setting too: every
 * /v1 request (of its path, or all) finds the service unreachable, its connection dropped unanswered, until it is
 * set back or the simulator is reset.
 */

export type FaultKind = 'fail500' | 'rateLimit' | 'malformed' | 'hang';

export interface QueuedFault {
  kind: FaultKind;
  /** How many more requests it applies to. */
  remaining: number;
  /** Only requests to this path ("/v1/lookup"); null for every /v1 path. */
  path: string | null;
  /** rateLimit only: the Retry-After header value (seconds or an HTTP date). */
  retryAfter?: string;
}

/** A fault as a request consumes it. */
export type TakenFault = Pick<QueuedFault, 'kind' | 'retryAfter'>;

export interface FaultsSnapshot {
  latencyMs: Record<string, number>;
  /** The paths the service is down for ("*" for every /v1 path). */
  down: string[];
  queue: QueuedFault[];
  hanging: number;
}

const ALL_PATHS = '*';

export class FaultController {
  private latency = new Map<string, number>();
  private readonly down = new Set<string>();
  private queue: QueuedFault[] = [];
  private readonly hung = new Set<() => void>();

  /** Sets the latency of one path (or of all, `path` null); 0 removes it. */
  setLatency(ms: number, path: string | null): void {
    const key = path ?? ALL_PATHS;
    if (ms > 0) this.latency.set(key, ms);
    else this.latency.delete(key);
  }

  /** The latency to apply to a request: its path's own setting, else the one for all paths. */
  latencyFor(path: string): number {
    return this.latency.get(path) ?? this.latency.get(ALL_PATHS) ?? 0;
  }

  /** Takes the service down (`true`) or back up for one path (or for all, `path` null). */
  setDown(down: boolean, path: string | null): void {
    const key = path ?? ALL_PATHS;
    if (down) this.down.add(key);
    else if (key === ALL_PATHS) this.down.clear();
    else this.down.delete(key);
  }

  /** Whether a request to `path` finds the service down. */
  isDown(path: string): boolean {
    return this.down.has(ALL_PATHS) || this.down.has(path);
  }

  /** Queues a fault for the next `count` requests (of `path`, or any). */
  enqueue(kind: FaultKind, count: number, path: string | null, retryAfter?: string): void {
    if (count <= 0) return;
    this.queue.push({ kind, remaining: count, path, ...(retryAfter !== undefined ? { retryAfter } : {}) });
  }

  /** Consumes one unit of the first queued fault that applies to `path`; null when none does. */
  take(path: string): TakenFault | null {
    const index = this.queue.findIndex((fault) => fault.path === null || fault.path === path);
    if (index < 0) return null;
    const fault = this.queue[index] as QueuedFault;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.queue.splice(index, 1);
    return { kind: fault.kind, ...(fault.retryAfter !== undefined ? { retryAfter: fault.retryAfter } : {}) };
  }

  /**
   * Waits until the hang is released: by {@link releaseHangs} (reset, close) or by the client going away (`signal`).
   */
  hang(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        this.hung.delete(release);
        signal?.removeEventListener('abort', release);
        resolve();
      };
      this.hung.add(release);
      if (signal?.aborted) release();
      else signal?.addEventListener('abort', release, { once: true });
    });
  }

  /** Lets every hung request go. */
  releaseHangs(): void {
    for (const release of [...this.hung]) release();
  }

  /** Back to no faults at all (hung requests are released). */
  clear(): void {
    this.latency.clear();
    this.down.clear();
    this.queue = [];
    this.releaseHangs();
  }

  snapshot(): FaultsSnapshot {
    return {
      latencyMs: Object.fromEntries(this.latency),
      down: [...this.down],
      queue: this.queue.map((fault) => ({ ...fault })),
      hanging: this.hung.size,
    };
  }
}

/**
 * Where a request's time went, by part: the database's round trips (`db`), the service's own answer (`service`),
 * and waiting for a teammate's lookup of the same person (`wait`); the rest is the gateway's own work. Each answer
 * carries them in a `Server-Timing` header (the standard one browsers' developer tools and load testers read), and
 * the request's log line names them, so an admin can tell a slow service from a slow database or a busy gateway.
 */
export type TimedPart = 'db' | 'service' | 'wait';

const PARTS: readonly TimedPart[] = ['db', 'service', 'wait'];

/** One request's times by part, in milliseconds (summed when a part is met more than once). */
export class Timing {
  private readonly spent = new Map<TimedPart, number>();

  /** Runs `work` and adds its time to `part`, whether it succeeds or throws. */
  async time<T>(part: TimedPart, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.spent.set(part, (this.spent.get(part) ?? 0) + performance.now() - started);
    }
  }

  /** Milliseconds spent on `part` so far (0 when never met). */
  of(part: TimedPart): number {
    return this.spent.get(part) ?? 0;
  }

  /** The `Server-Timing` header's value (`db;dur=3.1, service;dur=204.8`), or '' when no part was met. */
  header(): string {
    return PARTS.filter((part) => this.spent.has(part))
      .map((part) => `${part};dur=${this.of(part).toFixed(1)}`)
      .join(', ');
  }
}

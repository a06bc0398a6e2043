/**
 * Whether the worker that owns a running job or search is still alive: the rule the background, the popup and the
 * side panel all apply to the stored heartbeat.
 */
import type { WorkerBeat } from '../store/items/worker-beat';

export const HEARTBEAT_MS = 1000;
/** A beat older than this means its worker is gone: a few missed beats, for a busy machine's timer delays. */
export const HEARTBEAT_STALE_MS = 4 * HEARTBEAT_MS;

/**
 * True when a "running" job or search is really running: it names its worker, and that worker beat recently. Any
 * other "running" one was cut off (its worker stopped) and must be shown cut off.
 */
export function ownedNow(owner: string | undefined, beat: WorkerBeat | null, now: number): boolean {
  return (
    // Stryker disable next-line ConditionalExpression: a beat always names its worker (a string), so an owner not named matches no beat all the same
    owner !== undefined &&
    beat !== null &&
    beat.worker === owner &&
    now - new Date(beat.at).getTime() < HEARTBEAT_STALE_MS
  );
}

/**
 * True when work stored as running was cut off: its worker stopped beating. `beat` is undefined until the stored
 * heartbeat's first read lands: until then running work is taken at its word (for a moment, not for good).
 */
export function cutOffNow(
  status: string | undefined,
  owner: string | undefined,
  beat: WorkerBeat | null | undefined,
  now: number,
): boolean {
  return status === 'running' && beat !== undefined && !ownedNow(owner, beat, now);
}

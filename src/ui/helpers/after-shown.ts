/**
 * What a screen asks that its first screen does not show is asked once that screen is drawn: every ask (a storage
 * read, a message to the worker) is a round through the browser's busy process, and asked beside the first screen's
 * own reads it delays them (docs/performance.md, the popup against the platform's floor).
 */
import { effect, type ReadonlySignal } from '@preact/signals';

/** The longest the later asks wait for the first screen: one that never comes must not keep them back. */
export const LATER_LIMIT_MS = 1_000;
/** How long after the first screen a frame is waited for (a page out of sight draws none). */
const FRAME_LIMIT_MS = 100;

/** Runs `run` once, as soon as `flag` holds; the returned function cancels it if it has not run yet. */
export function once(flag: ReadonlySignal<boolean>, run: () => void): () => void {
  let ran = false;
  const stop = effect(() => {
    if (ran || !flag.value) return;
    ran = true;
    run();
  });
  if (ran) stop();
  return stop;
}

/** Resolves once `shown` holds and a frame has been drawn with it, or after `limitMs` whatever `shown` says. */
export function afterShown(shown: ReadonlySignal<boolean>, limitMs = LATER_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    const done = () => {
      clearTimeout(limit);
      stop?.();
      resolve();
    };
    const limit = setTimeout(done, limitMs);
    stop = effect(() => {
      if (!shown.value) return;
      // A frame callback runs just before its frame is drawn; a task queued from it runs after.
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
      setTimeout(done, FRAME_LIMIT_MS);
    });
  });
}

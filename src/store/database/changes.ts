/**
 * How pages hear that the database changed: after a write's transaction completes, the background posts which
 * records changed (their keys, never their data) on one `BroadcastChannel`; a page reads what it shows again.
 * `storage.onChanged` is the tool for small settings; for the database it would mean a second write per change.
 * A channel reaches every context of the extension's origin except the poster, and never a content script.
 */
import * as z from 'zod/mini';

export const CHANGES = 'candidate-lens-changes';

export const changeSchema = z.object({
  /** The object store written. */
  store: z.string(),
  /** The keys written or deleted; empty when the whole store changed (cleared). */
  keys: z.array(z.string()).check(z.maxLength(10_000)),
});
export type Change = z.infer<typeof changeSchema>;

let channel: BroadcastChannel | null = null;

/** Tells every other context of the extension what a completed transaction changed. */
export function announce(change: Change): void {
  channel ??= new BroadcastChannel(CHANGES);
  channel.postMessage(change);
}

/** Calls `listener` with each valid change another context announces; returns how to stop. */
export function onChange(listener: (change: Change) => void): () => void {
  const own = new BroadcastChannel(CHANGES);
  own.onmessage = (event: MessageEvent) => {
    const parsed = changeSchema.safeParse(event.data);
    if (parsed.success) listener(parsed.data);
  };
  return () => own.close();
}

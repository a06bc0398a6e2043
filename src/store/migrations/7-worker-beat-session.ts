/**
 * Store migration 7: the worker heartbeat moved from `local` to `session` storage (`src/store/worker-beat.ts`).
 * Nothing moves: the beat kept in `local` is of a worker that ran before this version, never a live one, so it is
 * removed. Idempotent: with no such beat it removes nothing.
 */
import { browser } from 'wxt/browser';
import { LEGACY_KEYS, nameOf } from '../keys';

export function removeLocalBeat(): Promise<void> {
  return browser.storage.local.remove(nameOf(LEGACY_KEYS.workerBeatLocal));
}

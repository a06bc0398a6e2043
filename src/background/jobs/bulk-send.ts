/**
 * Bulk send: many revealed contacts to one destination, one at a time (the vendors' rate limits are per account, and
 * a recruiter's other tools share them), as one stored job. Free: nothing here touches credits.
 *
 * - Each contact goes through the single send (`send.ts`): looked up by email first, its intent written before the
 *   request, so a worker stopped mid-send resumes (on its next start) without making a second record.
 * - A 429 that outlasts the HTTP layer's own waits holds the whole run for the time the destination asked, then
 *   tries the same contact again; any other failure is that contact's, said in the destination's words.
 * - Pause, resume, cancel, dismiss the summary.
 */
import { ApiError } from '../../api/errors';
import { refuse, refuseNow } from '../../protocol/result';
import { BULK_SEND_MAX, type BulkSendJob } from '../../store/database/bulk-send';
import { bulkSend } from '../../store/database/bulk-send-write';
import { vault } from '../../store/database/vault/vault';
import { destinationHints } from '../../store/items/destination-hints';
import { whileBeating } from '../heartbeat';
import { sendContact } from '../send-to/send';

/** A 429 without Retry-After: wait this long before trying the same contact again. */
const RATE_LIMIT_WAIT_MS = 10_000;
/** Times the same contact is tried again after the destination asked to slow down. */
const RATE_LIMIT_TRIES = 5;

let running = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function change(edit: (job: BulkSendJob) => BulkSendJob | undefined): Promise<BulkSendJob | null> {
  return bulkSend.update((job) => (job ? edit(job) : undefined));
}

/** Sends the job's contacts still to do, until none is left or the job is paused or cancelled. */
async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    await whileBeating(async () => {
      let tries = 0;
      for (;;) {
        const job = await bulkSend.get();
        if (job?.state !== 'running') return;
        const next = job.items.find((item) => item.status === undefined && item.reason === undefined);
        if (!next) {
          await change((j) => ({ ...j, state: 'done', updatedAt: new Date().toISOString() }));
          return;
        }
        const wait = job.waitUntil ? Date.parse(job.waitUntil) - Date.now() : 0;
        if (wait > 0) await sleep(wait);
        let settled: { status?: BulkSendJob['items'][number]['status']; reason?: string };
        try {
          settled = {
            status: (await sendContact({ contactKey: next.key, destinationId: job.destinationId })).status,
          };
          tries = 0;
        } catch (error) {
          if (error instanceof ApiError && error.kind === 'rate-limited' && tries < RATE_LIMIT_TRIES) {
            tries++;
            const until = new Date(Date.now() + (error.retryAfterMs ?? RATE_LIMIT_WAIT_MS)).toISOString();
            await change((j) => ({ ...j, waitUntil: until }));
            continue;
          }
          tries = 0;
          settled = { reason: error instanceof Error ? error.message : String(error) };
        }
        await change((j) => {
          const { waitUntil: _, ...rest } = j;
          return {
            ...rest,
            items: j.items.map((item) => (item.key === next.key ? { ...item, ...settled } : item)),
            updatedAt: new Date().toISOString(),
          };
        });
      }
    });
  } finally {
    running = false;
  }
}

/**
 * Starts sending these revealed contacts to a destination saved here or held by the team gateway (each contact's
 * send goes the destination's way, `sendContact`); one bulk send at a time.
 */
export async function startBulkSend(input: { destinationId: string; keys: string[] }): Promise<BulkSendJob> {
  const current = await bulkSend.get();
  if (current && (current.state === 'running' || current.state === 'paused')) {
    throw refuseNow(`A bulk send to ${current.label} is under way. Let it finish, or cancel it first.`);
  }
  const keys = [...new Set(input.keys)];
  if (keys.length === 0) throw refuse('No contacts to send.');
  if (keys.length > BULK_SEND_MAX) throw refuse(`A bulk send takes at most ${BULK_SEND_MAX} contacts.`);
  const destination = (await destinationHints.get()).find((hint) => hint.id === input.destinationId);
  if (!destination) throw refuseNow('This destination is no longer saved. Add it again in Options, Send to.');
  const records = await vault.getMany(keys);
  const now = new Date().toISOString();
  const job: BulkSendJob = {
    id: crypto.randomUUID(),
    destinationId: destination.id,
    label: destination.label,
    state: 'running',
    items: records.map((record) => ({ key: record.key, name: record.name ?? record.key })),
    startedAt: now,
    updatedAt: now,
  };
  await bulkSend.set(job);
  void run().catch((error) => console.warn('Could not run the bulk send', error));
  return job;
}

/** Pause, resume or cancel the bulk send, or dismiss its summary. */
export async function controlBulkSend(
  action: 'pause' | 'resume' | 'cancel' | 'dismiss',
): Promise<BulkSendJob | null> {
  if (action === 'dismiss') {
    const job = await bulkSend.get();
    if (job && (job.state === 'running' || job.state === 'paused')) {
      throw refuseNow('Cancel the bulk send before dismissing it.');
    }
    await bulkSend.set(null);
    return null;
  }
  const state = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
  const job = await change((j) =>
    j.state === 'done' || j.state === 'cancelled'
      ? undefined
      : { ...j, state, updatedAt: new Date().toISOString() },
  );
  if (job?.state === 'running')
    void run().catch((error) => console.warn('Could not run the bulk send', error));
  return job;
}

/** On the worker's start: a bulk send a stopped worker left running goes on. */
export async function resumeBulkSend(): Promise<void> {
  if ((await bulkSend.get())?.state === 'running') await run();
}

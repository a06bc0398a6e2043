import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { formatNumber } from '../../format/numbers';
import { type BulkSendJob, bulkSend, bulkSendSummary } from '../../store/database/bulk-send';
import { destinationHints } from '../../store/items/destination-hints';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';

function createBulkSendModel() {
  const destinations = stored([], destinationHints.get, destinationHints.watch);
  const job = stored(null, bulkSend.get, bulkSend.watch);
  const problem = signal<string | null>(null);
  const say = (result: { ok: boolean; error?: { message: string } }) => {
    problem.value = result.ok ? null : (result.error?.message ?? null);
  };
  return {
    destinations: destinations.value,
    job: job.value,
    problem,
    start: async (destinationId: string, keys: string[]) =>
      say(await call('startBulkSend', { destinationId, keys })),
    control: async (action: 'pause' | 'resume' | 'cancel' | 'dismiss') =>
      say(await call('controlBulkSend', { action })),
    stop: () => {
      destinations.stop();
      job.stop();
    },
  };
}

/** "13 added to Lever, 1 already there and linked, 2 already sent, 1 failed"; a webhook's are "sent to". */
function summaryWords(job: BulkSendJob): string {
  const { created, linked, failed } = bulkSendSummary(job);
  const count = (status: BulkSendJob['items'][number]['status']) =>
    job.items.filter((item) => item.status === status).length;
  const delivered = count('delivered');
  const alreadySent = count('already-sent');
  const parts: string[] = [];
  if (created > delivered || (created === 0 && alreadySent === 0))
    parts.push(`${formatNumber(created - delivered)} added to ${job.label}`);
  if (delivered) parts.push(`${formatNumber(delivered)} sent to ${job.label}`);
  if (linked) parts.push(`${formatNumber(linked)} already there and linked`);
  if (alreadySent) parts.push(`${formatNumber(alreadySent)} already sent`);
  if (failed) parts.push(`${formatNumber(failed)} failed`);
  return parts.join(', ');
}

function Progress({ job, m }: { job: BulkSendJob; m: ReturnType<typeof createBulkSendModel> }) {
  const { left } = bulkSendSummary(job);
  const done = job.items.length - left;
  const over = job.state === 'done' || job.state === 'cancelled';
  const failures = job.items.filter((item) => item.reason !== undefined);
  return (
    <div class="bulk-send" data-testid="bulk-send">
      <p role="status">
        {over
          ? `${job.state === 'cancelled' ? 'Cancelled. ' : ''}${summaryWords(job)}.`
          : `${job.state === 'paused' ? 'Paused: ' : 'Sending to '}${job.state === 'paused' ? '' : `${job.label}: `}${formatNumber(done)} of ${formatNumber(job.items.length)}`}
      </p>
      {!over && <progress max={job.items.length} value={done} aria-label={`Sent to ${job.label}`} />}
      {job.waitUntil && !over && (
        <p class="muted">
          {job.label} asked us to slow down: going on at{' '}
          {new Date(job.waitUntil).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
        </p>
      )}
      {failures.length > 0 && (
        <ul class="bulk-send-failures">
          {failures.map((item) => (
            <li key={item.key}>
              <strong>{item.name}</strong>: {item.reason}
            </li>
          ))}
        </ul>
      )}
      <p class="row">
        {job.state === 'running' && (
          <button type="button" class="small" onClick={() => void m.control('pause')}>
            Pause
          </button>
        )}
        {job.state === 'paused' && (
          <button type="button" class="small" onClick={() => void m.control('resume')}>
            Resume
          </button>
        )}
        {!over && (
          <button type="button" class="small" onClick={() => void m.control('cancel')}>
            Cancel
          </button>
        )}
        {over && (
          <button type="button" class="small" onClick={() => void m.control('dismiss')}>
            Dismiss
          </button>
        )}
      </p>
    </div>
  );
}

/**
 * Sending many revealed contacts (those a list shows) to a saved destination, as a background job: "Send the 15
 * shown to Lever", then its progress with Pause and Cancel, then what became of each: added, already there and
 * linked, or failed with the destination's reason. Free, and said so.
 */
export function BulkSend({ keys, count, what }: { keys: () => string[]; count: number; what: string }) {
  const m = useMemo(createBulkSendModel, []);
  useEffect(() => m.stop, [m]);
  const destinations = m.destinations.value;
  const job = m.job.value;
  if (destinations.length === 0 && !job) return null;
  return (
    <div class="bulk-send-area">
      {job ? (
        <Progress job={job} m={m} />
      ) : (
        count > 0 && (
          <p class="row">
            {destinations.map((hint) => (
              <button key={hint.id} type="button" class="small" onClick={() => void m.start(hint.id, keys())}>
                Send {what} to {hint.label}
              </button>
            ))}
            <span class="muted">Free: no credits. Nobody is sent twice.</span>
          </p>
        )
      )}
      {m.problem.value && (
        <p class="error" role="alert">
          {m.problem.value}
        </p>
      )}
    </div>
  );
}

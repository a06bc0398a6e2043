/**
 * A bulk reveal under way or ended, loaded only when there is one: its progress (count, bar, found, credits so far,
 * time left, pause/resume/cancel), its receipt (per item what was found and charged, against the quote) with the
 * next steps, and the receipts of earlier ones.
 */
import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { formatCredits, ITEM_PRICE } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import { type BulkItemState, type BulkJob, bulkProgress, SETTLED } from '../../../bulk/job';
import { countOf, formatNumber } from '../../../format/numbers';
import { ErrorView } from '../../components/error-view';
import { ITEM_LABEL, ITEMS } from '../../items';
import { skippedHeldBack } from '../../words/bulk-held-back';
import { skippedListed } from '../../words/bulk-listed';
import { ASK_AGAIN_STOP_WHEN_OUT, askAgainFor, CHARGED_NOT_SAVED, lostLine } from '../../words/bulk-lost';
import { NOT_FOUND } from '../../words/items';
import { lookedUp, lookUps } from '../../words/lists';
import { PANEL_WORDS } from '../../words/panel';
import { openOptions } from '../open-options';
import { panelService } from '../service';
import { type BulkModel, lostContacts } from './bulk-model';
import { timeLeft } from './bulk-views';
import { FailedContacts } from './receipt-failed';

/** The running (or paused) job: progress, and pause/resume/cancel. */
function Progress({ bulk, job }: { bulk: BulkModel; job: BulkJob }) {
  const p = bulk.progress.value!;
  const left = bulk.timeLeftMs.value;
  const waitMs = job.waitUntil ? Date.parse(job.waitUntil) - bulk.now.value : 0;
  const paused = job.status === 'paused';
  const { done, toLookUp } = lookUps(p);
  return (
    <>
      <p data-testid="bulk-count">
        {lookedUp(done, toLookUp)} · {formatNumber(p.found)} found · {formatCredits(p.charged)} so far
        {left !== null && !paused ? ` · ${timeLeft(left)}` : ''}
      </p>
      <progress
        max={toLookUp}
        value={done}
        aria-label={`Bulk reveal progress: ${lookedUp(done, toLookUp)}`}
      />
      <p class="muted" role="status">
        {paused
          ? 'Paused. Nothing new is sent until you resume.'
          : bulk.pausing.value
            ? 'Pausing once the lookups under way have answered…'
            : waitMs > 0
              ? `The service asked us to slow down: going on in ${Math.ceil(waitMs / 1000)} s.`
              : 'Revealing, up to 15 at a time. You can close the panel: the reveal goes on.'}
      </p>
      <div class="row">
        {paused ? (
          <button type="button" onClick={() => void bulk.control('resume')}>
            Resume
          </button>
        ) : (
          <button type="button" disabled={bulk.pausing.value} onClick={() => void bulk.control('pause')}>
            Pause
          </button>
        )}
        <button type="button" class="danger" onClick={() => void bulk.control('cancel')}>
          Cancel
        </button>
      </div>
    </>
  );
}

const ENDING: Readonly<Record<string, string>> = {
  done: 'Bulk reveal finished',
  cancelled: 'Bulk reveal cancelled',
  stopped: 'Bulk reveal stopped',
};

/** States whose lookup answered: what was asked and not returned was looked for and not found. */
const ANSWERED: ReadonlySet<BulkItemState> = new Set(['revealed', 'nothing-found', 'not-found']);

/**
 * Of the contacts whose lookup answered, per item: how many had it asked for and how many had it found; and how
 * many contacts were revealed with some, not all, of what was asked.
 */
function found(job: BulkJob) {
  const byItem = Object.fromEntries(ITEMS.map((item) => [item, { asked: 0, found: 0 }])) as Record<
    Retrievable,
    { asked: number; found: number }
  >;
  let partly = 0;
  for (const contact of job.items) {
    if (!ANSWERED.has(contact.state)) continue;
    const got = contact.retrieved ?? [];
    for (const item of contact.asked ?? []) {
      byItem[item].asked++;
      if (got.includes(item)) byItem[item].found++;
    }
    if (got.length > 0 && got.length < (contact.asked?.length ?? 0)) partly++;
  }
  return { byItem, partly };
}

/** A figure and its unit kept on one line in a narrow cell ("9 credits", never "9 / credits"). */
const unbroken = (words: string) => words.replace(/ /g, '\u00a0');

/** "10 of 10", "5 of 10": of the contacts asked for an item, how many had it found (on one line). */
const foundOf = ({ asked, found }: { asked: number; found: number }) =>
  unbroken(`${formatNumber(found)} of ${formatNumber(asked)}`);

/**
 * The receipt's total, from the ledger once the job has ended: what was charged, and what calls with no answer may
 * still have cost ("12 credits + up to 6 not yet known"). While it runs (or for a job ended before the ledger kept
 * it), what its answers said.
 */
function chargedInAll(job: BulkJob, answered: number): string {
  const spend = job.spend;
  if (!spend) return unbroken(formatCredits(answered));
  const total = unbroken(formatCredits(spend.charged));
  return spend.uncertain > 0 ? `${total} + up to ${formatNumber(spend.uncertainMax)} not yet known` : total;
}

/**
 * What the job did, item by item (how many were found of those asked, the credits charged) against the quoted
 * maximum, with the contacts counted by outcome and the balance before and after.
 */
export function Receipt({
  job,
  onRecheck,
  askAgain,
}: {
  job: BulkJob;
  onRecheck?: () => void;
  /**
   * Asking again for the contacts whose answers never came (the job shown, not an earlier receipt); above the known
   * balance (`overBalance`), only with "stop when the balance runs out" chosen (`stopWhenOut`).
   */
  askAgain?: { onAsk: () => void; disabled: boolean; overBalance?: boolean; stopWhenOut?: Signal<boolean> };
}) {
  const p = bulkProgress(job, ITEM_PRICE);
  const notStarted = job.items.filter((item) => !SETTLED.has(item.state)).length;
  const lost = lostContacts(job);
  const uncertain = lost.items;
  const spend = job.spend;
  const lostSpend = spend?.lost
    ? {
        credits: spend.lost.credits,
        pending: spend.uncertain,
        most: spend.uncertainMax,
        team: spend.team,
      }
    : null;
  // Through a team gateway no balance check tells what they cost (the team's balance): no button that cannot.
  const recheck = onRecheck && (spend?.uncertain ?? 1) > 0 && !spend?.team;
  const { byItem, partly } = found(job);
  const rows: Array<[string, number]> = [
    [PANEL_WORDS.allFound, p.counts.revealed - partly],
    [PANEL_WORDS.someFound, partly],
    ['Already revealed (free)', p.counts.held],
    [NOT_FOUND, p.counts['nothing-found'] + p.counts['not-found']],
    ['Failed (no charge)', p.counts.failed - p.notKept],
    [CHARGED_NOT_SAVED, p.notKept],
    ['Not started', notStarted],
  ];
  const items = ITEMS.filter((item) => job.selection.includes(item));
  return (
    <div class="receipt" data-testid="bulk-receipt">
      {job.stopReason && (
        <p>
          <strong>{job.stopReason}</strong>
          {notStarted > 0 && ` ${countOf(notStarted, 'contact was', 'contacts were')} not looked up.`}
        </p>
      )}
      {(['team', 'local'] as const)
        .filter((scope) => p.skipped[scope] > 0)
        .map((scope) => (
          <p key={scope} data-testid="bulk-skipped">
            {skippedListed(p.skipped[scope], scope)}
          </p>
        ))}
      {p.heldBack > 0 && <p data-testid="bulk-held-back">{skippedHeldBack(p.heldBack)}</p>}
      <dl class="counts">
        {rows
          .filter(([, n]) => n > 0)
          .map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatNumber(n)}</dd>
            </div>
          ))}
      </dl>
      <FailedContacts job={job} />
      <table class="charges">
        <caption class="visually-hidden">Credits by item</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Found</th>
            <th scope="col">Charged</th>
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item} data-testid={`receipt-${item}`}>
              <th scope="row">{ITEM_LABEL[item]}</th>
              <td>{foundOf(byItem[item])}</td>
              <td>{formatNumber(p.chargedByItem[item])}</td>
              <td>{formatNumber(job.quote.maxByItem[item])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td data-testid="bulk-charged">{chargedInAll(job, p.charged)}</td>
            <td>{unbroken(formatCredits(job.quote.max))}</td>
          </tr>
        </tfoot>
      </table>
      <p class="muted" data-testid="bulk-balance">
        Balance {job.balanceBefore === null ? 'unknown' : formatNumber(job.balanceBefore)} before ·{' '}
        {job.balanceAfter === null || job.balanceAfter === undefined
          ? 'could not be checked after'
          : `${formatNumber(job.balanceAfter)} after`}
      </p>
      {uncertain.length > 0 && (
        <div class="bulk-warning" data-testid="bulk-lost">
          <p data-testid="bulk-lost-line">{lostLine(uncertain.length, lostSpend)}</p>
          {askAgain?.overBalance && askAgain.stopWhenOut && lost.most > 0 && (
            <label class="check">
              <input
                type="checkbox"
                checked={askAgain.stopWhenOut.value}
                onChange={(e) => {
                  askAgain.stopWhenOut!.value = e.currentTarget.checked;
                }}
              />
              {ASK_AGAIN_STOP_WHEN_OUT}
            </label>
          )}
          {(askAgain || recheck) && (
            <p class="row">
              {askAgain && lost.most > 0 && (
                <button
                  type="button"
                  class="small"
                  disabled={
                    askAgain.disabled || (askAgain.overBalance === true && !askAgain.stopWhenOut?.value)
                  }
                  onClick={askAgain.onAsk}
                >
                  {askAgainFor(uncertain.length, lost.most)}
                </button>
              )}
              {recheck && (
                <button type="button" class="small" onClick={onRecheck}>
                  Check the balance again (free)
                </button>
              )}
            </p>
          )}
          <ul>
            {uncertain.map((item) => (
              <li key={item.key}>{item.name}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The job, whichever state it is in: progress while it runs, the receipt (and `next`, its next steps) once ended. */
export function BulkJobView({ bulk, next }: { bulk: BulkModel; next?: (job: BulkJob) => ComponentChildren }) {
  const job = bulk.job.value;
  const running = job?.status === 'running' || job?.status === 'paused';
  useIntoView(bulk.startedHere.value, running, job !== null);
  if (!job) return null;
  return (
    <section class="bulk-job" aria-labelledby="bulk-job-title" data-testid="bulk-job">
      <h2 id="bulk-job-title" tabIndex={-1}>
        {running ? (job.status === 'paused' ? 'Bulk reveal paused' : 'Bulk reveal') : ENDING[job.status]}
      </h2>
      {running ? (
        <Progress bulk={bulk} job={job} />
      ) : (
        <>
          <Receipt
            job={job}
            onRecheck={() => void bulk.control('recheck')}
            askAgain={{
              onAsk: () => void bulk.askAgainLost(),
              disabled: bulk.busy.value || panelService.unreachable.value,
              overBalance: bulk.askAgainOverBalance.value,
              stopWhenOut: bulk.askAgainStopWhenOut,
            }}
          />
          {bulk.lostError.value && <ErrorView error={bulk.lostError.value} onOpenOptions={openOptions} />}
          {next?.(job)}
        </>
      )}
      {bulk.error.value && running && <ErrorView error={bulk.error.value} onOpenOptions={openOptions} />}
      {!running && (
        <button type="button" onClick={() => void bulk.control('dismiss')}>
          Dismiss
        </button>
      )}
    </section>
  );
}

/**
 * A bulk reveal started from this panel (often from the bar at the bottom of a long list) is brought into sight:
 * its progress when it starts, with the focus on its title (Pause and Cancel next), and its receipt when it ends.
 * One the panel did not start is left where it is.
 */
function useIntoView(startedHere: number, running: boolean, present: boolean) {
  const shown = useRef('');
  useEffect(() => {
    const phase = `${startedHere}:${running ? 'progress' : 'receipt'}`;
    if (startedHere === 0 || !present || shown.current === phase) return;
    shown.current = phase;
    const title = document.getElementById('bulk-job-title');
    title?.scrollIntoView({ block: 'start' });
    if (running) title?.focus({ preventScroll: true });
  }, [startedHere, running, present]);
}

/** Receipts of earlier bulk reveals. */
export function BulkHistory({ bulk }: { bulk: BulkModel }) {
  const current = bulk.job.value?.id;
  const past = bulk.history.value.filter((job) => job.id !== current);
  if (past.length === 0) return null;
  return (
    <details class="bulk-history">
      <summary>Earlier bulk reveals ({past.length})</summary>
      <ul>
        {past.map((job) => {
          const p = bulkProgress(job, ITEM_PRICE);
          return (
            <li key={job.id}>
              <details>
                <summary>
                  {new Date(job.createdAt).toLocaleString()}: {countOf(p.total, 'contact')}, {p.found} found,{' '}
                  {formatCredits(p.charged)}
                </summary>
                <Receipt job={job} />
              </details>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

import { useEffect, useMemo } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import { dayOf } from '../../ledger/entry';
import { ACTION_LABELS } from '../../ledger/usage';
import { BalanceLine } from './balance-line';
import { type Caps, capLine } from './caps';
import { DisputeReportLater } from './dispute-later';
import { CHART_DAYS, createUsageModel } from './model';
import { StackedChart, shortDay } from './stacked-chart';
import { TeamAllowance } from './team-allowance';
import './usage.css';
import { countOf, formatNumber } from '../../format/numbers';

/** Calls sent with no answer yet: what they may add, said once after the settled figure. */
const uncertainNote = ({ uncertain, uncertainMax }: { uncertain: number; uncertainMax: number }) =>
  uncertain === 0
    ? ''
    : ` + up to ${formatNumber(uncertainMax)} not yet known (${countOf(uncertain, 'call')} with no answer; checked against your balance)`;

/** "Daily cap: 312 of 1,000 credits today", and the month's, for each cap set in Options. */
function CapLines({ caps, spent }: { caps: Caps; spent: { today: number; month: number } }) {
  if (caps.daily === undefined && caps.monthly === undefined) return null;
  return (
    <ul class="cap-lines" aria-label="Spending caps">
      {caps.daily !== undefined && (
        <li data-testid="cap-daily">
          <span class="swatch cap-swatch" aria-hidden="true" />
          Daily cap: {capLine(spent.today, caps.daily, 'today')}
        </li>
      )}
      {caps.monthly !== undefined && (
        <li data-testid="cap-monthly">Monthly cap: {capLine(spent.month, caps.monthly, 'this month')}</li>
      )}
    </ul>
  );
}

/** What was spent, on what, and when: the usage page. */
export function App() {
  const m = useMemo(createUsageModel, []);
  useEffect(() => {
    m.init();
    return m.stop;
  }, [m]);
  const { week, month } = m.totals.value;
  return (
    <main class="usage">
      <h1>Candidate Lens: usage</h1>
      {!m.loaded.value ? (
        <p class="muted">Loading…</p>
      ) : (
        <>
          <TeamAllowance />
          <section aria-labelledby="totals">
            <h2 id="totals">Totals</h2>
            <p data-testid="total-week">
              This week: {formatCredits(week.credits)}
              {uncertainNote(week)}
            </p>
            <p data-testid="total-month">
              This month: {formatCredits(month.credits)}
              {uncertainNote(month)}
            </p>
          </section>
          <section aria-labelledby="per-day">
            <h2 id="per-day">Credits per day, last {CHART_DAYS} days</h2>
            <StackedChart
              bars={m.bars.value}
              dailyCap={m.caps.value.daily}
              caption={<CapLines caps={m.caps.value} spent={m.spent.value} />}
            />
          </section>
          <section aria-labelledby="balance">
            <h2 id="balance">Balance over time</h2>
            <BalanceLine points={m.balances.value} />
          </section>
          <section aria-labelledby="jobs">
            <h2 id="jobs">What cost the most (last {CHART_DAYS} days)</h2>
            {m.jobs.value.length === 0 ? (
              <p class="muted">Nothing was charged in the last {CHART_DAYS} days.</p>
            ) : (
              <table data-testid="top-jobs">
                <thead>
                  <tr>
                    <th scope="col">What</th>
                    <th scope="col">Started</th>
                    <th scope="col">Paid calls</th>
                    <th scope="col">Credits</th>
                  </tr>
                </thead>
                <tbody>
                  {m.jobs.value.map((job) => (
                    <tr key={job.ref}>
                      <th scope="row">
                        {ACTION_LABELS[job.action]}
                        {job.label ? `: ${job.label}` : ''}
                      </th>
                      <td>
                        {shortDay(dayOf(job.startedAt))}{' '}
                        {new Date(job.startedAt).toLocaleTimeString('en-GB', { timeStyle: 'short' })}
                      </td>
                      <td>{job.calls}</td>
                      <td>{job.credits}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <DisputeReportLater />
          <section aria-labelledby="history">
            <h2 id="history">History</h2>
            <p class="muted">Every paid call and every balance check, as a spreadsheet file.</p>
            <button type="button" onClick={() => void m.exportCsv()}>
              Export the history (CSV)
            </button>
          </section>
        </>
      )}
    </main>
  );
}

/**
 * Usage: the team's credits by day (a chart, and the same figures in a table by day and member), by member, the
 * credits the team vault saved, the vault's size and the service balance; a CSV of the days and members.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { ConsoleUsage } from '../usage';
import { WORDS } from '../words';
import { get } from './api';
import { shortDay, utcTime } from './format';
import { Notice } from './notice';

const PERIODS = [7, 30, 90] as const;

/** Every day of the period, oldest first, with the team's credits that day. */
function dayTotals(usage: ConsoleUsage, days: number): { day: string; credits: number }[] {
  const start = new Date(usage.since).getTime();
  const totals = new Map<string, number>();
  for (const row of usage.days) totals.set(row.day, (totals.get(row.day) ?? 0) + row.credits);
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { day, credits: totals.get(day) ?? 0 };
  });
}

function DayChart({ bars }: { bars: { day: string; credits: number }[] }) {
  const max = Math.max(1, ...bars.map((b) => b.credits));
  const total = bars.reduce((sum, b) => sum + b.credits, 0);
  const width = 300;
  const height = 100;
  const step = width / bars.length;
  const summary =
    total === 0 ? WORDS.noUsage : `${total} credits in ${bars.length} days; at most ${max} in one day.`;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${WORDS.byDay}. ${summary} The table below has every figure.`}
        data-testid="usage-chart"
      >
        <line class="tick" x1={0} x2={width} y1={height} y2={height} vector-effect="non-scaling-stroke" />
        {bars.map((bar, i) => {
          const h = (bar.credits / max) * (height - 2);
          return (
            <rect key={bar.day} x={i * step + step * 0.15} y={height - h} width={step * 0.7} height={h}>
              <title>{`${shortDay(bar.day)}: ${bar.credits} credits`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption class="chart-axis">
        <span>{shortDay(bars[0]!.day)}</span>
        <span>{summary}</span>
        <span>{shortDay(bars.at(-1)!.day)}</span>
      </figcaption>
    </figure>
  );
}

export function UsageScreen() {
  const days = useSignal<number>(30);
  const usage = useSignal<ConsoleUsage | null>(null);
  const notice = useSignal<{ text: string; bad?: boolean } | null>(null);
  useEffect(() => {
    usage.value = null;
    get<ConsoleUsage>(`/usage?days=${days.value}`)
      .then((answer) => {
        usage.value = answer;
      })
      .catch((error: Error) => {
        notice.value = { text: error.message, bad: true };
      });
  }, [days.value]);

  return (
    <section aria-labelledby="usage-title">
      <h2 id="usage-title">{WORDS.usageTitle}</h2>
      <div class="row">
        <label class="field short">
          <span>{WORDS.period}</span>
          <select
            value={String(days.value)}
            onChange={(e) => {
              days.value = Number((e.currentTarget as HTMLSelectElement).value);
            }}
          >
            {PERIODS.map((n) => (
              <option key={n} value={String(n)}>
                {WORDS.lastDays(n)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice notice={notice} />
      {usage.value === null ? (
        <p role="status">{WORDS.loading}</p>
      ) : (
        <UsageFigures usage={usage.value} days={days.value} />
      )}
    </section>
  );
}

function UsageFigures({ usage, days }: { usage: ConsoleUsage; days: number }) {
  const uncertain = usage.members.reduce((sum, m) => sum + m.uncertain, 0);
  return (
    <>
      <ul class="facts">
        <li data-testid="usage-total">
          {WORDS.total}: {usage.total} credits
        </li>
        <li>{WORDS.saved(usage.saved.credits, usage.saved.items)}</li>
        <li>{WORDS.vault(usage.vault.people, usage.vault.items)}</li>
        <li>
          {usage.balance
            ? WORDS.balance(usage.balance.remaining, utcTime(usage.balance.asOf))
            : WORDS.balanceUnknown}
        </li>
        {uncertain > 0 && <li>{WORDS.uncertain(uncertain)}</li>}
      </ul>
      <DayChart bars={dayTotals(usage, days)} />
      <p>
        <a href={`/admin/api/usage.csv?days=${days}`} download="team-usage.csv">
          {WORDS.downloadCsv}
        </a>
      </p>
      <h3>{WORDS.byMember}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{WORDS.member}</th>
            <th scope="col" class="num">
              {WORDS.credits}
            </th>
            <th scope="col" class="num">
              {WORDS.calls}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.members.map((m) => (
            <tr key={m.member}>
              <th scope="row">{m.member}</th>
              <td class="num">{m.credits}</td>
              <td class="num">{m.calls}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{WORDS.byDay}</h3>
      {usage.days.length === 0 ? (
        <p>{WORDS.noUsage}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{WORDS.day}</th>
              <th scope="col">{WORDS.member}</th>
              <th scope="col" class="num">
                {WORDS.credits}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...usage.days].reverse().map((d) => (
              <tr key={`${d.day}-${d.member}`}>
                <td>{shortDay(d.day)}</td>
                <td>{d.member}</td>
                <td class="num">{d.credits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

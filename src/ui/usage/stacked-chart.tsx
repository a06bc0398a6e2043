import type { ComponentChildren } from 'preact';
import { formatCredits } from '../../api/pricing';
import { type DayBar, PART_LABELS, USAGE_PARTS, type UsagePart } from '../../ledger/usage';
import { type ChartBox, capOnScale, dayLabels, layoutBars } from './chart-layout';

/** The bars' own drawing units: the plot is stretched to the page's width and a fixed height. */
const BOX: ChartBox = { width: 300, height: 100, left: 0, bottom: 0 };

/** "22 Nov" from a local day `YYYY-MM-DD`. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/** The parts that have credits in any bar (the legend and the table show only those). */
const partsUsed = (bars: readonly DayBar[]): UsagePart[] =>
  USAGE_PARTS.filter((part) => bars.some((bar) => bar.parts[part] > 0));

/**
 * Credits per day, stacked by what they paid for: an SVG chart (described for screen readers, each segment titled)
 * with a legend, and the same figures as a table.
 */
export function StackedChart({
  bars,
  dailyCap,
  caption,
}: {
  bars: readonly DayBar[];
  /** The daily cap set in Options: a line across the chart at its height. */
  dailyCap?: number | undefined;
  /** What the caps leave, said under the chart. */
  caption?: ComponentChildren;
}) {
  const onScale = dailyCap !== undefined && capOnScale(bars, dailyCap);
  const { segments, max } = layoutBars(bars, BOX, onScale ? dailyCap : 0);
  const total = bars.reduce((sum, bar) => sum + bar.total, 0);
  const dearest = bars.reduce<DayBar | null>(
    (best, bar) => (bar.total > (best?.total ?? 0) ? bar : best),
    null,
  );
  const summary =
    total === 0
      ? `No credits spent in the last ${bars.length} days.`
      : `${formatCredits(total)} in the last ${bars.length} days; the most on ${shortDay(dearest!.day)}: ${formatCredits(dearest!.total)}.`;
  const used = partsUsed(bars);
  return (
    <figure class="usage-chart">
      {/* The bars stretch with the page; the dates and the scale are page text beside them, so they keep their
          size at any width instead of shrinking with the drawing. */}
      <div
        class="chart-frame"
        role="img"
        aria-label={`Credits per day${dailyCap !== undefined ? `, against a daily cap of ${formatCredits(dailyCap)}` : ''}. ${summary} The table below has every figure.`}
        data-testid="usage-chart"
        data-max={max}
      >
        <div class="chart-scale" aria-hidden="true" style={{ width: `${String(max).length + 1}ch` }}>
          {[max, max / 2, 0].map((tick) => (
            <span key={tick} class="chart-label" style={{ bottom: `${(tick / max) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <svg
          class="chart-plot"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          {[0, 0.5, 1].map((share) => (
            <line
              key={share}
              class="tick"
              x1={0}
              x2={BOX.width}
              y1={BOX.height * (1 - share)}
              y2={BOX.height * (1 - share)}
              vector-effect="non-scaling-stroke"
            />
          ))}
          {onScale && (
            <line
              class="cap-line"
              data-testid="daily-cap-line"
              x1={0}
              x2={BOX.width}
              y1={BOX.height * (1 - dailyCap / max)}
              y2={BOX.height * (1 - dailyCap / max)}
              vector-effect="non-scaling-stroke"
            />
          )}
          {segments.map((s) => (
            <rect
              key={`${s.day}-${s.part}`}
              class={`part-${s.part}`}
              x={s.x}
              y={s.y}
              width={s.width}
              height={s.height}
              data-day={s.day}
              data-credits={s.credits}
            >
              <title>{`${shortDay(s.day)}: ${PART_LABELS[s.part]}, ${formatCredits(s.credits)}`}</title>
            </rect>
          ))}
        </svg>
        {dailyCap !== undefined && (
          <div class="cap-overlay" aria-hidden="true">
            {onScale ? (
              <span class="chart-label cap-label" style={{ bottom: `${(dailyCap / max) * 100}%` }}>
                Daily cap
              </span>
            ) : (
              <span class="chart-label cap-label" style={{ bottom: '100%' }}>
                Daily cap {formatCredits(dailyCap)}: above this scale
              </span>
            )}
          </div>
        )}
        <div class="chart-days" aria-hidden="true">
          {dayLabels(bars.length).map(({ index, centre, minor }) => (
            <span
              key={index}
              class={`chart-label${minor ? ' minor' : ''}${index === bars.length - 1 ? ' last' : ''}`}
              style={index === bars.length - 1 ? undefined : { left: `${centre}%` }}
            >
              {shortDay(bars[index]!.day)}
            </span>
          ))}
        </div>
      </div>
      <figcaption>
        {caption}
        <span>{summary}</span>
        {used.length > 0 && (
          <ul class="legend" aria-label="Legend">
            {used.map((part) => (
              <li key={part}>
                <span class={`swatch part-${part}`} aria-hidden="true" />
                {PART_LABELS[part]}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
      <details>
        <summary>Show the figures as a table</summary>
        <table data-testid="usage-table">
          <caption class="visually-hidden">Credits per day by what they paid for</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {used.map((part) => (
                <th scope="col" key={part}>
                  {PART_LABELS[part]}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {bars
              .filter((bar) => bar.total > 0)
              .map((bar) => (
                <tr key={bar.day}>
                  <th scope="row">{shortDay(bar.day)}</th>
                  {used.map((part) => (
                    <td key={part}>{bar.parts[part]}</td>
                  ))}
                  <td>{bar.total}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

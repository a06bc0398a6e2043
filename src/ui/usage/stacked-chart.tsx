import { formatCredits } from '../../api/pricing';
import { SPEND_PARTS, type SpendPart } from '../../ledger/entry';
import { type DayBar, PART_LABELS } from '../../ledger/usage';
import { type ChartBox, layoutBars } from './chart-layout';

const BOX: ChartBox = { width: 640, height: 220, left: 40, bottom: 22 };

/** "22 Nov" from a local day `YYYY-MM-DD`. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/** The parts that have credits in any bar (the legend and the table show only those). */
const partsUsed = (bars: readonly DayBar[]): SpendPart[] =>
  SPEND_PARTS.filter((part) => bars.some((bar) => bar.parts[part] > 0));

/**
 * Credits per day, stacked by what they paid for: an SVG chart (described for screen readers, each segment titled)
 * with a legend, and the same figures as a table.
 */
export function StackedChart({ bars }: { bars: readonly DayBar[] }) {
  const { segments, max, slot } = layoutBars(bars, BOX);
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
  const plotBottom = BOX.height - BOX.bottom;
  return (
    <figure class="usage-chart">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={`Credits per day. ${summary} The table below has every figure.`}
        data-testid="usage-chart"
        data-max={max}
      >
        {[0, max / 2, max].map((tick) => {
          const y = plotBottom - (tick / max) * plotBottom + (tick === max ? 8 : 0);
          return (
            <g key={tick} class="tick">
              <line
                x1={BOX.left}
                x2={BOX.width}
                y1={plotBottom - (tick / max) * plotBottom}
                y2={plotBottom - (tick / max) * plotBottom}
              />
              <text x={BOX.left - 4} y={y} text-anchor="end">
                {tick}
              </text>
            </g>
          );
        })}
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
        {bars.map((bar, i) =>
          i % 7 === bars.length % 7 || i === bars.length - 1 ? (
            <text
              key={bar.day}
              class="day"
              x={BOX.left + i * slot + slot / 2}
              y={BOX.height - 6}
              text-anchor="middle"
            >
              {shortDay(bar.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption>
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

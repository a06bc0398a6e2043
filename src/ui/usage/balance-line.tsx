import { formatCredits } from '../../api/pricing';
import { formatNumber } from '../../format/numbers';

const W = 640;
const H = 120;
const PAD = 6;

/** The balance over time as a line with its highest and lowest values beside it, described in words. */
export function BalanceLine({ points }: { points: ReadonlyArray<{ at: string; remaining: number }> }) {
  if (points.length === 0) return <p class="muted">No balance has been reported in the last 30 days.</p>;
  const first = points[0]!;
  const last = points.at(-1)!;
  const lowest = Math.min(...points.map((p) => p.remaining));
  const highest = Math.max(...points.map((p) => p.remaining));
  const t0 = new Date(first.at).getTime();
  const span = Math.max(1, new Date(last.at).getTime() - t0);
  const range = Math.max(1, highest - lowest);
  const path = points
    .map((p) => {
      const x = PAD + ((new Date(p.at).getTime() - t0) / span) * (W - 2 * PAD);
      const y = PAD + ((highest - p.remaining) / range) * (H - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const when = (at: string) =>
    new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const words = `Balance ${formatCredits(first.remaining)} on ${when(first.at)}, ${formatCredits(last.remaining)} on ${when(last.at)}; lowest ${formatCredits(lowest)}.`;
  // The scale's values, as page text beside the stretched line (like the spending chart's): highest at the top
  // of the line's room, lowest at its foot.
  const edge = (PAD / H) * 100;
  const ticks = highest === lowest ? [highest] : [highest, lowest];
  return (
    <figure class="balance-line">
      <div class="chart-frame balance-frame">
        <div class="chart-scale" aria-hidden="true" style={{ width: `${formatCredits(highest).length}ch` }}>
          {ticks.map((value) => (
            <span
              key={value}
              class="chart-label"
              style={{ bottom: `${value === highest ? 100 - edge : edge}%` }}
              data-testid="balance-tick"
            >
              {formatNumber(value)}
            </span>
          ))}
        </div>
        <svg
          class="chart-plot"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={words}
          data-testid="balance-line"
        >
          <polyline points={path} fill="none" vector-effect="non-scaling-stroke" />
        </svg>
      </div>
      <figcaption>{words}</figcaption>
    </figure>
  );
}

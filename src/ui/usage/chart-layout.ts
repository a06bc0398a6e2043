/**
 * Where every rectangle of the stacked bar chart goes: one bar per day, parts stacked from the bottom in a fixed
 * order, heights in proportion to a rounded-up scale. Pure, so the chart's geometry is tested without a browser.
 */
import { type DayBar, USAGE_PARTS, type UsagePart } from '../../ledger/usage';

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the scale's labels on the left and the days under the bars. */
  left: number;
  bottom: number;
}

export interface Segment {
  day: string;
  part: UsagePart;
  credits: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A round top for the scale (1, 2, 5 × 10ⁿ), at least the highest bar, and never 0. */
export function niceMax(value: number): number {
  if (value <= 0) return 10;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value)!;
  return step * power;
}

/**
 * The segments of every bar (zero parts leave none), and the scale's top: at least `atLeast` (the daily cap, so its
 * line is on the chart and each day reads against it).
 */
export function layoutBars(
  bars: readonly DayBar[],
  box: ChartBox,
  atLeast = 0,
): { segments: Segment[]; max: number; slot: number } {
  const max = niceMax(Math.max(0, atLeast, ...bars.map((bar) => bar.total)));
  const plotHeight = box.height - box.bottom;
  const slot = (box.width - box.left) / Math.max(1, bars.length);
  const width = Math.max(1, slot * 0.7);
  const segments: Segment[] = [];
  bars.forEach((bar, i) => {
    let top = plotHeight;
    for (const part of USAGE_PARTS) {
      const credits = bar.parts[part];
      if (credits <= 0) continue;
      const height = (credits / max) * plotHeight;
      top -= height;
      segments.push({
        day: bar.day,
        part,
        credits,
        x: box.left + i * slot + (slot - width) / 2,
        y: top,
        width,
        height,
      });
    }
  });
  return { segments, max, slot };
}

/**
 * Whether the daily cap is drawn inside the scale: when it is at most four times the highest day (or nothing was
 * spent), so the bars keep a readable height beside it; above that, the chart names it at its top instead.
 */
export const capOnScale = (bars: readonly DayBar[], cap: number) => {
  const highest = Math.max(0, ...bars.map((bar) => bar.total));
  return highest === 0 || cap <= 4 * highest;
};

/** A day under the bars that carries its date: where its label goes, and whether a narrow chart leaves it out. */
export interface DayLabel {
  index: number;
  /** The bar's centre, in percent of the plot's width. */
  centre: number;
  /** Every other label, left out when the chart is too narrow for all of them to sit side by side. */
  minor: boolean;
}

/**
 * Which days are labelled: today and every seventh day before it (so the newest bar always has its date), every
 * other one of them minor.
 */
export function dayLabels(count: number): DayLabel[] {
  const labels: DayLabel[] = [];
  for (let back = 0; back < count; back += 7) {
    const index = count - 1 - back;
    labels.unshift({ index, centre: ((index + 0.5) / count) * 100, minor: (back / 7) % 2 === 1 });
  }
  return labels;
}

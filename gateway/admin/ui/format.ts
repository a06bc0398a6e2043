/** Times and figures as the console shows them: UTC, as the caps and the audit log count. */

/** "6 Dec 2026, 13:40 UTC". */
export function utcTime(iso: string): string {
  const d = new Date(iso);
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}, ${d
    .toISOString()
    .slice(11, 16)} UTC`;
}

/** "6 Dec" from `YYYY-MM-DD`. */
export function shortDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A cap typed in a field: empty is none; otherwise a whole number of credits, or undefined when it is not one. */
export function capInput(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) && Number(t) <= 2_000_000_000 ? Number(t) : undefined;
}

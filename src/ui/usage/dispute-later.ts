/** The dispute report (`dispute-report.tsx`), loaded when the usage page first shows it: the page opens without it. */
import { lazy } from '../sidepanel/lazy';

export const DisputeReportLater = lazy(() =>
  import('./dispute-report').then((module) => module.DisputeReport),
);

import type { ComponentChildren } from 'preact';
import { cutOffSettled } from '../../domain/outage';
import type { RevealJob } from '../../store/items/reveal-jobs';
import { cutOffMessage } from '../words/cut-off';

/**
 * A reveal whose outcome is unknown, said once in two short lines: what happened, and what its charge check found
 * (or that it is being checked), with the way to ask again as `children` where the screen offers it. Once its
 * charge is settled it is news, not an alarm: said once, quietly, and the contact is revealed like any other.
 */
export function CutOffNote({
  job,
  problem,
  againCost,
  children,
}: {
  job: RevealJob;
  /** Why the balance could not be checked, if it could not. */
  problem: string | null;
  /** The most asking again for what is still not held costs (see `cutOffMessage`). */
  againCost?: number | undefined;
  children?: ComponentChildren;
}) {
  const words = cutOffMessage(job, problem, againCost);
  if (cutOffSettled(job)) {
    return (
      <div class="notice" role="status" data-testid="cut-off">
        <strong>{words.title}</strong>
        <p>{words.charge}</p>
      </div>
    );
  }
  return (
    <div class="error" role="alert" data-testid="cut-off">
      <strong>{words.title}</strong>
      <p>{words.charge}</p>
      {children}
    </div>
  );
}

import type { ComponentChildren } from 'preact';
import type { RevealJob } from '../store/jobs';
import { cutOffMessage } from './words/cut-off';

/**
 * A reveal whose outcome is unknown, said once: what its charge check found (or that it is being checked), with the
 * way to ask again as `children` where the screen offers it.
 */
export function CutOffNote({
  job,
  problem,
  children,
}: {
  job: RevealJob;
  /** Why the balance could not be checked, if it could not. */
  problem: string | null;
  children?: ComponentChildren;
}) {
  return (
    <div class="error" role="alert" data-testid="cut-off">
      <strong>The last reveal was cut off</strong>
      <p>{cutOffMessage(job, problem)}</p>
      {children}
    </div>
  );
}

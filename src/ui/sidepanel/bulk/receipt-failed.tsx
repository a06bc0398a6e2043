/**
 * Which contacts of a bulk reveal failed, and why: the receipt counts them ("Failed (no charge)", "Charged, not
 * saved"), and this names each with the reason its job kept, folded under the counts. Contacts skipped for a
 * do-not-contact list, or held back by an unsettled reveal, are said on lines of their own and are not repeated here.
 */
import type { BulkJob } from '../../../bulk/job';
import { FAILED_NO_REASON, whyFailed } from '../../words/bulk-lost';

export function FailedContacts({ job }: { job: BulkJob }) {
  const failed = job.items.filter((item) => item.state === 'failed' && !item.listed && !item.heldBack);
  if (failed.length === 0) return null;
  return (
    <details class="bulk-failed" data-testid="bulk-failed">
      <summary>{whyFailed(failed.length)}</summary>
      <ul>
        {failed.map((item) => (
          <li key={item.key}>
            <strong>{item.name}</strong>: {item.problem ?? FAILED_NO_REASON}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What to do once a bulk reveal has ended: copy the emails it revealed (one a line), or export the contacts it
 * revealed as CSV. Both read the vault as the panel holds it; the job's contacts are read into it on showing.
 */
import { useEffect } from 'preact/hooks';
import type { BulkItem, BulkJob } from '../../../bulk/job';
import type { StoredProfile } from '../../../store/database/search';
import { CopyButton } from '../../components/copy-button';
import { BulkSendLater } from '../../send/later';
import { candidatesCsv, csvFileName, downloadText } from '../search/export-csv';
import type { VaultModel } from '../vault-model';

/** Contacts whose lookup found something, or that were held already. */
const withContact = (item: BulkItem) => item.state === 'revealed' || item.state === 'held';

/** A job's contact as an export row (the columns of search results). */
const asRow = (item: BulkItem): StoredProfile => ({
  id: item.target.candidateId ?? '',
  name: item.name,
  current_title: item.title ?? '',
  current_employer: item.employer ?? '',
  location: item.location ?? '',
  social_url: item.target.socialUrl,
});

export function ReceiptNext({
  job,
  vault,
}: {
  job: BulkJob;
  vault: Pick<VaultModel, 'want' | 'recordForTarget' | 'recordFor'>;
}) {
  const items = job.items.filter(withContact);
  useEffect(() => {
    void vault.want(items.map((item) => item.target));
  }, [job.id, items.length]);
  const emails = items.flatMap((item) => {
    const email = vault.recordForTarget(item.target)?.email;
    return email?.found ? [email.value] : [];
  });
  if (items.length === 0) return null;
  return (
    <>
      <p class="receipt-next">
        {emails.length > 0 && (
          <CopyButton value={emails.join('\n')} label={`${emails.length} emails`}>
            Copy the emails ({emails.length})
          </CopyButton>
        )}
        <button
          type="button"
          class="small"
          onClick={() => downloadText(csvFileName(), candidatesCsv(items.map(asRow), vault.recordFor))}
        >
          Export what was revealed
        </button>
      </p>
      <BulkSendLater
        keys={() => items.map((item) => item.key)}
        count={items.length}
        what={`the ${items.length} revealed`}
      />
    </>
  );
}

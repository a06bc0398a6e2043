/** What a contact's card and its table row both show: its values, its LinkedIn link, its sent marks, its delete. */

import { flagOnItem } from '../../domain/flags';
import type { SentRecord } from '../../store/database/sent';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { Address } from '../components/address';
import { CopyButton } from '../components/copy-button';
import { Icon } from '../components/icons';
import { SentMark } from '../send/sent-mark';
import type { ContactSummary } from './library-reads';
import type { LibraryModel } from './model';

/** The name a row shows, and every label naming it. */
export const nameOf = (contact: ContactSummary) => contact.name ?? 'Name not known';

/** The address or the number a record holds, and whether it is flagged wrong. */
export function heldValue(record: ContactRecord | undefined, item: 'email' | 'phone') {
  const state = record?.[item];
  if (!record || !state?.found) return null;
  return { value: state.value, flagged: flagOnItem(record, item) !== null };
}

/** The address or the number itself with its copy icon, or nothing when the contact has none; struck when flagged wrong. */
export function Value({
  value,
  label,
  name,
  flagged = false,
  oneLine = false,
}: {
  value: string | undefined;
  label: string;
  name: string;
  flagged?: boolean;
  /** Kept on one line, cut short to its cell (Chromium breaks at a `<wbr>` even where text may not wrap). */
  oneLine?: boolean;
}) {
  if (!value) return null;
  const text = oneLine ? value : <Address value={value} />;
  return (
    <span class="library-item">
      <span class="library-value" title={value}>
        {flagged ? <s>{text}</s> : text}
      </span>{' '}
      <CopyButton value={value} label={`${label} of ${name}`} />
    </span>
  );
}

/** The way to the contact's LinkedIn profile, when the vault knows it. */
export function ProfileLink({
  contact,
  record,
}: {
  contact: ContactSummary;
  record: ContactRecord | undefined;
}) {
  const profile = record?.socialUrl ?? (contact.key.startsWith('id:') ? null : contact.key);
  if (!profile) return null;
  return (
    <a
      class="profile-link"
      href={profile}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${nameOf(contact)} on LinkedIn`}
      title="Open the LinkedIn profile"
    >
      <Icon name="external" size={14} />
    </a>
  );
}

/** "In Lever · 3 Nov" for each destination the contact was sent to. */
export function Marks({ marks }: { marks: readonly SentRecord[] | undefined }) {
  if (!marks?.length) return null;
  return (
    <span class="library-marks">
      {marks.map((record) => (
        <SentMark key={record.key} record={record} />
      ))}
    </span>
  );
}

/** One contact's Delete, quiet (grey words, not a column of red); its confirm says what it destroys. */
export function DeleteOne({ m, contact }: { m: LibraryModel; contact: ContactSummary }) {
  const name = nameOf(contact);
  return (
    <button
      type="button"
      class="small quiet"
      aria-label={`Delete ${name}`}
      onClick={() => {
        if (confirm(`Delete ${name} from this browser? Revealing them again costs credits.`)) {
          void m.remove([contact.key]);
        }
      }}
    >
      Delete
    </button>
  );
}

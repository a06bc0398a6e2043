/**
 * The email and phone the vault holds, in full, each with its copy icon: the compact form of a contact for a list
 * row and for the tab's person. `data-key` marks the copy buttons the panel's shortcuts press (e copies the email, p the
 * phone). Items looked up and not found are said in two words; the longer items fold away under "More".
 */
import type { ComponentChildren } from 'preact';
import { RETRIEVABLE } from '../../../api/schema-parts';
import { formatNumber } from '../../../format/numbers';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import type { RevealJob } from '../../../store/items/reveal-jobs';
import { Address } from '../../components/address';
import { ContactCard } from '../../components/contact-card';
import { CopyButton } from '../../components/copy-button';
import { notFoundDay } from '../../helpers/not-found';
import { plainText } from '../../words/errors';
import { notFoundOn } from '../../words/items';
import { PANEL_WORDS } from '../../words/panel';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The held email and phone, with what was not found, and the longer items folded. */
export function HeldContact({
  record,
  large = false,
  children,
}: {
  record: ContactRecord;
  large?: boolean;
  /** Said on the same line, after the contact (a row's charge). */
  children?: ComponentChildren;
}) {
  const { email, phone, ...rest } = record;
  const nothing = !RETRIEVABLE.some((item) => record[item]?.found);
  // A person the service had nothing for is said once, with the day; else each item it found no value of.
  const missing = nothing
    ? [notFoundOn(notFoundDay(record))]
    : [
        email && !email.found ? PANEL_WORDS.noEmail : null,
        phone && !phone.found ? PANEL_WORDS.noPhone : null,
      ].filter(Boolean);
  const more = record.detailed_profile?.found || record.healthcare_profile?.found;
  return (
    <div class={large ? 'held held-large' : 'held'}>
      {email?.found && (
        <span class="held-item" data-item="email" data-key="copy-email">
          {large && <span class="label">Email</span>}
          <a href={`mailto:${email.value}`}>
            <Address value={email.value} />
          </a>
          <CopyButton value={email.value} label="email" />
        </span>
      )}
      {phone?.found && (
        <span class="held-item" data-item="phone" data-key="copy-phone">
          {large && <span class="label">Phone</span>}
          <a href={telHref(phone.value)}>
            <Address value={phone.value} />
          </a>
          <CopyButton value={phone.value} label="phone" />
        </span>
      )}
      {missing.length > 0 && (
        <span class="held-missing muted" data-testid="held-missing">
          {missing.join(' · ')}
        </span>
      )}
      {children}
      {more && (
        <details class="held-more">
          <summary>More</summary>
          <ContactCard record={rest} />
        </details>
      )}
    </div>
  );
}

/**
 * What a row's own reveal charged, in one short line beside the contact ("Charged 3 · 08:07"); the service's
 * billing note is one click away under it.
 */
export function RowCharge({ job }: { job: RevealJob }) {
  const charged = job.requested.length === 0 ? 0 : (job.charged ?? 0);
  const at = job.finishedAt
    ? new Date(job.finishedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : '';
  const line = `Charged ${formatNumber(charged)}${at ? ` · ${at}` : ''}`;
  return job.billingNote ? (
    <details class="row-charge">
      <summary data-testid="charged">{line}</summary>
      <span class="muted">{plainText(job.billingNote)}</span>
    </details>
  ) : (
    <span class="row-charge" role="status" data-testid="charged">
      {line}
    </span>
  );
}

import type { Retrievable } from '../api/schema-parts';
import type { ContactRecord, ItemState } from '../storage';
import { CopyButton } from './copy-button';
import { ITEM_LABEL } from './items';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** One item of a list whose structure the service does not define: text as is, objects as their values. */
export function describeItem(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (Array.isArray(item)) return item.map(describeItem).filter(Boolean).join(', ');
  if (typeof item === 'object') {
    return Object.values(item as Record<string, unknown>)
      .map(describeItem)
      .filter(Boolean)
      .join(' · ');
  }
  return '';
}

function NotFound({ item, state }: { item: Retrievable; state: ItemState }) {
  return (
    <p class="not-found" data-item={item}>
      {ITEM_LABEL[item]}: not found, no credits charged{' '}
      <span class="muted">(looked up {date(state.at)})</span>
    </p>
  );
}

function ListSection({ title, items }: { title: string; items: unknown[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h4>{title}</h4>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{describeItem(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/** What the vault holds for a contact. Renders text only (never HTML from the service). */
export function ContactCard({ record }: { record: ContactRecord }) {
  const { email, phone, detailed_profile: detailed, healthcare_profile: npi } = record;
  return (
    <article class="contact" aria-label="Revealed contact">
      {record.unknownAt && (
        <p class="not-found">
          The service does not know this profile (looked up {date(record.unknownAt)}). No credits charged.
        </p>
      )}
      {email?.found && (
        <p class="item" data-item="email">
          <span class="label">Email</span> <a href={`mailto:${email.value}`}>{email.value}</a>{' '}
          <CopyButton value={email.value} label="email" />
        </p>
      )}
      {email && !email.found && <NotFound item="email" state={email} />}
      {phone?.found && (
        <p class="item" data-item="phone">
          <span class="label">Phone</span>{' '}
          <a href={`tel:${phone.value.replace(/[^\d+]/g, '')}`}>{phone.value}</a>{' '}
          <CopyButton value={phone.value} label="phone" />
        </p>
      )}
      {phone && !phone.found && <NotFound item="phone" state={phone} />}
      {detailed?.found && (
        <div class="detailed" data-item="detailed_profile">
          <ListSection title="Skills" items={detailed.value.skills} />
          <ListSection title="Experience" items={detailed.value.experience} />
          <ListSection title="Education" items={detailed.value.education} />
          <ListSection title="Job history" items={detailed.value.job_history} />
        </div>
      )}
      {detailed && !detailed.found && <NotFound item="detailed_profile" state={detailed} />}
      {npi?.found && (
        <dl class="npi" data-item="healthcare_profile">
          <dt>NPI</dt>
          <dd>{npi.value.npi_number ?? '—'}</dd>
          <dt>License</dt>
          <dd>
            {npi.value.license_number ?? '—'}
            {npi.value.license_state ? ` (${npi.value.license_state})` : ''}
          </dd>
          <dt>Specialty</dt>
          <dd>{npi.value.specialty ?? '—'}</dd>
          <dt>Credentials</dt>
          <dd>{npi.value.credentials ?? '—'}</dd>
        </dl>
      )}
      {npi && !npi.found && <NotFound item="healthcare_profile" state={npi} />}
    </article>
  );
}

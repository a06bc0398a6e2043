import type { Retrievable } from '../api/schema-parts';
import type { ContactRecord, ItemState } from '../storage';
import { CopyButton } from './copy-button';
import { ITEM_LABEL } from './items';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

type Fields = Record<string, unknown>;
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
const first = (item: Fields, ...keys: string[]) => keys.map((key) => text(item[key])).find(Boolean) ?? '';

/** "2017-06 – 2020-06", "2020-07 – present": null or missing end with a start means current. */
function period(item: Fields): string {
  const start = first(item, 'start_date', 'start_year', 'start', 'from');
  const end = first(item, 'end_date', 'end_year', 'end', 'to');
  if (!start && !end) return '';
  return `${start || '?'} – ${end || (item.is_current === false ? '?' : 'present')}`;
}

/**
 * One item of a list whose structure the service does not define (skills, experience, education, job history).
 * Storage returns objects with their keys sorted, so the order of fields cannot be trusted: the usual fields are
 * put in a reading order ("Staff Nurse at Harborview, 2017-06 – 2020-06"; "Bachelor of Science in Nursing,
 * Northeastern University, 2013 – 2017"), and anything else falls back to its text values.
 */
export function describeItem(item: unknown): string {
  if (item === null || item === undefined || typeof item === 'boolean') return '';
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (Array.isArray(item)) return item.map(describeItem).filter(Boolean).join(', ');
  if (typeof item !== 'object') return '';
  const fields = item as Fields;
  const title = first(fields, 'title', 'position', 'role');
  const company = first(fields, 'company', 'employer', 'organization', 'company_name');
  const school = first(fields, 'school', 'institution', 'university');
  const when = period(fields);
  if (title || company) {
    const role = [title, company].filter(Boolean).join(' at ');
    return [role, first(fields, 'location'), when].filter(Boolean).join(', ');
  }
  if (school) {
    const degree = first(fields, 'degree', 'degree_abbreviation');
    const major = first(fields, 'major', 'field_of_study', 'field');
    // "Bachelor of Science in Nursing" already names its major; "MBA" + "Finance" does not.
    const what =
      major && !degree.toLowerCase().includes(major.toLowerCase())
        ? [degree, major].filter(Boolean).join(' in ')
        : degree;
    return [what, school, when].filter(Boolean).join(', ');
  }
  const name = first(fields, 'name', 'skill');
  if (name) return name;
  return Object.values(fields).map(describeItem).filter(Boolean).join(' · ');
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

import type { Retrievable } from '../../api/schema-parts';
import { flagOnItem, withoutFlagged } from '../../domain/flags';
import type { ContactRecord, ItemState } from '../../store/database/vault/vault-record';
import { ForgetLater } from '../do-not-contact/forget-later';
import { downloadText } from '../helpers/download';
import { toVCard, vcardFileName } from '../helpers/vcard';
import { ITEM_LABEL, ITEMS } from '../items';
import { PrivacyLater } from '../privacy/privacy-later';
import { PRIVACY_WORDS } from '../privacy/words';
import { SendButtonsLater } from '../send/later';
import { careerDate, exactTime, revealedOn } from '../words/age';
import { notFoundOn } from '../words/items';
import { jobChangeLine } from '../words/trust';
import { Address } from './address';
import { CopyButton } from './copy-button';
import { FlagFormLater, FlagNoteLater, UpdateInDestinationLater } from './flags-later';

type Fields = Record<string, unknown>;
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
const first = (item: Fields, ...keys: string[]) => keys.map((key) => text(item[key])).find(Boolean) ?? '';

/** "Jun 2017 – Jun 2020", "Jul 2020 – present": null or missing end with a start means current. */
function period(item: Fields): string {
  const start = careerDate(first(item, 'start_date', 'start_year', 'start', 'from'));
  const end = careerDate(first(item, 'end_date', 'end_year', 'end', 'to'));
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
    <p class="not-found" data-item={item} title={exactTime(state.at)}>
      {ITEM_LABEL[item]}: {notFoundOn(state.at)}
    </p>
  );
}

/**
 * The contact itself, the largest text of the card: the value in full (a link that mails or calls), its copy icon
 * button beside it at any width.
 */
function Hero({
  item,
  label,
  href,
  value,
  at,
  flagged = false,
}: {
  item: Retrievable;
  label: string;
  href: string;
  value: string;
  /** When it was bought: said beside its label ("Email · Revealed 3 Mar 2025"). */
  at: string;
  /** Flagged wrong: shown struck through (`flags.tsx` says by whom, under it). */
  flagged?: boolean;
}) {
  return (
    <p class="hero" data-item={item}>
      <span class="label" title={exactTime(at)}>
        {label} · {revealedOn(at)}
      </span>
      <a class="hero-value" href={href}>
        {flagged ? (
          <s>
            <Address value={value} />
          </s>
        ) : (
          <Address value={value} />
        )}
      </a>
      <CopyButton value={value} label={label.toLowerCase()} />
    </p>
  );
}

/** "· Revealed 3 Mar 2025" beside a folded item's name: every held item says when it was bought. */
const Bought = ({ at }: { at: string }) => (
  <span class="bought" title={exactTime(at)}>
    · {revealedOn(at)}
  </span>
);

type Level = 2 | 3 | 4;
const Heading = ({ level, children }: { level: Level; children: string }) => {
  const Tag = `h${level}` as 'h2';
  return <Tag>{children}</Tag>;
};

function ListSection({ title, items, level }: { title: string; items: unknown[]; level: Level }) {
  if (items.length === 0) return null;
  return (
    <section>
      <Heading level={level}>{title}</Heading>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{describeItem(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/** "Ada Lovelace\nada@example.org\n+44 …": what "Copy all" puts on the clipboard. */
export function contactText(record: ContactRecord, fallbackName?: string): string {
  return [
    record.name ?? fallbackName,
    record.email?.found ? record.email.value : null,
    record.phone?.found ? record.phone.value : null,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * What the vault holds for a contact, result first: email and phone in full, the largest text, each with its copy
 * icon button, then "Copy all", "Save vCard" and the privacy actions (`privacy/`), then the longer items folded (so a full reveal fits a 600 px popup), then what was not found.
 * `level` is the heading level of the folded sections' titles: one below the heading the card sits under.
 * Renders text only (never HTML from the service).
 */
export function ContactCard({
  record,
  name,
  level = 3,
}: {
  record: ContactRecord;
  /** The visible name to save when the vault has none. */
  name?: string | undefined;
  level?: Level;
}) {
  const { email, phone, detailed_profile: detailed, healthcare_profile: npi } = record;
  const reachable = email?.found || phone?.found;
  // What "Copy all" and the .vcf give: items flagged wrong left out, as in every export.
  const usable = withoutFlagged(record);
  return (
    <article class="contact" aria-label="Revealed contact">
      {record.observed && (
        <p class="job-change" data-testid="job-change" title={exactTime(record.observed.at)}>
          {jobChangeLine(record.observed)}
        </p>
      )}
      {record.observed && <UpdateInDestinationLater record={record} />}
      {record.flags?.person && <FlagNoteLater record={record} target="person" />}
      {record.unknownAt && (
        <p class="not-found" title={exactTime(record.unknownAt)}>
          {notFoundOn(record.unknownAt)}
        </p>
      )}
      {email?.found && (
        <Hero
          item="email"
          label="Email"
          href={`mailto:${email.value}`}
          value={email.value}
          at={email.at}
          flagged={flagOnItem(record, 'email') !== null}
        />
      )}
      {record.flags?.email && <FlagNoteLater record={record} target="email" />}
      {phone?.found && (
        <Hero
          item="phone"
          label="Phone"
          href={`tel:${phone.value.replace(/[^\d+]/g, '')}`}
          value={phone.value}
          at={phone.at}
          flagged={flagOnItem(record, 'phone') !== null}
        />
      )}
      {record.flags?.phone && <FlagNoteLater record={record} target="phone" />}
      {reachable && (
        <div class="row actions">
          <CopyButton value={contactText(usable, name)} label="name, email and phone">
            Copy all
          </CopyButton>
          <button
            type="button"
            class="small"
            onClick={() =>
              downloadText(
                vcardFileName(record.name ?? name),
                toVCard(usable, name),
                'text/vcard;charset=utf-8',
              )
            }
          >
            {/* "vCard", as the library's export names the same file. */}
            Save vCard
          </button>
          {/* On this row, not the forms' line below: at 320 px that line is full, and the popup has 600 px. */}
          <PrivacyLater record={record} />
        </div>
      )}
      {reachable && <SendButtonsLater contactKey={record.key} />}
      {/* The two rarely opened forms share one line while closed: the popup has 600 px for the person. */}
      <div class="card-forms">
        <FlagFormLater record={record} />
        <ForgetLater record={record} />
        {record.notice && (
          <span class="muted notice-copied" title={exactTime(record.notice.at)}>
            {PRIVACY_WORDS.copiedOn(record.notice.at)}
          </span>
        )}
      </div>
      {detailed?.found && (
        <details class="detailed" data-item="detailed_profile">
          <summary>
            <span>{ITEM_LABEL.detailed_profile}</span> <Bought at={detailed.at} />
          </summary>
          <ListSection level={level} title="Skills" items={detailed.value.skills} />
          <ListSection level={level} title="Experience" items={detailed.value.experience} />
          <ListSection level={level} title="Education" items={detailed.value.education} />
          <ListSection level={level} title="Job history" items={detailed.value.job_history} />
        </details>
      )}
      {npi?.found && (
        <details class="npi-data" data-item="healthcare_profile">
          <summary>
            <span>{ITEM_LABEL.healthcare_profile}</span> <Bought at={npi.at} />
          </summary>
          <dl class="npi">
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
        </details>
      )}
      {ITEMS.map((item) => {
        const state = record[item];
        return state && !state.found ? <NotFound key={item} item={item} state={state} /> : null;
      })}
    </article>
  );
}

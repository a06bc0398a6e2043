/**
 * The library as a table, on a page at least 720 px wide: one line a contact (name, title, company, location,
 * email, phone, when revealed, where sent), sortable by the column headers. Sorting follows the WAI-ARIA
 * Authoring Practices' sortable table: each sortable header's text is a button, and `aria-sort` is set on the one
 * header the rows are sorted by, and on no other (https://www.w3.org/WAI/ARIA/apg/patterns/table/examples/sortable-table/).
 * A contact opened shows its card on a line of its own under its row, the address and the number there only.
 */

import type { SentRecord } from '../../store/database/sent';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { ContactCard } from '../components/contact-card';
import { ageInWords, exactTime } from '../words/age';
import { NOT_FOUND } from '../words/items';
import { jobChangeLine } from '../words/trust';
import type { ContactSummary } from './library-reads';
import type { LibraryModel } from './model';
import type { Sort } from './query';
import { RemovalNote } from './removal';
import { DeleteOne, heldValue, Marks, nameOf, ProfileLink, Value } from './row-parts';
import { CHANGED_MARK, COLUMNS } from './words';

type Column = (typeof COLUMNS)[number];

/** Which way each order runs, as `aria-sort` says it: newest first is a date descending. */
const DIRECTION: Record<Sort, 'ascending' | 'descending'> = {
  newest: 'descending',
  oldest: 'ascending',
  name: 'ascending',
  'name-desc': 'descending',
  title: 'ascending',
  'title-desc': 'descending',
  company: 'ascending',
  'company-desc': 'descending',
  location: 'ascending',
  'location-desc': 'descending',
};

function Header({ m, column }: { m: LibraryModel; column: Column }) {
  if (!('sorts' in column)) return <th scope="col">{column.label}</th>;
  const [first, second] = column.sorts;
  const sort = m.q.value.sort;
  const direction = (column.sorts as readonly Sort[]).includes(sort) ? DIRECTION[sort] : undefined;
  return (
    <th scope="col" aria-sort={direction}>
      <button
        type="button"
        class="sort"
        onClick={() => m.setQuery({ sort: sort === first ? second : first })}
      >
        {column.label}
        {/* The direction drawn; a column not sorted by shows another shape, not only another colour. */}
        <span class="sort-mark" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '◇'}
        </span>
      </button>
    </th>
  );
}

/** An item asked for and not found: said in words, no date (the Revealed column has it). */
function Missing({ record, item }: { record: ContactRecord | undefined; item: 'email' | 'phone' }) {
  const state = record?.[item];
  const missing = (state && !state.found) || (record?.unknownAt && !state);
  return missing ? <span class="nothing-found">{NOT_FOUND}</span> : null;
}

function TableRow({
  m,
  contact,
  record,
  marks,
}: {
  m: LibraryModel;
  contact: ContactSummary;
  record: ContactRecord | undefined;
  marks: readonly SentRecord[] | undefined;
}) {
  const name = nameOf(contact);
  const isOpen = m.opened.value?.key === contact.key;
  const email = heldValue(record, 'email');
  const phone = heldValue(record, 'phone');
  const selected = m.selected.value.has(contact.key);
  return (
    <>
      <tr class={selected ? 'library-row selected' : 'library-row'} data-key={contact.key}>
        <td class="pick-cell">
          <input
            type="checkbox"
            class="pick"
            checked={selected}
            onChange={(e) => m.select([contact.key], e.currentTarget.checked)}
            aria-label={`Select ${name}`}
          />
        </td>
        <th scope="row" class="name-cell">
          <span class="cell-line">
            <button
              type="button"
              class="link library-name"
              aria-expanded={isOpen}
              title={name}
              onClick={() => void m.open(isOpen ? null : contact.key)}
            >
              {name}
            </button>
            <ProfileLink contact={contact} record={record} />
          </span>
          <RemovalNote contact={contact} marks={marks} />
        </th>
        <td title={contact.title ?? undefined}>
          {contact.changed && record?.observed && (
            <span class="changed-mark" title={jobChangeLine(record.observed)}>
              {CHANGED_MARK}
            </span>
          )}{' '}
          {contact.title}
        </td>
        <td title={contact.employer ?? undefined}>{contact.employer}</td>
        <td title={contact.location}>{contact.location}</td>
        {/* Open, the card under the row shows the address and the number: each once. */}
        <td class="value-cell">
          {!isOpen && (
            <Value value={email?.value} label="email" name={name} flagged={email?.flagged} oneLine />
          )}
          {!email && <Missing record={record} item="email" />}
        </td>
        <td class="value-cell">
          {!isOpen && (
            <Value value={phone?.value} label="phone" name={name} flagged={phone?.flagged} oneLine />
          )}
          {!phone && <Missing record={record} item="phone" />}
        </td>
        <td title={exactTime(contact.updated)}>{ageInWords(contact.updated)}</td>
        <td>{!isOpen && <Marks marks={marks} />}</td>
      </tr>
      {isOpen && m.opened.value && (
        <tr class="library-open">
          <td />
          <td colSpan={COLUMNS.length}>
            <ContactCard record={m.opened.value} level={3} />
            <p class="row">
              <DeleteOne m={m} contact={contact} />
            </p>
          </td>
        </tr>
      )}
    </>
  );
}

export function LibraryTable({
  m,
  rows,
  records,
  marks,
}: {
  m: LibraryModel;
  rows: readonly ContactSummary[];
  records: ReadonlyMap<string, ContactRecord>;
  marks: ReadonlyMap<string, SentRecord[]>;
}) {
  return (
    <table class="library-table" aria-labelledby="list-title">
      <thead>
        <tr>
          <th scope="col" class="pick-cell">
            <span class="visually-hidden">Selected</span>
          </th>
          {COLUMNS.map((column) => (
            <Header key={column.id} m={m} column={column} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((contact) => (
          <TableRow
            key={contact.key}
            m={m}
            contact={contact}
            record={records.get(contact.key)}
            marks={marks.get(contact.key)}
          />
        ))}
      </tbody>
    </table>
  );
}

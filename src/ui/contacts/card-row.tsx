/** One contact as a card, on a page narrower than the table needs: name, role, address and number, when revealed. */

import type { SentRecord } from '../../store/database/sent';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { ContactCard } from '../components/contact-card';
import { ageInWords, exactTime } from '../words/age';
import { ITEM_LABEL, notFoundOn } from '../words/items';
import type { ContactSummary } from './library-reads';
import type { LibraryModel } from './model';
import { RemovalNote } from './removal';
import { DeleteOne, heldValue, Marks, nameOf, ProfileLink, Value } from './row-parts';

export function CardRow({
  m,
  contact,
  record,
  marks,
}: {
  m: LibraryModel;
  contact: ContactSummary;
  /** The contact's record, once read: the row shows its address and number. */
  record: ContactRecord | undefined;
  marks: readonly SentRecord[] | undefined;
}) {
  const name = nameOf(contact);
  const isOpen = m.opened.value?.key === contact.key;
  const role = [contact.title, contact.employer].filter(Boolean).join(' at ');
  const email = heldValue(record, 'email');
  const phone = heldValue(record, 'phone');
  // Items held that are not the address or the number (a detailed profile, healthcare data) are named.
  const others = contact.held.filter((item) => item !== 'email' && item !== 'phone');
  return (
    <li class="library-row" data-key={contact.key}>
      <div class="library-row-head">
        <span class="library-row-title">
          <input
            type="checkbox"
            class="pick"
            checked={m.selected.value.has(contact.key)}
            onChange={(e) => m.select([contact.key], e.currentTarget.checked)}
            aria-label={`Select ${name}`}
          />
          <h3>
            <button
              type="button"
              class="link library-name"
              aria-expanded={isOpen}
              onClick={() => void m.open(isOpen ? null : contact.key)}
            >
              {name}
            </button>
            <ProfileLink contact={contact} record={record} />
          </h3>
        </span>
        <DeleteOne m={m} contact={contact} />
      </div>
      {role && <p class="muted">{role}</p>}
      {/* Open, the card below shows the address and the number (each once, the largest text). */}
      {!isOpen && (
        <p class="held">
          {contact.held.length > 0 ? (
            <>
              <Value value={email?.value} label="email" name={name} flagged={email?.flagged} />
              <Value value={phone?.value} label="phone" name={name} flagged={phone?.flagged} />
              {others.length > 0 && (
                <span class="muted">{others.map((item) => ITEM_LABEL[item]).join(', ')}</span>
              )}
              <span class="muted" title={exactTime(contact.updated)}>
                revealed {ageInWords(contact.updated)}
              </span>
            </>
          ) : (
            // Nothing was revealed, and the row must not look like one that was: one date, the day it was asked.
            <span class="nothing-found" title={exactTime(contact.updated)}>
              {notFoundOn(new Date(contact.updated).toISOString())}
            </span>
          )}
          <Marks marks={marks} />
          <RemovalNote contact={contact} marks={marks} />
        </p>
      )}
      {isOpen && m.opened.value && <ContactCard record={m.opened.value} level={4} />}
    </li>
  );
}

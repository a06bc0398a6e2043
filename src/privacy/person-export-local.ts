/**
 * What this browser holds about one person, for an access request: the contact's record (who, each item and when it
 * was bought, flags, a job change seen, the notice copied), where it was sent, the ledger's charges for it, and
 * whether the person is on this browser's do-not-contact list. In the console's shape (`person-export.ts`), so an
 * answer made from the extension and one from the team's console read alike. Read only, offline, free.
 */
import { RETRIEVABLE } from '../api/schema-parts';
import { dncIdentifiers } from '../domain/do-not-contact';
import { localEntryOf } from '../store/database/do-not-contact';
import { chargesAbout } from '../store/database/ledger/ledger-subject';
import { sentFor } from '../store/database/sent';
import type { ContactRecord } from '../store/database/vault/vault-record';
import type { ExportFlag, PersonExport } from './person-export';

/** Who did a thing kept in this browser (a teammate's name when the team gateway said so). */
export const THIS_BROWSER = 'this browser';

const CHARGE_STATUS = {
  charged: 'charged',
  confirmed: 'charged',
  uncertain: 'not yet known',
  'not-charged': 'not charged',
};

export async function exportHeld(record: ContactRecord, now = new Date()): Promise<PersonExport> {
  const email = record.email?.found ? record.email.value : null;
  const [sent, charges, listed] = await Promise.all([
    sentFor([record.key]).then((marks) => marks.get(record.key) ?? []),
    chargesAbout([
      record.key,
      ...(record.socialUrl && record.socialUrl !== record.key ? [record.socialUrl] : []),
    ]),
    localEntryOf(
      dncIdentifiers({ socialUrl: record.socialUrl, candidateId: record.candidateId, emails: [email] }),
    ),
  ]);
  const flags: ExportFlag[] = [];
  for (const target of ['email', 'phone', 'person'] as const) {
    const flag = record.flags?.[target];
    if (!flag) continue;
    flags.push({
      target,
      ...(flag.value ? { value: flag.value } : {}),
      ...(flag.note ? { note: flag.note } : {}),
      flagged_by: flag.by ?? THIS_BROWSER,
      flagged_at: flag.at,
      ...(flag.unflagged
        ? { unflagged_by: flag.unflagged.by ?? THIS_BROWSER, unflagged_at: flag.unflagged.at }
        : {}),
    });
  }
  return {
    asked: record.socialUrl ?? record.candidateId ?? record.key,
    exported_at: now.toISOString(),
    person: {
      profile_url: record.socialUrl,
      candidate_id: record.candidateId,
      name: record.name,
      title: record.currentTitle,
      employer: record.currentEmployer,
      location: record.location ?? null,
    },
    items: RETRIEVABLE.flatMap((item) => {
      const state = record[item];
      if (!state) return [];
      return [
        {
          item,
          found: state.found,
          value: state.found ? state.value : null,
          revealed_by: THIS_BROWSER,
          revealed_at: state.at,
        },
      ];
    }),
    sends: sent
      .filter((mark) => mark.state === 'sent')
      .map((mark) => ({
        destination: mark.destinationId,
        label: mark.label,
        status: mark.status ?? 'created',
        ...(mark.recordId ? { record_id: mark.recordId } : {}),
        ...(mark.link ? { link: mark.link } : {}),
        sent_by: mark.sentBy ?? THIS_BROWSER,
        sent_at: mark.sentAt,
        updated_at: mark.updatedAt,
      })),
    flags,
    charges: charges.map((charge) => ({
      member: THIS_BROWSER,
      action: charge.action,
      credits: charge.state === 'uncertain' ? null : charge.credits,
      status: CHARGE_STATUS[charge.state],
      at: charge.at,
    })),
    // The audit log is the team gateway's: this browser keeps none.
    audit: [],
    do_not_contact: listed
      ? { reason: listed.reason, added_by: THIS_BROWSER, added_at: listed.addedAt }
      : null,
    observations: record.observed
      ? [
          {
            title: record.observed.title,
            employer: record.observed.employer,
            seen_by: record.observed.by ?? THIS_BROWSER,
            seen_at: record.observed.at,
          },
        ]
      : [],
    notice: record.notice
      ? { first_copied_at: record.notice.first, last_copied_at: record.notice.at, copied_by: THIS_BROWSER }
      : null,
  };
}

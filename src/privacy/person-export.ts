/**
 * What is held about one person, for an access request (GDPR Article 15), in one shape for the team's console
 * (`gateway/person-export.ts`, the team's records) and for the extension (`person-export-local.ts`, this browser's):
 * an answer made from both reads alike, section by section, and its CSV has the same columns.
 *
 * The JSON keeps the stored names (a tool reads it); the CSV is read by a person, so it says each in words.
 */
import { DNC_REASON_WORDS } from '../domain/do-not-contact-words';

export interface ExportSend {
  destination: string;
  label: string;
  status: string;
  record_id?: string;
  link?: string;
  sent_by: string;
  sent_at: string;
  updated_at: string;
}

export interface ExportFlag {
  target: string;
  value?: string;
  note?: string;
  flagged_by: string;
  flagged_at: string;
  unflagged_by?: string;
  unflagged_at?: string;
}

export interface PersonExport {
  /** The profile address or service id the export was asked for. */
  asked: string;
  exported_at: string;
  person: {
    profile_url: string | null;
    candidate_id: string | null;
    name: string | null;
    title: string | null;
    employer: string | null;
    /** Where the person is, as LinkedIn said (the extension keeps it; the team vault does not). */
    location?: string | null;
  } | null;
  items: { item: string; found: boolean; value: unknown; revealed_by: string; revealed_at: string }[];
  sends: ExportSend[];
  flags: ExportFlag[];
  charges: { member: string; action: string; credits: number | null; status: string; at: string }[];
  audit: { at: string; kind: string; actor: string; what: string }[];
  do_not_contact: { reason: string; added_by: string; added_at: string } | null;
  /** A job change LinkedIn showed since the reveal (kept by the extension). */
  observations?: { title: string | null; employer: string | null; seen_by: string; seen_at: string }[];
  /** When the person's privacy notice was copied to be sent to them (kept by the extension). */
  notice?: { first_copied_at: string; last_copied_at: string; copied_by: string } | null;
}

const ITEM_WORDS: Readonly<Record<string, string>> = {
  email: 'Email',
  phone: 'Phone',
  detailed_profile: 'Detailed profile',
  healthcare_profile: 'Healthcare data',
};

/** What a charge was: the team gateway's ledger names (lookup, jd_search) and the extension's (reveal, bulk-reveal). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  lookup: 'Reveal',
  reveal: 'Reveal',
  'bulk-reveal': 'Bulk reveal',
  search: 'Search',
  jd_search: 'Job description search',
  'jd-search': 'Job description search',
};

/** A charge's state, in both ledgers' names. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  charged: 'charged',
  not_charged: 'not charged',
  'not charged': 'not charged',
  pending: 'not yet known',
  unknown: 'may have been charged',
  'not yet known': 'not yet known',
};

/** A stored name in words; a name this version does not know is shown as it is rather than dropped. */
const say = (words: Readonly<Record<string, string>>, name: string): string =>
  Object.hasOwn(words, name) ? (words[name] as string) : name;

/** The export as CSV rows (header first): one row a fact, in sections, so a spreadsheet shows it whole. */
export function personExportRows(data: PersonExport): string[][] {
  const rows: string[][] = [['Section', 'What', 'Value', 'Who', 'When']];
  const p = data.person;
  if (p) {
    for (const [what, value] of [
      ['Profile address', p.profile_url],
      ['Service id', p.candidate_id],
      ['Name', p.name],
      ['Title', p.title],
      ['Employer', p.employer],
      ['Location', p.location],
    ] as const) {
      if (value) rows.push(['Person', what, value, '', '']);
    }
  }
  for (const item of data.items) {
    const value = item.found
      ? typeof item.value === 'string'
        ? item.value
        : JSON.stringify(item.value)
      : 'not found';
    rows.push(['Item', say(ITEM_WORDS, item.item), value, item.revealed_by, item.revealed_at]);
  }
  for (const send of data.sends) rows.push(['Sent', send.label, send.link ?? '', send.sent_by, send.sent_at]);
  for (const flag of data.flags) {
    rows.push(['Flag', flag.target, flag.note ?? '', flag.flagged_by, flag.flagged_at]);
    if (flag.unflagged_by && flag.unflagged_at)
      rows.push(['Flag taken back', flag.target, '', flag.unflagged_by, flag.unflagged_at]);
  }
  for (const o of data.observations ?? [])
    rows.push([
      'Job change seen',
      [o.title, o.employer].filter(Boolean).join(' at '),
      '',
      o.seen_by,
      o.seen_at,
    ]);
  for (const c of data.charges)
    rows.push([
      'Charge',
      say(ACTION_WORDS, c.action),
      `${c.credits ?? '?'} credits (${say(STATUS_WORDS, c.status)})`,
      c.member,
      c.at,
    ]);
  for (const e of data.audit) rows.push(['Audit log', e.kind, e.what, e.actor, e.at]);
  if (data.do_not_contact) {
    const d = data.do_not_contact;
    rows.push(['Do not contact', say(DNC_REASON_WORDS, d.reason), '', d.added_by, d.added_at]);
  }
  if (data.notice) {
    const n = data.notice;
    rows.push(['Privacy notice', 'first copied', '', n.copied_by, n.first_copied_at]);
    if (n.last_copied_at !== n.first_copied_at)
      rows.push(['Privacy notice', 'last copied', '', n.copied_by, n.last_copied_at]);
  }
  return rows;
}

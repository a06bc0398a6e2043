/**
 * The privacy notice a sourced candidate is owed, as a template the team edits and the card fills.
 *
 * GDPR Article 14 ("Information to be provided where personal data have not been obtained from the data subject"):
 * within a month of obtaining the data, the person must be told who holds it (14(1)(a)), why and on what basis
 * (14(1)(c), 14(2)(b): legitimate interests), which categories are held (14(1)(d)), how long it is kept (14(2)(a)),
 * their rights to access, correction, erasure and objection (14(2)(c)), that they may complain to a supervisory
 * authority (14(2)(e)), and where the data came from (14(2)(f)). The default text names each in plain words; the
 * blanks are filled per contact, so the team edits words, never facts.
 *
 * Pure: no storage, no screen. The card, Options, the gateway's console and the tests share it.
 */
import { formatNumber } from '../format/numbers';

/** The blanks a template may use, each filled per contact (see {@link fillNotice}). */
export const NOTICE_BLANKS = ['name', 'who', 'source', 'items', 'kept', 'contact'] as const;
export type NoticeBlank = (typeof NOTICE_BLANKS)[number];

/** What one blank means, for the editors in Options and the console. */
export const NOTICE_BLANK_WORDS: Record<NoticeBlank, string> = {
  name: 'the person’s name',
  who: 'your team’s name, or “the recruiter who sent you this message”',
  source: 'where the data came from: the candidate service, and LinkedIn when the profile is known',
  items: 'what is held: name, role, email, phone…, those held',
  kept: 'how long it is kept, as the extension applies it',
  contact: 'how to object or be erased (the contact line below)',
};

export const NOTICE_LIMITS = { template: 3000, contact: 300 } as const;

/** The team's (or this browser's) notice: the template and the contact line `{contact}` is filled with. */
export interface NoticeText {
  template: string;
  contact: string;
}

// Article 14's items, one a line, in the order a reader asks them (see the module's comment for the paragraphs).
export const DEFAULT_NOTICE_TEMPLATE = `Hello {name},

Data protection law asks me to tell you how I came to have your contact details.

Who holds them: {who}.
Where they came from: {source}.
What we hold: {items}.
Why: to contact you about roles that may suit you, in our legitimate interest in recruiting.
How long: {kept}.
Your rights: you may ask to see, correct or erase this data, or object to its use, at any time: {contact}. You may also complain to your data protection authority.`;

/** Said when the team set no contact line: the person can always answer the message the notice comes in. */
export const DEFAULT_NOTICE_CONTACT = 'reply to this message';

export const DEFAULT_NOTICE: NoticeText = {
  template: DEFAULT_NOTICE_TEMPLATE,
  contact: DEFAULT_NOTICE_CONTACT,
};

const BLANK = /\{([^{}\s]{1,40})\}/g;

/**
 * What is wrong with a notice as typed, in words to show beside it; null when it can be saved. A template must keep
 * `{contact}` (the way to object, Art. 14(2)(c)) and `{source}` (Art. 14(2)(f)): without them the copied text would
 * leave out what the law asks it to say.
 */
export function noticeProblem(text: NoticeText): string | null {
  const template = text.template.trim();
  if (!template) return 'Write the notice, or put the default text back.';
  if (template.length > NOTICE_LIMITS.template)
    return `Keep the notice under ${formatNumber(NOTICE_LIMITS.template)} characters.`;
  if (text.contact.trim().length > NOTICE_LIMITS.contact)
    return `Keep the contact line under ${NOTICE_LIMITS.contact} characters.`;
  const unknown = [...template.matchAll(BLANK)]
    .map((match) => match[1]!)
    .filter((blank) => !(NOTICE_BLANKS as readonly string[]).includes(blank));
  if (unknown.length > 0)
    return `{${unknown[0]}} is not a blank the notice fills. Use ${NOTICE_BLANKS.map((b) => `{${b}}`).join(', ')}.`;
  for (const needed of ['source', 'contact'] as const) {
    if (!template.includes(`{${needed}}`))
      return `Keep {${needed}} in the notice: the person must be told ${needed === 'source' ? 'where the data came from' : 'how to object or be erased'}.`;
  }
  return null;
}

/** What one contact's notice says, gathered from what is held of them (see `notice-facts.ts`). */
export interface NoticeFacts {
  name: string | null;
  /** The team's name; null without a team gateway. */
  team: string | null;
  /** The person's LinkedIn profile address, when the contact is known by one. */
  profile: string | null;
  /** The items held, in words ("email address", "phone number"). */
  items: readonly string[];
  /** How long they are kept, in words ("up to 365 days after they were last updated, then deleted"). */
  kept: string;
}

/** "a, b and c". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The notice for one contact: the template with every blank filled; an unknown blank is left as typed. */
export function fillNotice(text: NoticeText, facts: NoticeFacts): string {
  const values: Record<NoticeBlank, string> = {
    name: facts.name?.trim() || 'there',
    who: facts.team?.trim() || 'the recruiter who sent you this message',
    source: facts.profile
      ? `the candidate service we use to find contact details, and your public LinkedIn profile (${facts.profile})`
      : 'the candidate service we use to find contact details',
    items: listInWords(facts.items) || 'your name',
    kept: facts.kept,
    contact: text.contact.trim() || DEFAULT_NOTICE_CONTACT,
  };
  return text.template
    .trim()
    .replace(BLANK, (whole, blank: string) =>
      (NOTICE_BLANKS as readonly string[]).includes(blank) ? values[blank as NoticeBlank] : whole,
    );
}

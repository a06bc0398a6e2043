/**
 * The zod schemas of every message's data. Only the background imports them (to validate what it receives); the
 * protocol map in `messages.ts` uses their types alone, so pages and the content script do not carry them.
 *
 * Every string has a size limit with a plain message (the router shows it as is), so oversized input is refused
 * before the background does anything with it.
 */
import * as z from 'zod/mini';
import { DNC_REASONS } from '../api/dnc-reasons';
import { SearchRequest } from '../api/schema';
import { RETRIEVABLE } from '../api/schema-parts';
import { BULK_MAX_CONTACTS } from '../bulk/job';
import { formatNumber } from '../format/numbers';
import { MESSAGE_LIMITS } from '../input-limits';
import { SEARCH_MODES } from '../store/database/search';
import { SentRecord } from '../store/database/sent';
import { FLAG_TARGETS } from '../store/database/vault/vault-flags';
import { ContactRecord } from '../store/database/vault/vault-record';

/** A string of at most `max` characters, refused with `what` in a plain sentence. */
const text = (max: number, what: string) =>
  z
    .string()
    .check(z.maxLength(max, `${what} is too long: it can be at most ${formatNumber(max)} characters.`));

/** What the content script reports about the page a tab shows. Identity is the URL; name and headline are hints. */
export const ProfileDetection = z.strictObject({
  /** Canonical `https://www.linkedin.com/in/<slug>`, or null when the page is not a profile. */
  socialUrl: z.nullable(z.string().check(z.maxLength(300))),
  nameHint: z.optional(z.string().check(z.maxLength(200))),
  headlineHint: z.optional(z.string().check(z.maxLength(300))),
});

export const SaveConnectionInput = z.strictObject({
  baseUrl: text(MESSAGE_LIMITS.baseUrl, 'The service address'),
  /** Absent: keep the stored key. */
  apiKey: z.optional(text(MESSAGE_LIMITS.apiKey, 'The API key')),
});

const address = z.optional(text(MESSAGE_LIMITS.baseUrl, 'The address'));
const secretText = (what: string) => text(MESSAGE_LIMITS.apiKey, what);

/** Options, Send to: a key to list Lever's users with (free). */
export const LeverUsersInput = z.strictObject({ apiKey: secretText('The Lever API key'), baseUrl: address });

/** Options, Send to: a key to list Ashby's sources with (free). */
export const AshbySourcesInput = z.strictObject({
  apiKey: secretText('The Ashby API key'),
  baseUrl: address,
});

/** Options, Send to: a destination to check (free) and keep. */
export const SaveDestinationInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('lever'),
    apiKey: secretText('The Lever API key'),
    performAs: text(200, 'The Lever user'),
    postingId: z.optional(text(200, 'The Lever posting')),
    baseUrl: address,
  }),
  z.strictObject({
    kind: z.literal('ashby'),
    apiKey: secretText('The Ashby API key'),
    sourceId: z.optional(text(200, 'The Ashby source')),
    baseUrl: address,
  }),
  z.strictObject({
    kind: z.literal('hubspot'),
    token: secretText('The HubSpot access token'),
    baseUrl: address,
  }),
  z.strictObject({
    kind: z.literal('greenhouse'),
    clientId: secretText('The Greenhouse client ID'),
    clientSecret: secretText('The Greenhouse client secret'),
    baseUrl: address,
  }),
  z.strictObject({
    kind: z.literal('workable'),
    token: secretText('The Workable access token'),
    subdomain: text(100, 'The Workable account'),
    shortcode: z.optional(text(100, 'The Workable job')),
    baseUrl: address,
  }),
  z.strictObject({ kind: z.literal('webhook'), url: text(MESSAGE_LIMITS.baseUrl, 'The webhook address') }),
]);

/** A saved destination, by its id. */
export const DestinationIdInput = z.strictObject({ id: text(100, 'The destination') });

/** Popup, side panel, library: send one revealed contact to one saved destination (free). */
export const SendContactInput = z.strictObject({
  contactKey: text(MESSAGE_LIMITS.profileUrl, 'A contact key'),
  destinationId: text(100, 'The destination'),
});

/** Library, side panel: send many revealed contacts to one saved destination (free). */
export const StartBulkSendInput = z.strictObject({
  destinationId: text(100, 'The destination'),
  keys: z
    .array(text(MESSAGE_LIMITS.profileUrl, 'A contact key'))
    .check(z.maxLength(2_000, 'A bulk send takes at most 2,000 contacts.')),
});
export const BulkSendControlInput = z.strictObject({
  action: z.enum(['pause', 'resume', 'cancel', 'dismiss']),
});

const hint = (what: string) => z.optional(text(MESSAGE_LIMITS.hint, what));

export const RevealInput = z.strictObject({
  target: z.strictObject({
    socialUrl: z.optional(z.nullable(text(MESSAGE_LIMITS.profileUrl, 'The profile URL'))),
    candidateId: z.optional(z.nullable(text(MESSAGE_LIMITS.candidateId, 'The candidate id'))),
  }),
  selection: z
    .array(z.enum(RETRIEVABLE))
    .check(z.maxLength(RETRIEVABLE.length, `A reveal can ask for at most ${RETRIEVABLE.length} items.`)),
  retryNotFound: z.optional(z.boolean()),
  /**
   * The user clicked "Check again": held items of the selection bought longer ago than the setting are asked anew
   * (the background judges their age itself, so an item checked meanwhile elsewhere is not bought twice).
   */
  checkAgain: z.optional(z.boolean()),
  /** The user saw that the last reveal of this contact was cut off (and what it was charged), and asks again. */
  retryCutOff: z.optional(z.boolean()),
  /** The user saw that the stored contact could not be read, and asks the service again. */
  replaceUnreadable: z.optional(z.boolean()),
  hints: z.optional(
    z.strictObject({
      name: hint('The name'),
      currentTitle: hint('The title'),
      currentEmployer: hint('The employer'),
      location: hint('The location'),
    }),
  ),
});

/** A reveal job cut off by a stopped worker: check what it was charged (free: the account call). */
export const JobInput = z.strictObject({ jobId: text(100, 'The job id') });

export const NoInput = z.optional(z.undefined());

/**
 * A search body from the side panel: the contract's shape (`SearchRequest`), with the texts' size limits in plain
 * words. The spec's cross-field rules are checked by the background before anything is stored, and values and
 * filters against `LIMITS` with the search's own message (`searchSizeProblem`), which names the value that is too
 * long.
 */
export const StartSearchInput = z.strictObject({
  mode: z.enum(SEARCH_MODES),
  request: z.strictObject({
    ...SearchRequest.shape,
    free_text_search: z.optional(text(MESSAGE_LIMITS.selection, 'The free text')),
    jd_search: z.optional(text(MESSAGE_LIMITS.selection, 'The job description')),
  }),
});

export const PageInput = z.strictObject({ start: z.int().check(z.gte(1)) });
export const NameInput = z.strictObject({ name: text(MESSAGE_LIMITS.searchName, 'The search name') });
export const IdInput = z.strictObject({ id: text(MESSAGE_LIMITS.savedSearchId, 'The saved search id') });
/** Vault keys (canonical profile URLs or `id:<candidate id>`), as many as the library lists. */
export const KeysInput = z.strictObject({
  keys: z.array(text(MESSAGE_LIMITS.profileUrl, 'A contact key')).check(z.maxLength(200_000)),
});
/** Contacts a delete took out of the vault, whole, handed back for Undo by the library that deleted them. */
export const TakenOutInput = z.strictObject({
  records: z.array(ContactRecord).check(z.maxLength(200_000)),
  sent: z.array(SentRecord).check(z.maxLength(2_000_000)),
});
export const RenameInput = z.strictObject({
  id: text(MESSAGE_LIMITS.savedSearchId, 'The saved search id'),
  name: text(MESSAGE_LIMITS.searchName, 'The search name'),
});
export const SelectionSearchInput = z.strictObject({
  mode: z.enum(['free_text', 'jd']),
  text: text(MESSAGE_LIMITS.selection, 'The selected text'),
  /** The user agreed to search with the first 300 characters of an over-long selection. */
  trim: z.optional(z.boolean()),
});

/** A row selected for a bulk reveal: its identifiers and what to call it. */
const BulkCandidateInput = z.strictObject({
  target: z.strictObject({
    socialUrl: z.nullable(text(MESSAGE_LIMITS.profileUrl, 'A profile URL')),
    candidateId: z.nullable(text(MESSAGE_LIMITS.candidateId, 'A candidate id')),
  }),
  name: text(MESSAGE_LIMITS.hint, 'A name'),
  title: z.optional(text(MESSAGE_LIMITS.hint, 'A title')),
  employer: z.optional(text(MESSAGE_LIMITS.hint, 'An employer')),
  location: z.optional(text(MESSAGE_LIMITS.hint, 'A location')),
});

export const StartBulkInput = z.strictObject({
  candidates: z
    .array(BulkCandidateInput)
    .check(
      z.maxLength(
        BULK_MAX_CONTACTS,
        `A bulk reveal can hold at most ${formatNumber(BULK_MAX_CONTACTS)} contacts.`,
      ),
    ),
  selection: z
    .array(z.enum(RETRIEVABLE))
    .check(z.maxLength(RETRIEVABLE.length, `A reveal can ask for at most ${RETRIEVABLE.length} items.`)),
  stopWhenOut: z.boolean(),
  confirmedMax: z.int().check(z.gte(0)),
});

export const BulkControlInput = z.strictObject({
  action: z.enum(['pause', 'resume', 'cancel', 'dismiss', 'recheck', 'wake']),
});

export const TabInput = z.strictObject({ tabId: z.int().check(z.gte(0)) });

const pageText = (max: number) => z.nullable(z.string().check(z.maxLength(max)));

/**
 * A LinkedIn tab's answer to "what is on this page" (`PageRead` in src/sites/linkedin/read-request.ts). Sizes only:
 * the background re-derives the page kind from the tab's URL and re-canonicalises every URL itself.
 */
export const PageReadReply = z.strictObject({
  url: z.string().check(z.maxLength(4000)),
  people: z
    .array(
      z.strictObject({
        name: pageText(200),
        headline: pageText(300),
        location: pageText(200),
        publicUrl: pageText(2000),
        pageUrl: pageText(2000),
      }),
    )
    .check(z.maxLength(250)),
  cards: z.int().check(z.gte(0)),
  /** Structure only, built by src/sites/linkedin/structure-report.ts (1,200 outline lines at most). */
  report: pageText(200_000),
});

/** "Find a person": an email address, a GitHub profile URL, or a name with a company domain (empty for none). */
export const FindPersonInput = z.strictObject({
  query: z.union([
    z.strictObject({ kind: z.literal('email'), email: text(MESSAGE_LIMITS.findText, 'The email address') }),
    z.strictObject({
      kind: z.literal('github'),
      url: text(MESSAGE_LIMITS.profileUrl, 'The GitHub profile URL'),
    }),
    z.strictObject({
      kind: z.literal('name'),
      name: text(MESSAGE_LIMITS.findText, 'The name'),
      companyDomain: text(MESSAGE_LIMITS.findText, 'The company website'),
    }),
  ]),
});

/** People to ask the team gateway about (what the team holds for them, free): a search page at most. */
export const TeamHeldInput = z.strictObject({
  people: z
    .array(
      z.strictObject({
        socialUrl: z.optional(z.nullable(text(MESSAGE_LIMITS.profileUrl, 'A profile URL'))),
        candidateId: z.optional(z.nullable(text(MESSAGE_LIMITS.candidateId, 'A candidate id'))),
      }),
    )
    .check(z.maxLength(100, 'Ask about at most 100 people at a time.')),
});

/** Flag an item of a revealed contact wrong, or take the flag back (`src/background/flags.ts`). */
/** "Update in Lever": tell the destination a contact was sent to of the job change LinkedIn showed since. */
export const NoteJobChangeInput = z.strictObject({
  key: text(MESSAGE_LIMITS.profileUrl, 'A contact key'),
  destinationId: text(100, 'The destination'),
});

export const FlagContactInput = z.strictObject({
  key: text(MESSAGE_LIMITS.profileUrl, 'A contact key'),
  target: z.enum(FLAG_TARGETS),
  wrong: z.boolean(),
  note: z.optional(text(MESSAGE_LIMITS.flagNote, 'The note')),
});

/** A person to put on the do-not-contact list from Options: a profile address and emails (at least one), and why. */
export const AddDoNotContactInput = z.strictObject({
  socialUrl: z.optional(text(MESSAGE_LIMITS.profileUrl, 'The profile address')),
  emails: z.optional(
    z
      .array(text(320, 'An email address'))
      .check(z.maxLength(20, 'Give at most 20 email addresses at a time.')),
  ),
  reason: z.enum(DNC_REASONS),
});

/** An entry of this browser's do-not-contact list, to take off. */
export const DoNotContactEntryInput = z.strictObject({ entry: text(100, 'An entry') });

/** A contact to forget (`src/background/privacy/forget.ts`): its vault key. */
export const ForgetContactInput = z.strictObject({ key: text(MESSAGE_LIMITS.profileUrl, 'A contact key') });

/** The contact whose privacy notice was just copied. */
export const NoticeCopiedInput = z.strictObject({ key: text(MESSAGE_LIMITS.profileUrl, 'A contact key') });

/**
 * The zod schemas of every message's data. Only the background imports them (to validate what it receives); the
 * protocol map in `messaging.ts` uses their types alone, so pages and the content script do not carry them.
 */
import * as z from 'zod/mini';
import { RETRIEVABLE } from './api/schema-parts';
import { BULK_MAX_CONTACTS } from './bulk/job';
import { SEARCH_MODES } from './storage';

/** What the content script reports about the page a tab shows. Identity is the URL; name and headline are hints. */
export const ProfileDetection = z.strictObject({
  /** Canonical `https://www.linkedin.com/in/<slug>`, or null when the page is not a profile. */
  socialUrl: z.nullable(z.string().check(z.maxLength(300))),
  nameHint: z.optional(z.string().check(z.maxLength(200))),
  headlineHint: z.optional(z.string().check(z.maxLength(300))),
});

export const SaveConnectionInput = z.strictObject({
  baseUrl: z.string().check(z.maxLength(2000)),
  /** Absent: keep the stored key. */
  apiKey: z.optional(z.string().check(z.maxLength(500))),
});

const hint = () => z.optional(z.string().check(z.maxLength(300)));

export const RevealInput = z.strictObject({
  target: z.strictObject({
    socialUrl: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
    candidateId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  }),
  selection: z.array(z.enum(RETRIEVABLE)).check(z.maxLength(RETRIEVABLE.length)),
  retryNotFound: z.optional(z.boolean()),
  hints: z.optional(z.strictObject({ name: hint(), currentTitle: hint(), currentEmployer: hint() })),
});

export const NoInput = z.optional(z.undefined());

/**
 * A search body from the side panel. Its shape is checked here only loosely (sizes); the client checks it against
 * the contract and the spec's rules before any request.
 */
export const StartSearchInput = z.strictObject({
  mode: z.enum(SEARCH_MODES),
  request: z.looseObject({
    search_criteria: z.optional(z.record(z.string(), z.unknown())),
    free_text_search: z.optional(z.string().check(z.maxLength(20_000))),
    jd_search: z.optional(z.string().check(z.maxLength(50_000))),
    page_size: z.optional(z.int()),
    include_similar_titles: z.optional(z.boolean()),
  }),
});

export const PageInput = z.strictObject({ start: z.int().check(z.gte(1)) });
export const NameInput = z.strictObject({ name: z.string().check(z.maxLength(500)) });
export const IdInput = z.strictObject({ id: z.string().check(z.maxLength(100)) });
export const RenameInput = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  name: z.string().check(z.maxLength(500)),
});
export const SelectionSearchInput = z.strictObject({
  mode: z.enum(['free_text', 'jd']),
  text: z.string().check(z.maxLength(50_000)),
  /** The user agreed to search with the first 300 characters of an over-long selection. */
  trim: z.optional(z.boolean()),
});

/** A row selected for a bulk reveal: its identifiers and what to call it. */
const BulkCandidateInput = z.strictObject({
  target: z.strictObject({
    socialUrl: z.nullable(z.string().check(z.maxLength(2000))),
    candidateId: z.nullable(z.string().check(z.maxLength(200))),
  }),
  name: z.string().check(z.maxLength(300)),
  title: z.optional(z.string().check(z.maxLength(300))),
  employer: z.optional(z.string().check(z.maxLength(300))),
});

export const StartBulkInput = z.strictObject({
  candidates: z.array(BulkCandidateInput).check(z.maxLength(BULK_MAX_CONTACTS)),
  selection: z.array(z.enum(RETRIEVABLE)).check(z.maxLength(RETRIEVABLE.length)),
  stopWhenOut: z.boolean(),
  confirmedMax: z.int().check(z.gte(0)),
});

export const BulkControlInput = z.strictObject({
  action: z.enum(['pause', 'resume', 'cancel', 'dismiss', 'wake']),
});

/**
 * Refusals in plain words: the service's and the extension's error messages, said once, with the next step, and
 * with no API name in them. Part of `src/ui/words/`.
 */
import {
  ApiError,
  type ApiErrorJSON,
  describeError,
  type ErrorDescription,
  type ErrorPlace,
} from '../../api/errors';
import { STORAGE_FAILED, STORAGE_FULL, storageProblem } from '../../store/storage-problem';

/** Other names of the contract a message from the service may contain, in plain words. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  search_criteria: 'search filters',
  free_text_search: 'free text',
  jd_search: 'job description',
  page_size: 'page size',
  include_similar_titles: 'similar titles',
  social_url: 'profile URL',
  candidate_id: 'candidate ID',
  lookup_identifier: 'profile',
  lookup_type: 'profile',
  reveal_personal_email: 'personal email',
  reveal_phone: 'mobile phone',
  reveal_detailed_person_enrichment: 'detailed profile',
  reveal_healthcare_enrichment: 'healthcare data',
  detailed_profile: 'detailed profile',
  healthcare_profile: 'healthcare data',
  contact_data_retrieved: 'details found',
  credits_info: 'credits',
  billing_note: 'billing note',
  npi_data: 'NPI data',
};

/** A snake_case name of the contract, as it may appear inside a sentence. */
const API_NAME = /(?<![\w.@-])["`']?([a-z]+(?:_[a-z]+)+)["`']?(?![\w@-])/g;

/**
 * A sentence from elsewhere (the service, a check) with any API name in it replaced by plain words: the known ones
 * by their words ("free_text_search" -> "free text"), any other by its parts ("current_title" -> "current title").
 */
export function plainText(text: string): string {
  return text
    .replace(API_NAME, (_, name: string) => OTHER_NAMES[name] ?? name.replace(/_/g, ' '))
    .replace(/::~(\d+(?:\.\d+)?)\s*(mi|km)\b/gi, ' within $1 $2');
}

/** Text that only an engineer could read: schema checker output, message names, stack-like lines. */
const TECHNICAL = /✖|→|Invalid "|\bat path\b|\binvalid_\w+|\{|\}|\bZod\b/;

const MAY_HAVE_CHARGED = /\s*(The service )?(It )?may have (been )?charged[^.]*\.\s*/gi;

/** What a refusal's detail says when the original text is not for a recruiter's eyes. */
const PLAIN_DETAIL: Partial<Record<ApiErrorJSON['kind'], string>> = {
  'invalid-request': 'The extension could not read what was asked.',
  'malformed-response': 'The answer did not look as expected.',
  http: 'The service gave an answer the extension does not expect.',
};

/**
 * The one next step a screen offers as a control beside an error's words: Options, the cap's own field, sending
 * the same call again, or asking the balance again (after credits were added).
 */
export type ErrorAction = 'open-options' | 'open-cap' | 'retry' | 'check-balance';

/** An error as a screen says it: a title, what happened, the next step, and the control that takes it. */
export interface ErrorWords extends Omit<ErrorDescription, 'action'> {
  action?: ErrorAction;
}

/** Where credits come from: the service has no page for it, so the person who holds the account adds them. */
export const ADD_CREDITS = 'Ask your account admin to add credits';

/** The service cannot be reached: every screen says it in these words (see `service.ts`). */
export const SERVICE_DOWN = "Can't reach the candidate service right now";

/** Calls that failed for a moment and may be sent again as they were (nothing can have been charged). */
const RETRYABLE: ReadonlySet<ApiErrorJSON['kind']> = new Set([
  'server',
  'rate-limited',
  'timeout',
  'network',
]);

/**
 * An error as the UI says it: a title, one sentence of what happened (API names replaced, technical text left
 * out), and the next step, each said once, with the control that takes it. "May have charged" is said only in the
 * next step, and such a call is never offered as a plain retry.
 */
export function errorWords(raw: ApiErrorJSON | unknown, place?: ErrorPlace): ErrorWords {
  const error = ownWords(raw);
  const described = describeError(error, place);
  const json = error as Partial<ApiErrorJSON> | null;
  const kind = json?.kind;
  let detail = described.detail;
  if (TECHNICAL.test(detail)) {
    detail = (kind && PLAIN_DETAIL[kind]) ?? 'The extension could not complete this.';
  }
  detail = plainText(detail);
  if (described.nextStep && /may have charged/i.test(described.nextStep)) {
    detail = detail.replace(MAY_HAVE_CHARGED, ' ').trim();
  }
  const out: ErrorWords = { title: plainText(described.title), detail };
  if (described.nextStep) out.nextStep = plainText(described.nextStep);
  if (described.action) out.action = described.action;
  if (kind === 'insufficient-credits') {
    // The balance is the point; how a reveal is charged is said beside its price, not again here.
    out.detail = out.detail.replace(/ A reveal needs its most in balance[^.]*\./, '');
    out.nextStep = `${ADD_CREDITS}${json?.operation === 'lookup' ? ', or reveal fewer items.' : ', then try again.'}`;
    out.action = 'check-balance';
  } else if (kind === 'invalid-key') {
    // The title says it was refused; the detail says what that may mean, not the same again.
    out.detail = 'It may be mistyped, or no longer active.';
  } else if (kind === 'over-cap') {
    // The control beside it opens the cap's own field: the way there is not spelled out too.
    out.detail = out.detail.replace(/\s*To go ahead, raise the cap in Options[^.]*\./, '');
    out.nextStep = 'To go ahead, raise the cap.';
    out.action = 'open-cap';
  } else if (kind === 'network' && place !== 'options') {
    // Set up and working before: the service is out of reach, not the address wrong. Retry when nothing can have
    // been charged; one that may have been is the screen's to check, never Options.
    out.title = SERVICE_DOWN;
    out.detail = json?.outcomeUnknown
      ? 'The connection dropped before an answer came.'
      : 'Nothing was charged.';
    if (json?.outcomeUnknown) delete out.action;
    else {
      out.nextStep = 'Try again in a moment.';
      out.action = 'retry';
    }
  } else if ((kind === 'storage-full' || kind === 'storage-failed') && /^Charged /.test(out.detail)) {
    // Paid, not kept: asking again is a new charge, and is said so.
    out.nextStep = `${kind === 'storage-full' ? 'Free some space' : 'Restart the browser'}, then reveal again: it is charged again.`;
  } else if (kind === 'unexpected') {
    out.action = 'retry';
  } else if (kind === 'server') {
    out.detail = 'Nothing was charged.';
    out.nextStep = 'Try again now or in a few minutes.';
    out.action = 'retry';
  } else if (kind && RETRYABLE.has(kind) && !json?.outcomeUnknown && !out.action) {
    out.action = 'retry';
  }
  // A detail that only repeats the title says nothing.
  if (out.detail.replace(/\W/g, '').toLowerCase() === out.title.replace(/\W/g, '').toLowerCase())
    out.detail = '';
  return out;
}

/**
 * Anything that is not one of the product's errors (a raw exception, or a fault of the extension stored with the
 * browser's own text by an earlier version) becomes one: its raw text is never on screen.
 */
function ownWords(error: unknown): unknown {
  const json = ApiError.fromJSON(error);
  const raw = json ? (json.kind === 'unexpected' ? json.message : null) : error;
  if (json && raw === null) return error;
  const problem = storageProblem(raw);
  if (json && !problem) return error;
  const own = new ApiError(
    problem === 'full'
      ? { kind: 'storage-full', message: STORAGE_FULL }
      : problem === 'failed'
        ? { kind: 'storage-failed', message: STORAGE_FAILED }
        : { kind: 'unexpected', message: 'Something went wrong in the extension.' },
  ).toJSON();
  return json ? { ...own, outcomeUnknown: json.outcomeUnknown } : own;
}

/** Which cap an over-cap refusal speaks of, for the way to its field. */
export const capOf = (text: string): 'daily' | 'monthly' => (/monthly/i.test(text) ? 'monthly' : 'daily');

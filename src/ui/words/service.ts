/** The service out of reach, in words (part of `src/ui/words/`): said once, where it is met, with Retry beside it. */

/** The service does not answer: the title of the notice, and why a paid button waits (kept with every refusal's words). */
export { SERVICE_DOWN } from './errors';

/** What the notice adds: nothing paid is offered until the service answers (it is asked again by itself too). */
export const SERVICE_DOWN_DETAIL = 'Nothing paid is sent until it answers.';

/** The Retry button while its check is out. */
export const RETRYING = 'Trying again…';

/** The id of the notice, which a paid button waiting on it names as its reason. */
export const SERVICE_DOWN_ID = 'service-down';

/** Said when nothing can be revealed without a key; `NO_KEY_NEXT` always follows it, as a link to Options. */
export const NO_KEY = 'No API key yet.';

/** The way on from `NO_KEY`: the link to Options, in the popup and the side panel alike. */
export const NO_KEY_NEXT = 'Set up your key in Options';

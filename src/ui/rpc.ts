/**
 * The UI's way to ask the background for anything. Answers are {@link Result}s; a background that cannot be reached
 * (the extension was just reloaded, or its worker was stopped while answering) becomes an error result too, in plain
 * words, so screens have one path for failure.
 */
import { ApiError } from '../api/errors';
import { type ProtocolMap, sendMessage } from '../protocol/messages';
import type { Result } from '../protocol/result';

type Input<K extends keyof ProtocolMap> = Parameters<ProtocolMap[K]>[0];
type PageMessage = Exclude<keyof ProtocolMap, 'profileSeen'>;

/**
 * Calls that cost nothing and change nothing paid: sent once more, by themselves, when the background did not
 * answer (a stopped worker starts again on the next message). A paid call is never sent twice this way: its job,
 * written before its request, says what became of it.
 */
const FREE_CALLS: ReadonlySet<PageMessage> = new Set<PageMessage>([
  'refreshAccount',
  'checkCutOffReveal',
  'teamHeld',
  'pagePeople',
  'gitHubProfileOnTab',
  'tabPerson',
]);

/** What the screen says when the background did not answer: no browser text, which is for engineers. */
export const NO_ANSWER = 'The extension did not answer: it may have been restarting.';

export async function call<K extends PageMessage>(
  type: K,
  ...input: Input<K> extends undefined ? [] : [Input<K>]
): Promise<ReturnType<ProtocolMap[K]>> {
  const send = () =>
    (sendMessage as (t: K, d?: unknown) => Promise<ReturnType<ProtocolMap[K]>>)(type, input[0]);
  try {
    return await send().catch((error: unknown) => {
      if (FREE_CALLS.has(type)) return send();
      throw error;
    });
  } catch (error) {
    const failure: Result<never> = {
      ok: false,
      error: new ApiError({
        kind: 'unexpected',
        message: NO_ANSWER,
        detail: error instanceof Error ? error.message : String(error),
      }).toJSON(),
    };
    return failure as ReturnType<ProtocolMap[K]>;
  }
}

/**
 * The UI's way to ask the background for anything. Answers are {@link Result}s; a background that cannot be reached
 * (the extension was just reloaded) becomes an error result too, so screens have one path for failure.
 */
import { ApiError } from '../api/errors';
import { type ProtocolMap, sendMessage } from '../protocol/messages';
import type { Result } from '../protocol/result';

type Input<K extends keyof ProtocolMap> = Parameters<ProtocolMap[K]>[0];

export async function call<K extends Exclude<keyof ProtocolMap, 'profileSeen'>>(
  type: K,
  ...input: Input<K> extends undefined ? [] : [Input<K>]
): Promise<ReturnType<ProtocolMap[K]>> {
  try {
    return await (sendMessage as (t: K, d?: unknown) => Promise<ReturnType<ProtocolMap[K]>>)(type, input[0]);
  } catch (error) {
    const failure: Result<never> = {
      ok: false,
      error: new ApiError({
        kind: 'network',
        message: `The extension's background did not answer (${error instanceof Error ? error.message : 'no reply'}).`,
      }).toJSON(),
    };
    return failure as ReturnType<ProtocolMap[K]>;
  }
}

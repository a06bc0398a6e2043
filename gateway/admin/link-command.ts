/**
 * `npm run gateway -- admin link [--name NAME] [--url GATEWAY_URL]`: a one-time link to sign in to the console;
 * `admin sign-out-all`: ends every console session at once.
 */
import { parseArgs } from 'node:util';
import { checkBaseUrl } from '../../src/api/base-url';
import type { CommandResult } from '../cli/command-result';
import { UsageError } from '../cli/command-result';
import type { Database } from '../db/database';
import { checkName } from '../members';
import { createSignInToken, endAllSessions, LINK_TTL_MS } from './sessions';

/** Where `serve` listens unless told otherwise. */
export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8788';

export async function adminCommand(
  db: Database,
  sub: string | undefined,
  rest: string[],
): Promise<CommandResult> {
  if (sub === 'link') {
    const { values } = parseArgs({
      args: rest,
      allowPositionals: false,
      options: {
        name: { type: 'string', default: 'Admin' },
        url: { type: 'string', default: DEFAULT_GATEWAY_URL },
      },
    });
    const name = checkName(values.name!);
    if (!name.ok) throw new UsageError(`--name: ${name.message.replace('member', 'admin')}`);
    const address = checkBaseUrl(values.url!);
    if (!address.ok) throw new UsageError(`--url: ${address.message}`);
    const token = await createSignInToken(db, name.name);
    return {
      lines: [
        `Open this link within ${LINK_TTL_MS / 60_000} minutes to sign in to the console as ${name.name}; it works once:`,
        `${address.baseUrl}/admin/sign-in?token=${token}`,
      ],
    };
  }
  if (sub === 'sign-out-all') {
    parseArgs({ args: rest, allowPositionals: false, options: {} });
    const ended = await endAllSessions(db);
    return { lines: [`Ended ${ended} console session(s): every browser signed in must sign in again.`] };
  }
  throw new UsageError(
    'Use: npm run gateway -- admin link [--name NAME] [--url GATEWAY_URL], or admin sign-out-all',
  );
}

/**
 * `npm run gateway -- send set|list|remove`: the destinations members send through the gateway, with keys only the
 * gateway holds. Each is checked with a free call before it is kept, as the extension checks its own.
 */
import { parseArgs } from 'node:util';
import { leverUsers } from '../../src/send/destinations/lever';
import { SendError } from '../../src/send/errors';
import { notSetMessage, removeDestinationAudited, setDestinationAudited } from '../admin/actions';
import { COMMAND_LINE } from '../audit';
import type { Database } from '../db/database';
import { NO_SECRETS_KEY, type Sealer } from '../sealed-keys';
import { DESTINATION_NAMES, type DestinationKind, type DestinationSetting, listDestinations } from '../sends';
import { type CommandResult, UsageError } from './command-result';
import { ARGV_SECRET_FLAGS, readSecretInputs, refuseArgvSecret, type SecretInputs } from './secret-input';

const KINDS = Object.keys(DESTINATION_NAMES) as DestinationKind[];

function kindOf(text: string | undefined): DestinationKind {
  if (text && (KINDS as string[]).includes(text.toLowerCase())) return text.toLowerCase() as DestinationKind;
  throw new UsageError(`Name the destination: ${KINDS.join(', ')}.`);
}

function required(value: string | undefined, flag: string, kind: DestinationKind): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new UsageError(`${DESTINATION_NAMES[kind]} needs ${flag}.`);
  return trimmed;
}

/** The Lever user `wanted` names (id, email or name), or a usage error listing the users to choose from. */
async function leverUser(apiKey: string, baseUrl: string | undefined, wanted: string | undefined) {
  const users = await leverUsers({ apiKey, ...(baseUrl ? { baseUrl } : {}) });
  const text = wanted?.trim().toLowerCase();
  const found = text
    ? users.find(
        (u) =>
          u.id.toLowerCase() === text || u.email?.toLowerCase() === text || u.name.toLowerCase() === text,
      )
    : users.length === 1
      ? users[0]
      : undefined;
  if (found) return found;
  throw new UsageError(
    `${wanted ? `No active Lever user is "${wanted}". ` : ''}Choose whom candidates are added as with --perform-as ` +
      `(an id, email or name):\n${users.map((u) => `  ${u.id}  ${u.name}${u.email ? ` <${u.email}>` : ''}`).join('\n')}`,
  );
}

/**
 * A destination as `send set KIND …args` gives it (the console builds the same arguments from its form, and gives the
 * keys it was sent as `given`): keys only from `given` or the files `--key-file`, `--url-file`, `--secret-file` name.
 */
export async function settingOf(
  kind: DestinationKind,
  args: string[],
  given?: SecretInputs,
): Promise<DestinationSetting> {
  for (const arg of args) {
    const flag = arg.split('=')[0]!;
    if (ARGV_SECRET_FLAGS[flag]) refuseArgvSecret(flag, ARGV_SECRET_FLAGS[flag]);
    // A webhook's address is its password (Zapier, Make and n8n take anything posted to it).
    if (kind === 'webhook' && flag === '--url') refuseArgvSecret('A webhook address (--url)', '--url-file');
  }
  const secrets = given ?? (await readSecretInputs(args));
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      'key-file': { type: 'string' },
      'url-file': { type: 'string' },
      'secret-file': { type: 'string' },
      'perform-as': { type: 'string' },
      posting: { type: 'string' },
      url: { type: 'string' },
    },
  });
  const baseUrl = values.url?.trim() ? { baseUrl: values.url.trim() } : {};
  switch (kind) {
    case 'lever': {
      const apiKey = required(secrets.key, '--key-file', kind);
      const user = await leverUser(apiKey, baseUrl.baseUrl, values['perform-as']);
      return {
        kind,
        apiKey,
        performAs: user.id,
        ...(values.posting?.trim() ? { postingId: values.posting.trim() } : {}),
        ...baseUrl,
      };
    }
    case 'ashby':
      return { kind, apiKey: required(secrets.key, '--key-file', kind), ...baseUrl };
    case 'hubspot':
      return { kind, token: required(secrets.key, '--key-file', kind), ...baseUrl };
    case 'greenhouse':
    case 'workable':
      // Held by a gateway is a change of its own (CONTRIBUTING, "A new destination", step 6).
      throw new UsageError(
        `A team gateway does not hold ${DESTINATION_NAMES[kind]} yet: each member adds it in the extension (Options › Send to).`,
      );
    case 'webhook':
      return {
        kind,
        url: required(secrets.url, '--url-file', kind),
        ...(secrets.secret ? { secret: secrets.secret } : {}),
      };
  }
}

/** What `send set` is given besides its command line: the seal for the keys, and the keys read from files. */
export interface SendCommandIo {
  sealer?: Sealer | null;
  /** The `--…-file` values, read by the command line before the command ran; else read here. */
  secrets?: SecretInputs;
}

export async function sendCommand(
  db: Database,
  sub: string | undefined,
  rest: string[],
  io: SendCommandIo = {},
): Promise<CommandResult> {
  if (sub === 'set') {
    const [name, ...args] = rest;
    const kind = kindOf(name);
    try {
      // Before the destination's check: a key that could not be kept sealed is not sent anywhere either.
      if (!io.sealer) throw new UsageError(`Not set: ${NO_SECRETS_KEY}`);
      const setting = await settingOf(kind, args, io.secrets);
      const { destination, secret } = await setDestinationAudited(db, COMMAND_LINE, setting, io.sealer);
      const lines = [
        `Members now send to ${destination.label} through this gateway${destination.account ? ` (as ${destination.account})` : ''}; their computers hold no key for it.`,
      ];
      if (secret) {
        lines.push('The webhook signing secret, shown only once: give it to the receiving service.');
        lines.push(secret);
      }
      return { lines };
    } catch (error) {
      if (error instanceof SendError) throw new UsageError(notSetMessage(error));
      throw error;
    }
  }
  if (sub === 'list') {
    const destinations = await listDestinations(db);
    if (destinations.length === 0)
      return { lines: ['No destinations yet: npm run gateway -- send set lever --key-file FILE …'] };
    return {
      lines: destinations.map(
        (d) =>
          `${d.label}${d.account ? `  [${d.account}]` : ''}  set ${d.setAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      ),
    };
  }
  if (sub === 'remove') {
    const kind = kindOf(rest[0]);
    return {
      lines: [
        (await removeDestinationAudited(db, COMMAND_LINE, kind))
          ? `Forgot ${DESTINATION_NAMES[kind]} and its key; what members sent there stays marked.`
          : `The gateway holds no ${DESTINATION_NAMES[kind]} destination.`,
      ],
    };
  }
  throw new UsageError('Use: npm run gateway -- send set|list|remove …');
}

/**
 * Keys given to `send set` come from a file or from standard input, never from the command line: a command line is
 * kept in the shell's history and shown to every user of the machine by `ps` while it runs.
 *
 * `--key-file PATH` (Lever, Ashby, HubSpot), `--url-file PATH` and `--secret-file PATH` (a webhook, whose address is as
 * secret as a key); `-` as the path reads standard input (one of them at most). The command line reads them before a
 * command runs, also when a running gateway runs it (`remote.ts`), so the values travel only in memory.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './command-result';

/** The secret values a command was given, by what they are. */
export interface SecretInputs {
  key?: string;
  url?: string;
  secret?: string;
}

const FILE_FLAGS = { '--key-file': 'key', '--url-file': 'url', '--secret-file': 'secret' } as const;

/** The flags that would carry a secret on the command line, and the one to use instead. */
export const ARGV_SECRET_FLAGS: Record<string, string> = {
  '--key': '--key-file',
  '--secret': '--secret-file',
};

/** Refuses a key given on the command line, saying how to give it instead. */
export function refuseArgvSecret(flag: string, instead: string): never {
  throw new UsageError(
    `${flag} is not taken on the command line (shell history and ps would show the key). Put it in a file ` +
      `readable by you alone and give ${instead} FILE, or pipe it in with ${instead} - (e.g. from your password manager's command line).`,
  );
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin)
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

/**
 * The values the `--…-file` flags of `argv` name (read now: files, and standard input for `-`), or a usage error
 * saying which cannot be read. Other arguments are left for the command.
 */
export async function readSecretInputs(
  argv: readonly string[],
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<SecretInputs> {
  const inputs: SecretInputs = {};
  let stdinUsed = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const name = FILE_FLAGS[flag as keyof typeof FILE_FLAGS];
    if (!name) continue;
    const path = inline ?? argv[i + 1];
    if (path === undefined || path === '')
      throw new UsageError(`${flag} needs a file (or - for standard input).`);
    let text: string;
    if (path === '-') {
      if (stdinUsed)
        throw new UsageError('Only one of --key-file, --url-file, --secret-file can read standard input.');
      stdinUsed = true;
      text = await readStdin(stdin);
    } else {
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new UsageError(
          `${flag}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
        );
      }
    }
    const value = text.trim();
    if (value === '') throw new UsageError(`${flag}: ${path === '-' ? 'standard input' : path} is empty.`);
    inputs[name] = value;
  }
  return inputs;
}

/**
 * `npm start`'s command line: what each flag means, the help text, and the parser. Pure (never prints, never exits),
 * so `scripts/start.ts` decides what to print and with which exit code, and the rules are unit-tested.
 */
import { parseArgs } from 'node:util';

/** The flags, as the one-line refusal of an unknown flag names them. */
export const START_FLAGS = '--port N, --headless, --screenshots DIR, --team, --help';

/** What `npm start -- --help` prints. */
export const START_HELP = `usage: npm start -- [--port N] [--headless] [--screenshots DIR] [--team]

Builds the extension, starts the simulator and opens Chromium with the extension loaded, set up with the
simulator's URL and demo-key, on a demo LinkedIn profile. Without a display it runs the demo journey headless and
saves screenshots.

  --port N           the simulator's port (default 8787, or a free port when 8787 is taken)
  --headless         run the headless journey even when a display is available
  --screenshots DIR  where the headless journey saves its screenshots (default screenshots/;
                     docs/screenshots refreshes the README's)
  --team             a team gateway in front of the simulator (PGlite in a temporary folder) with two
                     members; a teammate has revealed the demo profile's email, and Chromium is the other
                     member, to whom that email is free
  --help             print this and exit, without building`;

/** What the command line asks for: the help, or a run. */
export type StartArgs =
  | { help: true }
  | {
      help: false;
      port: number | undefined;
      headless: boolean;
      screenshots: string | undefined;
      team: boolean;
    };

const OPTIONS = {
  port: { type: 'string' },
  headless: { type: 'boolean' },
  screenshots: { type: 'string' },
  team: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Parses `npm start`'s arguments (without `node` and the script). Throws an Error with a one-line message saying
 * what is wrong: an unknown flag (naming the known ones), a stray argument, a flag missing its value, a bad port.
 */
export function parseStartArgs(argv: readonly string[]): StartArgs {
  // Not strict: node's own messages for an unknown option run to several sentences; these are said in one line.
  const { values, tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      throw new Error(`unexpected argument "${token.value}". Known flags: ${START_FLAGS}.`);
    }
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(OPTIONS, token.name)) {
      throw new Error(`unknown flag ${token.rawName}. Known flags: ${START_FLAGS}.`);
    }
    const takesValue = OPTIONS[token.name as keyof typeof OPTIONS].type === 'string';
    // Without strict parsing a flag missing its value takes the next flag as one: `--port --headless`.
    if (takesValue && (!token.value || token.value.startsWith('-'))) {
      throw new Error(
        `${token.rawName} needs a value, e.g. ${token.name === 'port' ? '--port 9000' : '--screenshots DIR'}.`,
      );
    }
    if (!takesValue && token.value !== undefined) throw new Error(`${token.rawName} takes no value.`);
  }
  if (values.help === true) return { help: true };
  let port: number | undefined;
  if (typeof values.port === 'string') {
    port = /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!(port <= 65_535)) throw new Error(`--port needs a port number (0-65535), not "${values.port}".`);
  }
  return {
    help: false,
    port,
    headless: values.headless === true,
    screenshots: typeof values.screenshots === 'string' ? values.screenshots : undefined,
    team: values.team === true,
  };
}

/**
 * `npm run sim`: serves the simulator on 127.0.0.1:8787.
 *
 *   npm run sim -- --port 9000 --key alice=500 --key bob=0 --seed 7
 *
 * `--key NAME=CREDITS` (repeatable) adds an active key next to the built-in ones.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BUILT_IN_KEYS, type SimKey } from './keys';
import { startSimulator } from './server';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const USAGE = 'usage: npm run sim -- [--port N] [--host HOST] [--seed N] [--key NAME=CREDITS]...';

/** What the command line asks for. */
export interface SimCli {
  port: number;
  host: string;
  seed: number | undefined;
  /** The built-in keys plus every `--key NAME=CREDITS` (active, `purchased` = `remaining` = CREDITS). */
  keys: Record<string, SimKey>;
}

/**
 * Parses the simulator's arguments (without `node` and the script). Pure: never exits, never prints; throws an
 * Error whose message says what is wrong with which argument.
 */
export function parseCli(argv: readonly string[]): SimCli {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      key: { type: 'string', multiple: true },
    },
    strict: true,
    allowPositionals: false,
  });
  let port = DEFAULT_PORT;
  if (values.port !== undefined) {
    port = /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!Number.isInteger(port) || port > 65535) {
      throw new Error(`--port must be a whole number 0..65535, got "${values.port}"`);
    }
  }
  let seed: number | undefined;
  if (values.seed !== undefined) {
    seed = /^-?\d+$/.test(values.seed) ? Number(values.seed) : Number.NaN;
    if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, got "${values.seed}"`);
  }
  if (values.host !== undefined && values.host.trim() === '') throw new Error('--host must not be empty');
  const keys: Record<string, SimKey> = structuredClone({ ...BUILT_IN_KEYS });
  for (const spec of values.key ?? []) {
    const match = /^([^=\s]+)=(\d+)$/.exec(spec);
    if (!match) throw new Error(`--key must look like NAME=CREDITS (e.g. alice=500), got "${spec}"`);
    const credits = Number(match[2]);
    keys[match[1] as string] = { remaining: credits, purchased: credits, active: true };
  }
  return { port, host: values.host ?? DEFAULT_HOST, seed, keys };
}

async function main(): Promise<void> {
  let cli: SimCli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`sim: ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    process.exit(2);
  }
  const started = performance.now();
  const sim = await startSimulator({
    port: cli.port,
    host: cli.host,
    keys: cli.keys,
    ...(cli.seed !== undefined ? { seed: cli.seed } : {}),
  });
  const ms = Math.round(performance.now() - started);
  const { dataset } = sim.state;

  console.log(`Candidate service simulator listening on ${sim.url}  (API: ${sim.url}/v1/…)`);
  console.log(
    `Dataset: ${dataset.profiles.length} profiles, ${dataset.companies.length} companies, seed ${dataset.seed} (ready in ${ms} ms)`,
  );
  console.log('Keys (send as the x-api-key header):');
  for (const [name, key] of Object.entries(sim.state.listKeys())) {
    const status = key.active
      ? `${key.remaining} credits remaining, ${key.purchased} purchased`
      : 'inactive (403)';
    console.log(`  ${name.padEnd(16)} ${status}`);
  }
  console.log('Admin routes (no key needed):');
  console.log(`  POST ${sim.url}/__sim/reset      balances, faults and request log back to start`);
  console.log(`  POST ${sim.url}/__sim/keys       {"key","remaining","purchased"?,"active"?}`);
  console.log(
    `  POST ${sim.url}/__sim/faults     {"latencyMs"?,"fail500"?,"rateLimit"?:{"count","retryAfter"},"malformed"?,"hang"?,"path"?}`,
  );
  console.log(`  GET  ${sim.url}/__sim/requests   log of /v1 requests (keys masked)`);
  console.log('Press Ctrl+C to stop.');
  // Build the search index now, while nobody waits, rather than on the first search.
  setImmediate(() => sim.state.search.warmUp());

  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping the simulator…`);
    sim.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** True when this file is the program node was started with (`npm run sim`), not a module imported by a test. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

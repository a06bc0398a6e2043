/**
 * `npm run sim`: serves the simulator on 127.0.0.1:8787.
 *
 *   npm run sim -- --port 9000 --key alice=500 --key bob=0 --seed 7
 *
 * `--key NAME=CREDITS` (repeatable) adds an active key next to the built-in ones.
 */
import { parseArgs } from 'node:util';
import { BUILT_IN_KEYS, type SimKey } from './keys';
import { startSimulator } from './server';

const DEFAULT_PORT = 8787;

function fail(message: string): never {
  console.error(`sim: ${message}`);
  console.error('usage: npm run sim -- [--port N] [--host HOST] [--seed N] [--key NAME=CREDITS]...');
  process.exit(2);
}

function parseCli(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      key: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be 0..65535, got ${values.port}`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) fail(`--seed must be an integer, got ${values.seed}`);
  const keys: Record<string, SimKey> = structuredClone({ ...BUILT_IN_KEYS });
  for (const spec of values.key ?? []) {
    const match = /^([^=\s]+)=(\d+)$/.exec(spec);
    if (!match) fail(`--key must look like NAME=CREDITS, got ${spec}`);
    const credits = Number(match[2]);
    keys[match[1] as string] = { remaining: credits, purchased: credits, active: true };
  }
  return { port, host: values.host ?? '127.0.0.1', seed, keys };
}

async function main(): Promise<void> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

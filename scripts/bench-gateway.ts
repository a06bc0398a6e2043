/**
 * `npm run bench -- gateway`: the team gateway's figures, each measured in one run against the simulator at 200 ms
 * upstream latency, with gateway processes as deployed (`gateway/main.ts serve`):
 *
 * - lookups at 15 concurrent, direct to the simulator and through the gateway (PostgreSQL, and PGlite): p50 and p99
 *   per request, and the gateway's overhead against the 200 ms upstream latency; where a lookup's time went (the
 *   gateway's `Server-Timing`: database, service, and the rest: HTTP in and out and the gateway's own work); the CPU
 *   a lookup costs once connections are warm; and the overhead of one lookup at a time (no queueing: the floor);
 * - a team-held answer's p50 against the same upstream latency;
 * - single flight: 50 concurrent requests for one person through 2 instances: upstream lookups (goal 1);
 * - throughput of team-held answers from 2 instances with 10 members (requests/s), on this machine's cores.
 *
 * PostgreSQL figures need the server binaries (apt-get install postgresql); without them those lines say so.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../gateway/db/database';
import { migrate } from '../gateway/db/migrations';
import { openDatabase } from '../gateway/db/open';
import { addMember } from '../gateway/members';
import { type RunningSimulator, startSimulator } from '../sim/server';
import { findPostgresBin, HOW_TO_GET_POSTGRES, startCluster } from '../test/gateway/pg-cluster';
import { type GatewayProcess, spawnGateway } from '../test/gateway/processes';

const SERVICE_KEY = 'bench-service-key-5d1f0c7a';
const LATENCY_MS = 200;
const CONCURRENT = 15;
const ROUNDS = 12;

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time (user + system, ms) a process has used, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The parent pid of a process, from /proc (Linux); 0 when unknown. */
function parentPid(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * CPU time of one PostgreSQL cluster: its postmaster (the process started with `-p PORT`) and the postmaster's
 * children (its backends), and no other cluster's (the machine may run several).
 */
function postgresCpuMs(port: number): number {
  const pids = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
  const postmaster = pids.find((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(`-p ${port}`) || cmdline.includes(`-p\u0000${port}`);
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return 0;
  let total = cpuMs(postmaster);
  for (const pid of pids) if (parentPid(pid) === postmaster) total += cpuMs(pid);
  return total;
}

/** Transactions committed in a database so far (each statement outside a transaction is one): its round trips. */
async function commits(url: string): Promise<number> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Statistics reach the shared view when a backend is idle, at most a second late.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows =
      await sql`select xact_commit::int as n from pg_stat_database where datname = current_database()`;
    return Number(rows[0]!.n);
  } finally {
    await sql.end();
  }
}
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;

/** One request's time as the caller saw it, and its parts as the gateway's `Server-Timing` told them (ms). */
interface Sample {
  ms: number;
  db: number;
  service: number;
}

async function request(url: string, key: string, path: string, body?: unknown): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  const ms = performance.now() - started;
  const timing = response.headers.get('server-timing') ?? '';
  const part = (name: string) => Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? 0);
  return { ms, db: part('db'), service: part('service') };
}
const timed = async (url: string, key: string, path: string, body?: unknown) =>
  (await request(url, key, path, body)).ms;

/**
 * `ROUNDS` rounds of `concurrent` lookups, each of a person taken from `people`; the first round warms connections
 * and the JIT and is left out (`warm` is called after it, e.g. to start counting CPU).
 */
async function lookupRounds(
  url: string,
  keys: string[],
  people: string[],
  concurrent = CONCURRENT,
  warm: () => Promise<void> | void = () => {},
): Promise<Sample[]> {
  const samples: Sample[] = [];
  let next = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const times = await Promise.all(
      Array.from({ length: concurrent }, (_, i) =>
        request(url, keys[i % keys.length]!, '/v1/lookup', {
          social_url: people[next++ % people.length],
          reveal_personal_email: true,
        }),
      ),
    );
    if (round === 0) await warm();
    else samples.push(...times);
  }
  return samples;
}

/**
 * {@link lookupRounds} through the gateway and direct to the simulator in turns (round by round, each going first
 * every other round), so both see the same machine: the overhead is their difference under the same load, not the
 * load's drift between two runs.
 */
async function pairedRounds(
  gateway: { url: string; keys: string[]; people: string[] },
  direct: { url: string; key: string; people: string[] },
  concurrent = CONCURRENT,
  warm: () => Promise<void> | void = () => {},
): Promise<{ through: Sample[]; direct: Sample[] }> {
  const through: Sample[] = [];
  const straight: Sample[] = [];
  const round = (url: string, keys: string[], people: string[], n: number) =>
    Promise.all(
      Array.from({ length: concurrent }, (_, i) =>
        request(url, keys[i % keys.length]!, '/v1/lookup', {
          social_url: people[(n * concurrent + i) % people.length],
          reveal_personal_email: true,
        }),
      ),
    );
  for (let n = 0; n < ROUNDS; n++) {
    const viaGateway = () => round(gateway.url, gateway.keys, gateway.people, n);
    const viaDirect = () => round(direct.url, [direct.key], direct.people, n);
    const [a, b] = n % 2 ? [await viaDirect(), await viaGateway()] : [await viaGateway(), await viaDirect()];
    const [g, d] = n % 2 ? [b, a] : [a, b];
    if (n === 0) await warm();
    else {
      through.push(...g);
      straight.push(...d);
    }
  }
  return { through, direct: straight };
}

/** The `q` quantile of one part of the samples. */
const part = (samples: readonly Sample[], name: keyof Sample, q = 0.5) =>
  quantile(
    samples.map((s) => s[name]),
    q,
  );

export interface Team {
  gateways: GatewayProcess[];
  keys: string[];
  close(): Promise<void>;
}

/**
 * `instances` gateway processes on one database, with `members` members, calling `sim` with `serviceKey`;
 * `prepare` runs on the database once it is migrated, and `nodeArgs` go to each process's node (e.g. `--cpu-prof`).
 */
export async function team(
  target: { url: string } | { dataDir: string },
  sim: RunningSimulator,
  instances: number,
  members: number,
  options: { serviceKey?: string; prepare?: (db: Database) => Promise<void>; nodeArgs?: string[] } = {},
): Promise<Team> {
  const db = await openDatabase(target);
  await migrate(db);
  await options.prepare?.(db);
  const keys: string[] = [];
  for (let i = 0; i < members; i++)
    keys.push((await addMember(db, `Member ${i + 1}`, { dailyCap: null, monthlyCap: null })).key);
  await db.close();
  const env = {
    SERVICE_BASE_URL: sim.url,
    SERVICE_API_KEY: options.serviceKey ?? SERVICE_KEY,
    ...('url' in target ? { DATABASE_URL: target.url } : { GATEWAY_DATA_DIR: target.dataDir }),
  };
  const gateways = await Promise.all(
    Array.from({ length: instances }, () => spawnGateway(env, 180_000, options.nodeArgs)),
  );
  return { gateways, keys, close: async () => void (await Promise.all(gateways.map((g) => g.stop()))) };
}

export async function benchGateway(): Promise<void> {
  console.log(`gateway     (${load()} at start; simulator at ${LATENCY_MS} ms lookup latency)`);
  const sim = await startSimulator({
    keys: { [SERVICE_KEY]: { remaining: 10_000_000, purchased: 10_000_000, active: true } },
  });
  sim.state.faults.setLatency(LATENCY_MS, '/v1/lookup');
  const people = sim.state.dataset.profiles.filter((p) => p.social_url).map((p) => p.social_url as string);
  let offset = 0;
  const fresh = (n: number) => {
    const slice = people.slice(offset, offset + n);
    offset += n;
    return slice;
  };
  const scratch = mkdtempSync(join(tmpdir(), 'bench-gateway-'));
  const bin = findPostgresBin();
  const cluster = bin ? await startCluster(bin) : null;
  try {
    const targets: Array<[string, { url: string } | { dataDir: string }]> = [];
    if (cluster) targets.push(['PostgreSQL', { url: await cluster.createDatabase('bench_lookups') }]);
    targets.push(['PGlite', { dataDir: join(scratch, 'pglite') }]);
    for (const [label, target] of targets) {
      const one = await team(target, sim, 1, 10);
      try {
        const url = one.gateways[0]!.url;
        const pid = one.gateways[0]!.child.pid!;
        const dbCpu = () => (label === 'PostgreSQL' && cluster ? postgresCpuMs(cluster.port) : 0);
        const cpu = () => cpuMs(pid) + dbCpu();
        // Counted from the end of the first round: its connections' start-up is not a lookup's cost.
        let commitsBefore = 0;
        let cpuBefore = 0;
        let gatewayBefore = 0;
        // Fresh people each round, through the gateway and direct alike.
        const asked = fresh(CONCURRENT * ROUNDS);
        const paired = await pairedRounds(
          { url, keys: one.keys, people: asked },
          { url: sim.url, key: SERVICE_KEY, people: fresh(CONCURRENT * ROUNDS) },
          CONCURRENT,
          async () => {
            commitsBefore = 'url' in target ? await commits(target.url) : 0;
            cpuBefore = cpu();
            gatewayBefore = cpuMs(pid);
          },
        );
        const { through } = paired;
        const cpuLookups = cpu() - cpuBefore;
        const gatewayLookups = cpuMs(pid) - gatewayBefore;
        const calls = through.length;
        const directP50 = part(paired.direct, 'ms');
        const directP99 = part(paired.direct, 'ms', 0.99);
        if ('url' in target) {
          // Less one for the reading itself.
          const trips = (await commits(target.url)) - commitsBefore - 1;
          console.log(
            `gateway     database round trips per lookup sent upstream (${label}, transactions committed): ` +
              `${(trips / calls).toFixed(1)}`,
          );
        }
        const p50 = part(through, 'ms');
        const p99 = part(through, 'ms', 0.99);
        console.log(
          `gateway     lookups at ${CONCURRENT} concurrent through the gateway (${label}), in turns with direct to the simulator ` +
            `(p50 ${ms(directP50)}, p99 ${ms(directP99)}): p50 ${ms(p50)} ` +
            `(overhead ${ms(p50 - directP50)}, ${(((p50 - directP50) / LATENCY_MS) * 100).toFixed(1)}% of ${LATENCY_MS} ms; goal under 10%), ` +
            `p99 ${ms(p99)} (overhead ${ms(p99 - directP99)})`,
        );
        const own = through.map((s) => ({ ...s, ms: s.ms - s.db - s.service }));
        console.log(
          `gateway     … where it went (p50 of each part, ${label}): the service ${ms(part(through, 'service'))}, ` +
            `the database ${ms(part(through, 'db'))}, the rest (HTTP in and out, checks, the answer) ${ms(part(own, 'ms'))}`,
        );
        // The same people again: every item is now held by the team.
        const heldBefore = cpu();
        const held = await lookupRounds(url, one.keys, asked);
        const cpuHeld = cpu() - heldBefore;
        const heldP50 = part(held, 'ms');
        console.log(
          `gateway     team-held answer at ${CONCURRENT} concurrent (${label}): p50 ${ms(heldP50)} = ` +
            `${((heldP50 / LATENCY_MS) * 100).toFixed(1)}% of the ${LATENCY_MS} ms upstream latency, p99 ${ms(part(held, 'ms', 0.99))}`,
        );
        console.log(
          `gateway     CPU per request (${label}: the gateway process${label === 'PostgreSQL' ? ' and the PostgreSQL server' : ''}, ` +
            `connections warm, whatever the load): a lookup sent upstream ${ms(cpuLookups / calls)} (the gateway alone ${ms(gatewayLookups / calls)}), ` +
            `a team-held answer ${ms(cpuHeld / (CONCURRENT * ROUNDS))} (${load()})`,
        );
        // One at a time: nothing queues for the cores, so this is what the gateway itself adds to a lookup.
        const alone = await pairedRounds(
          { url, keys: one.keys, people: fresh(ROUNDS) },
          { url: sim.url, key: SERVICE_KEY, people: fresh(ROUNDS) },
          1,
        );
        console.log(
          `gateway     one lookup at a time through the gateway (${label}), in turns with direct: p50 ${ms(part(alone.through, 'ms'))} ` +
            `(overhead ${ms(part(alone.through, 'ms') - part(alone.direct, 'ms'))}; the database ${ms(part(alone.through, 'db'))})`,
        );
      } finally {
        await one.close();
      }
    }

    if (!cluster) {
      console.log(
        `gateway     single flight and throughput across 2 instances: skipped. ${HOW_TO_GET_POSTGRES}`,
      );
      return;
    }
    const two = await team({ url: await cluster.createDatabase('bench_team') }, sim, 2, 10);
    try {
      // Single flight: 50 concurrent requests for one person, split over both instances and all members.
      const [person] = fresh(1);
      sim.state.requests.clear();
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          timed(two.gateways[i % 2]!.url, two.keys[i % two.keys.length]!, '/v1/lookup', {
            social_url: person,
            reveal_personal_email: true,
            reveal_phone: true,
          }),
        ),
      );
      console.log(
        `gateway     single flight: 50 concurrent requests for one person through 2 instances: ` +
          `${sim.state.requests.list('/v1/lookup').length} upstream lookup(s) (goal 1)`,
      );

      // Throughput of team-held answers: hold 100 people, then ask for them as fast as both instances answer.
      const heldPeople = fresh(100);
      await Promise.all(
        heldPeople.map((social_url, i) =>
          timed(two.gateways[i % 2]!.url, two.keys[i % 10]!, '/v1/lookup', {
            social_url,
            reveal_personal_email: true,
          }),
        ),
      );
      const seconds = 5;
      const inFlight = 32;
      let done = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: inFlight }, async (_, worker) => {
          for (let i = worker; performance.now() < until; i += inFlight) {
            await timed(two.gateways[i % 2]!.url, two.keys[i % 10]!, '/v1/lookup', {
              social_url: heldPeople[i % heldPeople.length],
              reveal_personal_email: true,
            });
            done++;
          }
        }),
      );
      console.log(
        `gateway     team-held answers, 2 instances on PostgreSQL, 10 members, ${inFlight} in flight: ` +
          `${Math.round(done / seconds)} requests/s (load generator, simulator and PostgreSQL on the same cores; ${load()})`,
      );
    } finally {
      await two.close();
    }
  } finally {
    cluster?.stop();
    await sim.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGateway();

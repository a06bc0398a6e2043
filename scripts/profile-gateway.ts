/**
 * Where a paid lookup's CPU goes in the team gateway (`node --import tsx scripts/profile-gateway.ts [out folder]`):
 * 15 concurrent lookups at 200 ms upstream latency, 12 rounds, through one gateway process on PostgreSQL, as in
 * `npm run bench -- gateway`. The gateway runs with `--cpu-prof` (a `.cpuprofile` in the out folder, for Chrome's
 * DevTools or the summary printed here), and PostgreSQL with pg_stat_statements and function statistics: the
 * statements and PL/pgSQL functions by total time.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { startSimulator } from '../sim/server';
import { findPostgresBin, HOW_TO_GET_POSTGRES, startCluster } from '../test/gateway/pg-cluster';
import { team } from './bench-gateway';

const SERVICE_KEY = 'profile-service-key-7c2e9d41';
const CONCURRENT = 15;
const ROUNDS = 12;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per function (top 40) and per module (top 25) of a `.cpuprofile`, in ms per paid lookup, counting only
 * the samples taken between `from` and `to` (µs, the monotonic clock V8 stamps samples with).
 */
function summarise(file: string, from: number, to: number, calls: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const hits = new Map<number, number>();
  const spent = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    const id = profile.samples[i]!;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    // The time until the next sample is this sample's.
    spent.set(id, (spent.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? delta));
  }
  let busy = 0;
  for (const node of profile.nodes) {
    node.hitCount = (spent.get(node.id) ?? 0) / 1000 / calls;
    if (node.callFrame.functionName !== '(idle)') busy += node.hitCount;
  }
  // A thread that did nothing in the window (the TypeScript loader's worker).
  if (busy === 0) return;
  console.log(`${file}: the gateway's CPU in the window, ${busy.toFixed(2)} ms per paid lookup (sampled)`);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === '(idle)') continue;
    const where = node.callFrame.url
      .replace(/^.*node_modules\//, 'node_modules/')
      .replace(`file://${ROOT}/`, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.hitCount);
    const module =
      where === ''
        ? `(${node.callFrame.functionName})`
        : where.replace(/(node_modules\/(@[^/]+\/)?[^/]+).*/, '$1');
    byFile.set(module, (byFile.get(module) ?? 0) + node.hitCount);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `  ${ms.toFixed(3).padStart(6)} ms  ${name}`)
      .join('\n');
  console.log(
    `By module (self, ms per paid lookup):\n${top(byFile, 25)}\nBy function (self):\n${top(byFunction, 40)}`,
  );
}

const ROOT = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? 'gateway-profile');
let window = { from: 0, to: 0, calls: 1 };
mkdirSync(out, { recursive: true });
const bin = findPostgresBin();
if (!bin) throw new Error(HOW_TO_GET_POSTGRES);
const cluster = await startCluster(bin, {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'all',
  track_functions: 'all',
});
const sim = await startSimulator({
  keys: { [SERVICE_KEY]: { remaining: 10_000_000, purchased: 10_000_000, active: true } },
});
sim.state.faults.setLatency(200, '/v1/lookup');
try {
  const url = await cluster.createDatabase('profile');
  const one = await team({ url }, sim, 1, 10, {
    serviceKey: SERVICE_KEY,
    prepare: (db) => db.exec('create extension pg_stat_statements'),
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${out}`],
  });
  const gateway = one.gateways[0]!;
  const { keys } = one;
  try {
    const people = sim.state.dataset.profiles.filter((p) => p.social_url).map((p) => p.social_url as string);
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    let next = 0;
    let from = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round === 1) {
        // The first round warms connections and plans: counted from the second on.
        await admin`select pg_stat_statements_reset()`;
        await admin`select pg_stat_reset()`;
        from = Number(process.hrtime.bigint() / 1000n);
      }
      await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, i) => {
          const response = await fetch(`${gateway.url}/v1/lookup`, {
            method: 'POST',
            headers: { 'x-api-key': keys[i % keys.length]!, 'content-type': 'application/json' },
            body: JSON.stringify({ social_url: people[next++], reveal_personal_email: true }),
          });
          if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        }),
      );
    }
    const to = Number(process.hrtime.bigint() / 1000n);
    const calls = CONCURRENT * (ROUNDS - 1);
    window = { from, to, calls };
    // Statistics reach the shared views when a backend is idle.
    await new Promise((r) => setTimeout(r, 1_500));
    const statements = await admin`
    select calls, round(total_exec_time::numeric / ${calls}, 3)::float as ms_per_lookup,
      round(mean_exec_time::numeric, 3)::float as mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit 25`;
    console.log(`PostgreSQL statements (${calls} paid lookups), by total time:`);
    for (const s of statements)
      console.log(
        `  ${String(s.ms_per_lookup).padStart(7)} ms/lookup  ${String(s.calls).padStart(5)} calls  ${s.query}`,
      );
    const functions = await admin`
    select funcname, calls, round(total_time::numeric / ${calls}, 3)::float as total_per_lookup,
      round(self_time::numeric / ${calls}, 3)::float as self_per_lookup
    from pg_stat_user_functions order by self_time desc`;
    console.log('PL/pgSQL functions (ms per paid lookup, total and self):');
    for (const f of functions)
      console.log(
        `  ${String(f.total_per_lookup).padStart(7)} ${String(f.self_per_lookup).padStart(7)}  ${String(f.calls).padStart(5)} calls  ${f.funcname}`,
      );
    await admin.end();
  } finally {
    await one.close();
  }
  for (const file of readdirSync(out).filter((f) => f.endsWith('.cpuprofile')))
    summarise(join(out, file), window.from, window.to, window.calls);
} finally {
  cluster.stop();
  await sim.close();
}

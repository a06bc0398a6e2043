/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, started on a free port
 * with `pg_ctl`, stopped and deleted afterwards. Debian's `postgresql` package provides the binaries (in
 * /usr/lib/postgresql/<version>/bin, not on PATH); PostgreSQL refuses to run as root, so as root its tools run as
 * the `postgres` user the package creates.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of PostgreSQL's server binaries: `PG_BIN`, or the newest Debian install; null when there is none. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN?.trim();
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** How to get PostgreSQL, said where a stage needs it and finds none. */
export const HOW_TO_GET_POSTGRES =
  'PostgreSQL server binaries not found. Install them with `apt-get install -y postgresql` (Debian/Ubuntu; .ci/run ' +
  'does it), or set PG_BIN to the folder holding initdb and pg_ctl.';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  port: number;
  /** A URL to a new, empty database of this cluster. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

/**
 * Starts a cluster in a new temporary folder (~2 s). `settings` are extra server settings (`-c name=value`), e.g.
 * `shared_preload_libraries: 'pg_stat_statements'` for a profile.
 */
export async function startCluster(bin: string, settings: Record<string, string> = {}): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200` +
      Object.entries(settings)
        .map(([name, value]) => ` -c ${name}=${value}`)
        .join(''),
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name) {
      const { default: postgres } = await import('postgres');
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await sql.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Gateway processes for tests and benchmarks: `node --import tsx gateway/main.ts …`, with their output kept. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'gateway', 'main.ts');

export interface GatewayProcess {
  url: string;
  /** Every line it wrote, stdout and stderr. */
  lines: string[];
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `gateway serve --port 0` with `env` and waits for its start line. `nodeArgs` go to node itself (e.g.
 * `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function spawnGateway(
  env: Record<string, string>,
  timeoutMs = 180_000,
  nodeArgs: readonly string[] = [],
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', MAIN, 'serve', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`gateway did not start:\n${lines.join('\n')}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line === '') continue;
        lines.push(line);
        const match = / on (http:\/\/[^\s]+) \(API at/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${lines.join('\n')}`));
    });
  });
  return {
    url,
    lines,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Runs an admin command (`member add …`) as a process; its exit code and output lines. */
export async function runGatewayCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number];
  const split = (text: string) => text.split('\n').filter((line) => line !== '');
  return { code, stdout: split(out), stderr: split(err) };
}

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartArgs, START_FLAGS, START_HELP } from '../../../scripts/start-args';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('npm start: its flags', () => {
  it('reads a run', () => {
    expect(parseStartArgs([])).toEqual({
      help: false,
      port: undefined,
      headless: false,
      screenshots: undefined,
      team: false,
    });
    expect(parseStartArgs(['--port', '9000', '--headless', '--screenshots', 'docs/screenshots'])).toEqual({
      help: false,
      port: 9000,
      headless: true,
      screenshots: 'docs/screenshots',
      team: false,
    });
    expect(parseStartArgs(['--port=0'])).toMatchObject({ port: 0 });
    expect(parseStartArgs(['--team', '--headless'])).toMatchObject({ team: true, headless: true });
    expect(() => parseStartArgs(['--team=yes'])).toThrow('--team takes no value.');
  });

  it('asks for the help with --help or -h, whatever else is given', () => {
    expect(parseStartArgs(['--help'])).toEqual({ help: true });
    expect(parseStartArgs(['--headless', '-h'])).toEqual({ help: true });
    for (const flag of ['--port N', '--headless', '--screenshots DIR', '--team', '--help']) {
      expect(START_HELP).toContain(flag);
      expect(START_FLAGS).toContain(flag);
    }
  });

  it.each([
    [['--verbose'], `unknown flag --verbose. Known flags: ${START_FLAGS}.`],
    [['--help', '--verbose'], `unknown flag --verbose. Known flags: ${START_FLAGS}.`],
    [['-x'], `unknown flag -x. Known flags: ${START_FLAGS}.`],
    [['9000'], `unexpected argument "9000". Known flags: ${START_FLAGS}.`],
    [['--port'], '--port needs a value, e.g. --port 9000.'],
    [['--port', '--headless'], '--port needs a value, e.g. --port 9000.'],
    [['--screenshots'], '--screenshots needs a value, e.g. --screenshots DIR.'],
    [['--headless=yes'], '--headless takes no value.'],
    [['--port', 'eighty'], '--port needs a port number (0-65535), not "eighty".'],
    [['--port', '70000'], '--port needs a port number (0-65535), not "70000".'],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseStartArgs(argv)).toThrow(message);
    expect(message).not.toContain('\n');
  });
});

describe('npm start: the script', () => {
  // The real script, as `npm start -- …` runs it: it must answer before building anything.
  const start = (...argv: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...argv], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 15_000,
    });

  it('prints the help and exits 0 without building', () => {
    const run = start('--help');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(START_HELP);
    expect(run.stdout + run.stderr).not.toContain('Building');
  });

  it('refuses an unknown flag with exit 2 and one line naming the known ones', () => {
    const run = start('--verbose');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`npm start: unknown flag --verbose. Known flags: ${START_FLAGS}.`);
  });
});

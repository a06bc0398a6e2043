/** The simulator's command line (`npm run sim -- …`), parsed without starting anything. */
import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_KEYS } from '../../../sim/keys';
import { DEFAULT_HOST, DEFAULT_PORT, parseCli } from '../../../sim/main';
import { startSimulator } from '../../../sim/server';

// Were importing sim/main.ts to run main(), this spy would record the start (or main() would exit the worker).
vi.mock('../../../sim/server', () => ({ startSimulator: vi.fn() }));

describe('simulator CLI', () => {
  it('defaults to 127.0.0.1:8787, the dataset default seed and the built-in keys', () => {
    const cli = parseCli([]);
    expect(DEFAULT_PORT).toBe(8787);
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(cli).toEqual({
      port: 8787,
      host: '127.0.0.1',
      seed: undefined,
      keys: {
        'demo-key': { remaining: 10_000, purchased: 10_000, active: true },
        'empty-key': { remaining: 0, purchased: 0, active: true },
        'inactive-key': { remaining: 10_000, purchased: 10_000, active: false },
      },
    });
  });

  it('--port 9000', () => {
    expect(parseCli(['--port', '9000']).port).toBe(9000);
    expect(parseCli(['--port=9001']).port).toBe(9001);
    expect(parseCli(['--port', '0']).port).toBe(0);
  });

  it('--host and --seed', () => {
    const cli = parseCli(['--host', '0.0.0.0', '--seed', '7']);
    expect(cli.host).toBe('0.0.0.0');
    expect(cli.seed).toBe(7);
  });

  it('repeated --key adds active keys with those balances, next to the built-in ones', () => {
    const cli = parseCli(['--key', 'alice=500', '--key', 'bob=0']);
    expect(cli.keys.alice).toEqual({ remaining: 500, purchased: 500, active: true });
    expect(cli.keys.bob).toEqual({ remaining: 0, purchased: 0, active: true });
    expect(Object.keys(cli.keys).sort()).toEqual(['alice', 'bob', 'demo-key', 'empty-key', 'inactive-key']);
    expect(cli.port).toBe(8787);
  });

  it('parsing never changes the built-in keys', () => {
    const before = structuredClone(BUILT_IN_KEYS);
    const cli = parseCli(['--key', 'demo-key=3']);
    expect(cli.keys['demo-key']).toEqual({ remaining: 3, purchased: 3, active: true });
    expect(BUILT_IN_KEYS).toEqual(before);
    cli.keys['empty-key']!.remaining = 99;
    expect(BUILT_IN_KEYS['empty-key']!.remaining).toBe(0);
  });

  it.each([
    [['--port', 'x'], '--port must be a whole number 0..65535, got "x"'],
    [['--port', '70000'], '--port must be a whole number 0..65535, got "70000"'],
    [['--port=-1'], '--port must be a whole number 0..65535, got "-1"'],
    [['--port', '80.5'], '--port must be a whole number 0..65535, got "80.5"'],
    [['--port', ''], '--port must be a whole number 0..65535, got ""'],
    [['--key', 'alice'], '--key must look like NAME=CREDITS (e.g. alice=500), got "alice"'],
    [['--key', 'alice=lots'], '--key must look like NAME=CREDITS (e.g. alice=500), got "alice=lots"'],
    [['--key', '=5'], '--key must look like NAME=CREDITS (e.g. alice=500), got "=5"'],
    [['--seed', 'abc'], '--seed must be an integer, got "abc"'],
  ])('%j is refused with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new Error(message));
  });

  it('an unknown option or a stray argument is refused, naming it', () => {
    expect(() => parseCli(['--prot', '9000'])).toThrow(/--prot/);
    expect(() => parseCli(['9000'])).toThrow(/9000/);
  });

  it('importing sim/main.ts starts no simulator', () => {
    expect(vi.mocked(startSimulator)).not.toHaveBeenCalled();
  });
});

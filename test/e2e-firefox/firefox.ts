/**
 * A real Firefox for one test: found on the machine, started headless on a fresh profile with Marionette on, its
 * output watched for errors, and stopped (Quit, wait, then kill) at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Driver } from './driver';
import { Marionette } from './marionette';

/** Said, in one line, when Firefox or openssl is missing. */
export const HOW_TO_GET_FIREFOX =
  'Firefox e2e needs Firefox and openssl: run `apt-get install firefox-esr openssl` (Debian), or set FIREFOX_PATH to a Firefox binary.';

/** Where Firefox is looked for, in order: `FIREFOX_PATH`, Debian's ESR, a `firefox` in /usr/bin. */
export function defaultFirefoxCandidates(): Array<string | undefined> {
  return [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
}

/** The first candidate that is an existing file, or null. */
export function findFirefox(candidates = defaultFirefoxCandidates()): string | null {
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!)) ?? null;
}

export type Prefs = Record<string, string | number | boolean>;

/** A profile's `user.js`: one `user_pref` line per pref (strings JSON-quoted, as Firefox reads them). */
export function userJs(prefs: Prefs): string {
  return `${Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n')}\n`;
}

/**
 * The lines of Firefox's output that report an error in a page, the background page or a content script: uncaught
 * errors and rejections (`JavaScript error:`) and `console.error` calls (`console.error:`, printed because of
 * `devtools.console.stdout.content`). Only up to Marionette's "Stopped listening": what follows is Firefox's own
 * forced shutdown (its workers report being cut off), after the test's last step.
 */
export function errorLines(output: string): string[] {
  const shutdown = output.search(/\tMarionette\tINFO\tStopped listening/);
  return (shutdown < 0 ? output : output.slice(0, shutdown))
    .split('\n')
    .filter((line) => /^(JavaScript error|console\.error):/.test(line));
}

export interface RunningFirefox {
  driver: Driver;
  /** Everything Firefox printed so far (stdout and stderr). */
  output(): string;
  /** {@link errorLines} of the output, minus those the test has accepted with `acceptErrors`. */
  errors(): string[];
  /** Declares the errors seen so far expected (only the harness's own self-test has a use for it). */
  acceptErrors(): void;
  /** Quits Firefox (Marionette Quit, then a kill if it has not exited within a few seconds). Never rejects. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Firefox's own services that have no part in the tests: off, so that startup is lighter (a quarter faster here) and
 * nothing they log is taken for the extension's errors. They would try the network, which is closed anyway.
 */
export const QUIET_PREFS: Prefs = {
  'browser.shell.checkDefaultBrowser': false,
  'browser.aboutwelcome.enabled': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.startup.page': 0,
  'browser.newtabpage.enabled': false,
  'browser.newtabpage.activity-stream.feeds.system.topstories': false,
  'browser.newtabpage.activity-stream.feeds.section.topstories': false,
  'browser.newtabpage.activity-stream.asrouter.userprefs.cfr.addons': false,
  'browser.messaging-system.whatsNewPanel.enabled': false,
  'browser.search.update': false,
  'browser.region.update.enabled': false,
  'browser.urlbar.quicksuggest.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'app.update.disabledForTesting': true,
  'app.normandy.enabled': false,
  'extensions.blocklist.enabled': false,
  'toolkit.telemetry.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'network.connectivity-service.enabled': false,
  'network.captive-portal-service.enabled': false,
  // The profile backup (started by in-product messaging even when disabled) measures itself after 15 s of
  // idleness and logs an error where there is no Documents folder.
  'browser.backup.enabled': false,
  'browser.backup.scheduled.idle-threshold-seconds': 86_400,
};

/** Files of a used profile that belong to the Firefox that used it, not to the profile. */
const RUN_FILES = new Set(['MarionetteActivePort', 'lock', '.parentlock', 'user.js']);

/**
 * Starts Firefox on `profileDir` (which receives `user.js`: {@link QUIET_PREFS}, then `prefs`) and opens a Marionette session that accepts the
 * LinkedIn fixtures' self-signed certificate. With `template` (a profile a Firefox has already started on, see
 * `seedProfile`), `profileDir` starts as a copy of it: a third faster than a first start, which creates the
 * profile's databases.
 */
export async function launchFirefox(options: {
  binary: string;
  profileDir: string;
  prefs: Prefs;
  template?: string;
}): Promise<RunningFirefox> {
  const { binary, profileDir, template } = options;
  if (template) copyProfile(template, profileDir);
  else mkdirSync(profileDir, { recursive: true });
  writeFileSync(
    join(profileDir, 'user.js'),
    userJs({ ...QUIET_PREFS, ...options.prefs, 'marionette.port': 0 }),
  );
  const child = spawn(
    binary,
    ['--headless', '--marionette', '--remote-allow-system-access', '--no-remote', '--profile', profileDir],
    // Nothing leaves the machine: only loopback (the proxy, the simulator) is reachable.
    { env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let marionette: Marionette | undefined;
  try {
    const port = await marionettePort(profileDir, child, () => output);
    marionette = await Marionette.connect(port);
    await marionette.command('WebDriver:NewSession', { acceptInsecureCerts: true });
    await marionette.command('WebDriver:SetTimeouts', { implicit: 5000, script: 20_000 });
  } catch (error) {
    marionette?.close();
    await kill(child, exited);
    throw error;
  }
  const connection = marionette;

  let accepted = 0;
  return {
    driver: new Driver(connection),
    output: () => output,
    errors: () => errorLines(output).slice(accepted),
    acceptErrors: () => {
      accepted = errorLines(output).length;
    },
    stop: async () => {
      connection.command('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined);
      await Promise.race([exited, sleep(5000)]);
      connection.close();
      await kill(child, exited);
    },
  };
}

/** Copies a profile, without the files of the Firefox that last used it (its port, its locks, its user.js). */
export function copyProfile(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: (path) => !RUN_FILES.has(basename(path)) });
}

/** Starts and quits Firefox once on `profileDir`, so that it can serve as `launchFirefox`'s `template`. */
export async function seedProfile(binary: string, profileDir: string): Promise<void> {
  const firefox = await launchFirefox({ binary, profileDir, prefs: {} });
  await firefox.stop();
}

/** Waits for Firefox to write the port Marionette listens on (`marionette.port = 0` picks a free one). */
async function marionettePort(
  profileDir: string,
  child: ChildProcess,
  output: () => string,
): Promise<number> {
  const file = join(profileDir, 'MarionetteActivePort');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Firefox exited early (${child.exitCode}):\n${output()}`);
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (/^\d+$/.test(text)) return Number(text);
    await sleep(50);
  }
  throw new Error(`Firefox did not start Marionette within 30 s:\n${output()}`);
}

async function kill(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}

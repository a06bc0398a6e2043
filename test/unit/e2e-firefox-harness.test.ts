/**
 * The Firefox end-to-end harness's own logic: Marionette's framing and client, the profile's prefs, which output
 * lines fail a test, where Firefox is found, and what the stage does without it.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonXpath, labelledXpath, xpathLiteral } from '../e2e-firefox/driver';
import { copyProfile, errorLines, findFirefox, HOW_TO_GET_FIREFOX, userJs } from '../e2e-firefox/firefox';
import { EXTENSION_UUID, firefoxPrefs } from '../e2e-firefox/fixtures';
import { encodeFrame, FrameReader, Marionette, MarionetteError } from '../e2e-firefox/marionette';
import { decideStage } from '../e2e-firefox/stage';

describe('Marionette framing', () => {
  it('encodes `<byte length>:<JSON>`, counting bytes, not characters', () => {
    expect(encodeFrame([0, 1, 'Ping', { text: 'é' }]).toString('utf8')).toBe('26:[0,1,"Ping",{"text":"é"}]');
  });

  it('reads messages split across chunks and several in one chunk', () => {
    const reader = new FrameReader();
    const bytes = Buffer.concat([encodeFrame({ hello: 1 }), encodeFrame([1, 1, null, { value: 'ü' }])]);
    expect(reader.push(bytes.subarray(0, 3))).toEqual([]);
    expect(reader.push(bytes.subarray(3, 14))).toEqual([{ hello: 1 }]);
    expect(reader.push(bytes.subarray(14))).toEqual([[1, 1, null, { value: 'ü' }]]);
    expect(reader.push(Buffer.concat([encodeFrame(1), encodeFrame(2)]))).toEqual([1, 2]);
  });

  it('refuses a stream that is not Marionette framing', () => {
    expect(() => new FrameReader().push(Buffer.from('HTTP/1.1 400:'))).toThrow(/bad frame header/);
  });
});

describe('Marionette client', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** A fake Marionette server: greets, then answers each command with `answer(name, params)`. */
  async function fakeMarionette(answer: (name: string, params: unknown, socket: Socket) => unknown[] | null) {
    server = createServer((socket) => {
      socket.write(encodeFrame({ applicationType: 'gecko', marionetteProtocol: 3 }));
      const reader = new FrameReader();
      socket.on('data', (chunk) => {
        for (const message of reader.push(chunk)) {
          const [, id, name, params] = message as [0, number, string, unknown];
          const reply = answer(name, params, socket);
          if (reply) socket.write(encodeFrame([1, id, ...reply]));
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return Marionette.connect((server!.address() as AddressInfo).port);
  }

  it('sends commands and resolves each with its own result, unwrapping `{ value }`', async () => {
    const client = await fakeMarionette((name, params) =>
      name === 'WebDriver:GetCurrentURL' ? [null, { value: 'about:blank' }] : [null, { echoed: params }],
    );
    const [url, echo] = await Promise.all([
      client.command('WebDriver:GetCurrentURL'),
      client.command('Addon:Install', { path: '/x' }),
    ]);
    expect(url).toBe('about:blank');
    expect(echo).toEqual({ echoed: { path: '/x' } });
    client.close();
  });

  it('rejects with the error Marionette answered, naming the command', async () => {
    const client = await fakeMarionette(() => [
      { error: 'no such element', message: 'Unable to locate' },
      null,
    ]);
    const failure = client.command('WebDriver:FindElement', { using: 'css selector', value: '#x' });
    await expect(failure).rejects.toBeInstanceOf(MarionetteError);
    await expect(failure).rejects.toThrow('WebDriver:FindElement: no such element: Unable to locate');
    client.close();
  });

  it('rejects what is pending when Firefox goes away', async () => {
    const client = await fakeMarionette((_name, _params, socket) => {
      socket.destroy();
      return null;
    });
    await expect(client.command('WebDriver:Navigate', { url: 'https://example.org' })).rejects.toThrow(
      /connection closed/,
    );
  });
});

describe('locators', () => {
  it('quotes any text as an XPath literal', () => {
    expect(xpathLiteral('Save')).toBe('"Save"');
    expect(xpathLiteral('Say "hi" now')).toBe(`concat("Say ", '"', "hi", '"', " now")`);
  });

  it('finds buttons by text or aria-label, fields by their label', () => {
    expect(buttonXpath('Reveal')).toBe('//button[normalize-space(.)="Reveal" or @aria-label="Reveal"]');
    expect(labelledXpath('API key')).toContain('@id=//label[normalize-space(.)="API key"]/@for');
    expect(labelledXpath('API key')).toContain('ancestor::label[starts-with(normalize-space(.), "API key")]');
  });
});

describe('profile', () => {
  it('writes prefs as user.js lines, strings quoted', () => {
    expect(userJs({ 'a.b': 1, 'c.d': 'x"y', 'e.f': true })).toBe(
      'user_pref("a.b", 1);\nuser_pref("c.d", "x\\"y");\nuser_pref("e.f", true);\n',
    );
  });

  it('fixes the extension UUID for its add-on id and routes LinkedIn to the proxy', () => {
    const prefs = firefoxPrefs({ addonId: 'lens@example.org', proxyPort: 4321, downloadDir: '/tmp/d' });
    expect(JSON.parse(String(prefs['extensions.webextensions.uuids']))).toEqual({
      'lens@example.org': EXTENSION_UUID,
    });
    expect(prefs).toMatchObject({
      'network.proxy.type': 1,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 4321,
      'browser.download.dir': '/tmp/d',
      'devtools.console.stdout.content': true,
    });
  });
});

describe('copyProfile', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('copies the profile but not the port, locks and user.js of the Firefox that used it', () => {
    dir = mkdtempSync(join(tmpdir(), 'firefox-profile-'));
    const from = join(dir, 'template');
    mkdirSync(join(from, 'storage'), { recursive: true });
    for (const file of [
      'prefs.js',
      'places.sqlite',
      'storage/ls-archive.sqlite',
      'MarionetteActivePort',
      'lock',
      '.parentlock',
      'user.js',
    ]) {
      writeFileSync(join(from, file), 'x');
    }
    copyProfile(from, join(dir, 'copy'));
    expect(readdirSync(join(dir, 'copy')).sort()).toEqual(['places.sqlite', 'prefs.js', 'storage']);
    expect(readdirSync(join(dir, 'copy', 'storage'))).toEqual(['ls-archive.sqlite']);
  });
});

describe('errorLines', () => {
  it('keeps JavaScript errors and console.error lines, nothing else', () => {
    const output = [
      '*** You are running in headless mode.',
      'console.warn: "Could not create the menus"',
      'console.error: "boom"',
      'JavaScript error: moz-extension://x/background.js, line 1: Error: bad',
      'JavaScript warning: https://www.linkedin.com/, line 1: unreachable code',
    ].join('\n');
    expect(errorLines(output)).toEqual([
      'console.error: "boom"',
      'JavaScript error: moz-extension://x/background.js, line 1: Error: bad',
    ]);
  });

  it('ignores what Firefox prints after Marionette stops (its own forced shutdown)', () => {
    const output = [
      'console.error: "during the test"',
      '1795382794655\tMarionette\tINFO\tStopped listening on port 38861',
      'JavaScript error: resource://gre/modules/workers/require.js, line 139: Error: : ',
    ].join('\n');
    expect(errorLines(output)).toEqual(['console.error: "during the test"']);
  });
});

describe('finding Firefox, and the stage without it', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('returns the first candidate that exists, or null', () => {
    dir = mkdtempSync(join(tmpdir(), 'firefox-path-'));
    const binary = join(dir, 'firefox');
    writeFileSync(binary, '#!/bin/sh\n');
    expect(findFirefox([undefined, join(dir, 'none'), binary])).toBe(binary);
    expect(findFirefox([undefined, join(dir, 'none')])).toBeNull();
  });

  it('runs when Firefox and openssl are there', () => {
    expect(decideStage({ firefox: '/usr/bin/firefox-esr', openssl: true, ci: true })).toEqual({ run: true });
  });

  it('says in one line how to get them, passing locally and failing in CI', () => {
    const local = decideStage({ firefox: null, openssl: true, ci: false });
    const ci = decideStage({ firefox: '/usr/bin/firefox-esr', openssl: false, ci: true });
    expect(local).toMatchObject({ run: false, exitCode: 0 });
    expect(ci).toMatchObject({ run: false, exitCode: 1 });
    for (const decision of [local, ci]) {
      if (decision.run) throw new Error('expected no run');
      expect(decision.message).toContain(HOW_TO_GET_FIREFOX);
      expect(decision.message).toContain('apt-get install firefox-esr openssl');
      expect(decision.message).not.toContain('\n');
    }
  });
});

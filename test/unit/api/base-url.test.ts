import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from '@/src/api/base-url';
import { formatInvitation, parseInvitation } from '@/src/api/invitation';

describe('the service address', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://gw.acme.example/v1/', 'https://gw.acme.example'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.3.4.5:9', 'http://127.3.4.5:9'],
    ['http://localhost:8788/', 'http://localhost:8788'],
    ['http://gateway.localhost:8788', 'http://gateway.localhost:8788'],
    ['http://[::1]:8788', 'http://[::1]:8788'],
  ])('takes %s (https, or http on this computer only)', (input, baseUrl) => {
    expect(checkBaseUrl(input)).toMatchObject({ ok: true, baseUrl });
  });

  it.each([
    'http://api.example.com',
    'http://192.168.1.20:8788',
    'http://10.0.0.5',
    'http://127.0.0.1.nip.io',
    'http://localhost.example.com',
    'http://[::ffff:7f00:1]',
  ])('refuses %s: a key would cross a network unencrypted, and says so', (input) => {
    const checked = checkBaseUrl(input);
    expect(checked).toEqual({
      ok: false,
      message:
        'The service address must start with https://: over http:// your key would cross the network unencrypted (http:// is accepted only for this computer, e.g. http://127.0.0.1).',
    });
  });

  it('knows loopback by name and number, not by how a name begins', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('localhost.')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
  });

  it('an invitation to a gateway over http:// on another computer is refused, with why', () => {
    const line = formatInvitation({ baseUrl: 'http://gw.acme.example', key: 'clm_key' });
    expect(parseInvitation(line)).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^This invitation's address cannot be used: .*your key would cross the network unencrypted/,
      ),
    });
    const local = formatInvitation({ baseUrl: 'http://127.0.0.1:8788', key: 'clm_key' });
    expect(parseInvitation(local)).toMatchObject({ ok: true });
  });
});

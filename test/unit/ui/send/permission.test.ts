import { describe, expect, it } from 'vitest';
import { permissionFor } from '../../../../src/ui/send/settings-model';

describe('the host permission a destination asks for', () => {
  it.each([
    ['https://api.lever.co', 'https://api.lever.co/*'],
    ['https://api.eu.lever.co/', 'https://api.eu.lever.co/*'],
    ['https://hooks.zapier.com/hooks/catch/1/abc/', 'https://hooks.zapier.com/*'],
    // Every port of the host: the local stand-ins and a loopback the build already holds ask nothing new.
    ['http://127.0.0.1:7301', 'http://127.0.0.1/*'],
    ['https://hooks.example.com:8443/in', 'https://hooks.example.com/*'],
  ])('%s: its host only, %s', (address, pattern) => {
    expect(permissionFor(address)).toBe(pattern);
  });

  it('is none for what is not a web address', () => {
    expect(permissionFor('ftp://files.example.com')).toBeNull();
    expect(permissionFor('hooks.zapier.com')).toBeNull();
  });
});

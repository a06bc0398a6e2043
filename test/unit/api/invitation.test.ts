import { describe, expect, it } from 'vitest';
import { formatInvitation, looksLikeInvitation, parseInvitation } from '@/src/api/invitation';

describe('team invitations', () => {
  it('hold the address and the key, read back exactly, with no characters a chat app would break', () => {
    const line = formatInvitation({ baseUrl: 'https://gateway.example.com', key: 'mk_Aa0-_~+/=é' });
    expect(line).toMatch(/^cl-invite-1\.[\w-]+$/);
    expect(looksLikeInvitation(`  ${line}\n`)).toBe(true);
    expect(parseInvitation(`  ${line}\n`)).toEqual({
      ok: true,
      value: { baseUrl: 'https://gateway.example.com', key: 'mk_Aa0-_~+/=é' },
    });
  });

  it('normalises the address as the options page does', () => {
    const line = formatInvitation({ baseUrl: 'https://gateway.example.com/v1/', key: 'k' });
    expect(parseInvitation(line)).toEqual({
      ok: true,
      value: { baseUrl: 'https://gateway.example.com', key: 'k' },
    });
  });

  it('says what is wrong with one cut short or with an address that cannot be used', () => {
    const line = formatInvitation({ baseUrl: 'https://gateway.example.com', key: 'member-key-1234' });
    expect(parseInvitation(line.slice(0, -6))).toEqual({
      ok: false,
      message:
        'This invitation is incomplete. Copy the whole line your team admin sent, then paste it again.',
    });
    expect(parseInvitation('cl-invite-1.')).toMatchObject({ ok: false });
    const ftp = formatInvitation({ baseUrl: 'ftp://gateway.example.com', key: 'k' });
    expect(parseInvitation(ftp)).toEqual({
      ok: false,
      message:
        "This invitation's address cannot be used: The service address must start with https:// (got ftp:).",
    });
  });

  it('is never mistaken for a key, nor a key for it', () => {
    expect(looksLikeInvitation('demo-key')).toBe(false);
    expect(looksLikeInvitation('CL-INVITE-1.abc')).toBe(true);
  });
});

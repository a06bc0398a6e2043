/**
 * A team invitation: one line a gateway admin gives a recruiter, holding the gateway's address and the member's key,
 * so joining is one paste instead of two fields (and no address mistyped). It is a secret like the key it holds.
 *
 * Form: `cl-invite-1.` then the base64url of `{"url":"<gateway address>","key":"<member key>"}`: ASCII with no
 * spaces or punctuation a chat app or mail client would break a line at or turn into a link, and a prefix that says
 * what it is, so a pasted invitation is never sent to anyone as an API key.
 */
import { checkBaseUrl } from './base-url';

const PREFIX = 'cl-invite-1.';

/** What an invitation holds. */
export interface Invitation {
  baseUrl: string;
  key: string;
}

/** The invitation line for `invitation`. */
export function formatInvitation({ baseUrl, key }: Invitation): string {
  const json = JSON.stringify({ url: baseUrl, key });
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
  return PREFIX + base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether `text` is meant as an invitation (so it is never taken for a key), well formed or not. */
export const looksLikeInvitation = (text: string): boolean => text.trim().toLowerCase().startsWith(PREFIX);

/**
 * The address and key `text` holds, or a plain-words problem: a line cut short in copying, or an address the
 * extension would refuse.
 */
export function parseInvitation(
  text: string,
): { ok: true; value: Invitation } | { ok: false; message: string } {
  const broken = {
    ok: false as const,
    message: 'This invitation is incomplete. Copy the whole line your team admin sent, then paste it again.',
  };
  const body = text.trim().slice(PREFIX.length);
  let fields: unknown;
  try {
    const binary = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    fields = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
  } catch {
    return broken;
  }
  const { url, key } = (fields ?? {}) as { url?: unknown; key?: unknown };
  if (typeof url !== 'string' || typeof key !== 'string' || key.trim() === '') return broken;
  const checked = checkBaseUrl(url);
  if (!checked.ok)
    return { ok: false, message: `This invitation's address cannot be used: ${checked.message}` };
  return { ok: true, value: { baseUrl: checked.baseUrl, key: key.trim() } };
}

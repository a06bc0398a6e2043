/**
 * The console's calls to its gateway (`/admin/api/…`): the session cookie goes by itself (same origin); each write
 * carries the session's CSRF token. A 401 means the session ended: the page says so and asks for a new link.
 */
import { signal } from '@preact/signals';
import { WORDS } from '../words';

/** The CSRF token of this session, from `GET /admin/api/session`. */
let csrf = '';
export const setCsrf = (token: string) => {
  csrf = token;
};

/** Set when an answer says the session ended: the app then shows only that. */
export const sessionEnded = signal<string | null>(null);

export class ApiError extends Error {}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}`, {
      method,
      headers: {
        ...(method === 'POST' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(WORDS.noAnswer);
  }
  const json = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (response.status === 401) {
    sessionEnded.value = json?.message ?? WORDS.sessionEnded;
    throw new ApiError(sessionEnded.value);
  }
  if (!response.ok || json === null) throw new ApiError(json?.message ?? WORDS.noAnswer);
  return json;
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body);

export interface MemberView {
  id: number;
  name: string;
  key_hint: string;
  daily_cap: number | null;
  monthly_cap: number | null;
  revoked_at: string | null;
  spent_today: number;
  spent_month: number;
}

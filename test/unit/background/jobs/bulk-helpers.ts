/**
 * What the bulk reveal's promise tests share: people the stub service knows, their rows as a page sends them, a
 * stored job as a stopped worker (or an earlier run) left it, a bulk lookup on the ledger, and fake time moved on
 * in small steps.
 */
import { vi } from 'vitest';
import type { BulkJob } from '../../../../src/bulk/job';
import type { BulkCandidate } from '../../../../src/bulk/quote';
import { appendEntry } from '../../../../src/store/database/ledger/ledger-write';
import type { RevealJob } from '../../../../src/store/items/reveal-jobs';
import type { StubContact } from '../service-stub';

export const people = (n: number, from = 0): StubContact[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${from + i}`,
    socialUrl: `https://www.linkedin.com/in/person-${from + i}`,
    name: `Person ${from + i}`,
    email: `p${from + i}@example.org`,
  }));

export const rows = (contacts: StubContact[]): BulkCandidate[] =>
  contacts.map((c) => ({ target: { socialUrl: c.socialUrl, candidateId: c.id }, name: c.name }));

/** A stored job of `contacts`, email asked, each in its state of `states`, owned by a worker that is gone. */
export function jobOf(
  id: string,
  contacts: StubContact[],
  states: BulkJob['items'][number]['state'][],
  status: BulkJob['status'],
  createdAt = new Date().toISOString(),
): BulkJob {
  return {
    id,
    selection: ['email'],
    quote: {
      contacts: contacts.length,
      held: 0,
      toAsk: contacts.length,
      maxByItem: { email: 3 * contacts.length, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
      max: 3 * contacts.length,
    },
    stopWhenOut: false,
    status,
    owner: 'a-worker-that-was-stopped',
    createdAt,
    balanceBefore: 10_000,
    items: contacts.map((c, i) => ({
      key: c.socialUrl,
      target: { socialUrl: c.socialUrl, candidateId: c.id },
      name: c.name,
      state: states[i]!,
      ...(states[i] === 'revealed' ? { retrieved: ['email' as const], charged: 3 } : {}),
      ...(states[i] === 'running' ? { asked: ['email' as const] } : {}),
    })),
  };
}

/**
 * A bulk lookup of `c` (email, up to 3 credits) on the ledger for job `ref`, written at `at` and handed to the
 * network then: not answered (open), or settled as `state` says.
 */
export const ledgerCall = (
  c: StubContact,
  ref: string,
  at: string,
  state: 'uncertain' | 'charged' | 'not-charged' = 'uncertain',
  id = `${ref}-${c.id}`,
) =>
  appendEntry({
    kind: 'charge',
    id,
    at,
    handedAt: at,
    action: 'bulk-reveal',
    items: state === 'charged' ? ['email'] : [],
    credits: state === 'charged' ? 3 : 0,
    maxCredits: 3,
    state,
    ref,
    subject: c.socialUrl,
  });

/** Moves fake time on in small steps, letting the fake IndexedDB's real macrotasks run between them. */
export async function advance(ms: number) {
  for (let t = 0; t < ms; t += 10) {
    await vi.advanceTimersByTimeAsync(10);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A 429 from the service: `retryAfter` seconds when it says how long to wait. */
export const rateLimited = (retryAfter?: number) =>
  new Response(JSON.stringify({ success: false, message: 'Too many requests' }), {
    status: 429,
    headers: {
      'Content-Type': 'application/json',
      ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}),
    },
  });

/**
 * A single reveal of the person held under `vaultKey` (their email, unless `change` says otherwise) that got no
 * answer: stored as running a minute ago by a worker that is gone, so its charge is not settled.
 */
export const revealCutOff = (vaultKey: string, change: Partial<RevealJob> = {}): RevealJob => ({
  id: 'r1',
  kind: 'reveal',
  vaultKey,
  target: { socialUrl: vaultKey, candidateId: null },
  requested: ['email'],
  held: [],
  status: 'running',
  worker: 'a-stopped-worker',
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  ...change,
});

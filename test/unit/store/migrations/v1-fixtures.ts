/**
 * What version 1 of the store kept, exactly as it wrote it: the ledger's days and bookkeeping, a bulk reveal cut
 * off by a stopped worker (with its own list of lookups sent), and a search with the one it replaced. The
 * migrations' tests start from these.
 */
import type { BulkJob } from '../../../../src/bulk/job';

export const TODAY = new Date();
export const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const at = (minutesAgo: number) => new Date(TODAY.getTime() - minutesAgo * 60_000).toISOString();

/** Version 1's stored ledger: a balance, a charged reveal, and a lookup left uncertain (its worker saw no answer). */
export function v1Ledger() {
  const balance = { kind: 'balance', id: 'b0', at: at(30), remaining: 100 };
  const reveal = {
    kind: 'charge',
    id: 'r1',
    at: at(20),
    action: 'reveal',
    items: ['email'],
    credits: 3,
    maxCredits: 3,
    state: 'charged',
    ref: 'reveal-1',
    label: 'Ada',
    remaining: 97,
  };
  const lost = {
    kind: 'charge',
    id: 'u1',
    at: at(10),
    action: 'reveal',
    items: [],
    credits: 0,
    maxCredits: 9,
    state: 'uncertain',
    ref: 'reveal-2',
  };
  return {
    [`ledger:day:${day(TODAY)}`]: [balance, reveal, lost],
    'ledger:meta': {
      v: 1,
      days: [day(TODAY)],
      lastBalance: balance,
      anchor: balance,
      open: [{ day: day(TODAY), id: 'u1' }],
    },
  };
}

export const person = (i: number) => ({
  id: `c${i}`,
  socialUrl: `https://www.linkedin.com/in/person-${i}`,
  name: `Person ${i}`,
  email: `p${i}@example.org`,
});

/** Version 1's bulk reveal cut off by a stopped worker: contact 0 sent (in its own "sent" list), 1 and 2 queued. */
export function v1BulkJob(): BulkJob & { v: 1 } {
  return {
    v: 1,
    id: 'job-1',
    selection: ['email'],
    quote: {
      contacts: 3,
      held: 0,
      toAsk: 3,
      maxByItem: { email: 9, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
      max: 9,
    },
    stopWhenOut: false,
    status: 'running',
    owner: 'a-worker-that-was-stopped',
    createdAt: at(5),
    balanceBefore: 97,
    items: [0, 1, 2].map((i) => ({
      key: person(i).socialUrl,
      target: { socialUrl: person(i).socialUrl, candidateId: null },
      name: person(i).name,
      state: i === 0 ? 'running' : 'queued',
      ...(i === 0 ? { asked: ['email' as const] } : {}),
    })),
  };
}

/**
 * Version 1's current search, as it stored it: a page-1 search still running with, in `earlier`, the finished
 * search it replaced (its paid page kept). Each carried its own `v: 1`.
 */
export function v1Search() {
  const request = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 10 };
  const profile = (i: number) => ({
    id: `p${i}`,
    name: `Person ${i}`,
    current_title: 'Registered Nurse',
    current_employer: 'General Hospital',
    location: 'Leeds',
    social_url: person(i).socialUrl,
  });
  const earlier = {
    v: 1,
    id: 'search-before',
    mode: 'free_text',
    first: { free_text_search: 'nurse in leeds', page_size: 10 },
    frozen: { ...request, include_similar_titles: false },
    understood: { parsed: { current_title: ['Registered Nurse'] }, similarTitles: ['Staff Nurse'] },
    pageSize: 10,
    pages: [
      {
        start: 1,
        profiles: [profile(0), profile(1)],
        total: 2,
        hasNext: false,
        nextStart: null,
        charged: 1,
        at: at(3),
      },
    ],
    currentStart: 1,
    status: 'done',
    startedAt: at(3),
  };
  return {
    v: 1,
    id: 'search-now',
    mode: 'filters',
    first: request,
    frozen: null,
    understood: {},
    pageSize: 10,
    pages: [],
    currentStart: 1,
    status: 'running',
    worker: 'a-worker-that-was-stopped',
    pendingStart: 1,
    pendingAt: at(1),
    startedAt: at(1),
    earlier,
  };
}

/** What the side panel's sub-model tests share: a stored contact, a stored key and balance, the worker's clock. */

import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { account, keyHint } from '../../../../src/store/items/account';
import { workerBeat } from '../../../../src/store/items/worker-beat';

export const ADA = 'https://www.linkedin.com/in/ada-lovelace-demo';
const at = '2026-11-20T10:00:00.000Z';

/** A vault record for `socialUrl` holding the given items (found unless `missing`). */
export function record(
  socialUrl: string,
  held: { email?: string; phone?: string; missing?: Array<'email' | 'phone'> } = {},
): ContactRecord {
  return {
    v: 1,
    key: socialUrl,
    socialUrl,
    candidateId: null,
    name: 'Ada Lovelace',
    currentTitle: null,
    currentEmployer: null,
    ...(held.email ? { email: { found: true, value: held.email, at } } : {}),
    ...(held.phone ? { phone: { found: true, value: held.phone, at } } : {}),
    ...Object.fromEntries((held.missing ?? []).map((item) => [item, { found: false, at }])),
    updatedAt: at,
  };
}

/** A key and a balance, as the options page leaves them. */
export async function connected(remaining = 10_000): Promise<void> {
  await keyHint.set({ masked: '••••-key' });
  await account.set({ remaining, purchased: null, checkedAt: new Date().toISOString() });
}

/** A worker that beats now. */
export const beating = (worker = 'w1') => workerBeat.set({ worker, at: new Date().toISOString() });

/** A stored search of `pages` pages of 2 rows each (page starts 1, 3, 5…), `status` as given. */
export function session(
  opts: { pages?: number; status?: 'running' | 'done' | 'failed'; worker?: string; hasNext?: boolean } = {},
): import('../../../../src/store/database/search').SearchSession {
  const at = new Date().toISOString();
  const count = opts.pages ?? 1;
  const pages = Array.from({ length: count }, (_, p) => ({
    start: 1 + p * 2,
    profiles: [0, 1].map((i) => ({
      id: `c${p}-${i}`,
      name: `Person ${p}-${i}`,
      current_title: 'Nurse',
      current_employer: 'Arbor',
      location: 'Boston',
      social_url: `https://www.linkedin.com/in/person-${p}-${i}`,
    })),
    total: 10,
    hasNext: p < count - 1 || (opts.hasNext ?? true),
    nextStart: 3 + p * 2,
    charged: 1,
    at,
  }));
  const request = { search_criteria: { current_title: ['Nurse'] }, page_size: 2 };
  return {
    id: 's1',
    mode: 'filters',
    first: request,
    frozen: { ...request, include_similar_titles: false },
    understood: {},
    pageSize: 2,
    pages,
    currentStart: pages.at(-1)!.start,
    status: opts.status ?? 'done',
    ...(opts.worker ? { worker: opts.worker } : {}),
    startedAt: at,
  };
}

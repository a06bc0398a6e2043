/** What the side panel's sub-model tests share: a stored contact, a stored key and balance, the worker's clock. */
import { account, type ContactRecord, keyHint, workerBeat } from '../../../../src/storage';

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
